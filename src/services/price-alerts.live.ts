import { Effect } from "effect"
import { PriceAlertEndpoints as Endpoints } from "../contract/endpoints/price-alerts"
import type { CreatePriceAlertRequest, EditPriceAlertRequest } from "../contract/price-alerts"
import type { PriceAlertSettableState } from "../domain/price-alert"
import type { ApiClient } from "./api-client"

/** The live PriceAlerts service: its calls through the ApiClient (loaded with its first call, `lazyLayer`, which checks it against the service's shape). */
export default (api: ApiClient["Service"]) => {
  return {
    list: Effect.fn("PriceAlerts.list")(function* () {
      return yield* api.call(Endpoints.listPriceAlerts)
    }),
    create: Effect.fn("PriceAlerts.create")(function* (request: CreatePriceAlertRequest, idempotencyKey: string) {
      return yield* api.call(Endpoints.createPriceAlert, { body: request, idempotencyKey })
    }),
    edit: Effect.fn("PriceAlerts.edit")(function* (id: string, request: EditPriceAlertRequest) {
      return yield* api.call(Endpoints.editPriceAlert, { params: { id }, body: request })
    }),
    setState: Effect.fn("PriceAlerts.setState")(function* (id: string, state: PriceAlertSettableState) {
      return yield* api.call(Endpoints.setPriceAlertState, { params: { id }, body: { state } })
    }),
    remove: Effect.fn("PriceAlerts.remove")(function* (id: string) {
      return yield* api.call(Endpoints.deletePriceAlert, { params: { id } })
    }),
  }
}
