import { div, isPositive, mul, parseDecimal, round, type Numeric } from "./decimal"

/** The order sides. */
export const ORDER_SIDES = ["BUY", "SELL"] as const
/** Order side. */
export type OrderSide = (typeof ORDER_SIDES)[number]

/** The order types; STOP is the stop-loss type, offered only when selling. */
export const ORDER_TYPES = ["MARKET", "LIMIT", "STOP"] as const
/** Order type. */
export type OrderType = (typeof ORDER_TYPES)[number]

/**
 * The order lifecycle: PENDING, PROCESSING, then FILLED, REJECTED or CANCELLED. PENDING and
 * PROCESSING are the open statuses: such an order may still change, and may be cancelled.
 */
export const ORDER_STATUSES = ["PENDING", "PROCESSING", "FILLED", "REJECTED", "CANCELLED"] as const
/** Order status. */
export type OrderStatus = (typeof ORDER_STATUSES)[number]

const OPEN_STATUSES: ReadonlyArray<OrderStatus> = ["PENDING", "PROCESSING"]

/** True while an order is open (PENDING or PROCESSING): it may still change and may be cancelled. */
export const isOrderOpen = (status: OrderStatus): boolean => OPEN_STATUSES.includes(status)

/** Fraction digits of an estimated quantity and of a numeric field reformatted on blur. */
export const QUANTITY_FRACTION_DIGITS = 10

/** Fraction digits of an estimated amount. */
export const AMOUNT_FRACTION_DIGITS = 2

/** The order types the ticket offers for a side (spec part 1 section 4): Stop Loss only for SELL. */
export const orderTypesFor = (side: OrderSide): ReadonlyArray<OrderType> => (side === "SELL" ? ORDER_TYPES : ["MARKET", "LIMIT"])

/** True when the ticket offers `type` for `side` (Stop Loss only for SELL). */
export const isOrderTypeOffered = (side: OrderSide, type: OrderType): boolean => orderTypesFor(side).includes(type)

/** The price a MARKET order is estimated at: the quote's ask for BUY, its bid for SELL (null when absent). */
export const marketPrice = <P>(side: OrderSide, quote: { readonly ask?: P | null; readonly bid?: P | null } | null | undefined): P | null =>
  (side === "BUY" ? quote?.ask : quote?.bid) ?? null

const positive = (value: unknown): string | null => {
  const d = parseDecimal(value)
  return d !== null && isPositive(d) ? d : null
}

/**
 * The quantity a MARKET amount buys or sells at `price`: amount / price with at most 10 fraction
 * digits, rounded down so the estimate never costs more than the amount typed. Null when either
 * is missing, not a decimal, or not above zero (the ticket then shows no estimate).
 */
export const estimateQuantity = (amount: unknown, price: unknown): string | null => {
  const a = positive(amount)
  const p = positive(price)
  return a && p ? div(a, p, QUANTITY_FRACTION_DIGITS, "down") : null
}

/**
 * The amount a MARKET quantity costs or yields at `price`: quantity x price rounded half up to at
 * most 2 fraction digits. Null when either is missing, not a decimal, or not above zero.
 */
export const estimateAmount = (quantity: unknown, price: unknown): string | null => {
  const q = positive(quantity)
  const p = positive(price)
  return q && p ? round(mul(q, p), AMOUNT_FRACTION_DIGITS) : null
}

/**
 * A numeric order field as it reads after blur: surrounding spaces dropped, normalised, at most
 * `digits` (default 10) fraction digits, rounded half up ("0012.50" -> "12.5", ".5" -> "0.5").
 * Text that is not a plain decimal is returned unchanged so validation can flag it, and empty
 * text stays empty.
 */
export const reformatOnBlur = (text: string, digits: number = QUANTITY_FRACTION_DIGITS): string => {
  const d = parseDecimal(text.trim())
  return d === null ? text : round(d, digits)
}

/**
 * A validation failure of the order ticket, as a code the views translate with `type` and `side`
 * as parameters. English texts (spec part 1 section 5):
 * "order.amount-required" -> 'Valid Amount required for {type} {side}';
 * "order.price-and-quantity-required" -> 'Valid Target Price and Quantity required for {type} {side}'.
 */
export interface OrderTicketIssue {
  readonly code: "order.amount-required" | "order.price-and-quantity-required"
  readonly params: { readonly type: OrderType; readonly side: OrderSide }
  /** The first field to correct. */
  readonly field: "amount" | "price" | "quantity"
}

/** The fields `validateOrderTicket` reads; numeric fields are the texts of the form. */
export interface OrderTicketFields {
  readonly side: OrderSide
  readonly type: OrderType
  readonly amount?: Numeric | null
  readonly price?: Numeric | null
  readonly quantity?: Numeric | null
}

/**
 * The ticket's validation (spec part 1 section 5), or null when it may be submitted: MARKET needs
 * an amount above 0; LIMIT and STOP need both price and quantity above 0. Missing or malformed
 * numbers count as not above 0.
 */
export const validateOrderTicket = (fields: OrderTicketFields): OrderTicketIssue | null => {
  const params = { type: fields.type, side: fields.side }
  if (fields.type === "MARKET") return positive(fields.amount) ? null : { code: "order.amount-required", params, field: "amount" }
  if (positive(fields.price) && positive(fields.quantity)) return null
  return { code: "order.price-and-quantity-required", params, field: positive(fields.price) ? "quantity" : "price" }
}

/**
 * The portfolio the ticket starts with: the selected one when it can trade the instrument's
 * currency (any, while the currency is unknown), else the first one that can; null when none can.
 */
export const defaultTicketAccount = (
  accounts: ReadonlyArray<{ readonly accountId: string; readonly currency: string }>,
  selectedId: string | null,
  currency: string | null,
): string | null => {
  const fits = (a: { currency: string }) => currency === null || a.currency === currency
  const selected = accounts.find((a) => a.accountId === selectedId)
  if (selected && fits(selected)) return selected.accountId
  return accounts.find(fits)?.accountId ?? null
}
