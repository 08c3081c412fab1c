/**
 * The simulated market's order rules as pure functions: when an open order fills, at what price,
 * for what quantity and total, and the texts of rejections. No database here (engine.ts applies
 * them). Arithmetic is decimal (src/domain/decimal); prices come from server/market quotes.
 */
import { compare, div, isPositive, mul, normalise, toFixed } from "../../src/domain/decimal"
import type { OrderRejection } from "../../src/domain/order-ticket"
import type { OrderSide, OrderType } from "../db/schema"

/**
 * The lifecycle's timings. An order is PENDING for `acceptAfterMs`, then PROCESSING; from
 * `executeAfterMs` after that a MARKET order fills (or is rejected) at the next engine tick, and
 * a LIMIT or STOP order starts checking the price on every tick until it crosses.
 */
export interface OrderTimings {
  readonly acceptAfterMs: number
  readonly executeAfterMs: number
}

/** The timings the server runs with: about a second per step, so a user sees each one. */
export const ORDER_TIMINGS: OrderTimings = { acceptAfterMs: 1_000, executeAfterMs: 1_000 }

/** How often the running server advances orders. */
export const ORDER_ENGINE_INTERVAL_MS = 500

/** What the rules need of an order row. */
export interface OrderTerms {
  readonly side: OrderSide
  readonly type: OrderType
  readonly priority: "amount" | "quantity" | null
  /** LIMIT and STOP: the target price. */
  readonly price: string | null
  readonly quantity: string | null
  /** MARKET: the amount asked (or estimated, when priority is "quantity"). */
  readonly amount: string | null
}

/** The quote figures an order fills against. */
export interface QuoteSides {
  readonly ask: string
  readonly bid: string
}

/** An execution: at `price`, `quantity` units for `total` (money, two decimals). */
export interface Execution {
  readonly price: string
  readonly quantity: string
  readonly total: string
}

/** Fraction digits of a quantity computed from an amount (rounded down: never more than paid for). */
export const QUANTITY_DIGITS = 10

/** A BUY fills at the ask, a SELL at the bid. */
export const executionPrice = (side: OrderSide, quote: QuoteSides): string => (side === "BUY" ? quote.ask : quote.bid)

/**
 * Whether the price has crossed for the order: MARKET always; LIMIT BUY when ask <= limit, LIMIT
 * SELL when bid >= limit; STOP (SELL) when bid <= stop.
 */
export const isTriggered = (order: OrderTerms, quote: QuoteSides): boolean => {
  if (order.type === "MARKET") return true
  const target = order.price
  if (target === null) return false
  if (order.type === "LIMIT") return order.side === "BUY" ? compare(quote.ask, target) <= 0 : compare(quote.bid, target) >= 0
  return order.side === "SELL" && compare(quote.bid, target) <= 0
}

/** A MARKET order is sized by its amount unless the user typed the quantity. */
export const isSizedByAmount = (order: OrderTerms): boolean =>
  order.type === "MARKET" && !(order.priority === "quantity" && order.quantity !== null && isPositive(order.quantity))

/**
 * The execution of a triggered order at the quote: by amount, quantity = amount / price (rounded
 * down to 10 digits) and total = the amount; otherwise total = quantity x price to the cent.
 */
export const executionOf = (order: OrderTerms, quote: QuoteSides): Execution => {
  const price = executionPrice(order.side, quote)
  if (isSizedByAmount(order)) {
    const amount = toFixed(order.amount ?? "0", 2, "down")
    return { price, quantity: div(amount, price, QUANTITY_DIGITS, "down"), total: amount }
  }
  const quantity = normalise(order.quantity ?? "0")
  return { price, quantity, total: toFixed(mul(quantity, price), 2) }
}

/** "1,234.5" style grouping of a decimal string's integer part. */
const group = (text: string): string => {
  const [whole = "0", fraction] = text.split(".")
  const negative = whole.startsWith("-")
  const digits = negative ? whole.slice(1) : whole
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",")
  return `${negative ? "-" : ""}${grouped}${fraction !== undefined ? `.${fraction}` : ""}`
}

/** Money for messages: "NGN 1,234.00". */
export const moneyText = (currency: string, amount: string): string => `${currency} ${group(toFixed(amount, 2))}`

/** A quantity for messages: "1,250" or "0.5". */
export const quantityText = (quantity: string): string => group(normalise(quantity))

/** The rejection of a BUY the cash cannot pay for. */
export const insufficientCashText = (currency: string, needed: string, held: string): string =>
  `Insufficient cash: the order needs ${moneyText(currency, needed)} and the account holds ${moneyText(currency, held)}.`

/** The rejection of a SELL of more than is held. */
export const insufficientQuantityText = (symbol: string, selling: string, held: string): string =>
  `Insufficient quantity: the order sells ${quantityText(selling)} ${symbol} and the account holds ${quantityText(held)} ${symbol}.`

/** The rejection of an order too small to execute (a quantity or total that rounds to nothing). */
export const tooSmallText = (currency: string, price: string): string =>
  `The order is too small to execute at ${moneyText(currency, price)}: it comes to less than ${moneyText(currency, "0.01")}.`

/** The English sentence of a rejection (the spec's `response.error`), stored beside its codes. */
export const rejectionText = (reason: OrderRejection): string => {
  switch (reason.code) {
    case "insufficient_cash":
      return insufficientCashText(reason.currency, reason.needed, reason.held)
    case "insufficient_quantity":
      return insufficientQuantityText(reason.symbol, reason.selling, reason.held)
    case "too_small":
      return tooSmallText(reason.currency, reason.price)
    case "instrument_unlisted":
      return "The instrument of this order is no longer listed."
  }
}
