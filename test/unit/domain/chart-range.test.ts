import { describe, expect, it } from "vitest"
import {
  DEFAULT_INSTRUMENT_CHART_TYPE,
  DEFAULT_INSTRUMENT_RANGE,
  DEFAULT_PORTFOLIO_RANGE,
  INSTRUMENT_RANGES,
  isChartRange,
  isInstrumentChartType,
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
