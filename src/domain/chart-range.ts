/** A chart range option (spec part 1 section 4). */
export type ChartRange = "7d" | "1m" | "3m" | "6m" | "1y" | "2y" | "ytd"

/** The instrument chart kinds. */
export type InstrumentChartType = "line" | "candlestick"

/** Ranges offered on the portfolio performance chart, in display order (ytd is portfolio-only). */
export const PORTFOLIO_RANGES: ReadonlyArray<ChartRange> = ["7d", "1m", "3m", "6m", "1y", "2y", "ytd"]

/** Ranges offered on the instrument price chart, in display order. */
export const INSTRUMENT_RANGES: ReadonlyArray<ChartRange> = ["7d", "1m", "3m", "6m", "1y", "2y"]

/** The instrument chart kinds, in display order. */
export const INSTRUMENT_CHART_TYPES: ReadonlyArray<InstrumentChartType> = ["line", "candlestick"]

/** Default portfolio chart range (spec part 1 section 9). */
export const DEFAULT_PORTFOLIO_RANGE: ChartRange = "3m"

/** Default instrument chart range. */
export const DEFAULT_INSTRUMENT_RANGE: ChartRange = "3m"

/** Default instrument chart kind. */
export const DEFAULT_INSTRUMENT_CHART_TYPE: InstrumentChartType = "line"

/** True for a known range text, e.g. to validate a stored preference before using it. */
export const isChartRange = (value: unknown): value is ChartRange =>
  typeof value === "string" && (PORTFOLIO_RANGES as ReadonlyArray<string>).includes(value)

/** True for a known instrument chart kind, e.g. to validate a stored preference. */
export const isInstrumentChartType = (value: unknown): value is InstrumentChartType =>
  value === "line" || value === "candlestick"

const MONTHS_BACK: Readonly<Record<Exclude<ChartRange, "7d">, number>> = { "1m": 1, "3m": 3, "6m": 6, "1y": 12, "2y": 24, ytd: 120 }

const HOUR_MS = 3_600_000

/**
 * The first instant a chart shows for `range`, counted back from `now`: 7d is exactly 168 hours;
 * the others are calendar months in UTC at the same time of day (1m, 3m, 6m, 1y = 12 months,
 * 2y = 24 months), with the day clamped to the target month's length (31 May - 3m = 28 or 29
 * Feb). "ytd" goes back 10 years, as the spec states (part 1 section 9), not to 1 January.
 */
export const rangeStart = (range: ChartRange, now: Date): Date => {
  if (range === "7d") return new Date(now.getTime() - 168 * HOUR_MS)
  const months = MONTHS_BACK[range]
  const totalMonths = now.getUTCFullYear() * 12 + now.getUTCMonth() - months
  const year = Math.floor(totalMonths / 12)
  const month = totalMonths - year * 12
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  const start = new Date(now.getTime())
  start.setUTCFullYear(year, month, Math.min(now.getUTCDate(), lastDay))
  return start
}

/**
 * The points of a series that fall inside `range` (from `rangeStart` up to and including `now`),
 * in their original order; `dateOf` reads a point's date. Points with an unreadable date are left
 * out.
 */
export const pointsInRange = <T>(points: ReadonlyArray<T>, range: ChartRange, now: Date, dateOf: (point: T) => string | number | Date): T[] => {
  const from = rangeStart(range, now).getTime()
  const to = now.getTime()
  return points.filter((p) => {
    const raw = dateOf(p)
    const t = raw instanceof Date ? raw.getTime() : new Date(raw).getTime()
    return t >= from && t <= to
  })
}
