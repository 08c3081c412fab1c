import { describe, expect, it, vi, type Mock } from "vitest"
import type { InstrumentList } from "../../src/contract/instruments"
import { createActor } from "xstate"
import { dashboardMachine, readSuggestionsTarget, storedPortfolioRange } from "../../src/machines/dashboard.machine"
import { portfoliosMachine } from "../../src/machines/portfolios.machine"
import { defineChartModel, describeModel, type ModelEvent } from "./harness"

const suggestions: InstrumentList = [
  { id: "I1", instrumentId: "I1", symbol: "AAPL", name: "Apple Inc.", type: "stock", imageUrl: null, currency: "USD", exchange: "NASDAQ", provider: "Alpaca" },
] as unknown as InstrumentList
const failure = { _tag: "ApiError", status: 500, code: "internal", text: "Something broke" }
const cancelled = { _tag: "RequestCancelled", text: "Cancel Request" }

const taken = (path: { steps: ReadonlyArray<{ event: ModelEvent }> }, step: number): ModelEvent | undefined => path.steps[step]?.event

describeModel(
  defineChartModel({
    chart: "dashboard",
    machine: dashboardMachine,
    // The portfolios actor it follows: its watcher is a stub here, the changes arrive as suggestions.for.
    input: { range: "3m", portfolios: createActor(portfoliosMachine, { input: {} }) },
    serialize: (snap) => ({ ...snap.context, portfolios: undefined }),
    implementations: () => ({
      actions: { persistRange: vi.fn<(_: unknown, p: unknown) => void>() },
    }),
    events: [
      { type: "range.change", range: "ytd" },
      { type: "suggestions.for", accountId: "A1", band: "moderate" },
      { type: "suggestions.for", accountId: "A2", band: "moderate" },
      { type: "suggestions.for", accountId: "A1", band: "none" },
      { type: "suggestions.for", accountId: null, band: "high" },
      { type: "suggestions.retry" },
    ],
    invocations: {
      loadSuggestions: { done: [suggestions], error: [failure, cancelled] },
      // Follows the portfolios actor for the chart's life: no transition takes its end, so it is never offered.
      watchPortfolios: { done: [undefined] },
    },
    states: {
      // (Every state is under "suggestions", a parallel region.) The range is the user's, persisted
      // on each change and only then.
      suggestions: (snap, { path, step, implementations }) => {
        const persist = implementations.actions?.persistRange as Mock
        const changes = path.steps.slice(0, step + 1).filter((s) => s.event.kind === "event" && s.event.event.type === "range.change").length
        expect(persist).toHaveBeenCalledTimes(changes)
        expect(snap.context.range).toBe(changes > 0 ? "ytd" : "3m")
        if (changes > 0) expect(persist).toHaveBeenLastCalledWith(expect.anything(), { range: "ytd" })
      },
      // Before the watcher's first answer the carousel shows its skeleton (the loading tag), never "No suggestions".
      "suggestions.waiting": (snap) => {
        expect(snap.hasTag("suggestions.loading")).toBe(true)
        expect(snap.context.suggestions).toEqual([])
      },
      "suggestions.none": (snap) => {
        expect(snap.hasTag("suggestions.loading")).toBe(false)
        expect(snap.context.suggestions).toEqual([])
        expect(snap.context.target.accountId === null || snap.context.target.band === "none").toBe(true)
      },
      "suggestions.loading": (snap, { inputOf }) => {
        expect(snap.hasTag("suggestions.loading")).toBe(true)
        expect(snap.context.suggestions).toEqual([])
        expect(inputOf("loadSuggestions")).toEqual({ accountId: snap.context.target.accountId, band: snap.context.target.band })
      },
      "suggestions.shown": (snap) => expect(snap.context.suggestions).toEqual(suggestions),
      "suggestions.failed": (snap, { path, step }) => {
        expect(snap.context.suggestions).toEqual([])
        const event = taken(path, step)
        if (event?.kind === "error" && event.actorId === "loadSuggestions") {
          const silent = (event.error as { _tag: string })._tag === "RequestCancelled"
          expect(snap.context.suggestionsFailure?.text).toBe(silent ? undefined : failure.text)
        }
      },
    },
  }),
)

describe("storedPortfolioRange", () => {
  it("keeps a known stored range and falls back to 3m for anything else", () => {
    expect(storedPortfolioRange("ytd")).toBe("ytd")
    expect(storedPortfolioRange("7d")).toBe("7d")
    expect(storedPortfolioRange("5y")).toBe("3m")
    expect(storedPortfolioRange(undefined)).toBe("3m")
    expect(storedPortfolioRange({ range: "1y" })).toBe("3m")
  })
})

describe("readSuggestionsTarget", () => {
  it("reads the selected portfolio and the profile's risk band from the portfolios actor", () => {
    const snapshot = createActor(portfoliosMachine, { input: {} }).getSnapshot()
    expect(readSuggestionsTarget(snapshot)).toEqual({ type: "suggestions.for", accountId: null, band: "none" })
    const withProfile = { ...snapshot, context: { ...snapshot.context, selectedId: "A1", profile: { basic: { riskProfile: { riskScore: 5 } } } } }
    expect(readSuggestionsTarget(withProfile as unknown as typeof snapshot)).toEqual({ type: "suggestions.for", accountId: "A1", band: "moderate" })
  })
})
