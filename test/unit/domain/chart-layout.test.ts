import { scaleLinear } from "d3-scale"
import { describe, expect, it } from "vitest"
import { axisMargin, crosshairKey, distinctTickLabels, formatCompactMoney, isPerformanceEmpty, nearestPoint, paddedXDomain, pointX } from "../../../src/domain"

describe("chart layout (issue 12, charts)", () => {
  it("sizes the Y-axis margin to the longest compact label in every locale", () => {
    for (const locale of ["en-GB", "zh-CN", "es-ES", "ja-JP", "de-DE", "fr-FR"]) {
      const label = formatCompactMoney(4_700_000, "NGN", locale)
      expect(axisMargin([label])).toBeGreaterThanOrEqual(label.length * 7 + 16)
      expect(label.length).toBeLessThanOrEqual(10)
    }
    expect(axisMargin([])).toBe(48)
  })

  it("pads half a step on both sides so the first and last candle are whole", () => {
    expect(paddedXDomain(10)).toEqual([-0.5, 9.5])
    expect(pointX(9, 10, 1000)).toBe(950)
    expect(pointX(0, 10, 1000)).toBe(50)
    expect(paddedXDomain(1)).toEqual([-0.5, 0.5])
  })

  it("finds the point under the pointer", () => {
    expect(nearestPoint(0, 10, 1000)).toBe(0)
    expect(nearestPoint(960, 10, 1000)).toBe(9)
    expect(nearestPoint(2000, 10, 1000)).toBe(9)
    expect(nearestPoint(449, 10, 1000)).toBe(4)
    expect(nearestPoint(10, 0, 1000)).toBeNull()
  })

  it("moves the crosshair with Left, Right, Home and End", () => {
    expect(crosshairKey("ArrowLeft", null, 5)).toBe(4)
    expect(crosshairKey("ArrowRight", null, 5)).toBe(4)
    expect(crosshairKey("ArrowLeft", 2, 5)).toBe(1)
    expect(crosshairKey("ArrowLeft", 0, 5)).toBe(0)
    expect(crosshairKey("ArrowRight", 4, 5)).toBe(4)
    expect(crosshairKey("Home", 3, 5)).toBe(0)
    expect(crosshairKey("End", 0, 5)).toBe(4)
    expect(crosshairKey("a", 0, 5)).toBeNull()
  })

  it("calls a portfolio with under 2 points or only zeros empty", () => {
    expect(isPerformanceEmpty([])).toBe(true)
    expect(isPerformanceEmpty([{ value: 1000 }])).toBe(true)
    expect(isPerformanceEmpty([{ value: 0 }, { value: 0 }])).toBe(true)
    expect(isPerformanceEmpty([{ value: 0 }, { value: 5 }])).toBe(false)
  })

  it("gives every Y tick a label of its own, with the fewest digits that do", () => {
    const compact = (locale: string) => (value: number, extraDigits: number) => formatCompactMoney(value, "USD", locale, extraDigits)
    // The demo user's 3-month performance in Japanese: 9,800 to 10,600 in steps of 200. One fraction
    // digit of 万 (10,000) read "$1万" for 10,000, 10,200 and 10,400.
    const ticks = scaleLinear().domain([9_750, 10_650]).ticks(5)
    expect(ticks).toEqual([9_800, 10_000, 10_200, 10_400, 10_600])
    expect(ticks.map((t) => compact("ja-JP")(t, 0))).toEqual(["$9,800", "$1万", "$1万", "$1万", "$1.1万"])
    expect(distinctTickLabels(ticks, compact("ja-JP"))).toEqual(["$9,800", "$1万", "$1.02万", "$1.04万", "$1.06万"])
    expect(distinctTickLabels(ticks, compact("zh-CN"))).toEqual(["$9,800", "$1万", "$1.02万", "$1.04万", "$1.06万"])
    // Close ticks around a million in English; labels already apart keep the usual digits.
    expect(distinctTickLabels([1_000_000, 1_020_000, 1_040_000], compact("en-GB"))).toEqual(["$1m", "$1.02m", "$1.04m"])
    expect(distinctTickLabels([0, 500, 1_000, 1_500], compact("en-GB"))).toEqual(["$0", "$500", "$1k", "$1.5k"])
    expect(distinctTickLabels([], compact("en-GB"))).toEqual([])
  })

  it("stops at three more digits when ticks still read alike", () => {
    const calls: number[] = []
    const labels = distinctTickLabels([1, 2], (_, extraDigits) => (calls.push(extraDigits), "same"))
    expect(labels).toEqual(["same", "same"])
    expect([...new Set(calls)]).toEqual([0, 1, 2, 3])
  })
})
