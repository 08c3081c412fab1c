import { describe, expect, it } from "vitest"
import {
  DEFAULT_INSTRUMENT_CHART_TYPE,
  DEFAULT_INSTRUMENT_RANGE,
  DEFAULT_PORTFOLIO_RANGE,
  INSTRUMENT_RANGES,
  isChartRange,
  isInstrumentChartType,
  performanceWindow,
  pointsInRange,
  PORTFOLIO_RANGES,
  rangeStart,
} from "../../../src/domain"

const now = new Date("2024-05-31T15:45:00.000Z")
const iso = (d: Date) => d.toISOString()

describe("chart ranges", () => {
  it("goes back exactly 168 hours for 7d", () => {
    expect(iso(rangeStart("7d", now))).toBe("2024-05-24T15:45:00.000Z")
    expect(now.getTime() - rangeStart("7d", now).getTime()).toBe(168 * 3_600_000)
  })

  it("goes back calendar months, clamping the day", () => {
    expect(iso(rangeStart("1m", now))).toBe("2024-04-30T15:45:00.000Z")
    expect(iso(rangeStart("3m", now))).toBe("2024-02-29T15:45:00.000Z")
    expect(iso(rangeStart("6m", now))).toBe("2023-11-30T15:45:00.000Z")
    expect(iso(rangeStart("1y", now))).toBe("2023-05-31T15:45:00.000Z")
    expect(iso(rangeStart("2y", now))).toBe("2022-05-31T15:45:00.000Z")
    expect(iso(rangeStart("1y", new Date("2024-02-29T00:00:00Z")))).toBe("2023-02-28T00:00:00.000Z")
    expect(iso(rangeStart("3m", new Date("2024-01-15T00:00:00Z")))).toBe("2023-10-15T00:00:00.000Z")
  })

  it("goes back 10 years for ytd, as the spec says", () => {
    expect(iso(rangeStart("ytd", now))).toBe("2014-05-31T15:45:00.000Z")
  })

  it("offers ytd on the portfolio chart only and defaults to 3m and a line", () => {
    expect(PORTFOLIO_RANGES).toContain("ytd")
    expect(INSTRUMENT_RANGES).not.toContain("ytd")
    expect(INSTRUMENT_RANGES).toEqual(["7d", "1m", "3m", "6m", "1y", "2y"])
    expect(DEFAULT_PORTFOLIO_RANGE).toBe("3m")
    expect(DEFAULT_INSTRUMENT_RANGE).toBe("3m")
    expect(DEFAULT_INSTRUMENT_CHART_TYPE).toBe("line")
  })

  it("recognises stored preferences", () => {
    expect(isChartRange("2y")).toBe(true)
    expect(isChartRange("5y")).toBe(false)
    expect(isChartRange(3)).toBe(false)
    expect(isInstrumentChartType("candlestick")).toBe(true)
    expect(isInstrumentChartType("bar")).toBe(false)
  })

  it("keeps the points inside a range, both ends included", () => {
    const points = [
      { x: "2024-05-24T15:44:59.999Z" },
      { x: "2024-05-24T15:45:00.000Z" },
      { x: "garbage" },
      { x: "2024-05-31T15:45:00.000Z" },
      { x: "2024-05-31T15:45:00.001Z" },
    ]
    expect(pointsInRange(points, "7d", now, (p) => p.x)).toEqual([points[1], points[3]])
  })
})

describe("a performance range longer than the account", () => {
  // Daily points from 2025-03-10 to 2026-11-27; the account opened on 2025-03-10 and got its first money on 2025-03-14.
  const day = 86_400_000
  const from = Date.UTC(2025, 2, 10)
  const series = Array.from({ length: Math.round((Date.UTC(2026, 10, 27) - from) / day) + 1 }, (_, i) => {
    const x = new Date(from + i * day).toISOString().slice(0, 10)
    return { x, value: x < "2025-03-14" ? 0 : 1_000_000 + i * 100 }
  })
  const opened = "2025-03-10T08:00:00.000Z"

  it("starts 2Y and YTD at the account's first value, never at the zeros before it, and says since when", () => {
    for (const range of ["2y", "ytd"] as const) {
      const { points, since } = performanceWindow(series, range, opened)
      expect(points[0]).toEqual({ x: "2025-03-14", value: 1_000_400 })
      expect(points.some((p) => p.value === 0)).toBe(false)
      expect(points[points.length - 1]?.x).toBe("2026-11-27")
      expect(since).toBe("2025-03-14")
    }
  })

  it("gives the full range with no 'since' when the account is older than the range", () => {
    const { points, since } = performanceWindow(series, "1y", opened)
    expect(points[0]?.x).toBe("2025-11-27")
    expect(since).toBeNull()
    expect(performanceWindow(series, "3m", opened).since).toBeNull()
  })

  it("says since when for an account opened inside the range with money from its first day", () => {
    const funded = series.filter((p) => p.value !== 0)
    const { points, since } = performanceWindow(funded, "2y", "2025-03-14T09:00:00.000Z")
    expect(points[0]?.x).toBe("2025-03-14")
    expect(since).toBe("2025-03-14")
  })

  it("treats a series that begins with a value before the account's opening as cut by the server's limit: the range is full", () => {
    const cut = series.filter((p) => p.value !== 0)
    expect(performanceWindow(cut, "2y", "2012-01-05T09:00:00.000Z").since).toBeNull()
  })

  it("keeps zeros that come after the account's first value (an emptied account) and charts all-zero series as they are", () => {
    const emptied = series.map((p) => (p.x >= "2026-01-01" && p.x < "2026-02-01" ? { ...p, value: 0 } : p))
    expect(performanceWindow(emptied, "1y", opened).points.filter((p) => p.value === 0)).toHaveLength(31)
    const zeros = series.map((p) => ({ ...p, value: 0 }))
    expect(performanceWindow(zeros, "7d", opened)).toEqual({ points: zeros.slice(-8), since: null })
    expect(performanceWindow([], "2y", opened)).toEqual({ points: [], since: null })
  })
})
