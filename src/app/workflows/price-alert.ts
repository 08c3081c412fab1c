import { priceAlertMachine } from "../../machines/price-alert.machine"
import { defineWorkflow } from "../workflow"

/** The instrument page's price alerts: the user's alerts, making, editing, pausing, arming and deleting them. */
export default defineWorkflow({
  chart: priceAlertMachine,
  texts: ["alerts", "errors", "forms"],
  calls: {
    loadAlerts:
      ({ PriceAlerts }) =>
      () =>
        PriceAlerts.use((p) => p.list()),
    saveAlert:
      ({ PriceAlerts }) =>
      (input) =>
        PriceAlerts.use((p) => (input.create ? p.create(input.create, input.idempotencyKey) : p.edit(input.id ?? "", input.request))),
    setAlertState:
      ({ PriceAlerts }) =>
      (input) =>
        PriceAlerts.use((p) => p.setState(input.id, input.state)),
    deleteAlert:
      ({ PriceAlerts }) =>
      (input) =>
        PriceAlerts.use((p) => p.remove(input.id)),
  },
  effects: ({ notify }) => ({ notify: (_, notice) => notify(notice) }),
  input: ({ newKey }) => ({ newKey }),
})
