import { assign, setup } from "xstate"
import type { Instrument } from "../contract/instruments"
import {
  DEFAULT_INSTRUMENT_CHART_TYPE,
  DEFAULT_INSTRUMENT_RANGE,
  INSTRUMENT_RANGES,
  isInstrumentChartType,
  type ChartRange,
  type InstrumentChartType,
} from "../domain/chart-range"
import { toFailure, type Notice } from "./failure"
import { notifyFailure, type Tag, TAG, providedCall, providedAction } from "./kit"

/** A range the instrument chart offers (7d to 2y; ytd is the portfolio chart's only). */
export type InstrumentRange = Exclude<ChartRange, "ytd">

/** The instrument chart's choices the user makes, kept in local storage. */
export interface InstrumentChartPrefs {
  readonly chartType: InstrumentChartType
  readonly range: InstrumentRange
}

/** The defaults (spec part 1 section 9): a line chart over 3 months. */
export const DEFAULT_INSTRUMENT_CHART_PREFS: InstrumentChartPrefs = {
  chartType: DEFAULT_INSTRUMENT_CHART_TYPE,
  range: DEFAULT_INSTRUMENT_RANGE as InstrumentRange,
}

const isInstrumentRange = (value: unknown): value is InstrumentRange =>
  typeof value === "string" && (INSTRUMENT_RANGES as ReadonlyArray<string>).includes(value)

/** The preferences from what storage held (untrusted): each field that is not a known choice falls back to its default. */
export const instrumentChartPrefs = (stored: unknown): InstrumentChartPrefs => {
  const s = typeof stored === "object" && stored !== null ? (stored as Record<string, unknown>) : {}
  return {
    chartType: isInstrumentChartType(s.chartType) ? s.chartType : DEFAULT_INSTRUMENT_CHART_PREFS.chartType,
    range: isInstrumentRange(s.range) ? s.range : DEFAULT_INSTRUMENT_CHART_PREFS.range,
  }
}

export interface InstrumentDetailContext extends InstrumentChartPrefs {
  /** The instrument asked for last. */
  readonly instrumentId: string
  /** Its detail once loaded; null while loading and after a failure. */
  readonly instrument: Instrument | null
}

export type InstrumentDetailEvent =
  /** Show (another, or the same again) instrument: a new request silently cancels the previous one. */
  | { type: "instrument.load"; instrumentId: string }
  | { type: "chart.typeChange"; chartType: InstrumentChartType }
  | { type: "chart.rangeChange"; range: InstrumentRange }

export interface InstrumentDetailInput {
  readonly instrumentId: string
  /** The stored chart preferences (see `instrumentChartPrefs`). */
  readonly prefs: InstrumentChartPrefs
}

const prefsOf = (c: InstrumentChartPrefs): InstrumentChartPrefs => ({ chartType: c.chartType, range: c.range })

/**
 * The instrument page (/instruments/view/{instrumentId}, spec part 1 sections 2, 4, 7 and 8): loads
 * the instrument (GET /instruments/{instrumentId}); `instrument.load` starts a new request, which
 * re-enters loading and so stops (aborts) the previous one without a word. A failure clears the
 * instrument and toasts; a request the client cancelled clears it silently. The price chart's
 * type (line or candlestick) and range (7d to 2y) are the user's choice in any state, and each
 * change is persisted.
 *
 * Provide the actor `loadInstrument` ({ instrumentId } -> Instrument) and the actions `notify`
 * (params: Notice, a toast) and `persistChartPrefs` (params: InstrumentChartPrefs, written to
 * local storage).
 */
export const instrumentDetailMachine = setup({
  types: {
    tags: {} as Tag | "notFound",
    context: {} as InstrumentDetailContext,
    events: {} as InstrumentDetailEvent,
    input: {} as InstrumentDetailInput,
  },
  actors: {
    loadInstrument: providedCall<Instrument, { instrumentId: string }>("loadInstrument"),
  },
  actions: {
    notifyFailure: notifyFailure(),
    notify: providedAction<Notice>("notify"),
    persistChartPrefs: providedAction<InstrumentChartPrefs>("persistChartPrefs"),
  },
  guards: {
    isNotFound: (_, params: { error: unknown }) => toFailure(params.error).status === 404,
  },
}).createMachine({
  id: "instrument-detail",
  // What the chart's events and guards mean (English; the workflows namespace translates them).
  meta: {
    title: "Instrument page",
    purpose: "One instrument's details and its chart, with the chosen chart type and range.",
    events: {
      "instrument.load": "The user opens an instrument (or retries loading it).",
      "chart.rangeChange": "The user chooses another chart range.",
      "chart.typeChange": "The user switches between line and candlestick.",
    },
    guards: {
      isNotFound: "The server knows no instrument with this id (404).",
    },
  },
  context: ({ input }) => ({ instrumentId: input.instrumentId, instrument: null, ...prefsOf(input.prefs) }),
  initial: "loading",
  on: {
    "instrument.load": {
      target: ".loading",
      reenter: true,
      actions: assign({ instrumentId: ({ event }) => event.instrumentId, instrument: null }),
    },
    "chart.typeChange": {
      actions: [assign({ chartType: ({ event }) => event.chartType }), { type: "persistChartPrefs", params: ({ context }) => prefsOf(context) }],
    },
    "chart.rangeChange": {
      actions: [assign({ range: ({ event }) => event.range }), { type: "persistChartPrefs", params: ({ context }) => prefsOf(context) }],
    },
  },
  states: {
    loading: {
      tags: [TAG.loading],
      meta: { description: "GET /instruments/{instrumentId}; the page and subheader show skeletons" },
      invoke: {
        id: "loadInstrument",
        src: "loadInstrument",
        input: ({ context }) => ({ instrumentId: context.instrumentId }),
        onDone: { target: "loaded", actions: assign({ instrument: ({ event }) => event.output }) },
        onError: [
          { guard: { type: "isNotFound", params: ({ event }) => ({ error: event.error }) }, target: "notFound" },
          { target: "failed", actions: { type: "notifyFailure", params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    loaded: {
      meta: { description: "The instrument is shown: chart, fundamentals, analysis, news and description" },
    },
    failed: {
      tags: [TAG.failed],
      meta: { description: "The instrument could not be loaded: nothing is shown but a retry" },
    },
    notFound: {
      tags: [TAG.failed, "notFound"],
      meta: { description: "No instrument has this id: the page says so and leads back to the instrument search (trying again would not help)" },
    },
  },
})
