import { portfoliosMachine } from "../../machines/portfolios.machine"
import { defineWorkflow } from "../workflow"

/** The signed-in user's profile, portfolios and selected account, shared by the signed-in area. */
export default defineWorkflow({
  chart: portfoliosMachine,
  texts: ["portfolio", "dashboard"],
  calls: {
    loadPortfolios: ({ all, Portfolio }) => () =>
      all({ profile: Portfolio.use((p) => p.profile()), accounts: Portfolio.use((p) => p.accounts()) }, { concurrency: 2 }),
    loadAccounts: ({ Portfolio }) => () => Portfolio.use((p) => p.accounts()),
    loadAccount: ({ Portfolio }) => (input) => Portfolio.use((p) => p.account(input.accountId)),
  },
  effects: ({ notify }) => ({ notify: (_, notice) => notify(notice) }),
})
