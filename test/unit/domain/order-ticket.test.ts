import { describe, expect, it } from "vitest"
import { defaultTicketAccount, estimateAmount, estimateQuantity, marketPrice, orderTypesFor, reformatOnBlur, validateOrderTicket } from "../../../src/domain"

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
