import { describe, expect, it } from "vitest"
import { recommendation, riskBand, statusColour, transactionKind, valueAnalysis } from "../../../src/domain"

describe("value analysis from PricetoFairValue", () => {
  it.each([
    [0, "under-valued"],
    [0.9, "under-valued"],
    ["0.9", "under-valued"],
    [0.90001, "fair-value"],
    [1, "fair-value"],
    [1.19, "fair-value"],
    ["1.19", "fair-value"],
    [1.1900001, "over-valued"],
    [2, "over-valued"],
  ] as const)("%j is %s", (ratio, expected) => {
    expect(valueAnalysis(ratio)).toBe(expected)
  })

  it.each([undefined, null, "", "n/a", Number.NaN, Number.POSITIVE_INFINITY, {}, "1e0"])("%j is none", (ratio) => {
    expect(valueAnalysis(ratio)).toBe("none")
  })
})

describe("recommendation by StarRating", () => {
  it("maps 0..5 as the spec lists them", () => {
    expect(recommendation(0)).toEqual({ action: "none", reason: "none-available" })
    expect(recommendation(1)).toEqual({ action: "sell", reason: "overvalued" })
    expect(recommendation(2)).toEqual({ action: "hold", reason: "slightly-overvalued" })
    expect(recommendation(3)).toEqual({ action: "hold", reason: "close-to-fair-value" })
    expect(recommendation(4)).toEqual({ action: "buy", reason: "moderately-undervalued" })
    expect(recommendation(5)).toEqual({ action: "buy", reason: "undervalued" })
    expect(recommendation("4")).toEqual({ action: "buy", reason: "moderately-undervalued" })
  })

  it.each([6, -1, 2.5, null, undefined, "", "five", Number.NaN])("%j gives none", (stars) => {
    expect(recommendation(stars)).toEqual({ action: "none", reason: "none" })
  })
})

describe("risk band from riskScore", () => {
  it.each([
    [0, "low"],
    [4, "low"],
    [4.49, "low"],
    [4.5, "moderate"],
    [5, "moderate"],
    [8, "moderate"],
    [8.49, "moderate"],
    [8.5, "high"],
    [9, "high"],
    [-6, "moderate"],
    [-4.4, "low"],
    [-9, "high"],
    ["7", "moderate"],
    [" 3 ", "low"],
  ] as const)("%j is %s", (score, band) => {
    expect(riskBand(score)).toBe(band)
  })

  it.each([Number.NaN, null, undefined, "", "  ", "high", "7e0", true])("%j is none", (score) => {
    expect(riskBand(score)).toBe("none")
  })
})

describe("status colour", () => {
  it.each([
    ["pending_confirmation", "info"],
    ["PENDING", "info"],
    ["pending", "info"],
    ["Processing", "warning"],
    ["active", "primary"],
    ["COMPLETED", "primary"],
    ["verified", "primary"],
    ["approved", "primary"],
    ["disabled", "danger"],
    ["deleted", "danger"],
    ["CANCELLED", "danger"],
    ["failed", "danger"],
    ["REJECTED", "danger"],
    ["FILLED", "muted"],
    ["constructor", "muted"],
    ["", "muted"],
    [null, "muted"],
    [undefined, "muted"],
  ] as const)("%j is %s", (status, colour) => {
    expect(statusColour(status)).toBe(colour)
  })
})

describe("transaction kind", () => {
  it.each([
    ["withdraw", "DEBIT"],
    ["BUY", "DEBIT"],
    ["Deposit", "CREDIT"],
    ["SELL", "CREDIT"],
    ["dividend", "OTHERS"],
    ["reversal", "REVERSAL"],
    ["Reversal", "REVERSAL"],
    ["fee", "OTHERS"],
    [null, "OTHERS"],
  ] as const)("%j is %s", (type, kind) => {
    expect(transactionKind(type)).toBe(kind)
  })
})
