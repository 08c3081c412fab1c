import { businessNewsMachine } from "../../machines/business-news.machine"
import { defineWorkflow } from "../workflow"

/** /business-news: the articles, with a retry after a failure. */
export default defineWorkflow({
  chart: businessNewsMachine,
  texts: ["dashboard"],
  calls: {
    loadNews:
      ({ News }) =>
      () =>
        News.businessNews(),
  },
  effects: ({ notify }) => ({ notify: (_, notice) => notify(notice) }),
})
