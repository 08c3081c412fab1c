import { Box } from "@chakra-ui/react"
import { sparklinePath } from "../../domain/watchlist"

const WIDTH = 80
const HEIGHT = 24

/**
 * A month of closes as a small line (an inline SVG path), green when the month ended higher,
 * red when lower; the theme's tokens colour it. Decorative: `label` says the same in words.
 */
export function Sparkline({ closes, label }: { closes: ReadonlyArray<number>; label: string }) {
  const path = sparklinePath(closes, WIDTH, HEIGHT)
  const first = closes[0] ?? 0
  const last = closes.at(-1) ?? 0
  const colour = last > first ? "green.fg" : last < first ? "red.fg" : "fg.muted"
  return (
    <Box as="span" display="inline-block" color={colour} width={`${WIDTH}px`} height={`${HEIGHT}px`} role="img" aria-label={label}>
      <svg width={WIDTH} height={HEIGHT} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true" focusable="false">
        <path d={path} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" strokeLinecap="round" />
      </svg>
    </Box>
  )
}
