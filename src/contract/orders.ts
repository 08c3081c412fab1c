/**
 * Orders: the order as lists and details show it, and the create-order body with the ticket's
 * validation (spec part 1 sections 3, 4, 5 and 7; part 2 sections 2 and 3).
 */
import { Schema } from "effect"
import { isOrderTypeOffered, ORDER_SIDES, ORDER_STATUSES, ORDER_TYPES, validateOrderTicket } from "../domain/order-ticket"
import { CurrencyCode, Decimal, IsoDate, requiredLiterals, requiredString } from "./common"

/** BUY or SELL. */
export const OrderSide = Schema.Literals(ORDER_SIDES)
export type OrderSide = typeof OrderSide.Type

/** MARKET, LIMIT or STOP (STOP is the ticket's Stop Loss, offered for SELL only). */
export const OrderType = Schema.Literals(ORDER_TYPES)
export type OrderType = typeof OrderType.Type

/**
 * The order lifecycle the reference server emits: PENDING, PROCESSING, then FILLED, REJECTED or
 * CANCELLED. Decoded strictly: any other status is a contract error. Only PENDING and
 * PROCESSING can be cancelled.
 */
export const OrderStatus = Schema.Literals(ORDER_STATUSES)
export type OrderStatus = typeof OrderStatus.Type

/** Which MARKET field the user typed (the other is an estimate); null for LIMIT and STOP. */
export const OrderPriority = Schema.Literals(["amount", "quantity"])
export type OrderPriority = typeof OrderPriority.Type

/** One step of an order's progress timeline, oldest first. */
export const OrderProgress = Schema.Struct({
  status: OrderStatus,
  time: IsoDate,
})
export type OrderProgress = typeof OrderProgress.Type

/**
 * Why a REJECTED order was refused, with the figures its sentence names (decimal strings), so a
 * client can say it in the user's language (src/domain/order-ticket.ts `OrderRejection`).
 */
export const OrderRejection = Schema.Union([
  Schema.Struct({ code: Schema.Literal("insufficient_cash"), currency: CurrencyCode, needed: Decimal, held: Decimal }),
  Schema.Struct({ code: Schema.Literal("insufficient_quantity"), symbol: Schema.String, selling: Decimal, held: Decimal }),
  Schema.Struct({ code: Schema.Literal("too_small"), currency: CurrencyCode, price: Decimal }),
  Schema.Struct({ code: Schema.Literal("instrument_unlisted") }),
])
export type OrderRejection = typeof OrderRejection.Type

/**
 * The upstream answer attached to an order; `error` is shown as 'Error Message' when present.
 * `reason` (an addition to the spec's shape, optional) says the same in codes and figures.
 */
export const OrderResponse = Schema.Struct({ error: Schema.NullOr(Schema.String), reason: Schema.optionalKey(OrderRejection) })
export type OrderResponse = typeof OrderResponse.Type

/**
 * An order. Money fields are decimal strings: `amount` (for MARKET by amount, what was asked;
 * otherwise price x quantity), `quantity`, `price` (null for a MARKET order not yet filled) and
 * `total` (amount plus fees once filled, else null).
 */
export const Order = Schema.Struct({
  id: Schema.String,
  accountId: Schema.String,
  instrumentId: Schema.String,
  symbol: Schema.String,
  side: OrderSide,
  type: OrderType,
  status: OrderStatus,
  priority: Schema.NullOr(OrderPriority),
  quantity: Decimal,
  price: Schema.NullOr(Decimal),
  amount: Decimal,
  total: Schema.NullOr(Decimal),
  currency: CurrencyCode,
  country: Schema.NullOr(Schema.String),
  exchange: Schema.String,
  provider: Schema.String,
  created: IsoDate,
  response: Schema.NullOr(OrderResponse),
  progress: Schema.Array(OrderProgress),
})
export type Order = typeof Order.Type

export { ORDER_CREATED_MESSAGE } from "./messages"

/** The English texts of the ticket's validation failures (the domain's codes). */
const ORDER_ISSUE_TEXT = {
  "order.amount-required": (type: string, side: string) => `Valid Amount required for ${type} ${side}`,
  "order.price-and-quantity-required": (type: string, side: string) => `Valid Target Price and Quantity required for ${type} ${side}`,
} as const

/**
 * POST /users/order body (send an Idempotency-Key). MARKET needs `amount` above 0 ('Valid Amount
 * required for {type} {side}'), with `quantity` the estimate and `priority` the field the user
 * typed; LIMIT and STOP need `price` and `quantity` above 0 ('Valid Target Price and Quantity
 * required for {type} {side}') and no priority; STOP is SELL only. Answer: `Message` with
 * `ORDER_CREATED_MESSAGE`.
 */
export const CreateOrderRequest = Schema.Struct({
  accountId: requiredString("Select Portfolio"),
  instrumentId: requiredString(),
  side: requiredLiterals(ORDER_SIDES, "Select BUY or SELL"),
  type: requiredLiterals(ORDER_TYPES, "Select an order type"),
  priority: Schema.optionalKey(Schema.NullOr(OrderPriority)),
  amount: Schema.optionalKey(Decimal),
  quantity: Schema.optionalKey(Decimal),
  price: Schema.optionalKey(Decimal),
}).check(
  Schema.makeFilter((o) => {
    if (!isOrderTypeOffered(o.side, o.type)) return { path: ["type"], issue: "Stop Loss is available for SELL only" }
    const issue = validateOrderTicket(o)
    return issue === null || { path: [issue.field], issue: ORDER_ISSUE_TEXT[issue.code](o.type, o.side) }
  }),
)
export type CreateOrderRequest = typeof CreateOrderRequest.Type
