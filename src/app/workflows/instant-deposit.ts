import { instantDepositMachine } from "../../machines/instant-deposit.machine"
import { defineWorkflow } from "../workflow"

/** A reserved account's instant-deposit control on the portfolio overview. */
export default defineWorkflow({
  chart: instantDepositMachine,
  texts: ["portfolio", "workflows"],
  calls: {
    updateReserveAccount:
      ({ Portfolio }) =>
      (input) =>
        Portfolio.use((p) => p.updateReserveAccount(input.ref, input.body)),
  },
  effects: ({ notify }) => ({ notify: (_, notice) => notify(notice) }),
})
