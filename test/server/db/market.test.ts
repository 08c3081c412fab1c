import { describe, expect, it } from "vitest"
import { centsToDecimal, dailyHistory, historyAt, priceAt, quoteAt, tradingDate, tradingIndex, type MarketInstrument } from "../../../server/market/index"
import { createRandom, hashText } from "../../../server/market/prng"
import { compare, sub } from "../../../src/domain/decimal"

const usd: MarketInstrument = {
  symbol: "TESTUSD",
  currency: "USD",
  basePrice: "187.50",
  volatility: 0.32,
  drift: 0.09,
  spreadBps: 8,
  sharesOutstanding: 2_400_000_000,
  averageVolume: 3_000_000,
}
const ngn: MarketInstrument = { ...usd, symbol: "TESTNGN", currency: "NGN", basePrice: "41.30", volatility: 0.45, spreadBps: 40 }

const MONEY = /^-?\d+\.\d{2}$/
// Monday 2026-03-16: the USD session runs 14:30-21:00 UTC, the NGN session 09:00-13:30 UTC.
const MONDAY_USD_SESSION = new Date("2026-03-16T17:05:00Z")

describe("the synthetic market", () => {
  it("gives the same history and quotes for the same input, every time", () => {
    const a = dailyHistory(usd, "2016-03-16", "2026-03-16")
    const b = dailyHistory({ ...usd }, "2016-03-16", "2026-03-16")
    expect(b).toEqual(a)
    expect(quoteAt({ ...usd }, MONDAY_USD_SESSION)).toEqual(quoteAt(usd, MONDAY_USD_SESSION))
    // A history window is a slice of the same series, whatever the window.
    const window = dailyHistory(usd, "2025-01-01", "2025-01-31")
    expect(window).toEqual(a.filter((bar) => bar.date >= "2025-01-01" && bar.date <= "2025-01-31"))
  })

  it("keeps its recorded values (a change of the model or the PRNG shows up here)", () => {
    const random = createRandom("golden")
    const quote = quoteAt(usd, MONDAY_USD_SESSION)
    const bars = dailyHistory(usd, "2026-03-09", "2026-03-13")
    expect({
      hash: hashText("chartfolio"),
      draws: [random.next(), random.int(1, 6), random.normal()],
      last: quote.last,
      previousClose: quote.previousClose,
      closes: bars.map((b) => b.close),
    }).toMatchInlineSnapshot(`
      {
        "closes": [
          195.41,
          191.94,
          191.27,
          190.18,
          189.09,
        ],
        "draws": [
          0.579827036941424,
          3,
          -0.15460979025938637,
        ],
        "hash": 3865295288,
        "last": "189.44",
        "previousClose": "189.09",
      }
    `)
  })

  it("covers ten years of trading days, weekdays only, oldest first", () => {
    const bars = historyAt(usd, MONDAY_USD_SESSION)
    expect(bars.length).toBeGreaterThanOrEqual(2600)
    expect(bars.length).toBeLessThanOrEqual(2615)
    expect(bars[0]?.date).toBe("2016-03-16")
    expect(bars.at(-1)?.date).toBe("2026-03-16")
    for (let i = 1; i < bars.length; i++) expect((bars[i]?.date ?? "") > (bars[i - 1]?.date ?? "")).toBe(true)
    for (const bar of bars) {
      const weekday = new Date(`${bar.date}T00:00:00Z`).getUTCDay()
      expect(weekday === 0 || weekday === 6).toBe(false)
    }
  })

  it("draws bars whose high and low contain open and close, at positive prices with two decimals", () => {
    for (const instrument of [usd, ngn]) {
      for (const bar of dailyHistory(instrument, "2016-01-01", "2026-03-13")) {
        expect(bar.high).toBeGreaterThanOrEqual(Math.max(bar.open, bar.close))
        expect(bar.low).toBeLessThanOrEqual(Math.min(bar.open, bar.close))
        expect(bar.low).toBeGreaterThan(0)
        for (const value of [bar.open, bar.high, bar.low, bar.close]) expect(Math.round(value * 100) / 100).toBe(value)
        expect(Number.isInteger(bar.volume) && bar.volume > 0).toBe(true)
      }
    }
  })

  it("quotes ask above last above bid, inside the day's bar, as two-decimal strings", () => {
    for (const instrument of [usd, ngn]) {
      for (let minute = 0; minute < 24 * 60; minute += 17) {
        const now = new Date(Date.UTC(2026, 2, 16, 0, minute))
        const q = quoteAt(instrument, now)
        for (const field of [q.last, q.ask, q.bid, q.open, q.high, q.low, q.previousClose, q.priceChange, q.priceChangePercent, q.week52High, q.week52Low]) {
          expect(field).toMatch(MONEY)
        }
        expect(compare(q.ask, q.last)).toBe(1)
        expect(compare(q.last, q.bid)).toBe(1)
        expect(compare(q.bid, 0)).toBe(1)
        expect(compare(q.high, q.last)).toBeGreaterThanOrEqual(0)
        expect(compare(q.low, q.last)).toBeLessThanOrEqual(0)
        expect(compare(q.week52High, q.high)).toBeGreaterThanOrEqual(0)
        expect(compare(q.week52Low, q.low)).toBeLessThanOrEqual(0)
        expect(compare(q.priceChange, sub(q.last, q.previousClose))).toBe(0)
        expect(q.marketCap).toMatch(/^\d+$/)
        expect(q.currency).toBe(instrument.currency)
      }
    }
  })

  it("follows the session: the open day's bar so far, the last close outside the session", () => {
    const beforeOpen = quoteAt(usd, new Date("2026-03-16T10:00:00Z"))
    const saturday = quoteAt(usd, new Date("2026-03-14T12:00:00Z"))
    const friday = dailyHistory(usd, "2026-03-13", "2026-03-13")[0]
    expect(beforeOpen.marketOpen).toBe(false)
    expect(beforeOpen.tradingDay).toBe("2026-03-13")
    expect(saturday).toEqual(beforeOpen)
    expect(Number(beforeOpen.last)).toBe(friday?.close)
    expect(Number(beforeOpen.high)).toBe(friday?.high)

    const during = quoteAt(usd, MONDAY_USD_SESSION)
    expect(during.marketOpen).toBe(true)
    expect(during.tradingDay).toBe("2026-03-16")
    expect(during.previousClose).toBe(beforeOpen.last)
    const todayBar = historyAt(usd, MONDAY_USD_SESSION).at(-1)
    expect(todayBar?.close).toBe(Number(during.last))
    expect(todayBar?.high).toBe(Number(during.high))

    const afterClose = quoteAt(usd, new Date("2026-03-16T22:00:00Z"))
    const monday = dailyHistory(usd, "2026-03-16", "2026-03-16")[0]
    expect(afterClose.marketOpen).toBe(false)
    expect(Number(afterClose.last)).toBe(monday?.close)
    expect(Number(afterClose.low)).toBe(monday?.low)
    expect(afterClose.totalDailyVolume).toBe(monday?.volume)
    expect(during.totalDailyVolume).toBeLessThan(afterClose.totalDailyVolume)
    expect(priceAt(usd, MONDAY_USD_SESSION)).toBe(during.last)
  })

  it("gives different instruments different paths", () => {
    const a = dailyHistory(usd, "2025-01-01", "2025-12-31").map((b) => b.close / Number(usd.basePrice))
    const b = dailyHistory({ ...usd, symbol: "OTHER" }, "2025-01-01", "2025-12-31").map((b) => b.close / Number(usd.basePrice))
    expect(a).not.toEqual(b)
  })

  it("counts trading days both ways and formats cents", () => {
    for (const date of ["2015-01-05", "2020-02-28", "2026-03-16", "2026-03-13"]) expect(tradingDate(tradingIndex(date))).toBe(date)
    expect(tradingIndex("2026-03-14")).toBe(tradingIndex("2026-03-13"))
    expect(tradingIndex("2026-03-14", "ceil")).toBe(tradingIndex("2026-03-16"))
    expect([centsToDecimal(18723), centsToDecimal(5), centsToDecimal(-120), centsToDecimal(0)]).toEqual(["187.23", "0.05", "-1.20", "0.00"])
  })

  it("refuses instants before the market's first day and bad parameters", () => {
    expect(() => quoteAt(usd, new Date("2014-06-01T12:00:00Z"))).toThrow(RangeError)
    expect(() => quoteAt({ ...usd, basePrice: "0" }, MONDAY_USD_SESSION)).toThrow(/Bad market parameters/)
  })
})
