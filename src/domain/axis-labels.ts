/**
 * What a canvas chart's Y axis writes (performance, price, cash flow): labels that tell every tick
 * apart, and the room they take. Apart from ./chart-layout.ts, which the dashboard's first paint
 * imports: only the charts, loaded after that paint, need these.
 */

/** Approximate width of one character of the 11 px axis font, in pixels (wide enough for digits and symbols). */
const AXIS_CHAR_PX = 7

/** The right margin that fits every Y label given (the axis draws labels inside it): 48 px at least. */
export const axisMargin = (labels: ReadonlyArray<string>): number => Math.max(48, Math.ceil(Math.max(0, ...labels.map((l) => l.length)) * AXIS_CHAR_PX) + 16)

/** The most fraction digits `distinctTickLabels` adds to tell ticks apart. */
const MAX_EXTRA_DIGITS = 3

/**
 * The Y axis's tick labels, every tick with a label of its own: `label(value, extraDigits)` with the
 * fewest extra fraction digits (0 to 3) that tell all the ticks apart. Compact money keeps one
 * fraction digit, so close ticks could read alike ("$1万" for 10,000, 10,200 and 10,400 in Japanese,
 * "$1M" for 1,000,000 and 1,020,000 in English); with one more digit they read "$1.02万", "$1.02M".
 */
export const distinctTickLabels = (ticks: ReadonlyArray<number>, label: (value: number, extraDigits: number) => string): string[] => {
  let labels: string[] = []
  for (let extra = 0; extra <= MAX_EXTRA_DIGITS; extra++) {
    labels = ticks.map((tick) => label(tick, extra))
    if (new Set(labels).size === labels.length) break
  }
  return labels
}
