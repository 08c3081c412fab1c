import { describe, expect, it } from "vitest"
import { conversionRate, convertAmount, FX_QUOTE_VALIDITY_MS, isBelowPayoutMinimum, isQuoteExpired, needsConversion } from "../../../src/domain/fx"

const usdNgn = { base: "USD", quote: "NGN", bid: "1476.25", ask: "1482.19" }

describe("currency conversion of a payout (issue 30)", () => {
  it("converts only between two different, known currencies", () => {
    expect(needsConversion("USD", "NGN")).toBe(true)
    expect(needsConversion("ngn", "USD")).toBe(true)
    expect(needsConversion("USD", "usd")).toBe(false)
    expect(needsConversion("USD", null)).toBe(false)
    expect(needsConversion("", "NGN")).toBe(false)
  })

  it("sells the base currency at the bid and buys it at the ask, one over the ask rounded down to ten decimals", () => {
    expect(conversionRate(usdNgn, "USD", "NGN")).toBe("1476.25")
    // 1 / 1482.19 = 0.00067467733556...: cut, never rounded up past what the market gives.
    expect(conversionRate(usdNgn, "NGN", "USD")).toBe("0.0006746773")
    expect(conversionRate(usdNgn, "USD", "EUR")).toBeNull()
    expect(conversionRate({ ...usdNgn, ask: "0" }, "NGN", "USD")).toBeNull()
  })

  it("pays out whole cents, rounded down, in exact decimals", () => {
    expect(convertAmount("1000.00", "1476.25")).toBe("1476250.00")
    expect(convertAmount("150000.00", "0.0006746773")).toBe("101.20")
    expect(convertAmount("0.07", "0.0006746773")).toBe("0.00")
    expect(convertAmount("0.1", "3")).toBe("0.30")
    expect(isBelowPayoutMinimum("0.00")).toBe(true)
    expect(isBelowPayoutMinimum("0.01")).toBe(false)
  })

  it("holds a quote for a minute: usable at its expiry, not a millisecond after", () => {
    expect(FX_QUOTE_VALIDITY_MS).toBe(60_000)
    expect(isQuoteExpired(1_000, 1_000)).toBe(false)
    expect(isQuoteExpired(1_000, 1_001)).toBe(true)
  })
})
