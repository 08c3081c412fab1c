import { dashboardMachine, storedPortfolioRange } from "../../machines/dashboard.machine"
import { defineWorkflow } from "../workflow"

/** /dashboard: the stored performance range and the suggestions for the risk band (the news card is business-news). */
export default defineWorkflow({
  chart: dashboardMachine,
  texts: ["dashboard"],
  calls: {
    loadSuggestions:
      ({ Portfolio }) =>
      (input) =>
        Portfolio.use((p) => p.suggestions(input.accountId, input.band)),
  },
  effects: ({ storage }) => ({
    persistRange: (_, { range }) => storage.set("prefs.portfolioRange", range),
  }),
  input: ({ storage }) => ({ range: storedPortfolioRange(storage.get("prefs.portfolioRange")) }),
})
