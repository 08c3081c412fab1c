import { Message } from "../common"
import { Quote, QuoteOnlyQuery } from "../instruments"
import { CreateOrderRequest } from "../orders"
import { endpoint, pathParams } from "../endpoint"

/** The order ticket's calls: the instrument's quote, placing and cancelling an order (spec parts 1 and 2). */
export const OrderEndpoints = {
  getQuote: endpoint({ name: "getQuote", method: "GET", path: "/users/instruments/:id", params: pathParams("id"), query: QuoteOnlyQuery, response: Quote }),
  placeOrder: endpoint({ name: "placeOrder", method: "POST", path: "/users/order", request: CreateOrderRequest, response: Message, idempotent: true }),
  cancelOrder: endpoint({ name: "cancelOrder", method: "PATCH", path: "/users/order/:id/cancel", params: pathParams("id"), response: Message }),
} as const
