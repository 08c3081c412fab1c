import { Box } from "@chakra-ui/react"
import { useId, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from "react"
import { crosshairKey, nearestPoint, pointX, valueY } from "../../domain/chart-layout"

/** The plot's margins inside the chart box, as the canvas chart uses them. */
export interface ChartMargin {
  readonly left: number
  readonly right: number
  readonly top: number
  readonly bottom: number
}

/**
 * A crosshair with a tooltip over a canvas chart, for the pointer and the keyboard. The chart box
 * is focusable (named by `label`, which says the keys); Left/Right move the crosshair one point,
 * Home/End to the first/last. The tooltip's text (date and value, or OHLC) is also announced in a
 * polite live region; the drawing and the visible tooltip are hidden from assistive technology
 * (the page's table stays the full text alternative). The points are indexed 0..count-1 and
 * padded like the chart (`paddedXDomain`); `yDomain` is the chart's explicit Y extent.
 */
export function ChartCrosshair({
  width,
  height,
  margin,
  count,
  yDomain,
  valueAt,
  text,
  label,
  testId,
  children,
}: {
  width: number
  height: number
  margin: ChartMargin
  count: number
  yDomain: readonly [number, number]
  valueAt: (index: number) => number
  text: (index: number) => string
  label: string
  testId?: string
  children: ReactNode
}) {
  const [active, setActive] = useState<number | null>(null)
  const liveId = useId()
  const plotWidth = Math.max(0, width - margin.left - margin.right)
  const plotHeight = Math.max(0, height - margin.top - margin.bottom)
  const shown = active !== null && active < count ? active : null

  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect()
    setActive(nearestPoint(e.clientX - box.left - margin.left, count, plotWidth))
  }
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const next = crosshairKey(e.key, shown, count)
    if (next === null) {
      if (e.key === "Escape") setActive(null)
      return
    }
    e.preventDefault()
    setActive(next)
  }

  const x = shown === null ? 0 : margin.left + pointX(shown, count, plotWidth)
  const y = shown === null ? 0 : margin.top + valueY(valueAt(shown), yDomain, plotHeight)
  const tooltipLeft = x > width / 2
  const tip = shown === null ? "" : text(shown)
  return (
    <Box
      position="relative"
      width="100%"
      height={`${height}px`}
      tabIndex={0}
      role="group"
      aria-label={label}
      aria-describedby={liveId}
      data-testid={testId}
      onPointerMove={onPointerMove}
      onPointerLeave={() => setActive(null)}
      onKeyDown={onKeyDown}
      onBlur={() => setActive(null)}
      _focusVisible={{ outline: "2px solid", outlineColor: "blue.focusRing", outlineOffset: "2px" }}
    >
      <Box aria-hidden="true" width="100%" height="100%">
        {children}
      </Box>
      {shown !== null && (
        <>
          <svg aria-hidden="true" width={width} height={height} style={{ position: "absolute", inset: 0, pointerEvents: "none" }}>
            {/* The theme's colours as CSS variables, so the crosshair follows the colour mode. */}
            <line x1={x} x2={x} y1={margin.top} y2={height - margin.bottom} style={{ stroke: "var(--chakra-colors-fg-muted)" }} strokeDasharray="4 3" />
            <line x1={margin.left} x2={width - margin.right} y1={y} y2={y} style={{ stroke: "var(--chakra-colors-fg-muted)" }} strokeDasharray="4 3" />
            <circle cx={x} cy={y} r={4} style={{ fill: "var(--chakra-colors-blue-fg)", stroke: "var(--chakra-colors-bg)" }} strokeWidth={1.5} />
          </svg>
          <Box
            aria-hidden="true"
            data-testid="chart-tooltip"
            position="absolute"
            top={`${margin.top + 4}px`}
            left={tooltipLeft ? undefined : `${x + 12}px`}
            right={tooltipLeft ? `${width - x + 12}px` : undefined}
            // Never past the chart's edge (a phone's chart is narrower than a long line): it wraps instead.
            maxWidth={`${Math.max(0, tooltipLeft ? x - 12 : width - x - 12)}px`}
            pointerEvents="none"
            bg="bg.panel"
            borderWidth="1px"
            borderRadius="sm"
            boxShadow="sm"
            paddingX="2"
            paddingY="1"
            fontSize="xs"
            whiteSpace="pre-wrap"
          >
            {tip}
          </Box>
        </>
      )}
      <Box id={liveId} aria-live="polite" srOnly>
        {tip}
      </Box>
    </Box>
  )
}
