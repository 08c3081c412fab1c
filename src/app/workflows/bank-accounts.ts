import { bankAccountsMachine } from "../../machines/bank-accounts.machine"
import { defineWorkflow } from "../workflow"

/** The bank-accounts page: the saved withdrawal bank accounts, their details and deleting one. */
export default defineWorkflow({
  chart: bankAccountsMachine,
  texts: ["account", "forms"],
  calls: {
    loadBankAccounts:
      ({ Money }) =>
      () =>
        Money.use((m) => m.bankAccounts()),
    deleteBankAccount:
      ({ Money }) =>
      (input) =>
        Money.use((m) => m.deleteBankAccount(input.ref)),
  },
  effects: ({ notify }) => ({ notify: (_, notice) => notify(notice) }),
})
