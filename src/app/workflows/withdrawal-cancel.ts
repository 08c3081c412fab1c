import { withdrawalCancelMachine } from "../../machines/withdrawal-cancel.machine"
import { defineWorkflow } from "../workflow"

/** Cancelling a withdrawal not yet sent to the bank, from the payment's details; the refusal says why in the user's language. */
export default defineWorkflow({
  chart: withdrawalCancelMachine,
  texts: ["portfolio"],
  calls: {
    cancelWithdrawal:
      ({ Money }) =>
      (input) =>
        Money.use((m) => m.cancelWithdrawal(input.ref)),
  },
  effects: ({ notify }) => ({ notify: (_, notice) => notify(notice) }),
})
