import { Context, Effect, Layer } from "effect"
import type { Message } from "../contract/common"
import { Endpoints } from "../contract/endpoints"
import type { Quote } from "../contract/instruments"
import type { CreateOrderRequest } from "../contract/orders"
import { ApiClient } from "./api-client"
import type { ApiFailure } from "./api-errors"

type Call<A> = Effect.Effect<A, ApiFailure>

interface OrdersShape {
  /** POST /users/order; `idempotencyKey` is one per user intent, reused on retry. */
  place(body: CreateOrderRequest, idempotencyKey: string): Call<Message>
  /** PATCH /users/order/{id}/cancel. */
  cancel(orderId: string): Call<Message>
  /** GET /users/instruments/{id}?quote=only: the ask and bid the ticket's MARKET estimates use. */
  quote(instrumentId: string): Call<Quote>
}

/**
 * The order calls of spec part 1 section 7 and part 2 section 7: placing and cancelling an order,
 * and the quote the ticket estimates with. Layers: `layer` (through the ApiClient).
 */
export class Orders extends Context.Service<Orders, OrdersShape>()("chartfolio/services/Orders") {
  static readonly layer: Layer.Layer<Orders, never, ApiClient> = Layer.effect(
    Orders,
    Effect.gen(function* () {
      const api = yield* ApiClient
      return Orders.of({
        place: Effect.fn("Orders.place")(function* (body: CreateOrderRequest, idempotencyKey: string) {
          return yield* api.call(Endpoints.placeOrder, { body, idempotencyKey })
        }),
        cancel: Effect.fn("Orders.cancel")(function* (orderId: string) {
          return yield* api.call(Endpoints.cancelOrder, { params: { id: orderId } })
        }),
        quote: Effect.fn("Orders.quote")(function* (instrumentId: string) {
          return yield* api.call(Endpoints.getQuote, { params: { id: instrumentId }, query: { quote: "only" } })
        }),
      })
    }),
  )
}
