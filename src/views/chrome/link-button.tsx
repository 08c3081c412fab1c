import { Link, type LinkProps } from "@chakra-ui/react"

/**
 * An action that reads as a link (Legal, "Use another account", "Read the terms"): a real button
 * for keyboard and screen readers, without the browser's button background or font.
 */
export function LinkButton(props: Omit<LinkProps, "as" | "href">) {
  return <Link as="button" type="button" bg="transparent" borderWidth="0" padding="0" font="inherit" cursor="pointer" {...props} />
}
