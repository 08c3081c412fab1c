import { dashboardMachine, storedPortfolioRange } from "../../machines/dashboard.machine"
import { defineWorkflow } from "../workflow"

/** /dashboard: the stored performance range, suggestions for the risk band, the latest news. */
export default defineWorkflow({
  chart: dashboardMachine,
  texts: ["dashboard"],
  calls: {
    loadSuggestions: ({ Portfolio }) => (input) => Portfolio.use((p) => p.suggestions(input.accountId, input.band)),
    loadNews: ({ News }) => () => News.businessNews(),
  },
  effects: ({ notify, storage }) => ({
    notify: (_, notice) => notify(notice),
    persistRange: (_, { range }) => storage.set("prefs.portfolioRange", range),
  }),
  input: ({ storage }) => ({ range: storedPortfolioRange(storage.get("prefs.portfolioRange")) }),
})
