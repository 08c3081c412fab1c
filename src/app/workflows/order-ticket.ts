import { ticketFunds } from "../../domain/order-ticket"
import { orderTicketMachine } from "../../machines/order-ticket.machine"
import { defineWorkflow } from "../workflow"

/** The create-order modal: quote, estimates, validation, the idempotent order, the unsent draft. */
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
    placeOrder:
      ({ Orders }) =>
      (input) =>
        Orders.use((o) => o.place(input.body, input.idempotencyKey)),
  },
  effects: ({ notify, drafts }) => ({
    notify: (_, notice) => notify(notice),
    // The unsent ticket, for this tab and user (sessionStorage): a reload reopens it.
    storeDraft: (_, draft) => (draft === null ? drafts.remove("orderTicket") : drafts.write("orderTicket", draft)),
    dropDraft: () => drafts.remove("orderTicket"),
  }),
  // The stored draft (the host reopens the ticket with it after a reload; a ticket opened by BUY / SELL gives draft: null).
  input: ({ newKey, drafts }) => ({ newKey, draft: drafts.read("orderTicket") }),
})
