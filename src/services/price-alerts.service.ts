import { Context, Effect, Layer } from "effect"
import type { CreatePriceAlertRequest, EditPriceAlertRequest, PriceAlert, PriceAlertList } from "../contract/price-alerts"
import type { PriceAlertSettableState } from "../domain/price-alert"
import type { ApiClient } from "./api-client"
import type { ApiFailure } from "./api-errors"
import { lazyLayer } from "./lazy-service"

type Call<A> = Effect.Effect<A, ApiFailure>

interface PriceAlertsShape {
  /** GET /users/price-alerts: every alert of the user, newest first. */
  list(): Call<PriceAlertList>
  /** POST /users/price-alerts; `idempotencyKey` is one per user intent, reused on retry. */
  create(request: CreatePriceAlertRequest, idempotencyKey: string): Call<PriceAlert>
  /** PATCH /users/price-alerts/:id: the new condition and threshold. */
  edit(id: string, request: EditPriceAlertRequest): Call<PriceAlert>
  /** PUT /users/price-alerts/:id/state: arm (again) or pause. */
  setState(id: string, state: PriceAlertSettableState): Call<PriceAlert>
  /** DELETE /users/price-alerts/:id: the alerts left. */
  remove(id: string): Call<PriceAlertList>
}

/**
 * The price-alert calls (issue 36): the user's alerts and changing them.
 *
 * Layers: `layer` (through the ApiClient).
 */
export class PriceAlerts extends Context.Service<PriceAlerts, PriceAlertsShape>()("chartfolio/services/PriceAlerts") {
  static readonly layer: Layer.Layer<PriceAlerts, never, ApiClient> = lazyLayer(PriceAlerts, () => import("./price-alerts.live"))
}
