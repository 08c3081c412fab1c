import { describe, expect, it } from "vitest"
import { afterOrder, buyingPowerIssue, defaultTicketAccount, estimateAmount, estimateQuantity, isDecimalDraft, marketPrice, ORDER_FEES, orderFigures, orderTypesFor, reformatOnBlur, shownEstimate, ticketFunds, validateOrderTicket } from "../../../src/domain"

describe("order ticket rules", () => {
  it("offers Stop only when selling", () => {
    expect(orderTypesFor("BUY")).toEqual(["MARKET", "LIMIT"])
    expect(orderTypesFor("SELL")).toEqual(["MARKET", "LIMIT", "STOP"])
  })

  it("prices a MARKET order at the ask when buying and the bid when selling", () => {
    const quote = { ask: "10.5", bid: "10.4" }
    expect(marketPrice("BUY", quote)).toBe("10.5")
    expect(marketPrice("SELL", quote)).toBe("10.4")
    expect(marketPrice("SELL", { ask: "1" })).toBeNull()
    expect(marketPrice("BUY", null)).toBeNull()
  })

  it("estimates quantity to at most 10 fraction digits, never above the amount", () => {
    expect(estimateQuantity("100", "3")).toBe("33.3333333333")
    expect(estimateQuantity("200", "3")).toBe("66.6666666666")
    expect(estimateQuantity("100", "4")).toBe("25")
    expect(estimateQuantity("1", "0.3")).toBe("3.3333333333")
    expect(estimateQuantity("1000000000000000000000", "7")).toBe("142857142857142857142.8571428571")
  })

  it("shows an estimated quantity with four significant fraction digits, rounded down, and sends it exact", () => {
    expect(shownEstimate("68.0735194009")).toBe("68.0735")
    expect(shownEstimate("33.3333333333")).toBe("33.3333")
    expect(shownEstimate("25")).toBe("25")
    expect(shownEstimate("2.5")).toBe("2.5")
    expect(shownEstimate("0.0001234567")).toBe("0.0001234")
    expect(shownEstimate("0.0000000012")).toBe("0.0000000012")
    expect(shownEstimate("12.99999999")).toBe("12.9999")
    expect(shownEstimate("")).toBe("")
    expect(shownEstimate("abc")).toBe("abc")
  })

  it("estimates amount rounded half up to 2 digits", () => {
    expect(estimateAmount("3", "10.335")).toBe("31.01")
    expect(estimateAmount("0.1", "0.2")).toBe("0.02")
    expect(estimateAmount("1.5", "2")).toBe("3")
  })

  it("gives no estimate for missing, malformed or non-positive figures", () => {
    for (const [a, b] of [["", "3"], ["100", ""], ["0", "3"], ["100", "0"], ["-1", "3"], ["1e2", "3"], [null, "3"], ["100", undefined]] as const) {
      expect(estimateQuantity(a, b)).toBeNull()
      expect(estimateAmount(a, b)).toBeNull()
    }
  })

  it("reformats a field on blur to at most 10 fraction digits", () => {
    expect(reformatOnBlur("0012.50")).toBe("12.5")
    expect(reformatOnBlur(" .5 ")).toBe("0.5")
    expect(reformatOnBlur("1.123456789012")).toBe("1.123456789")
    expect(reformatOnBlur("1.12345678905")).toBe("1.1234567891")
    expect(reformatOnBlur("12.345", 2)).toBe("12.35")
    expect(reformatOnBlur("")).toBe("")
    expect(reformatOnBlur("abc")).toBe("abc")
  })

  it("requires an amount above 0 for MARKET", () => {
    expect(validateOrderTicket({ side: "BUY", type: "MARKET", amount: "0.01" })).toBeNull()
    for (const amount of ["0", "", "-5", "x", null, undefined]) {
      expect(validateOrderTicket({ side: "BUY", type: "MARKET", amount })).toEqual({
        code: "order.amount-required",
        params: { type: "MARKET", side: "BUY" },
        field: "amount",
      })
    }
  })

  it("requires price and quantity above 0 for LIMIT and STOP", () => {
    expect(validateOrderTicket({ side: "SELL", type: "STOP", price: "9.5", quantity: "1" })).toBeNull()
    expect(validateOrderTicket({ side: "BUY", type: "LIMIT", price: "9.5", quantity: "0", amount: "100" })).toEqual({
      code: "order.price-and-quantity-required",
      params: { type: "LIMIT", side: "BUY" },
      field: "quantity",
    })
    expect(validateOrderTicket({ side: "SELL", type: "STOP", price: "0", quantity: "3" })?.code).toBe("order.price-and-quantity-required")
    expect(validateOrderTicket({ side: "SELL", type: "LIMIT", quantity: "3" })).toMatchObject({ params: { type: "LIMIT", side: "SELL" }, field: "price" })
  })
})

describe("the ticket's default portfolio", () => {
  const accounts = [
    { accountId: "ngn", currency: "NGN" },
    { accountId: "usd-1", currency: "USD" },
    { accountId: "usd-2", currency: "USD" },
  ]
  it("is the selected portfolio while the instrument's currency is unknown, or when it matches", () => {
    expect(defaultTicketAccount(accounts, "ngn", null)).toBe("ngn")
    expect(defaultTicketAccount(accounts, "usd-2", "USD")).toBe("usd-2")
  })
  it("is the first portfolio in the instrument's currency when the selected one is in another", () => {
    expect(defaultTicketAccount(accounts, "ngn", "USD")).toBe("usd-1")
    expect(defaultTicketAccount(accounts, null, "NGN")).toBe("ngn")
  })
  it("is none when no portfolio can trade the currency, or there are none", () => {
    expect(defaultTicketAccount(accounts, "ngn", "EUR")).toBeNull()
    expect(defaultTicketAccount([], null, null)).toBeNull()
  })
})

describe("what a numeric order field may be typed as", () => {
  it("takes digits with at most one decimal point, and nothing else", () => {
    for (const ok of ["", "0", "12", "12.", ".5", "0.1250000001"]) expect(isDecimalDraft(ok), ok).toBe(true)
    for (const bad of ["a", "1e3", "-3", "+3", "1.2.3", "1,5", " 1", "1 000", "١٢"]) expect(isDecimalDraft(bad), bad).toBe(false)
  })
})

describe("buying power before sending", () => {
  const funds = { cash: "110", held: "3" }
  const quote = { ask: "40", bid: "32" }
  it("flags a BUY costing more than the cash: the MARKET amount, or a LIMIT's price x quantity", () => {
    expect(buyingPowerIssue({ side: "BUY", type: "MARKET", amount: "110", quantity: "2.75" }, quote, funds)).toBeNull()
    expect(buyingPowerIssue({ side: "BUY", type: "MARKET", amount: "110.01", quantity: "2.75" }, quote, funds)).toEqual({ code: "order.above-cash", field: "amount", available: "110" })
    expect(buyingPowerIssue({ side: "BUY", type: "LIMIT", price: "36.67", quantity: "3" }, quote, funds)).toEqual({ code: "order.above-cash", field: "quantity", available: "110" })
    expect(buyingPowerIssue({ side: "BUY", type: "LIMIT", price: "36.66", quantity: "3" }, quote, funds)).toBeNull()
  })
  it("flags a SELL of more than is held, whether typed or estimated from the amount", () => {
    expect(buyingPowerIssue({ side: "SELL", type: "MARKET", amount: "96", quantity: "3" }, quote, funds)).toBeNull()
    expect(buyingPowerIssue({ side: "SELL", type: "MARKET", amount: "100", quantity: "3.125" }, quote, funds)).toEqual({ code: "order.above-holding", field: "quantity", available: "3" })
    expect(buyingPowerIssue({ side: "SELL", type: "STOP", price: "30", quantity: "3.0000000001" }, quote, funds)).toMatchObject({ code: "order.above-holding" })
  })
  it("reviews the figures exactly: price, amount, fees, total, and the cash or holding after", () => {
    const buy = orderFigures({ side: "BUY", type: "LIMIT", price: "0.1", quantity: "3" }, quote)
    expect(buy).toEqual({ quantity: "3", price: "0.1", amount: "0.3", fees: ORDER_FEES, total: "0.3" })
    expect(afterOrder("BUY", buy, funds)).toBe("109.7")
    const sell = orderFigures({ side: "SELL", type: "MARKET", amount: "96", quantity: "3" }, quote)
    expect(sell).toMatchObject({ price: "32", amount: "96" })
    expect(afterOrder("SELL", sell, funds)).toBe("0")
    expect(afterOrder("BUY", buy, null)).toBeNull()
  })
  it("reads a portfolio's cash and its holding of the instrument (none held: 0)", () => {
    const details = { cashBalance: "5.5", positions: [{ instrumentId: "I1", totalQuantity: "2.5" }] }
    expect(ticketFunds(details, "I1")).toEqual({ cash: "5.5", held: "2.5" })
    expect(ticketFunds(details, "I2")).toEqual({ cash: "5.5", held: "0" })
  })
})
