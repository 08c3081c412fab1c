import { setup } from "xstate"
import type { NewsList } from "../contract/news"
import { type Notice } from "./failure"
import { loadWithRetry, notifyFailure, type Tag, providedCall, providedAction } from "./kit"

export interface BusinessNewsContext {
  /** The business news, newest first, as the server sent it (possibly none). */
  readonly news: NewsList
}

export type BusinessNewsEvent = { type: "news.retry" }

/**
 * The business news page (/business-news, spec part 2 sections 2 and 8): GET
 * /overview/business-news once; the articles (or the empty state) when it answers. A failure is
 * an error toast and the page offers a retry; a request the client cancelled shows nothing (the
 * retry is still offered).
 *
 * Provide the actor `loadNews` (void -> NewsList) and the action `notify` (params: Notice, a toast).
 */
export const businessNewsMachine = setup({
  types: {
    tags: {} as Tag,
    context: {} as BusinessNewsContext,
    events: {} as BusinessNewsEvent,
  },
  actors: {
    loadNews: providedCall<NewsList, void>("loadNews"),
  },
  actions: {
    notifyFailure: notifyFailure(),
    notify: providedAction<Notice>("notify"),
  },
  guards: {},
}).createMachine({
  id: "business-news",
  // What the chart's events and guards mean (English; the workflows namespace translates them).
  meta: {
    title: "Business news",
    purpose: "Loading the business news articles, with a retry when it fails.",
    events: {
      "news.retry": "The user asks to load the news again.",
    },
    guards: {},
  },
  context: { news: [] },
  initial: "loading",
  states: {
    ...loadWithRetry<BusinessNewsContext, NewsList>()({
      call: "loadNews",
      loaded: { target: "shown", take: (news) => ({ news }) },
      loading: { description: "GET /overview/business-news; the page shows skeleton articles" },
      failed: { description: "The news could not be loaded (an error toast was shown unless the request was cancelled); the page offers a retry" },
      retry: ["news.retry"],
    }),
    shown: {
      meta: { description: "The articles are listed, each a link opening in a new tab; the empty state when there are none" },
    },
  },
})
