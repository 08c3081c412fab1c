import { expect, vi, type Mock } from "vitest"
import type { NewsList } from "../../src/contract/news"
import { businessNewsMachine } from "../../src/machines/business-news.machine"
import { defineChartModel, describeModel } from "./harness"

const news: NewsList = [
  {
    url: "https://news.example/1",
    urlToImage: null,
    title: "Rates rise - Wire",
    content: "Rates rose today [+120 chars]",
    source: "Wire",
    publishedAt: "2026-01-02T09:00:00Z",
  },
  {
    url: "https://news.example/2",
    urlToImage: "https://img.example/2.png",
    title: "Oil slips",
    content: "Oil slipped.",
    source: "Desk",
    publishedAt: "2026-01-01T09:00:00Z",
  },
]
const failure = { _tag: "ApiError", status: 500, code: "internal", text: "Something broke" }
const network = { _tag: "NetworkError", text: "The server could not be reached." }
const cancelled = { _tag: "RequestCancelled", text: "Cancel Request" }

/** The toast each sample failure shows: the server's text and code, `network` for the connection, none when cancelled. */
const toastFor = (error: { _tag: string; text: string }): unknown =>
  error === failure
    ? { kind: "error", text: failure.text, code: failure.code }
    : error === network
      ? { kind: "error", text: network.text, code: "network" }
      : null

describeModel(
  defineChartModel({
    chart: "business-news",
    machine: businessNewsMachine,
    implementations: () => ({ actions: { notify: vi.fn<(_: unknown, p: unknown) => void>() } }),
    events: [{ type: "news.retry" }],
    invocations: {
      loadNews: { done: [news, []], error: [failure, network, cancelled] },
    },
    states: {
      loading: (snap, { path, step, implementations }) => {
        expect(snap.hasTag("loading")).toBe(true)
        expect(snap.context.news).toEqual([])
        // A retry asks again without a toast of its own.
        const toasts = path.steps.slice(0, step + 1).filter((s) => s.event.kind === "error" && toastFor(s.event.error as typeof failure) !== null).length
        expect(implementations.actions?.notify).toHaveBeenCalledTimes(toasts)
      },
      shown: (snap, { path, step }) => {
        expect(snap.hasTag("loading")).toBe(false)
        const taken = path.steps[step]?.event
        // The list as the server sent it, possibly empty (the page's empty state).
        if (taken?.kind === "done") expect(snap.context.news).toEqual(taken.output)
        expect(snap.can({ type: "news.retry" })).toBe(false)
      },
      failed: (snap, { path, step, implementations }) => {
        expect(snap.hasTag("failed")).toBe(true)
        expect(snap.context.news).toEqual([])
        expect(snap.can({ type: "news.retry" })).toBe(true)
        const taken = path.steps[step]?.event
        const notify = implementations.actions?.notify as Mock
        if (taken?.kind === "error") {
          // A failed fetch is an error toast (spec part 2 section 8); a cancelled request stays silent.
          const expected = toastFor(taken.error as typeof failure)
          if (expected === null)
            expect(notify.mock.calls.length).toBe(
              path.steps.slice(0, step).filter((s) => s.event.kind === "error" && toastFor(s.event.error as typeof failure) !== null).length,
            )
          else expect(notify).toHaveBeenLastCalledWith(expect.anything(), expected)
        }
      },
    },
  }),
)
