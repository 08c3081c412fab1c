import { marketInsightMachine } from "../../machines/market-insight.machine"
import { defineWorkflow } from "../workflow"

/** /market-insight: the address of the market insight page, then its frame, with a retry. */
export default defineWorkflow({
  chart: marketInsightMachine,
  texts: ["account"],
  calls: {
    loadInsight:
      ({ News }) =>
      () =>
        News.use((n) => n.marketInsight()),
  },
  effects: ({ notify }) => ({ notify: (_, notice) => notify(notice) }),
})
