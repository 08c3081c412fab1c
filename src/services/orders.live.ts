import { Effect } from "effect"
import { OrderEndpoints as Endpoints } from "../contract/endpoints/orders"
import type { CreateOrderRequest } from "../contract/orders"
import type { ApiClient } from "./api-client"

/** The live Orders service: its calls through the ApiClient (loaded with its first call, `lazyLayer`, which checks it against the service's shape). */
export default (api: ApiClient["Service"]) => {
  return {
    place: Effect.fn("Orders.place")(function* (body: CreateOrderRequest, idempotencyKey: string) {
      return yield* api.call(Endpoints.placeOrder, { body, idempotencyKey })
    }),
    cancel: Effect.fn("Orders.cancel")(function* (orderId: string) {
      return yield* api.call(Endpoints.cancelOrder, { params: { id: orderId } })
    }),
    quote: Effect.fn("Orders.quote")(function* (instrumentId: string) {
      return yield* api.call(Endpoints.getQuote, { params: { id: instrumentId }, query: { quote: "only" } })
    }),
  }
}
