import { assign, setup } from "xstate"
import type { MarketInsight } from "../contract/news"
import { type Notice } from "./failure"
import { notifyFailure, type Tag, TAG, providedCall, providedAction } from "./kit"

export interface MarketInsightContext {
  /** The address the frame shows, from GET /overview/market-insight; null until it has answered. */
  readonly url: string | null
}

export type MarketInsightEvent = { type: "frame.loaded" } | { type: "insight.retry" }

/** How long the frame may take to load before the page offers a retry (ms). */
export const FRAME_TIMEOUT_MS = 20_000

/**
 * The market insight page (/market-insight, spec part 2 "Market insight"): GET
 * /overview/market-insight for the address, then the full-height frame showing it. Loading lasts
 * until the frame's load event (`frame.loaded`); a failed call is an error toast (unless the
 * client cancelled it) and a retry; a frame that has not loaded within FRAME_TIMEOUT_MS is
 * failed too, without a toast. A retry asks for the address again and reloads the frame.
 *
 * Provide the actor `loadInsight` (void -> MarketInsight) and the action `notify` (params: Notice).
 */
export const marketInsightMachine = setup({
  types: {
    tags: {} as Tag,
    context: {} as MarketInsightContext,
    events: {} as MarketInsightEvent,
  },
  actors: {
    loadInsight: providedCall<MarketInsight, void>("loadInsight"),
  },
  actions: {
    notifyFailure: notifyFailure(),
    notify: providedAction<Notice>("notify"),
  },
  delays: { frameTimeout: FRAME_TIMEOUT_MS },
}).createMachine({
  id: "market-insight",
  // What the chart's events and guards mean (English; the workflows namespace translates them).
  meta: {
    title: "Market insight",
    purpose: "The market insight page: its frame loaded within a time limit, with a retry.",
    events: {
      "frame.loaded": "The embedded page finished loading.",
      "insight.retry": "The user asks to load the market insight again.",
    },
    guards: {},
  },
  context: { url: null },
  initial: "loading",
  states: {
    loading: {
      tags: [TAG.loading],
      meta: { description: "GET /overview/market-insight; the page shows a skeleton" },
      entry: assign({ url: null }),
      invoke: {
        id: "loadInsight",
        src: "loadInsight",
        onDone: { target: "framing", actions: assign({ url: ({ event }) => event.output.url }) },
        onError: { target: "failed", actions: { type: "notifyFailure", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    framing: {
      tags: [TAG.loading],
      meta: { description: "The frame loads the address (hidden); the skeleton stays until its load event" },
      on: { "frame.loaded": { target: "shown" } },
      after: { frameTimeout: { target: "failed" } },
    },
    shown: {
      meta: { description: "The frame shows the market insight page, full height" },
    },
    failed: {
      tags: [TAG.failed],
      meta: { description: "The address could not be loaded (an error toast unless cancelled) or the frame did not load in time; the page offers a retry" },
      on: { "insight.retry": { target: "loading" } },
    },
  },
})
