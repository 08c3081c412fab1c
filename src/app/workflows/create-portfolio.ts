import { createPortfolioMachine } from "../../machines/create-portfolio.machine"
import { defineWorkflow } from "../workflow"

/** The create-portfolio modal: gated on a verified profile, custodian, idempotent creation. */
export default defineWorkflow({
  chart: createPortfolioMachine,
  texts: ["dashboard", "forms", "workflows"],
  calls: {
    createAccount:
      ({ Portfolio }) =>
      (input) =>
        Portfolio.use((p) => p.createAccount(input.body, input.idempotencyKey)),
  },
  effects: ({ notify }) => ({ notify: (_, notice) => notify(notice) }),
  input: ({ newKey }) => ({ newKey }),
})
