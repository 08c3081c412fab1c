import { chakra } from "@chakra-ui/react"

/**
 * The Chartfolio glyph (a small chart in a rounded square), with the theme's colours; index.html's
 * static shell draws the same glyph before the app runs, its colours filled from the same tokens.
 */
export function BrandGlyph({ inverted = false }: { inverted?: boolean }) {
  return (
    <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" focusable="false">
      <chakra.rect width="28" height="28" rx="6" fill={inverted ? "white" : "blue.800"} />
      <chakra.polyline
        points="5,20 11,13 16,16 23,7"
        fill="none"
        stroke={inverted ? "blue.800" : "white"}
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}
