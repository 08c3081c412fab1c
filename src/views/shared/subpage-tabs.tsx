import { HStack, Link } from "@chakra-ui/react"
import type { ReactNode } from "react"

/** The subpage tabs of an area (the portfolio area, the user account): a named navigation of links. */
export function SubpageTabs({ label, children }: { label: string; children: ReactNode }) {
  return (
    <HStack as="nav" aria-label={label} gap="1" wrap="wrap">
      {children}
    </HStack>
  )
}

/** One tab of `SubpageTabs`: wraps a router link, highlighted while its route is active. */
export function SubpageTab({ children }: { children: ReactNode }) {
  return (
    <Link
      asChild
      paddingX="3"
      paddingY="1.5"
      borderRadius="md"
      fontWeight="medium"
      color="fg.muted"
      _hover={{ bg: "bg.muted", textDecoration: "none" }}
      css={{ "&[data-status=active]": { bg: "blue.subtle", color: "blue.fg" } }}
    >
      {children}
    </Link>
  )
}
