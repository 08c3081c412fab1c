/**
 * Orders: the order as lists and details show it, and the create-order body with the ticket's
 * validation (spec part 1 sections 3, 4, 5 and 7; part 2 sections 2 and 3).
 */
import { Schema } from "effect"
import { CurrencyCode, Decimal, IsoDate, requiredLiterals, requiredString } from "./common"

/** BUY or SELL. */
export const OrderSide = Schema.Literals(["BUY", "SELL"])
export type OrderSide = typeof OrderSide.Type

/** MARKET, LIMIT or STOP (STOP is the ticket's Stop Loss, offered for SELL only). */
export const OrderType = Schema.Literals(["MARKET", "LIMIT", "STOP"])
export type OrderType = typeof OrderType.Type

/**
 * The order lifecycle the reference server emits: PENDING, PROCESSING, then FILLED, REJECTED or
 * CANCELLED. Decoded strictly: any other status is a contract error. Only PENDING and
 * PROCESSING can be cancelled.
 */
export const OrderStatus = Schema.Literals(["PENDING", "PROCESSING", "FILLED", "REJECTED", "CANCELLED"])
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

/** The upstream answer attached to an order; `error` is shown as 'Error Message' when present. */
export const OrderResponse = Schema.Struct({ error: Schema.NullOr(Schema.String) })
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

const DECIMAL = /^-?\d+(\.\d+)?$/
const isPositive = (value: string | undefined): boolean =>
  value !== undefined && DECIMAL.test(value) && !value.startsWith("-") && /[1-9]/.test(value)

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
  side: requiredLiterals(["BUY", "SELL"], "Select BUY or SELL"),
  type: requiredLiterals(["MARKET", "LIMIT", "STOP"], "Select an order type"),
  priority: Schema.optionalKey(Schema.NullOr(OrderPriority)),
  amount: Schema.optionalKey(Decimal),
  quantity: Schema.optionalKey(Decimal),
  price: Schema.optionalKey(Decimal),
}).check(
  Schema.makeFilter((o) => {
    if (o.type === "STOP" && o.side !== "SELL") return { path: ["type"], issue: "Stop Loss is available for SELL only" }
    if (o.type === "MARKET") {
      return isPositive(o.amount) || { path: ["amount"], issue: `Valid Amount required for ${o.type} ${o.side}` }
    }
    return (
      (isPositive(o.price) && isPositive(o.quantity)) || {
        path: [isPositive(o.price) ? "quantity" : "price"],
        issue: `Valid Target Price and Quantity required for ${o.type} ${o.side}`,
      }
    )
  }),
)
export type CreateOrderRequest = typeof CreateOrderRequest.Type
