import { Context, Effect, Layer } from "effect"
import type { Message } from "../contract/common"
import type { Quote } from "../contract/instruments"
import type { CreateOrderRequest } from "../contract/orders"
import type { ApiClient } from "./api-client"
import type { ApiFailure } from "./api-errors"
import { lazyLayer } from "./lazy-service"

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
  static readonly layer: Layer.Layer<Orders, never, ApiClient> = lazyLayer(Orders, () => import("./orders.live"))
}
