import { assign, setup } from "xstate"
import type { InstrumentList } from "../contract/instruments"
import { type Notice } from "./failure"
import { notifyFailure, type Tag, TAG, providedCall, providedAction } from "./kit"

/** The pause after the last keystroke before a search goes out (spec part 1 sections 5 and 9). */
export const SEARCH_DEBOUNCE_MS = 1000

export interface InstrumentSearchContext {
  /** The search box's text, as typed. */
  readonly text: string
  /** The user's group partners: the search is limited to them (sent comma-joined). */
  readonly providers: ReadonlyArray<string>
  /** The results shown: those of the last search that completed, or none. */
  readonly results: InstrumentList
  /** The trimmed text whose results are shown; null when none are (blank text, failure, nothing searched yet). */
  readonly shownQuery: string | null
}

export type InstrumentSearchEvent =
  /** The search box's text changed. */
  { type: "query.change"; value: string }

export interface InstrumentSearchInput {
  /** The names of the user's group partners (from the signed-in admin's userGroup). */
  readonly providers: ReadonlyArray<string>
}

/** What the search actor is asked: the trimmed text and the providers. */
export interface InstrumentSearchRequest {
  readonly query: string
  readonly providers: ReadonlyArray<string>
}

const trimmed = (text: string): string => text.trim()

// The three ways a new text is taken, in every state: blank clears, the text whose results are
// already shown needs no request, anything else waits for the pause (restarting it).
const onTextChange = {
  "query.change": [
    { guard: "isBlank", target: "#instrument-search.idle", actions: "clearResults" },
    { guard: "isShown", target: "#instrument-search.idle", actions: "takeText" },
    { target: "#instrument-search.debouncing", reenter: true, actions: "takeText" },
  ],
} as const

/**
 * The Instruments tab's search (spec part 1 "Layout", sections 5, 7, 8 and 9): blank text after
 * trimming is ignored (it clears the results and sends nothing); a search goes out 1000 ms after
 * the typing stops (GET /instruments?query=&provider= with the user's partners comma-joined); new
 * text leaves the searching state, which stops the search actor and so aborts its request, so a
 * stale answer can never be shown. A failure shows an empty list and an error notification; a
 * request the client cancelled empties the list without a word. The `busy` tag drives the spinner.
 *
 * Provide the actor `searchInstruments` (InstrumentSearchRequest -> InstrumentList) and the action
 * `notify` (params: Notice, a toast).
 */
export const instrumentSearchMachine = setup({
  types: {
    tags: {} as Tag,
    context: {} as InstrumentSearchContext,
    events: {} as InstrumentSearchEvent,
    input: {} as InstrumentSearchInput,
  },
  actors: {
    searchInstruments: providedCall<InstrumentList, InstrumentSearchRequest>("searchInstruments"),
  },
  actions: {
    notifyFailure: notifyFailure(),
    notify: providedAction<Notice>("notify"),
    takeText: assign({ text: ({ event }) => event.value }),
    clearResults: assign({ text: ({ event }) => event.value, results: [], shownQuery: null }),
    emptyResults: assign({ results: [], shownQuery: null }),
  },
  guards: {
    isBlank: ({ event }) => trimmed(event.value) === "",
    isShown: ({ context, event }) => context.shownQuery !== null && trimmed(event.value) === context.shownQuery,
  },
  delays: {
    debounce: SEARCH_DEBOUNCE_MS,
  },
}).createMachine({
  id: "instrument-search",
  // What the chart's events and guards mean (English; the workflows namespace translates them).
  meta: {
    title: "Instrument search",
    purpose: "The side menu's search: debounced, a new search cancels the one in flight.",
    events: {
      "query.change": "The user types in the search box.",
    },
    guards: {
      isBlank: "The search text is blank.",
      isShown: "The results for this text are already shown.",
    },
  },
  context: ({ input }) => ({ text: "", providers: input.providers, results: [], shownQuery: null }),
  initial: "idle",
  states: {
    idle: {
      meta: { description: "Nothing pending: the results of the last completed search (or none) are listed" },
      on: onTextChange,
    },
    debouncing: {
      meta: { description: "Typing: the search goes out 1000 ms after the last change" },
      after: { debounce: "searching" },
      on: onTextChange,
    },
    searching: {
      tags: [TAG.busy],
      meta: { description: "GET /instruments with the trimmed text and the partners; the spinner shows" },
      invoke: {
        id: "searchInstruments",
        src: "searchInstruments",
        input: ({ context }) => ({ query: trimmed(context.text), providers: context.providers }),
        onDone: {
          target: "idle",
          actions: assign({ results: ({ event }) => event.output, shownQuery: ({ context }) => trimmed(context.text) }),
        },
        // Either way the list no longer matches the text: it empties; only a real failure is toasted.
        onError: { target: "idle", actions: ["emptyResults", { type: "notifyFailure", params: ({ event }) => ({ error: event.error }) }] },
      },
      on: onTextChange,
    },
  },
})
