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
export const isChartRange = (value: unknown): value is ChartRange => typeof value === "string" && (PORTFOLIO_RANGES as ReadonlyArray<string>).includes(value)

/** True for a known instrument chart kind, e.g. to validate a stored preference. */
export const isInstrumentChartType = (value: unknown): value is InstrumentChartType => value === "line" || value === "candlestick"

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

/** A point of the performance series as the range rule reads it: `x` its date, `value` the account value. */
export interface ValuePoint {
  readonly x: string
  readonly value: number
}

/** What one range of the performance chart shows: its points and, when the account is younger than the range, since when. */
export interface PerformanceWindow<T extends ValuePoint> {
  /** The points shown, oldest first: inside the range and from the account's first value on (never the zeros before it). */
  readonly points: T[]
  /**
   * The date of the first point shown (its `x`) when the range reaches back before the account's
   * first value, so the chart starts later than the range and says "since" that day; null when
   * the range starts inside the account's life.
   */
  readonly since: string | null
}

const toMs = (value: string | number | Date): number => (value instanceof Date ? value.getTime() : new Date(value).getTime())

/**
 * The performance chart's points for `range` (docs/decisions/0165-range-longer-than-account.md), counted back from the series' latest point. The series (oldest first) begins at the
 * account's opening; its leading zero values are the days before the first money arrived and are
 * left out, so the chart, its table and its change start at the account's first value. The range
 * reaches back before that value (`since` is set) when none of the account's values is older than
 * the range's start and the account did not exist at that start: it was opened after it
 * (`opened`), or its first value came after leading zeros. (An account opened before the range
 * whose series begins with a value was cut by the server's 10-year limit: its range is full.)
 * A series with no value other than 0 is returned as `pointsInRange` cuts it, with no `since`.
 */
export const performanceWindow = <T extends ValuePoint>(series: ReadonlyArray<T>, range: ChartRange, opened: string | number | Date): PerformanceWindow<T> => {
  const latest = series[series.length - 1]
  if (latest === undefined) return { points: [], since: null }
  const now = new Date(latest.x)
  const firstValue = series.findIndex((p) => p.value !== 0)
  if (firstValue < 0) return { points: pointsInRange(series, range, now, (p) => p.x), since: null }
  const life = series.slice(firstValue)
  const points = pointsInRange(life, range, now, (p) => p.x)
  const start = rangeStart(range, now).getTime()
  const first = points[0]
  const lifeBeganInRange = first !== undefined && first === life[0] && toMs(first.x) > start
  const absentAtStart = firstValue > 0 || !(toMs(opened) <= start)
  return { points, since: lifeBeganInRange && absentAtStart && first ? first.x : null }
}
