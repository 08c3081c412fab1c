import { describe, expect, it } from "vitest"
import { accountValue, DecimalError, margin, positionsValue, profitLoss, toneOf } from "../../../src/domain"

describe("profit and loss", () => {
  it("is equity minus cost, with a percentage of cost to two decimals", () => {
    expect(profitLoss({ equityBalance: "1200.50", costBasis: "1000" })).toEqual({ amount: "200.5", percentage: "20.05", sign: 1, tone: "positive" })
    expect(profitLoss({ equityBalance: "900", costBasis: "1000" })).toEqual({ amount: "-100", percentage: "-10", sign: -1, tone: "negative" })
    expect(profitLoss({ equityBalance: "3", costBasis: "3" })).toEqual({ amount: "0", percentage: "0", sign: 0, tone: "zero" })
  })

  it("rounds the percentage half up", () => {
    expect(profitLoss({ equityBalance: "2", costBasis: "3" }).percentage).toBe("-33.33")
    expect(profitLoss({ equityBalance: "4", costBasis: "3" }).percentage).toBe("33.33")
    expect(profitLoss({ equityBalance: "1.00005", costBasis: "1" }).percentage).toBe("0.01")
  })

  it("gives a 0 percentage when cost basis is 0 or negative", () => {
    expect(profitLoss({ equityBalance: "50", costBasis: "0" })).toEqual({ amount: "50", percentage: "0", sign: 1, tone: "positive" })
    expect(profitLoss({ equityBalance: "50", costBasis: "-10" })).toEqual({ amount: "60", percentage: "0", sign: 1, tone: "positive" })
    expect(profitLoss({ equityBalance: "0.01", costBasis: "0.01" }).percentage).toBe("0")
  })

  it("accepts API numbers without float error", () => {
    expect(profitLoss({ equityBalance: 0.3, costBasis: 0.1 }).amount).toBe("0.2")
  })

  it("names the tone of any figure", () => {
    expect(toneOf("-0.01")).toBe("negative")
    expect(toneOf("0.00")).toBe("zero")
    expect(toneOf("5")).toBe("positive")
  })
})

describe("account value", () => {
  it("sums position values exactly and adds cash", () => {
    const positions = [{ equityBalance: "0.1" }, { equityBalance: 0.2 }, { equityBalance: null }, {}]
    expect(positionsValue(positions)).toBe("0.3")
    expect(positionsValue([])).toBe("0")
    expect(accountValue(positionsValue(positions), "-0.3")).toBe("0")
    expect(accountValue("100000000000000000000.01", "0.99")).toBe("100000000000000000001")
    expect(accountValue(undefined, "5")).toBe("5")
  })

  it("refuses a malformed balance", () => {
    expect(() => positionsValue([{ equityBalance: "12abc" }])).toThrow(DecimalError)
  })
})

describe("margin", () => {
  const portfolio = { multiplier: "2", equity: "1000", long_market_value: "1500" }

  it("is hidden when the multiplier is missing, below or exactly 1", () => {
    expect(margin(undefined, "0")).toBeNull()
    expect(margin({ equity: "1000" }, "0")).toBeNull()
    expect(margin({ ...portfolio, multiplier: "1" }, "0")).toBeNull()
    expect(margin({ ...portfolio, multiplier: 1 }, "0")).toBeNull()
    expect(margin({ ...portfolio, multiplier: "0.5" }, "0")).toBeNull()
  })

  it("is shown just above 1", () => {
    expect(margin({ ...portfolio, multiplier: "1.0001" }, "10")).toEqual({ totalMargin: "0.1", marginBalance: "0.1" })
  })

  it("uses Total Margin as the balance when cash is zero or more", () => {
    expect(margin(portfolio, "0")).toEqual({ totalMargin: "1000", marginBalance: "1000" })
    expect(margin(portfolio, "250.75")).toEqual({ totalMargin: "1000", marginBalance: "1000" })
  })

  it("adds equity and removes long market value when cash is negative", () => {
    expect(margin(portfolio, "-0.01")).toEqual({ totalMargin: "1000", marginBalance: "500" })
    expect(margin({ multiplier: 1.5, equity: "200.10", long_market_value: "100.05" }, "-1")).toEqual({
      totalMargin: "100.05",
      marginBalance: "200.1",
    })
  })
})
