import { orderCancelMachine } from "../../machines/order-cancel.machine"
import { defineWorkflow } from "../workflow"

/** Cancelling an order from the orders page; a disabled Cancel says why in the user's language (workflows namespace). */
export default defineWorkflow({
  chart: orderCancelMachine,
  texts: ["portfolio", "workflows"],
  calls: {
    cancelOrder:
      ({ Orders }) =>
      (input) =>
        Orders.use((o) => o.cancel(input.orderId)),
  },
  effects: ({ notify }) => ({ notify: (_, notice) => notify(notice) }),
})
