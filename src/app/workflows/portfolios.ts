import type { AccountDetails } from "../../contract/accounts"
import { portfoliosMachine, selectionAfterLoad, type PortfoliosLoad } from "../../machines/portfolios.machine"
import { storedSelectionHint } from "../first-answers"
import { defineWorkflow } from "../workflow"

/** The signed-in user's profile, portfolios and selected account, shared by the signed-in area. */
export default defineWorkflow({
  chart: portfoliosMachine,
  texts: ["portfolio", "dashboard"],
  calls: {
    // The profile, the list and the details of the account the chart will select (the same rule,
    // `selectionAfterLoad`), so the page renders once with all three. Which account that is, is
    // known only with the list; the wanted one, else the one the last load selected (kept in local
    // storage, cleared on logout), is asked for beside the list instead of a round trip after it,
    // and used only when the list confirms it. A failure of the details is left to the chart: it
    // loads them again and shows that failure.
    loadPortfolios:
      ({ all, flatMap, map, orElseSucceed, succeed, ClientStorage, Portfolio }) =>
      (input) => {
        const detailsOf = (accountId: string) => Portfolio.use((p) => p.account(accountId)).pipe(orElseSucceed((): AccountDetails | null => null))
        return ClientStorage.use((s) => s.get("hint.portfolioSelection")).pipe(
          flatMap((stored) => {
            const guess = input.accountId ?? storedSelectionHint(stored)
            return all(
              {
                profile: Portfolio.use((p) => p.profile()),
                accounts: Portfolio.use((p) => p.accounts()),
                guessed: guess === null ? succeed(null) : detailsOf(guess).pipe(map((details) => ({ accountId: guess, details }))),
              },
              { concurrency: 3 },
            )
          }),
          flatMap(({ profile, accounts, guessed }) => {
            const selected = selectionAfterLoad(accounts, input.accountId)
            const remember = ClientStorage.use((s) => (selected === null ? s.remove("hint.portfolioSelection") : s.set("hint.portfolioSelection", selected)))
            // The guessed answer when it is the selection's (also when it failed: the chart then asks again).
            const details = selected === null ? succeed(null) : guessed?.accountId === selected ? succeed(guessed.details) : detailsOf(selected)
            return remember.pipe(
              flatMap(() => details),
              map((details): PortfoliosLoad => ({ profile, accounts, details })),
            )
          }),
        )
      },
    loadAccounts:
      ({ Portfolio }) =>
      () =>
        Portfolio.use((p) => p.accounts()),
    loadAccount:
      ({ Portfolio }) =>
      (input) =>
        Portfolio.use((p) => p.account(input.accountId)),
  },
  effects: ({ notify }) => ({ notify: (_, notice) => notify(notice) }),
})
