import { CreatePriceAlertRequest, EditPriceAlertRequest, PriceAlert, PriceAlertList, PriceAlertStateRequest } from "../price-alerts"
import { endpoint, pathParams } from "../endpoint"

/** Price alerts (issue 36; another user's alert id: 404). */
export const PriceAlertEndpoints = {
  listPriceAlerts: endpoint({ name: "listPriceAlerts", method: "GET", path: "/users/price-alerts", response: PriceAlertList }),
  createPriceAlert: endpoint({
    name: "createPriceAlert",
    method: "POST",
    path: "/users/price-alerts",
    request: CreatePriceAlertRequest,
    response: PriceAlert,
    idempotent: true,
  }),
  editPriceAlert: endpoint({
    name: "editPriceAlert",
    method: "PATCH",
    path: "/users/price-alerts/:id",
    params: pathParams("id"),
    request: EditPriceAlertRequest,
    response: PriceAlert,
  }),
  setPriceAlertState: endpoint({
    name: "setPriceAlertState",
    method: "PUT",
    path: "/users/price-alerts/:id/state",
    params: pathParams("id"),
    request: PriceAlertStateRequest,
    response: PriceAlert,
  }),
  deletePriceAlert: endpoint({
    name: "deletePriceAlert",
    method: "DELETE",
    path: "/users/price-alerts/:id",
    params: pathParams("id"),
    response: PriceAlertList,
  }),
} as const
