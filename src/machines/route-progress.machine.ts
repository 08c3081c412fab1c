import { assign, setup } from "xstate"
import { type Tag, TAG, providedAction } from "./kit"

/** What the route-change progress bar shows: a width in percent, 0 when hidden. */
export interface RouteProgressContext {
  readonly progress: number
}

/** The router tells the chart that navigation happened. */
export type RouteProgressEvent = { type: "route.changed" }

const STEP_PERCENT = 10
const FULL_PERCENT = 100

/**
 * The thin progress bar shown on a route change (spec part 1, shell): it advances in 10 percent
 * steps every 30 ms (delay `step`) and resets 300 ms after the route change (delay `reset`); the
 * page scrolls to top on every change.
 *
 * The first step is shown at the change itself, so the bar reads 10, 20, ... 100 at 0, 30, ...
 * 270 ms and resets to 0 at 300 ms: ten steps fill the 300 ms window, and the full bar is on screen
 * for one step instead of tying with the reset timer at 300 ms (where the reset, scheduled first,
 * would win and 100 % would never show). A `route.changed` while running restarts both timers
 * from the first step.
 *
 * Start it once at the app root and provide `scrollToTop` there; the default throws so a missing
 * wiring is loud:
 *
 * ```ts
 * const routeProgress = createActor(
 *   routeProgressMachine.provide({ actions: { scrollToTop: () => window.scrollTo({ top: 0 }) } }),
 * ).start()
 * router.subscribe("onResolved", (e) => e.pathChanged && routeProgress.send({ type: "route.changed" }))
 * ```
 *
 * Views read `context.progress` (0 means hidden) or the `visible` tag.
 */
export const routeProgressMachine = setup({
  types: {
    tags: {} as Tag,
    context: {} as RouteProgressContext,
    events: {} as RouteProgressEvent,
  },
  actions: {
    scrollToTop: providedAction("scrollToTop"),
    startProgress: assign({ progress: STEP_PERCENT }),
    advanceProgress: assign({ progress: ({ context }) => Math.min(FULL_PERCENT, context.progress + STEP_PERCENT) }),
    clearProgress: assign({ progress: 0 }),
  },
  guards: {
    isLastStep: ({ context }) => context.progress + STEP_PERCENT >= FULL_PERCENT,
  },
  delays: {
    step: 30,
    reset: 300,
  },
}).createMachine({
  id: "route-progress",
  // What the chart's events and guards mean (English; the workflows namespace translates them).
  meta: {
    title: "Page progress bar",
    purpose: "The progress bar shown while a page loads, after a short delay.",
    events: {
      "route.changed": "The app moved to another page.",
    },
    guards: {
      isLastStep: "One more step fills the bar.",
    },
  },
  context: { progress: 0 },
  initial: "idle",
  states: {
    idle: {
      meta: { description: "No navigation in progress; the bar is hidden (progress 0)" },
      on: {
        "route.changed": { target: "running", actions: ["startProgress", "scrollToTop"] },
      },
    },
    running: {
      tags: [TAG.visible],
      meta: { description: "A route change is settling; the bar is shown and the page was scrolled to top" },
      initial: "advancing",
      after: {
        reset: { target: "idle", actions: "clearProgress" },
      },
      on: {
        "route.changed": { target: "running", reenter: true, actions: ["startProgress", "scrollToTop"] },
      },
      states: {
        advancing: {
          meta: { description: "The bar grows by 10 percent every 30 ms" },
          after: {
            step: [
              { guard: "isLastStep", target: "full", actions: "advanceProgress" },
              { target: "advancing", reenter: true, actions: "advanceProgress" },
            ],
          },
        },
        full: {
          meta: { description: "The bar is at 100 percent until the reset at 300 ms" },
        },
      },
    },
  },
})
