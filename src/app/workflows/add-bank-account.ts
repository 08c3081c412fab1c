import { addBankAccountMachine } from "../../machines/add-bank-account.machine"
import { defineWorkflow } from "../workflow"

/** The add-bank-account modal: the bank list, the local account-name lookup, the idempotent add. */
export default defineWorkflow({
  chart: addBankAccountMachine,
  texts: ["account", "forms"],
  calls: {
    loadBanks:
      ({ Money }) =>
      () =>
        Money.use((m) => m.banks()),
    lookUpAccountName:
      ({ Money }) =>
      (input) =>
        Money.use((m) => m.lookUpAccountName(input.bankRef, input.accountNumber)),
    addBankAccount:
      ({ Money }) =>
      (input) =>
        Money.use((m) => m.addBankAccount(input.body, input.idempotencyKey)),

    startStepUp:
      ({ Money }) =>
      () =>
        Money.use((m) => m.startStepUp()),
    verifyStepUp:
      ({ Money }) =>
      (input) =>
        Money.use((m) => m.verifyStepUp(input.otp)),
  },
  effects: ({ notify }) => ({ notify: (_, notice) => notify(notice) }),
  input: ({ newKey }) => ({ newKey }),
})
