import { describe, expect, it } from "vitest"
import {
  afterOrder,
  buyingPowerIssue,
  defaultTicketAccount,
  estimateAmount,
  estimatedField,
  estimatedFigures,
  estimateQuantity,
  issueFields,
  marketPrice,
  ORDER_FEES,
  orderFigures,
  orderTypesFor,
  ticketFunds,
  validateOrderTicket,
} from "../../../src/domain"

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

  it("estimates a quantity once, rounded down to four significant fraction digits: what the field, the review and the order all carry", () => {
    expect(estimateQuantity("100", "3")).toBe("33.3333")
    expect(estimateQuantity("200", "3")).toBe("66.6666")
    expect(estimateQuantity("100", "4")).toBe("25")
    expect(estimateQuantity("1", "0.3")).toBe("3.3333")
    expect(estimateQuantity("1000000000000000000000", "7")).toBe("142857142857142857142.8571")
    // Below one: four significant digits after the leading zeros, at most 10 fraction digits.
    expect(estimateQuantity("1", "8100")).toBe("0.0001234")
    expect(estimateQuantity("12.6", "150.5")).toBe("0.08372")
    expect(estimateQuantity("1", "1000000000")).toBe("0.000000001")
    // Never above the amount: 12.99999999 is 12.9999, not 13.
    expect(estimateQuantity("12.99999999", "1")).toBe("12.9999")
  })

  it("estimates amount rounded half up to the currency's digits (2 by default)", () => {
    expect(estimateAmount("3", "10.335")).toBe("31.01")
    expect(estimateAmount("0.1", "0.2")).toBe("0.02")
    expect(estimateAmount("1.5", "2")).toBe("3")
    expect(estimateAmount("3", "10.5", 0)).toBe("32")
  })

  it("marks the field the user did not type as the estimate, and in the review what follows from it", () => {
    expect([estimatedField("MARKET", "amount"), estimatedField("MARKET", "quantity"), estimatedField("MARKET", null), estimatedField("LIMIT", null)]).toEqual([
      "quantity",
      "amount",
      null,
      null,
    ])
    // A MARKET SELL by quantity: the quantity is exact, the amount and total are estimates (issue 30).
    expect([...estimatedFigures("MARKET", "SELL", "quantity")].sort()).toEqual(["amount", "price", "total"])
    expect([...estimatedFigures("MARKET", "BUY", "quantity")].sort()).toEqual(["after", "amount", "price", "total"])
    expect([...estimatedFigures("MARKET", "BUY", "amount")].sort()).toEqual(["price", "quantity"])
    expect([...estimatedFigures("MARKET", "SELL", "amount")].sort()).toEqual(["after", "price", "quantity"])
    expect(estimatedFigures("LIMIT", "BUY", null).size).toBe(0)
    expect(estimatedFigures("STOP", "SELL", null).size).toBe(0)
  })

  it("marks the fields a ticket's message is about: price and quantity when a LIMIT or STOP misses either, else the field named", () => {
    const limit = validateOrderTicket({ side: "BUY", type: "LIMIT", price: "25", quantity: null })
    expect(limit?.code).toBe("order.price-and-quantity-required")
    // The message names the first field to correct (the quantity), and both price and quantity are marked.
    expect(limit?.field).toBe("quantity")
    expect(limit && issueFields(limit)).toEqual(["price", "quantity"])
    const market = validateOrderTicket({ side: "SELL", type: "MARKET", amount: null })
    expect(market && issueFields(market)).toEqual(["amount"])
    const aboveCash = buyingPowerIssue({ side: "BUY", type: "LIMIT", price: "10", quantity: "3" }, null, { cash: "20", held: "0" })
    expect(aboveCash && issueFields(aboveCash)).toEqual(["quantity"])
    expect(issueFields({ code: "order.number", field: "price" })).toEqual(["price"])
  })

  it("gives no estimate for missing, malformed or non-positive figures", () => {
    for (const [a, b] of [
      ["", "3"],
      ["100", ""],
      ["0", "3"],
      ["100", "0"],
      ["-1", "3"],
      ["1e2", "3"],
      [null, "3"],
      ["100", undefined],
    ] as const) {
      expect(estimateQuantity(a, b)).toBeNull()
      expect(estimateAmount(a, b)).toBeNull()
    }
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

describe("buying power before sending", () => {
  const funds = { cash: "110", held: "3" }
  const quote = { ask: "40", bid: "32" }
  it("flags a BUY costing more than the cash: the MARKET amount, or a LIMIT's price x quantity", () => {
    expect(buyingPowerIssue({ side: "BUY", type: "MARKET", amount: "110", quantity: "2.75" }, quote, funds)).toBeNull()
    expect(buyingPowerIssue({ side: "BUY", type: "MARKET", amount: "110.01", quantity: "2.75" }, quote, funds)).toEqual({
      code: "order.above-cash",
      field: "amount",
      available: "110",
    })
    expect(buyingPowerIssue({ side: "BUY", type: "LIMIT", price: "36.67", quantity: "3" }, quote, funds)).toEqual({
      code: "order.above-cash",
      field: "quantity",
      available: "110",
    })
    expect(buyingPowerIssue({ side: "BUY", type: "LIMIT", price: "36.66", quantity: "3" }, quote, funds)).toBeNull()
  })
  it("flags a SELL of more than is held, whether typed or estimated from the amount", () => {
    expect(buyingPowerIssue({ side: "SELL", type: "MARKET", amount: "96", quantity: "3" }, quote, funds)).toBeNull()
    expect(buyingPowerIssue({ side: "SELL", type: "MARKET", amount: "100", quantity: "3.125" }, quote, funds)).toEqual({
      code: "order.above-holding",
      field: "quantity",
      available: "3",
    })
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
