import { assign, setup } from "xstate"
import { type Tag, TAG } from "./kit"

/** How many loads are running; never negative. */
export interface SplashContext {
  readonly pending: number
}

/** Whoever starts or finishes a start-up load tells the splash. */
export type SplashEvent = { type: "loading.started" } | { type: "loading.finished" }

/**
 * The start-up splash (spec part 1, shell: "a splash screen hides after 3000 ms when nothing is
 * loading"), as the template it comes from behaves: while start-up loads run the splash stays;
 * when the last one finishes it hides at once; if nothing is loading, it hides after 3000 ms
 * (delay `minimum`). Hidden is for the rest of the page's life: later loads show the progress bar
 * and per-view spinners instead, and late events are ignored.
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
    tags: {} as Tag,
    context: {} as SplashContext,
    events: {} as SplashEvent,
  },
  actions: {
    countStarted: assign({ pending: ({ context }) => context.pending + 1 }),
    countFinished: assign({ pending: ({ context }) => context.pending - 1 }),
  },
  guards: {
    isLastLoad: ({ context }) => context.pending === 1,
    isLoading: ({ context }) => context.pending > 0,
  },
  delays: {
    minimum: 3000,
  },
}).createMachine({
  id: "splash",
  // What the chart's events and guards mean (English; the workflows namespace translates them).
  meta: {
    title: "Start-up splash",
    purpose: "The splash screen shown while the app starts.",
    events: {
      "loading.started": "A start-up load began.",
      "loading.finished": "A start-up load ended.",
    },
    guards: {
      isLastLoad: "This was the last start-up load running.",
      isLoading: "Start-up loads are running.",
    },
  },
  context: { pending: 0 },
  initial: "visible",
  states: {
    visible: {
      tags: [TAG.visible],
      meta: { description: "The splash covers the page" },
      initial: "waiting",
      states: {
        waiting: {
          meta: { description: "Nothing is loading yet: the splash hides after 3000 ms unless a load starts" },
          after: { minimum: "#splash.hidden" },
          on: { "loading.started": { target: "loading", actions: "countStarted" } },
        },
        loading: {
          meta: { description: "Start-up loads are running; the splash hides when the last one finishes" },
          on: {
            "loading.started": { actions: "countStarted" },
            "loading.finished": [
              { guard: "isLastLoad", target: "#splash.hidden", actions: "countFinished" },
              { guard: "isLoading", actions: "countFinished" },
            ],
          },
        },
      },
    },
    hidden: {
      meta: { description: "The splash is gone for the rest of the page's life (no event brings it back)" },
    },
  },
})
