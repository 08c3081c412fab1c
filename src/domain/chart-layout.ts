/**
 * Layout rules of the canvas charts (performance, price, cash flow): the padding that keeps the
 * first and last candle inside the plot, the crosshair's point under a pointer or after a key, and
 * when a portfolio has no performance to draw. The Y axis's labels: ./axis-labels.ts.
 */

/** Half a step of empty plot before the first and after the last point, so no candle or bar is cut. */
export const CHART_X_PADDING = 0.5

/** The X domain of `count` points indexed 0..count-1, padded by `CHART_X_PADDING` on both sides. */
export const paddedXDomain = (count: number): [number, number] => [-CHART_X_PADDING, Math.max(0, count - 1) + CHART_X_PADDING]

/** The pixel x (inside the plot, 0 at its left edge) of point `index` of `count` over `plotWidth`. */
export const pointX = (index: number, count: number, plotWidth: number): number => {
  const [from, to] = paddedXDomain(count)
  return ((index - from) / (to - from)) * plotWidth
}

/** The point nearest to pixel `x` (inside the plot) of `count` points over `plotWidth`; null when there are none. */
export const nearestPoint = (x: number, count: number, plotWidth: number): number | null => {
  if (count <= 0 || plotWidth <= 0) return null
  const [from, to] = paddedXDomain(count)
  const index = Math.round(from + (x / plotWidth) * (to - from))
  return Math.min(count - 1, Math.max(0, index))
}

/** The crosshair's point after a key: Left/Right one point, Home/End the first/last; null for other keys. From nothing, Left and Right start at the last point. */
export const crosshairKey = (key: string, current: number | null, count: number): number | null => {
  if (count <= 0) return null
  const last = count - 1
  switch (key) {
    case "ArrowLeft":
      return current === null ? last : Math.max(0, current - 1)
    case "ArrowRight":
      return current === null ? last : Math.min(last, current + 1)
    case "Home":
      return 0
    case "End":
      return last
    default:
      return null
  }
}

/** A Y domain around `values`, 5 % above and below (a flat series gets ±1 so it is not drawn on the edge). */
export const paddedYDomain = (values: ReadonlyArray<number>): [number, number] => {
  const low = Math.min(...values)
  const high = Math.max(...values)
  if (!Number.isFinite(low) || !Number.isFinite(high)) return [0, 1]
  const span = high - low
  const pad = span === 0 ? Math.max(1, Math.abs(high) * 0.05) : span * 0.05
  return [low - pad, high + pad]
}

/** The pixel y (inside the plot, 0 at its top) of `value` over a plot of `plotHeight` showing `domain`. */
export const valueY = (value: number, domain: readonly [number, number], plotHeight: number): number =>
  (1 - (value - domain[0]) / (domain[1] - domain[0])) * plotHeight

/**
 * A portfolio has no performance to chart (a new one): fewer than 2 points, or every value 0. The
 * dashboard then shows a message instead of blank axes.
 */
export const isPerformanceEmpty = (points: ReadonlyArray<{ readonly value: number }>): boolean => points.length < 2 || points.every((p) => p.value === 0)
