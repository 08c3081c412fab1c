import { assign, setup } from "xstate"

/** How many loads are running; never negative. */
export interface SplashContext {
  readonly pending: number
}

/** Whoever starts or finishes a start-up load tells the splash. */
export type SplashEvent = { type: "loading.started" } | { type: "loading.finished" }

/**
 * The start-up splash (spec part 1, shell): it stays up at least 3000 ms (delay `minimum`) and
 * then until nothing is loading, and hides for the rest of the page's life: `hidden` handles no
 * event, so a later load never brings it back (the progress bar and per-view spinners cover those).
 * It is not a `final` state on purpose: the actor stays alive, so late `loading.*` events are
 * quietly ignored instead of warning about a stopped actor.
 *
 * Start it first thing and bracket start-up work with `loading.started` / `loading.finished`; an
 * unmatched `loading.finished` is ignored, so the count never goes below zero:
 *
 * ```ts
 * const splash = createActor(splashMachine).start()
 * splash.send({ type: "loading.started" })
 * await router.load()
 * splash.send({ type: "loading.finished" })
 * ```
 *
 * Views read `matches("hidden")` or the `visible` tag.
 */
export const splashMachine = setup({
  types: {
    context: {} as SplashContext,
    events: {} as SplashEvent,
  },
  actions: {
    countStarted: assign({ pending: ({ context }) => context.pending + 1 }),
    countFinished: assign({ pending: ({ context }) => context.pending - 1 }),
  },
  guards: {
    isLoading: ({ context }) => context.pending > 0,
    isIdle: ({ context }) => context.pending === 0,
  },
  delays: {
    minimum: 3000,
  },
}).createMachine({
  id: "splash",
  context: { pending: 0 },
  initial: "visible",
  states: {
    visible: {
      tags: ["visible"],
      meta: { description: "The splash covers the page" },
      initial: "minimumTime",
      on: {
        "loading.started": { actions: "countStarted" },
        "loading.finished": { guard: "isLoading", actions: "countFinished" },
      },
      states: {
        minimumTime: {
          meta: { description: "Less than 3000 ms since start; loads may come and go" },
          after: { minimum: "waitingForLoads" },
        },
        waitingForLoads: {
          meta: { description: "The minimum time is over; waiting for the last running load to finish" },
          always: { guard: "isIdle", target: "#splash.hidden" },
        },
      },
    },
    hidden: {
      meta: { description: "The splash is gone for the rest of the page's life" },
    },
  },
})
