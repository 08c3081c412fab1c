import { describe, expect, it } from "vitest"
import { axisMargin, crosshairKey, formatMoney, isPerformanceEmpty, nearestPoint, paddedXDomain, pointX } from "../../../src/domain"

describe("chart layout (issue 12, charts)", () => {
  it("sizes the Y-axis margin to the longest compact label in every locale", () => {
    for (const locale of ["en-GB", "zh-CN", "es-ES", "ja-JP", "de-DE", "fr-FR"]) {
      const label = formatMoney(4_700_000, "NGN", locale, { compact: true })
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
})
