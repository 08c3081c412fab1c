import { add, compare, div, isPositive, mul, parseDecimal, round, sub, type Numeric } from "./decimal"
import { MONEY_FRACTION_DIGITS } from "./number-text"

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

/**
 * Why the market refused an order it had accepted (a REJECTED order's reason), with the figures
 * the sentence names. The server stores it beside its English text; clients say it in the user's
 * language from the code and these values (decimal strings), and fall back to the text.
 */
export const ORDER_REJECTION_CODES = ["insufficient_cash", "insufficient_quantity", "too_small", "instrument_unlisted"] as const
export type OrderRejectionCode = (typeof ORDER_REJECTION_CODES)[number]
export type OrderRejection =
  | { readonly code: "insufficient_cash"; readonly currency: string; readonly needed: string; readonly held: string }
  | { readonly code: "insufficient_quantity"; readonly symbol: string; readonly selling: string; readonly held: string }
  | { readonly code: "too_small"; readonly currency: string; readonly price: string }
  | { readonly code: "instrument_unlisted" }

const OPEN_STATUSES: ReadonlyArray<OrderStatus> = ["PENDING", "PROCESSING"]

/**
 * The order lifecycle's moves, the one transition table: the market accepts a PENDING order
 * (PROCESSING) and fills or rejects a PROCESSING one; the customer cancels either open status. A
 * final status has no move. The order engine refuses any other step (server/orders/engine.ts).
 */
export const ORDER_STATUS_MOVES: Readonly<Record<OrderStatus, ReadonlyArray<OrderStatus>>> = {
  PENDING: ["PROCESSING", "CANCELLED"],
  PROCESSING: ["FILLED", "REJECTED", "CANCELLED"],
  FILLED: [],
  REJECTED: [],
  CANCELLED: [],
}

/** Whether an order may move from `from` to `to` (ORDER_STATUS_MOVES). */
export const isOrderMove = (from: OrderStatus, to: OrderStatus): boolean => ORDER_STATUS_MOVES[from].includes(to)

/** True while an order is open (PENDING or PROCESSING): it may still change and may be cancelled. */
export const isOrderOpen = (status: OrderStatus): boolean => OPEN_STATUSES.includes(status)

/** Fraction digits a quantity or a target price may have (what the server keeps). */
export const QUANTITY_FRACTION_DIGITS = 10

/** Fraction digits of an amount (money: the ledger keeps cents). */
export const AMOUNT_FRACTION_DIGITS = MONEY_FRACTION_DIGITS

/** Significant fraction digits of an estimated quantity (after the leading zeros of one below 1). */
export const ESTIMATE_SIGNIFICANT_DIGITS = 4

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
 * The quantity a MARKET amount buys or sells at `price`: amount / price, rounded down (the estimate
 * never costs more than the amount typed) to four significant fraction digits after any leading
 * zeros of a quantity below one, at most 10 ("68.0735194009" is "68.0735", "0.0001234567" is
 * "0.0001234"). The one rounding of the estimate: the ticket's field shows it, the review shows it
 * and the order sends it. Null when either is missing, not a decimal, or not above zero (the
 * ticket then shows no estimate).
 */
export const estimateQuantity = (amount: unknown, price: unknown): string | null => {
  const a = positive(amount)
  const p = positive(price)
  if (!a || !p) return null
  const exact = div(a, p, QUANTITY_FRACTION_DIGITS, "down")
  const [whole = "0", fraction = ""] = exact.split(".")
  const leadingZeros = whole === "0" ? (/^0*/.exec(fraction)?.[0].length ?? 0) : 0
  return round(exact, Math.min(QUANTITY_FRACTION_DIGITS, leadingZeros + ESTIMATE_SIGNIFICANT_DIGITS), "down")
}

/**
 * The amount a MARKET quantity costs or yields at `price`: quantity x price rounded half up to
 * `digits` fraction digits (the currency's, by default 2). Null when either is missing, not a
 * decimal, or not above zero.
 */
export const estimateAmount = (quantity: unknown, price: unknown, digits: number = AMOUNT_FRACTION_DIGITS): string | null => {
  const q = positive(quantity)
  const p = positive(price)
  return q && p ? round(mul(q, p), digits) : null
}

/** The MARKET field that holds an estimate: the one the user did not type (spec part 1 "Order form"); none for LIMIT and STOP or before typing. */
export const estimatedField = (type: OrderType, priority: "amount" | "quantity" | null): "amount" | "quantity" | null =>
  type !== "MARKET" || priority === null ? null : priority === "amount" ? "quantity" : "amount"

/** A figure of the review step. */
export type OrderFigure = "quantity" | "price" | "amount" | "total" | "after"

/**
 * The review's figures that are estimates, marked "(estimated)": for MARKET the price (the ask or
 * bid now; the order fills at the price then), the estimated field (`estimatedField`) and what
 * follows from it: by amount the quantity (and a SELL's holding after), by quantity the amount and
 * total (and a BUY's cash after). LIMIT and STOP: none (the target price times the quantity).
 */
export const estimatedFigures = (type: OrderType, side: OrderSide, priority: "amount" | "quantity" | null): ReadonlySet<OrderFigure> => {
  if (type !== "MARKET") return new Set()
  const field = estimatedField(type, priority ?? "amount")
  if (field === "quantity") return new Set<OrderFigure>(side === "SELL" ? ["price", "quantity", "after"] : ["price", "quantity"])
  return new Set<OrderFigure>(side === "BUY" ? ["price", "amount", "total", "after"] : ["price", "amount", "total"])
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

/** The chosen portfolio's buying power for the ticket's instrument: its cash and the quantity held (decimal strings). */
export interface TicketFunds {
  readonly cash: string
  readonly held: string
}

/** A portfolio's buying power for an instrument, from its details: the cash balance and the position's quantity ("0" when none). */
export const ticketFunds = (
  details: { readonly cashBalance: string; readonly positions: ReadonlyArray<{ readonly instrumentId: string; readonly totalQuantity: string }> },
  instrumentId: string,
): TicketFunds => ({ cash: details.cashBalance, held: details.positions.find((p) => p.instrumentId === instrumentId)?.totalQuantity ?? "0" })

/**
 * An order beyond the portfolio's buying power, flagged before sending: a BUY costing more than
 * the cash ("order.above-cash", on the amount for MARKET, the quantity for LIMIT), a SELL of more
 * than is held ("order.above-holding", on the quantity). `available` is the cash or the holding.
 */
export interface BuyingPowerIssue {
  readonly code: "order.above-cash" | "order.above-holding"
  readonly field: "amount" | "quantity"
  readonly available: string
}

/**
 * The fields a ticket's message is about (the form marks them invalid): price and quantity when a
 * LIMIT or STOP ticket misses either, else the one field the message names.
 */
export const issueFields = (issue: {
  readonly code: string
  readonly field: "amount" | "price" | "quantity"
}): ReadonlyArray<"amount" | "price" | "quantity"> => (issue.code === "order.price-and-quantity-required" ? ["price", "quantity"] : [issue.field])

/** The fees of an order on the reference market: none (one place to change when there are). */
export const ORDER_FEES = "0.00"

/** What a ticket would trade, as far as it is known: quantity, price, amount (quantity x price), fees and the total. */
export interface OrderFigures {
  readonly quantity: string | null
  readonly price: string | null
  readonly amount: string | null
  readonly fees: string
  /** BUY: amount plus fees (what leaves the cash); SELL: amount less fees (what comes in). */
  readonly total: string | null
}

/**
 * The figures of a ticket: for MARKET the amount and quantity of the form (one typed, the other
 * estimated) at the ask (BUY) or bid (SELL); for LIMIT and STOP the target price times the quantity.
 */
export const orderFigures = (fields: OrderTicketFields, quote: { readonly ask?: string | null; readonly bid?: string | null } | null): OrderFigures => {
  const quantity = positive(fields.quantity)
  const price = fields.type === "MARKET" ? positive(marketPrice(fields.side, quote)) : positive(fields.price)
  const amount = fields.type === "MARKET" ? positive(fields.amount) : quantity && price ? round(mul(quantity, price), AMOUNT_FRACTION_DIGITS) : null
  const total = amount === null ? null : fields.side === "BUY" ? add(amount, ORDER_FEES) : sub(amount, ORDER_FEES)
  return { quantity, price, amount, fees: ORDER_FEES, total }
}

/** The ticket beyond the portfolio's buying power (see `BuyingPowerIssue`), or null. */
export const buyingPowerIssue = (
  fields: OrderTicketFields,
  quote: { readonly ask?: string | null; readonly bid?: string | null } | null,
  funds: TicketFunds,
): BuyingPowerIssue | null => {
  const figures = orderFigures(fields, quote)
  if (fields.side === "BUY") {
    return figures.total !== null && compare(figures.total, funds.cash) > 0
      ? { code: "order.above-cash", field: fields.type === "MARKET" ? "amount" : "quantity", available: funds.cash }
      : null
  }
  return figures.quantity !== null && compare(figures.quantity, funds.held) > 0
    ? { code: "order.above-holding", field: "quantity", available: funds.held }
    : null
}

/** What the portfolio has after the order: BUY the cash less the total, SELL the holding less the quantity (null when unknown). */
export const afterOrder = (side: OrderSide, figures: OrderFigures, funds: TicketFunds | null): string | null => {
  if (funds === null) return null
  if (side === "BUY") return figures.total === null ? null : sub(funds.cash, figures.total)
  return figures.quantity === null ? null : sub(funds.held, figures.quantity)
}

/** The fields `validateOrderTicket` reads; numeric fields are the canonical decimals read from the form (null when empty or unreadable). */
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
