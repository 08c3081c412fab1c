import { orderTicketMachine } from "../../machines/order-ticket.machine"
import { defineWorkflow } from "../workflow"

/** The create-order modal: quote, estimates, validation, the idempotent order. */
export default defineWorkflow({
  chart: orderTicketMachine,
  texts: ["orders", "instruments"],
  calls: {
    loadQuote: ({ Orders }) => (input) => Orders.use((o) => o.quote(input.instrumentId)),
    placeOrder: ({ Orders }) => (input) => Orders.use((o) => o.place(input.body, input.idempotencyKey)),
  },
  effects: ({ notify }) => ({ notify: (_, notice) => notify(notice) }),
  input: ({ newKey }) => ({ newKey }),
})
