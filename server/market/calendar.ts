/**
 * The synthetic market's calendar: every Monday to Friday (UTC) is a trading day, with no
 * holidays, counted from `MARKET_EPOCH`. Trading sessions are per currency, in UTC.
 */

const DAY_MS = 86_400_000

/** The first trading day of the synthetic market (a Monday); no prices exist before it. */
export const MARKET_EPOCH = "2015-01-05"

const EPOCH_MS = Date.parse(`${MARKET_EPOCH}T00:00:00Z`)

/** A trading session in minutes after UTC midnight. */
export interface Session {
  readonly openMinute: number
  readonly closeMinute: number
}

/**
 * Sessions by currency: USD instruments trade 14:30-21:00 UTC (New York hours), NGN instruments
 * 09:00-13:30 UTC (Lagos hours); any other currency uses the USD session.
 */
export const SESSIONS: Readonly<Record<string, Session>> = {
  USD: { openMinute: 14 * 60 + 30, closeMinute: 21 * 60 },
  NGN: { openMinute: 9 * 60, closeMinute: 13 * 60 + 30 },
}

/** The session of a currency (see SESSIONS). */
export const sessionFor = (currency: string): Session => SESSIONS[currency] ?? (SESSIONS.USD as Session)

/** Milliseconds of UTC midnight of a date given as "YYYY-MM-DD", a Date or an ISO timestamp. */
export const utcMidnight = (date: Date | string): number => {
  const ms = typeof date === "string" ? Date.parse(date.length === 10 ? `${date}T00:00:00Z` : date) : date.getTime()
  if (Number.isNaN(ms)) throw new RangeError(`Not a date: ${String(date)}`)
  return Math.floor(ms / DAY_MS) * DAY_MS
}

/** "YYYY-MM-DD" of a UTC-midnight millisecond value. */
export const isoDate = (midnightMs: number): string => new Date(midnightMs).toISOString().slice(0, 10)

/** Whether a UTC midnight falls on Monday to Friday. */
export const isTradingDay = (midnightMs: number): boolean => {
  const weekday = new Date(midnightMs).getUTCDay()
  return weekday !== 0 && weekday !== 6
}

/**
 * The trading-day index of a date: 0 for MARKET_EPOCH, counting weekdays. A weekend date maps to
 * the index of the following Monday (`ceil`) or the preceding Friday (`floor`, the default).
 * Dates before the epoch give negative indexes.
 */
export const tradingIndex = (date: Date | string, round: "floor" | "ceil" = "floor"): number => {
  const days = Math.round((utcMidnight(date) - EPOCH_MS) / DAY_MS)
  const weeks = Math.floor(days / 7)
  const rem = days - weeks * 7 // 0 = Monday ... 6 = Sunday
  if (rem <= 4) return weeks * 5 + rem
  return round === "floor" ? weeks * 5 + 4 : weeks * 5 + 5
}

/** UTC midnight (ms) of a trading-day index. */
export const tradingDayMs = (index: number): number => {
  const weeks = Math.floor(index / 5)
  const rem = index - weeks * 5
  return EPOCH_MS + (weeks * 7 + rem) * DAY_MS
}

/** The dates of trading-day indexes already asked for (a pure function of the index, asked for thousands of times a request). */
const tradingDates = new Map<number, string>()

/** "YYYY-MM-DD" of a trading-day index. */
export const tradingDate = (index: number): string => {
  let date = tradingDates.get(index)
  if (date === undefined) {
    date = isoDate(tradingDayMs(index))
    // Bounded: about 260 indexes a year of history; a runaway caller only clears it.
    if (tradingDates.size >= 100_000) tradingDates.clear()
    tradingDates.set(index, date)
  }
  return date
}
