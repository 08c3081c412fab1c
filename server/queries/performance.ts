/**
 * The performance series of a portfolio (AccountActivity.performance): the account value (cash plus
 * holdings at each day's close) per day, oldest first. Nothing is stored: the series is rebuilt on
 * each request from the account's current state and its history, walking backwards from `now`.
 *
 * Method (docs/decisions/0029-performance-series-on-request.md):
 * - Start from today's state: the cash balance and the positions' quantities.
 * - Walk back day by day; every cash transaction (deposit, withdraw, buy, sell, dividend...) after
 *   the day's end is undone on the cash (ledger.ts `cashEffect`), and every FILLED order after the
 *   day's end is undone on the quantity held (BUY adds, SELL removes).
 * - The value of a day = cash + sum(quantity x the instrument's synthetic close that day,
 *   server/market). The last point is today, priced with the day so far (the quote's last).
 * - From the account's opening day (never more than 10 years back, the 'ytd' range) to today: every
 *   trading day for the last two years, and one point a week (Fridays) before that, so even a
 *   ten-year-old account answers about 900 points.
 * Values are numbers rounded to cents: the chart plots them; money shown as money comes from the
 * decimal fields.
 */
import type { Kysely } from "kysely"
import type { PerformancePoint } from "../../src/contract/accounts"
import { cashEffect } from "../db/ledger"
import type { DB, Row } from "../db/schema"
import { historyAt, tradingDate, tradingIndex, type MarketInstrument } from "../market/index"
import { tradingDayMs } from "../market/calendar"

const DAY_MS = 86_400_000
/** How far back the series may go: the 'ytd' range (10 years, spec part 1 section 9). */
export const PERFORMANCE_YEARS = 10
/** How far back the series is daily; weekly before. */
export const DAILY_YEARS = 2

/** A holding at `now`: the instrument, its quantity (decimal string) and its market parameters. */
export interface HeldInstrument {
  readonly instrumentId: string
  readonly quantity: string
  readonly market: MarketInstrument
}

interface Event {
  readonly ms: number
  readonly cash: number
  readonly instrumentId: string | null
  readonly quantity: number
}

const yearsBefore = (now: Date, years: number): number => {
  const d = new Date(now.getTime())
  d.setUTCFullYear(d.getUTCFullYear() - years)
  return d.getTime()
}

const fillTime = (order: Row<"orders">): number => {
  const step = order.progress.find((s) => s.status === "FILLED")
  return Date.parse(step?.time ?? order.updatedAt)
}

/** The series for one account; see the module comment. */
export const performanceSeries = async (
  db: Kysely<DB>,
  input: {
    readonly account: Row<"accounts">
    readonly held: ReadonlyArray<HeldInstrument>
    readonly transactions: ReadonlyArray<Row<"transactions">>
    readonly orders: ReadonlyArray<Row<"orders">>
    readonly now: Date
  },
): Promise<PerformancePoint[]> => {
  const { account, held, now } = input
  const nowMs = now.getTime()
  const startMs = Math.max(Date.parse(account.createdAt), yearsBefore(now, PERFORMANCE_YEARS))
  const first = Math.max(1, tradingIndex(new Date(startMs), "ceil"))
  const last = tradingIndex(now, "floor")
  if (Number.isNaN(startMs) || first > last) return []
  const dailyFrom = tradingIndex(new Date(yearsBefore(now, DAILY_YEARS)), "ceil")

  const samples: number[] = []
  for (let i = first; i <= last; i++) if (i === first || i === last || i >= dailyFrom || i % 5 === 4) samples.push(i)

  // Events, newest first.
  const filled = input.orders.filter((o) => o.status === "FILLED" && o.quantity !== null)
  const events: Event[] = [
    ...input.transactions.map((t) => ({ ms: Date.parse(t.tranTime), cash: Number(cashEffect(t.tranType, t.tranAmount)), instrumentId: null, quantity: 0 })),
    ...filled.map((o) => ({ ms: fillTime(o), cash: 0, instrumentId: o.instrumentId, quantity: (o.side === "BUY" ? 1 : -1) * Number(o.quantity) })),
  ].sort((a, b) => b.ms - a.ms)

  // Market parameters of everything held now or traded since the start.
  const markets = new Map<string, MarketInstrument>(held.map((h) => [h.instrumentId, h.market]))
  const missing = [...new Set(filled.map((o) => o.instrumentId))].filter((id) => !markets.has(id))
  if (missing.length > 0) {
    const rows = await db
      .selectFrom("instruments")
      .select(["id", "symbol", "currency", "basePrice", "volatility", "drift", "spreadBps", "sharesOutstanding", "averageVolume"])
      .where("id", "in", missing)
      .execute()
    for (const row of rows) markets.set(row.id, row)
  }

  // Closes by trading index, from `first` to `last`; a day with no bar yet (today before the open) keeps the previous close.
  const years = Math.min(PERFORMANCE_YEARS + 1, Math.ceil((nowMs - startMs) / (365 * DAY_MS)) + 1)
  const closes = new Map<string, Float64Array>()
  for (const [id, market] of markets) {
    const series = new Float64Array(last - first + 1)
    let previous = 0
    const byDate = new Map(historyAt(market, now, years).map((bar) => [bar.date, bar.close]))
    for (let i = first; i <= last; i++) {
      previous = byDate.get(tradingDate(i)) ?? previous
      series[i - first] = previous
    }
    closes.set(id, series)
  }

  let cash = Number(account.cashBalance)
  const quantities = new Map<string, number>(held.map((h) => [h.instrumentId, Number(h.quantity)]))
  let next = 0
  const points: PerformancePoint[] = []
  for (let s = samples.length - 1; s >= 0; s--) {
    const index = samples[s] as number
    const cut = index === last ? Number.POSITIVE_INFINITY : tradingDayMs(index) + DAY_MS
    while (next < events.length && (events[next] as Event).ms >= cut) {
      const event = events[next] as Event
      cash -= event.cash
      if (event.instrumentId !== null) quantities.set(event.instrumentId, (quantities.get(event.instrumentId) ?? 0) - event.quantity)
      next++
    }
    let value = cash
    for (const [id, quantity] of quantities) {
      if (quantity !== 0) value += quantity * ((closes.get(id)?.[index - first] as number | undefined) ?? 0)
    }
    points.push({ x: tradingDate(index), value: Math.round(value * 100) / 100 })
  }
  return points.reverse()
}
