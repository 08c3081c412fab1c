import { assign, setup } from "xstate"
import {} from "./kit"

/** The suggestions carousel advances this often while it plays (spec part 1 section 9). */
export const CAROUSEL_AUTOPLAY_MS = 2000

export interface CarouselContext {
  /** Index of the first visible item. */
  readonly first: number
  /** How many items there are. */
  readonly count: number
  /** How many items fit side by side (1, 2, 3 or 5 by width). */
  readonly perView: number
  /** The pointer is over the carousel. */
  readonly hovered: boolean
  /** Keyboard focus is inside the carousel. */
  readonly focused: boolean
  /** Whether it started playing (false when the user prefers reduced motion). */
  readonly autoplay: boolean
}

export type CarouselEvent =
  /** The items or the number that fit changed. */
  | { type: "items.change"; count: number; perView: number }
  | { type: "carousel.next" }
  | { type: "carousel.previous" }
  /** The pause / play button. */
  | { type: "carousel.pause" }
  | { type: "carousel.play" }
  | { type: "pointer.enter" }
  | { type: "pointer.leave" }
  | { type: "focus.enter" }
  | { type: "focus.leave" }

export interface CarouselInput {
  /** Whether to start playing: false when the user prefers reduced motion. */
  readonly autoplay: boolean
}

/** The index after `first`, looping past the last item back to the first. */
export const nextIndex = (first: number, count: number): number => (count <= 0 ? 0 : (first + 1) % count)
/** The index before `first`, looping from the first item to the last. */
export const previousIndex = (first: number, count: number): number => (count <= 0 ? 0 : (first - 1 + count) % count)

/**
 * The suggestions carousel (spec part 1 section 9): autoplay every 2000 ms, looping, only when there
 * are more items than fit. Playing holds while the pointer is over it or focus is inside it (WCAG
 * 2.2.2), and the pause button stops it until play is pressed; it starts paused when the user
 * prefers reduced motion. Previous / next move one item, looping, in any state.
 */
export const carouselMachine = setup({
  types: {
    tags: {} as "playing",
    context: {} as CarouselContext,
    events: {} as CarouselEvent,
    input: {} as CarouselInput,
  },
  actions: {
    advance: assign({ first: ({ context }) => nextIndex(context.first, context.count) }),
  },
  guards: {
    autoplay: ({ context }) => context.autoplay,
    held: ({ context }) => context.hovered || context.focused,
    nothingToScroll: ({ context }) => context.count <= context.perView,
  },
  delays: { autoplay: CAROUSEL_AUTOPLAY_MS },
}).createMachine({
  id: "dashboard-carousel",
  // What the chart's events and guards mean (English; the workflows namespace translates them).
  meta: {
    title: "Dashboard carousel",
    purpose: "The dashboard's carousel: autoplay unless the user prefers reduced motion, pause and play, previous and next.",
    events: {
      "items.change": "The number of items or how many fit on screen changed.",
      "carousel.next": "The user shows the next item.",
      "carousel.previous": "The user shows the previous item.",
      "carousel.pause": "The user pauses the autoplay.",
      "carousel.play": "The user starts the autoplay.",
      "pointer.enter": "The pointer moves over the carousel.",
      "pointer.leave": "The pointer leaves the carousel.",
      "focus.enter": "The focus moves into the carousel.",
      "focus.leave": "The focus leaves the carousel.",
    },
    guards: {
      autoplay: "Autoplay is allowed (the user does not prefer reduced motion).",
      held: "The pointer is over the carousel or the focus is inside it.",
      nothingToScroll: "All items fit on screen.",
    },
  },
  context: ({ input }) => ({ first: 0, count: 0, perView: 1, hovered: false, focused: false, autoplay: input.autoplay }),
  initial: "starting",
  on: {
    "items.change": {
      actions: assign({
        count: ({ event }) => event.count,
        perView: ({ event }) => Math.max(1, event.perView),
        first: ({ context, event }) => (context.first < event.count ? context.first : 0),
      }),
    },
    "carousel.next": { actions: "advance" },
    "carousel.previous": { actions: assign({ first: ({ context }) => previousIndex(context.first, context.count) }) },
    "pointer.enter": { actions: assign({ hovered: true }) },
    "pointer.leave": { actions: assign({ hovered: false }) },
    "focus.enter": { actions: assign({ focused: true }) },
    "focus.leave": { actions: assign({ focused: false }) },
  },
  states: {
    starting: {
      meta: { description: "Choosing whether to play: not when the user prefers reduced motion" },
      always: [{ guard: "autoplay", target: "playing" }, { target: "paused" }],
    },
    playing: {
      tags: ["playing"],
      meta: { description: "Autoplay is on (the button offers Pause)" },
      initial: "deciding",
      on: { "carousel.pause": { target: "paused" } },
      states: {
        deciding: {
          meta: { description: "Deciding whether the carousel can move now" },
          always: [{ guard: "nothingToScroll", target: "idle" }, { guard: "held", target: "held" }, { target: "ticking" }],
        },
        idle: {
          meta: { description: "All items fit: nothing moves" },
          always: { guard: ({ context }) => context.count > context.perView, target: "deciding" },
        },
        held: {
          meta: { description: "The pointer is over the carousel or focus is inside it: autoplay waits" },
          always: [
            { guard: "nothingToScroll", target: "idle" },
            { guard: ({ context }) => !(context.hovered || context.focused), target: "ticking" },
          ],
        },
        ticking: {
          meta: { description: "Moving on by one item every 2000 ms, looping" },
          always: [
            { guard: "nothingToScroll", target: "idle" },
            { guard: "held", target: "held" },
          ],
          after: { autoplay: { target: "ticking", reenter: true, actions: "advance" } },
        },
      },
    },
    paused: {
      meta: { description: "Autoplay is off (paused by the user, or reduced motion preferred); the button offers Play" },
      on: { "carousel.play": { target: "playing" } },
    },
  },
})
