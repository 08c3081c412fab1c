/**
 * POST /users/order (CreateOrderRequest, with an Idempotency-Key) and PATCH /users/order/:id/cancel
 * (issue 5), both for a signed-in user whose one-time code is satisfied. Answers: a Message
 * ('Order Created Successfully' / 'Order Cancelled Successfully'). The rules are in
 * server/orders/place.ts; the lifecycle after placement in server/orders/engine.ts.
 */
import { CreateOrderRequest } from "../../../src/contract/orders"
import { requireSession } from "../../auth/session"
import { cancelOrder, ORDER_CANCELLED_MESSAGE, orderCreated, placeOrder } from "../../orders/place"
import { decodeOrBadRequest, parseJsonBody } from "../body"
import type { ApiRoutes } from "../context"
import { idempotent } from "../idempotency"

export const orderRoutes: ApiRoutes = {
  name: "orders",
  mount: (api, deps) => {
    const signedIn = requireSession(deps, { satisfied: true })
    const once = idempotent(deps)

    api.post("/users/order", signedIn, once, async (c) => {
      const request = decodeOrBadRequest(CreateOrderRequest, parseJsonBody(c.get("rawBody")))
      await placeOrder(deps.database.db, c.get("session").userId, request, deps.now())
      return c.json(orderCreated, 200)
    })

    api.patch("/users/order/:id/cancel", signedIn, async (c) => {
      await cancelOrder(deps.database.db, c.get("session").userId, c.req.param("id"), deps.now())
      return c.json({ message: ORDER_CANCELLED_MESSAGE }, 200)
    })
  },
}
