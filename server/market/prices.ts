/**
 * The synthetic market: deterministic prices computed from an instrument's parameters, never
 * stored. Every price is a pure function of (instrument parameters, date or instant): the same
 * input gives the same output on every run and platform (integer PRNG, IEEE + - * / and sqrt only).
 * They are synthetic and the product says so wherever prices appear.
 *
 * Model: a daily close follows a mean-reverting walk around a trend line that passes through
 * `basePrice` on ANCHOR_DATE (growth `drift` a year, daily noise from `volatility`); each day opens
 * with a small gap from the previous close, and moves from open to close along a 39-step intraday
 * path (a Brownian bridge). A day's high and low are the extremes of that path, so a quote taken
 * during the session always lies inside the day's bar and the final quote equals the bar.
 *
 * Units: bars (`dailyHistory`, `historyAt`) carry numbers in currency units with two decimals
 * (chart data, never summed as money). Quotes carry decimal strings with exactly two fraction
 * digits for every money figure (`last`, `ask`, `bid`, ... used for order fills), a decimal string
 * for `priceChangePercent`, an integer string for `marketCap`, and a number for
 * `totalDailyVolume` (a count). `centsToDecimal` converts.
 */
import { hashText, mulberry32, normalFrom } from "./prng"
import { isoDate, SESSIONS, sessionFor, tradingDate, tradingDayMs, tradingIndex, utcMidnight, isTradingDay } from "./calendar"

/**
 * What the market needs of an instrument; an instruments row (schema.ts) fits as is. Numeric
 * strings are accepted for the parameters.
 */
export interface MarketInstrument {
  readonly symbol: string
  readonly currency: string
  /** Price level on ANCHOR_DATE (the trend line passes through it). */
  readonly basePrice: string | number
  /** Annualised volatility, e.g. 0.3. */
  readonly volatility: string | number
  /** Annual trend growth, e.g. 0.08. */
  readonly drift: string | number
  /** Quoted spread (ask - bid) in basis points of the last price; at least one cent each side. */
  readonly spreadBps: string | number
  readonly sharesOutstanding: string | number
  readonly averageVolume: string | number
}

/** One trading day (numbers in currency units, two decimals). */
export interface DailyBar {
  readonly date: string
  readonly open: number
  readonly high: number
  readonly low: number
  readonly close: number
  readonly volume: number
}

/** A quote at an instant (spec part 1 Instrument.quote), plus the trading day and session state. */
export interface Quote {
  readonly last: string
  readonly ask: string
  readonly bid: string
  readonly open: string
  readonly high: string
  readonly low: string
  readonly previousClose: string
  readonly priceChange: string
  readonly priceChangePercent: string
  readonly totalDailyVolume: number
  readonly week52High: string
  readonly week52Low: string
  readonly marketCap: string
  readonly currency: string
  /** The trading day the figures belong to ("YYYY-MM-DD"). */
  readonly tradingDay: string
  /** Whether the instrument's session is open at that instant. */
  readonly marketOpen: boolean
}

/** The date on which the trend line equals `basePrice`. */
export const ANCHOR_DATE = "2026-01-02"

/** Intraday steps per session (10 minutes on a 390-minute session). */
export const INTRADAY_STEPS = 39

const TRADING_DAYS_PER_YEAR = 252
const WEEKS_52 = 260
const MEAN_REVERSION = 0.01
const GAP_SHARE = 0.25
const BRIDGE_SHARE = 0.7

/** Formats integer cents as a decimal string with two fraction digits: 18723 -> "187.23". */
export const centsToDecimal = (cents: number): string => {
  const sign = cents < 0 ? "-" : ""
  const abs = Math.abs(cents)
  const units = Math.floor(abs / 100)
  const rest = abs - units * 100
  return `${sign}${units}.${rest < 10 ? "0" : ""}${rest}`
}

const toCents = (price: number): number => Math.round(price * 100)

interface Params {
  readonly key: string
  readonly symbol: string
  readonly base: number
  readonly mu: number
  readonly sigma: number
  readonly spreadBps: number
  readonly shares: bigint
  readonly averageVolume: number
}

const paramsOf = (instrument: MarketInstrument): Params => {
  const base = Number(instrument.basePrice)
  const volatility = Number(instrument.volatility)
  const drift = Number(instrument.drift)
  if (!(base > 0) || !(volatility >= 0) || !Number.isFinite(drift)) {
    throw new RangeError(
      `Bad market parameters for ${instrument.symbol}: basePrice ${instrument.basePrice}, volatility ${instrument.volatility}, drift ${instrument.drift}`,
    )
  }
  const shares = BigInt(Math.max(0, Math.trunc(Number(instrument.sharesOutstanding))))
  return {
    key: `${instrument.symbol}|${base}|${volatility}|${drift}`,
    symbol: instrument.symbol,
    base,
    mu: drift / TRADING_DAYS_PER_YEAR,
    sigma: volatility / Math.sqrt(TRADING_DAYS_PER_YEAR),
    spreadBps: Math.max(0, Number(instrument.spreadBps)),
    shares,
    averageVolume: Math.max(0, Math.trunc(Number(instrument.averageVolume))),
  }
}

/** The memoised daily series of one parameter set; grown on demand, filled lazily. */
interface Series {
  length: number
  closeF: Float64Array
  anchorF: Float64Array
  openC: Int32Array
  closeC: Int32Array
  highC: Int32Array
  lowC: Int32Array
  volume: Float64Array
  detailed: Uint8Array
  next: () => number
}

const MAX_SERIES = 512
const seriesCache = new Map<string, Series>()

const anchorAtEpoch = (p: Params): number => {
  let anchor = p.base
  const steps = tradingIndex(ANCHOR_DATE)
  for (let i = 0; i < steps; i++) anchor /= 1 + p.mu
  return anchor
}

const seriesOf = (p: Params): Series => {
  let series = seriesCache.get(p.key)
  if (series) return series
  if (seriesCache.size >= MAX_SERIES) {
    const oldest = seriesCache.keys().next().value
    if (oldest !== undefined) seriesCache.delete(oldest)
  }
  const capacity = 4096
  series = {
    length: 0,
    closeF: new Float64Array(capacity),
    anchorF: new Float64Array(capacity),
    openC: new Int32Array(capacity),
    closeC: new Int32Array(capacity),
    highC: new Int32Array(capacity),
    lowC: new Int32Array(capacity),
    volume: new Float64Array(capacity),
    detailed: new Uint8Array(capacity),
    next: mulberry32(hashText(`${p.symbol}|daily`)),
  }
  series.anchorF[0] = anchorAtEpoch(p)
  seriesCache.set(p.key, series)
  return series
}

const grow = (s: Series, needed: number): void => {
  if (needed <= s.closeF.length) return
  let capacity = s.closeF.length
  while (capacity < needed) capacity *= 2
  const copy = <T extends Float64Array | Int32Array | Uint8Array>(old: T, make: (n: number) => T): T => {
    const next = make(capacity)
    next.set(old)
    return next
  }
  s.closeF = copy(s.closeF, (n) => new Float64Array(n))
  s.anchorF = copy(s.anchorF, (n) => new Float64Array(n))
  s.openC = copy(s.openC, (n) => new Int32Array(n))
  s.closeC = copy(s.closeC, (n) => new Int32Array(n))
  s.highC = copy(s.highC, (n) => new Int32Array(n))
  s.lowC = copy(s.lowC, (n) => new Int32Array(n))
  s.volume = copy(s.volume, (n) => new Float64Array(n))
  s.detailed = copy(s.detailed, (n) => new Uint8Array(n))
}

/** Extends the daily closes and opens up to and including `index`. */
const extend = (p: Params, s: Series, index: number): void => {
  if (index < s.length) return
  grow(s, index + 1)
  for (let i = s.length; i <= index; i++) {
    const anchor = i === 0 ? (s.anchorF[0] as number) : (s.anchorF[i - 1] as number) * (1 + p.mu)
    s.anchorF[i] = anchor
    const previous = i === 0 ? anchor : (s.closeF[i - 1] as number)
    const z = normalFrom(s.next)
    const gap = normalFrom(s.next)
    const floor = anchor * 0.25
    const close = Math.max(floor, previous * (1 + p.mu + p.sigma * z + (MEAN_REVERSION * (anchor - previous)) / previous))
    const open = Math.max(floor, previous * (1 + GAP_SHARE * p.sigma * gap))
    s.closeF[i] = close
    s.openC[i] = Math.max(1, toCents(open))
    s.closeC[i] = Math.max(1, toCents(close))
  }
  s.length = index + 1
}

/** The intraday path of a day in cents, steps 0..INTRADAY_STEPS, and the day's full volume. */
const intraday = (p: Params, s: Series, index: number): { path: Int32Array; dayVolume: number } => {
  extend(p, s, index)
  const next = mulberry32(hashText(`${p.symbol}|day|${index}`))
  const openC = s.openC[index] as number
  const closeC = s.closeC[index] as number
  const walk = new Float64Array(INTRADAY_STEPS + 1)
  for (let k = 1; k <= INTRADAY_STEPS; k++) walk[k] = (walk[k - 1] as number) + normalFrom(next)
  const end = walk[INTRADAY_STEPS] as number
  const level = (openC + closeC) / 2
  const scale = (level * p.sigma * BRIDGE_SHARE) / Math.sqrt(INTRADAY_STEPS)
  const floor = Math.max(1, Math.floor(Math.min(openC, closeC) * 0.5))
  const path = new Int32Array(INTRADAY_STEPS + 1)
  for (let k = 0; k <= INTRADAY_STEPS; k++) {
    const bridge = (walk[k] as number) - (end * k) / INTRADAY_STEPS
    const straight = openC + ((closeC - openC) * k) / INTRADAY_STEPS
    path[k] = k === 0 ? openC : k === INTRADAY_STEPS ? closeC : Math.max(floor, Math.round(straight + scale * bridge))
  }
  const dayVolume = Math.round(p.averageVolume * (0.55 + 0.9 * next()))
  return { path, dayVolume }
}

/** Fills high, low and volume of a full day. */
const detail = (p: Params, s: Series, index: number): void => {
  extend(p, s, index)
  if (s.detailed[index]) return
  const { path, dayVolume } = intraday(p, s, index)
  let high = path[0] as number
  let low = high
  for (const cents of path) {
    if (cents > high) high = cents
    if (cents < low) low = cents
  }
  s.highC[index] = high
  s.lowC[index] = low
  s.volume[index] = dayVolume
  s.detailed[index] = 1
}

const barOf = (p: Params, s: Series, index: number): DailyBar => {
  detail(p, s, index)
  return {
    date: tradingDate(index),
    open: (s.openC[index] as number) / 100,
    high: (s.highC[index] as number) / 100,
    low: (s.lowC[index] as number) / 100,
    close: (s.closeC[index] as number) / 100,
    volume: s.volume[index] as number,
  }
}

/**
 * Daily bars for every trading day from `from` to `to` (inclusive; dates as "YYYY-MM-DD", Date or
 * ISO timestamp, read in UTC), oldest first. Days before MARKET_EPOCH are skipped. Each bar is the
 * full day; for the day in progress use `historyAt` or `quoteAt`.
 */
export const dailyHistory = (instrument: MarketInstrument, from: Date | string, to: Date | string): DailyBar[] => {
  const p = paramsOf(instrument)
  const s = seriesOf(p)
  const first = Math.max(0, tradingIndex(from, "ceil"))
  const last = tradingIndex(to, "floor")
  const bars: DailyBar[] = []
  for (let i = first; i <= last; i++) bars.push(barOf(p, s, i))
  return bars
}

interface Moment {
  readonly index: number
  readonly step: number
  readonly marketOpen: boolean
}

/** The trading day whose session has started by `now`, and the intraday step reached. */
const momentOf = (currency: string, now: Date): Moment => {
  const session = sessionFor(currency)
  const midnight = utcMidnight(now)
  const minute = (now.getTime() - midnight) / 60_000
  if (isTradingDay(midnight) && minute >= session.openMinute) {
    const length = session.closeMinute - session.openMinute
    const step = Math.min(INTRADAY_STEPS, Math.floor(((minute - session.openMinute) / length) * INTRADAY_STEPS))
    return { index: tradingIndex(now), step, marketOpen: minute < session.closeMinute }
  }
  // Before today's open, or a weekend: the last session that has run.
  const index = isTradingDay(midnight) ? tradingIndex(now) - 1 : tradingIndex(now, "floor")
  return { index, step: INTRADAY_STEPS, marketOpen: false }
}

const assertAfterEpoch = (symbol: string, index: number): void => {
  if (index < 1) throw new RangeError(`No synthetic prices for ${symbol} before ${tradingDate(1)}`)
}

interface DaySoFar {
  readonly openC: number
  readonly highC: number
  readonly lowC: number
  readonly lastC: number
  readonly volume: number
}

const daySoFar = (p: Params, s: Series, moment: Moment): DaySoFar => {
  const { path, dayVolume } = intraday(p, s, moment.index)
  let high = path[0] as number
  let low = high
  for (let k = 0; k <= moment.step; k++) {
    const cents = path[k] as number
    if (cents > high) high = cents
    if (cents < low) low = cents
  }
  return {
    openC: path[0] as number,
    highC: high,
    lowC: low,
    lastC: path[moment.step] as number,
    volume: Math.round((dayVolume * moment.step) / INTRADAY_STEPS),
  }
}

/**
 * The quote of an instrument at an instant (see the module comment for units). Outside its
 * session the quote is the last session's close (`marketOpen` false). Ask is above last and bid
 * below it by half the spread each, at least one cent. Throws RangeError before the market epoch.
 */
export const quoteAt = (instrument: MarketInstrument, now: Date): Quote => {
  const p = paramsOf(instrument)
  const s = seriesOf(p)
  const moment = momentOf(instrument.currency, now)
  assertAfterEpoch(p.symbol, moment.index)
  const day = daySoFar(p, s, moment)
  extend(p, s, moment.index)
  const previousCloseC = s.closeC[moment.index - 1] as number

  let week52High = day.highC
  let week52Low = day.lowC
  for (let i = Math.max(0, moment.index - WEEKS_52 + 1); i < moment.index; i++) {
    detail(p, s, i)
    week52High = Math.max(week52High, s.highC[i] as number)
    week52Low = Math.min(week52Low, s.lowC[i] as number)
  }

  const half = Math.max(1, Math.round((day.lastC * p.spreadBps) / 20_000))
  const changeC = day.lastC - previousCloseC
  const percentHundredths = Math.sign(changeC) * Math.round((Math.abs(changeC) * 10_000) / previousCloseC)

  return {
    last: centsToDecimal(day.lastC),
    ask: centsToDecimal(day.lastC + half),
    bid: centsToDecimal(Math.max(1, day.lastC - half)),
    open: centsToDecimal(day.openC),
    high: centsToDecimal(day.highC),
    low: centsToDecimal(day.lowC),
    previousClose: centsToDecimal(previousCloseC),
    priceChange: centsToDecimal(changeC),
    priceChangePercent: centsToDecimal(percentHundredths),
    totalDailyVolume: day.volume,
    week52High: centsToDecimal(week52High),
    week52Low: centsToDecimal(week52Low),
    marketCap: ((p.shares * BigInt(day.lastC)) / 100n).toString(),
    currency: instrument.currency,
    tradingDay: tradingDate(moment.index),
    marketOpen: moment.marketOpen,
  }
}

/**
 * The daily bars of the `years` (default 10) before `now`, ending with the trading day of `now`;
 * that last bar is the day so far, consistent with `quoteAt(instrument, now)` (its close is the
 * quote's last). Use for instrument charts.
 */
export const historyAt = (instrument: MarketInstrument, now: Date, years = 10): DailyBar[] => {
  const p = paramsOf(instrument)
  const s = seriesOf(p)
  const moment = momentOf(instrument.currency, now)
  assertAfterEpoch(p.symbol, moment.index)
  const start = new Date(tradingDayMs(moment.index))
  start.setUTCFullYear(start.getUTCFullYear() - years)
  const bars = dailyHistory(instrument, start, tradingDate(moment.index - 1))
  const day = daySoFar(p, s, moment)
  bars.push({
    date: tradingDate(moment.index),
    open: day.openC / 100,
    high: day.highC / 100,
    low: day.lowC / 100,
    close: day.lastC / 100,
    volume: day.volume,
  })
  return bars
}

/**
 * What of `now` the synthetic market depends on: the UTC date and, for each session, the trading
 * day and intraday step reached. Two instants with the same key give every instrument the same
 * quote and history.
 */
export const marketMoment = (now: Date): string =>
  [
    isoDate(utcMidnight(now)),
    ...Object.keys(SESSIONS).map((currency) => {
      const m = momentOf(currency, now)
      return `${currency}:${m.index}.${m.step}.${m.marketOpen ? 1 : 0}`
    }),
  ].join(" ")

/** The last traded price at an instant as a decimal string (the quote's `last`). */
export const priceAt = (instrument: MarketInstrument, now: Date): string => quoteAt(instrument, now).last
