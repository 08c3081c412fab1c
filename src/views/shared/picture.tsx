import { Avatar, type AvatarRootProps } from "@chakra-ui/react"
import type { ReactNode } from "react"

/**
 * A decorative picture with a fallback: Chakra's Avatar, which shows `fallback` while the image
 * loads, when there is none and when it fails to load (the instrument logos, the news pictures).
 * Decorative (`alt=""`): the text beside it always names what it shows.
 */
export function Picture({
  src,
  fallback,
  fit = "contain",
  loading,
  ...root
}: { src: string | null; fallback: ReactNode; fit?: "contain" | "cover"; loading?: "lazy" | "eager" } & Omit<AvatarRootProps, "children">) {
  return (
    <Avatar.Root shape="rounded" flexShrink={0} {...root}>
      {src ? <Avatar.Image src={src} alt="" objectFit={fit} loading={loading} /> : null}
      <Avatar.Fallback>{fallback}</Avatar.Fallback>
    </Avatar.Root>
  )
}
