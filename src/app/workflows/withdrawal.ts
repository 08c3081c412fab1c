import { withdrawalMachine } from "../../machines/withdrawal.machine"
import { defineWorkflow } from "../workflow"

/** The withdraw modal of the payments page: saved bank accounts, the form, the review step (with the rate of a payout in another currency), the idempotent withdrawal. */
export default defineWorkflow({
  chart: withdrawalMachine,
  texts: ["portfolio", "forms"],
  calls: {
    loadBankAccounts:
      ({ Money }) =>
      () =>
        Money.use((m) => m.bankAccounts()),
    quoteWithdrawal:
      ({ Money }) =>
      (input) =>
        Money.use((m) => m.quoteWithdrawal(input)),
    withdraw:
      ({ Money }) =>
      (input) =>
        Money.use((m) => m.withdraw(input.body, input.idempotencyKey)),

    startStepUp:
      ({ Money }) =>
      () =>
        Money.use((m) => m.startStepUp()),
    verifyStepUp:
      ({ Money }) =>
      (input) =>
        Money.use((m) => m.verifyStepUp(input.otp)),
  },
  effects: ({ notify, drafts }) => ({
    notify: (_, notice) => notify(notice),
    // The unsent withdrawal, for this tab and user (sessionStorage): a reload or coming back to the page reopens it.
    storeDraft: (_, draft) => (draft === null ? drafts.remove("withdrawal") : drafts.write("withdrawal", draft)),
    dropDraft: () => drafts.remove("withdrawal"),
  }),
  input: ({ newKey, drafts }) => ({ newKey, now: () => Date.now(), draft: drafts.read("withdrawal") }),
})
