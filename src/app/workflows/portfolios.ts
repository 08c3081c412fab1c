import { portfoliosMachine, selectionAfterLoad, type PortfoliosLoad } from "../../machines/portfolios.machine"
import { defineWorkflow } from "../workflow"

/** The signed-in user's profile, portfolios and selected account, shared by the signed-in area. */
export default defineWorkflow({
  chart: portfoliosMachine,
  texts: ["portfolio", "dashboard"],
  calls: {
    // The profile and the list together, then at once the details of the account the chart will
    // select (the same rule, `selectionAfterLoad`), so the page renders once with all three. A
    // failure of the details is left to the chart: it loads them again and shows that failure.
    loadPortfolios: ({ all, flatMap, map, orElseSucceed, succeed, Portfolio }) => (input) =>
      all({ profile: Portfolio.use((p) => p.profile()), accounts: Portfolio.use((p) => p.accounts()) }, { concurrency: 2 }).pipe(
        flatMap(({ profile, accounts }) => {
          const selected = selectionAfterLoad(accounts, input.accountId)
          if (selected === null) return succeed({ profile, accounts, details: null })
          return Portfolio.use((p) => p.account(selected)).pipe(
            map((details): PortfoliosLoad => ({ profile, accounts, details })),
            orElseSucceed((): PortfoliosLoad => ({ profile, accounts, details: null })),
          )
        }),
      ),
    loadAccounts: ({ Portfolio }) => () => Portfolio.use((p) => p.accounts()),
    loadAccount: ({ Portfolio }) => (input) => Portfolio.use((p) => p.account(input.accountId)),
  },
  effects: ({ notify }) => ({ notify: (_, notice) => notify(notice) }),
})
