/** The Chartfolio glyph (a small chart in a rounded square), in plain SVG: the Chakra and the plain word marks share it. */
export function BrandGlyph({ inverted = false }: { inverted?: boolean }) {
  return (
    <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" focusable="false">
      <rect width="28" height="28" rx="6" fill={inverted ? "#ffffff" : "#1e40af"} />
      <polyline points="5,20 11,13 16,16 23,7" fill="none" stroke={inverted ? "#1e40af" : "#ffffff"} strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}
