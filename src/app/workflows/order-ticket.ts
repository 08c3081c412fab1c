import { ticketFunds } from "../../domain/order-ticket"
import { orderTicketMachine } from "../../machines/order-ticket.machine"
import { defineWorkflow } from "../workflow"

/** The create-order modal: quote, estimates, validation, the idempotent order. */
export default defineWorkflow({
  chart: orderTicketMachine,
  texts: ["orders", "instruments", "workflows"],
  calls: {
    // The quote, and the chosen portfolio's buying power beside it; the buying power is only a
    // check before sending (the server decides), so when it cannot be loaded the ticket goes on without it.
    loadQuote:
      ({ all, map, orElseSucceed, succeed, Orders, Portfolio }) =>
      ({ instrumentId, accountId, withQuote }) =>
        all({
          quote: withQuote ? Orders.use((o) => o.quote(instrumentId)) : succeed(null),
          funds:
            accountId === null
              ? succeed(null)
              : Portfolio.use((p) => p.account(accountId)).pipe(
                  map((details) => ticketFunds(details, instrumentId)),
                  orElseSucceed(() => null),
                ),
        }),
    placeOrder: ({ Orders }) => (input) => Orders.use((o) => o.place(input.body, input.idempotencyKey)),
  },
  effects: ({ notify }) => ({ notify: (_, notice) => notify(notice) }),
  input: ({ newKey }) => ({ newKey }),
})
