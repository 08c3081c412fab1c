import { describe, expect, it } from "vitest"
import { armsAnother, priceAlertHolds, priceAlertThresholdProblem } from "../../../src/domain/price-alert"

describe("a price alert's threshold", () => {
  it("is a number above zero with at most two decimals, a price up to a billion, a percentage up to 100", () => {
    expect(priceAlertThresholdProblem("above", "123.45")).toBeNull()
    expect(priceAlertThresholdProblem("move", "100")).toBeNull()
    expect(priceAlertThresholdProblem("above", null)).toBe("required")
    expect(priceAlertThresholdProblem("below", " ")).toBe("required")
    expect(priceAlertThresholdProblem("below", "1e3")).toBe("required")
    expect(priceAlertThresholdProblem("above", "0")).toBe("not-positive")
    expect(priceAlertThresholdProblem("above", "-1")).toBe("not-positive")
    expect(priceAlertThresholdProblem("above", "1.005")).toBe("decimals")
    expect(priceAlertThresholdProblem("move", "100.01")).toBe("too-large")
    expect(priceAlertThresholdProblem("above", "1000000000.01")).toBe("too-large")
  })
})

describe("when an alert holds", () => {
  const quote = (last: string, priceChangePercent = "0") => ({ last, priceChangePercent })
  it("above: at or over the price; below: at or under it (decimal strings, no float rounding)", () => {
    expect(priceAlertHolds("above", "100.1", quote("100.09"))).toBe(false)
    expect(priceAlertHolds("above", "100.1", quote("100.10"))).toBe(true)
    expect(priceAlertHolds("below", "0.3", quote("0.30"))).toBe(true)
    expect(priceAlertHolds("below", "0.3", quote("0.31"))).toBe(false)
  })
  it("move: today's change is at least the percentage, up or down", () => {
    expect(priceAlertHolds("move", "5", quote("1", "4.99"))).toBe(false)
    expect(priceAlertHolds("move", "5", quote("1", "5.00"))).toBe(true)
    expect(priceAlertHolds("move", "5", quote("1", "-5.01"))).toBe(true)
  })
  it("arming counts against the limit only when the alert was not armed", () => {
    expect(armsAnother(null, "armed")).toBe(true)
    expect(armsAnother("fired", "armed")).toBe(true)
    expect(armsAnother("armed", "armed")).toBe(false)
    expect(armsAnother("armed", "paused")).toBe(false)
  })
})
