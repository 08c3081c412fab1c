/**
 * Price alerts (issue 36; server/queries/price-alerts.ts says the rules), all of the signed-in user:
 *   GET    /users/price-alerts              PriceAlertList, newest first
 *   POST   /users/price-alerts              CreatePriceAlertRequest -> PriceAlert, 201 (Idempotency-Key;
 *                                           past the most armed alerts: 409 price_alert.too_many)
 *   PATCH  /users/price-alerts/:id          EditPriceAlertRequest -> PriceAlert (the state stays)
 *   PUT    /users/price-alerts/:id/state    PriceAlertStateRequest -> PriceAlert (arm again, or pause)
 *   DELETE /users/price-alerts/:id          PriceAlertList
 * Another user's (or an unknown) alert id, or an instrument the user cannot see: 404.
 */
import {
  CreatePriceAlertRequest,
  EditPriceAlertRequest,
  PriceAlertStateRequest,
  type PriceAlert,
  type PriceAlertList,
} from "../../../src/contract/price-alerts"
import { requireSession } from "../../auth/session"
import { createPriceAlert, deletePriceAlert, editPriceAlert, listPriceAlerts, setPriceAlertState } from "../../queries/price-alerts"
import { decodeOrBadRequest, parseJsonBody } from "../body"
import type { ApiRoutes } from "../context"
import { idempotent } from "../idempotency"

export const priceAlertRoutes: ApiRoutes = {
  name: "price-alerts",
  mount: (api, deps) => {
    const { db } = deps.database
    const signedIn = requireSession(deps, { satisfied: true })
    const once = idempotent(deps)

    api.get("/users/price-alerts", signedIn, async (c) => {
      const answer: PriceAlertList = await listPriceAlerts(db, c.get("session").userId)
      return c.json(answer)
    })

    api.post("/users/price-alerts", signedIn, once, async (c) => {
      const body = decodeOrBadRequest(CreatePriceAlertRequest, parseJsonBody(c.get("rawBody")))
      const answer: PriceAlert = await createPriceAlert(db, c.get("session").userId, body)
      return c.json(answer, 201)
    })

    api.patch("/users/price-alerts/:id", signedIn, async (c) => {
      const body = decodeOrBadRequest(EditPriceAlertRequest, parseJsonBody(c.get("rawBody")))
      const answer: PriceAlert = await editPriceAlert(db, c.get("session").userId, c.req.param("id"), body)
      return c.json(answer)
    })

    api.put("/users/price-alerts/:id/state", signedIn, async (c) => {
      const body = decodeOrBadRequest(PriceAlertStateRequest, parseJsonBody(c.get("rawBody")))
      const answer: PriceAlert = await setPriceAlertState(db, c.get("session").userId, c.req.param("id"), body.state)
      return c.json(answer)
    })

    api.delete("/users/price-alerts/:id", signedIn, async (c) => {
      const answer: PriceAlertList = await deletePriceAlert(db, c.get("session").userId, c.req.param("id"))
      return c.json(answer)
    })
  },
}
