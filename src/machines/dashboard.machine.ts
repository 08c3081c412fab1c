import { assign, setup, type ActorRefFrom, type SnapshotFrom } from "xstate"
import type { InstrumentList } from "../contract/instruments"
import { DEFAULT_PORTFOLIO_RANGE, isChartRange, type ChartRange } from "../domain/chart-range"
import { riskBand, type RiskBand, type ScoredRiskBand } from "../domain/risk-band"
import type { Failure } from "./failure"
import { loadWithRetry, type RegionTag, regionTag, TAG, providedCall, providedAction } from "./kit"
import { watchPeer } from "./peers"
import type { portfoliosMachine } from "./portfolios.machine"

/** The shared portfolios actor: the dashboard's suggestions follow its selected portfolio and the profile's risk band. */
export type PortfoliosPeer = ActorRefFrom<typeof portfoliosMachine>

type SuggestionsFor = { type: "suggestions.for"; accountId: string | null; band: RiskBand }

/** What the suggestions are for, read from the portfolios actor: the selected portfolio and the profile's risk band. */
export const readSuggestionsTarget = (snapshot: SnapshotFrom<PortfoliosPeer>): SuggestionsFor => ({
  type: "suggestions.for",
  accountId: snapshot.context.selectedId,
  band: riskBand(snapshot.context.profile?.basic.riskProfile?.riskScore ?? null),
})

/** Dashboard limits (spec part 1 section 9). */
export const DASHBOARD_LIMITS = { positions: 4, orders: 6, news: 4 } as const

/** The stored performance-chart range, or the default (3m) when storage held nothing usable. */
export const storedPortfolioRange = (stored: unknown): ChartRange => (isChartRange(stored) ? stored : DEFAULT_PORTFOLIO_RANGE)

/** What the suggestions are for: the selected portfolio and the profile's risk band. */
export interface SuggestionsTarget {
  readonly accountId: string | null
  readonly band: RiskBand
}

export interface DashboardContext {
  /** The performance chart's range (7d ... ytd), kept in local storage. */
  readonly range: ChartRange
  /** The account and band the suggestions are (being) loaded for. */
  readonly target: SuggestionsTarget
  readonly suggestions: InstrumentList
  readonly suggestionsFailure: Failure | null
  readonly portfolios: PortfoliosPeer
}

export type DashboardEvent =
  | { type: "range.change"; range: ChartRange }
  /** The selected portfolio or the profile's risk band changed (the chart's watcher of the portfolios actor sends it at once and on every change; each one asks again). */
  | SuggestionsFor
  | { type: "suggestions.retry" }

export interface DashboardInput {
  /** The stored range (see `storedPortfolioRange`). */
  readonly range: ChartRange
  /** The shared portfolios actor, followed for the suggestions' portfolio and risk band. */
  readonly portfolios: PortfoliosPeer
}

/**
 * What the dashboard (spec part 1 "Dashboard", sections 7 to 9) loads besides the shared
 * portfolios chart (the latest news card is the business-news chart, started beside it):
 * - The performance chart's range: the user's choice (default 3m), persisted on every change.
 * - Suggestions: GET /users/suggestion/{accountId}/{band} for the selected portfolio and the band
 *   of the profile's risk score. No portfolio or band "none": no call, an empty list. A new
 *   target cancels the request in flight (nothing stale is shown). A failure shows in the
 *   carousel's place (the spec names no toast for it).
 *
 * Provide the actor `loadSuggestions` ({ accountId, band } -> InstrumentList) and the action
 * `persistRange` (params: { range }).
 */
export const dashboardMachine = setup({
  types: {
    tags: {} as RegionTag<"suggestions">,
    context: {} as DashboardContext,
    events: {} as DashboardEvent,
    input: {} as DashboardInput,
  },
  actors: {
    loadSuggestions: providedCall<InstrumentList, { accountId: string; band: ScoredRiskBand }>("loadSuggestions"),
    watchPortfolios: watchPeer<PortfoliosPeer, SuggestionsFor>(),
  },
  actions: {
    persistRange: providedAction<{ range: ChartRange }>("persistRange"),
  },
  guards: {
    nothingToAsk: ({ context }) => context.target.accountId === null || context.target.band === "none",
  },
}).createMachine({
  id: "dashboard",
  // What the chart's events and guards mean (English; the workflows namespace translates them).
  meta: {
    title: "Dashboard",
    purpose: "The dashboard's selected portfolio and the suggestions for its risk band.",
    events: {
      "range.change": "The user chooses another performance chart range.",
      "suggestions.for": "The selected portfolio or the profile's risk band changed.",
      "suggestions.retry": "The user asks to load the suggestions again.",
    },
    guards: {
      nothingToAsk: "No portfolio is selected or the profile has no risk band.",
    },
  },
  type: "parallel",
  context: ({ input }) => ({
    range: input.range,
    target: { accountId: null, band: "none" },
    suggestions: [],
    suggestionsFailure: null,
    portfolios: input.portfolios,
  }),
  // The suggestions follow the portfolios actor for the dashboard's life.
  invoke: { id: "watchPortfolios", src: "watchPortfolios", input: ({ context }) => ({ peer: context.portfolios, read: readSuggestionsTarget }) },
  on: {
    "range.change": {
      actions: [assign({ range: ({ event }) => event.range }), { type: "persistRange", params: ({ event }) => ({ range: event.range }) }],
    },
  },
  states: {
    suggestions: {
      meta: { description: "The suggestions carousel for the selected portfolio and the profile's risk band" },
      // Until the watcher's first answer (it answers at once on start) the carousel shows its
      // skeleton, not "No suggestions": the first render must not say there are none.
      initial: "waiting",
      on: {
        // To a transient state, not a re-entry of the region: an external transition from a
        // parallel region re-enters the whole chart (and so would restart what else runs there).
        "suggestions.for": {
          target: ".deciding",
          actions: assign({ target: ({ event }) => ({ accountId: event.accountId, band: event.band }), suggestions: [], suggestionsFailure: null }),
        },
      },
      states: {
        waiting: {
          meta: { description: "Waiting for the selected portfolio and the profile's risk band; the carousel shows its skeleton cards" },
          tags: [regionTag("suggestions", TAG.loading)],
        },
        deciding: {
          meta: { description: "A new portfolio or band: leaving any request in flight, deciding whether to ask" },
          always: [{ guard: "nothingToAsk", target: "none" }, { target: "loading" }],
        },
        none: {
          meta: { description: "No portfolio selected or no risk band: no call, no suggestions" },
        },
        ...loadWithRetry<DashboardContext, InstrumentList>()({
          call: "loadSuggestions",
          input: ({ context }) => ({ accountId: context.target.accountId ?? "", band: context.target.band === "none" ? "low" : context.target.band }),
          loaded: { target: "shown", take: (suggestions) => ({ suggestions }) },
          loading: {
            description: "GET /users/suggestion/{accountId}/{band}; the carousel shows 10 skeleton cards",
            tags: [regionTag("suggestions", TAG.loading)],
          },
          failed: {
            description: "The suggestions could not be loaded: the carousel's place says so and offers a retry",
            tags: [regionTag("suggestions", TAG.failed)],
          },
          retry: ["suggestions.retry"],
          clear: { suggestionsFailure: null },
          failure: (suggestionsFailure) => ({ suggestionsFailure }),
        }),
        shown: {
          meta: { description: "The suggestions are shown in the carousel" },
        },
      },
    },
  },
})
