import { assign, setup } from "xstate"
import { providedAction } from "./kit"

/** A colour mode the page can be shown in. */
export type ColorMode = "light" | "dark"

/** What the user chose: to follow the system (nothing stored), or one mode. */
export type ColorModeChoice = ColorMode | "system"

/** A stored value as a choice: anything but "light" or "dark" follows the system. */
export const toColorModeChoice = (stored: unknown): ColorModeChoice => (stored === "light" || stored === "dark" ? stored : "system")

export interface ColorModeContext {
  /** What the user chose; "system" follows the operating system's preference. */
  readonly choice: ColorModeChoice
  /** The operating system's preference (prefers-color-scheme). */
  readonly system: ColorMode
}

export type ColorModeEvent = { type: "mode.toggle" } | { type: "system.change"; mode: ColorMode }

/** The mode the page is shown in: the choice, or the system's when the choice is to follow it. */
export const shownMode = (context: ColorModeContext): ColorMode => (context.choice === "system" ? context.system : context.choice)

const opposite = (mode: ColorMode): ColorMode => (mode === "dark" ? "light" : "dark")

/**
 * The colour mode (issue 15): the page follows the system's light or dark preference until the user
 * toggles the header's switch, which shows the other mode and stores that choice locally. Toggling
 * back to the system's own mode forgets the choice, so the page follows the system again (one
 * two-state switch serves "system", "light" and "dark"). While a choice is stored, a change of the
 * system's preference is noted but not shown. `apply` (the class on <html>) and `store` (local
 * storage) are provided by the app; the page was painted in the stored mode before the app started
 * (index.html's inline script reads the same key), so the chart applies only changes.
 */
export const colorModeMachine = setup({
  types: {
    context: {} as ColorModeContext,
    events: {} as ColorModeEvent,
    input: {} as { choice: ColorModeChoice; system: ColorMode },
  },
  actions: {
    apply: providedAction<{ mode: ColorMode }>("apply"),
    store: providedAction<{ choice: ColorModeChoice }>("store"),
  },
  guards: {
    hasChoice: ({ context }) => context.choice !== "system",
    /** Toggling the shown mode lands on the system's own mode: the choice is forgotten. */
    togglesToSystem: ({ context }) => opposite(shownMode(context)) === context.system,
  },
}).createMachine({
  id: "color-mode",
  meta: {
    title: "Colour mode",
    purpose: "Light or dark: the system's mode until the user chooses one, which is then stored.",
    events: {
      "mode.toggle": "The user presses the header's dark-mode switch.",
      "system.change": "The operating system's light or dark preference changes.",
    },
    guards: {
      hasChoice: "A light or dark choice is stored.",
      togglesToSystem: "Toggling would show the system's own mode, so the choice is forgotten.",
    },
  },
  context: ({ input }) => ({ choice: input.choice, system: input.system }),
  initial: "starting",
  states: {
    starting: {
      meta: { description: "Reads the stored choice: a mode, or nothing (follow the system)" },
      always: [{ guard: "hasChoice", target: "chosen" }, { target: "followingSystem" }],
    },
    followingSystem: {
      meta: { description: "No choice stored: the page shows the system's mode and follows its changes" },
      on: {
        "system.change": {
          actions: [assign({ system: ({ event }) => event.mode }), { type: "apply", params: ({ event }) => ({ mode: event.mode }) }],
        },
        "mode.toggle": {
          target: "chosen",
          actions: [
            assign({ choice: ({ context }) => opposite(context.system) }),
            { type: "apply", params: ({ context }) => ({ mode: shownMode(context) }) },
            { type: "store", params: ({ context }) => ({ choice: context.choice }) },
          ],
        },
      },
    },
    chosen: {
      meta: { description: "The user chose a mode (stored): the page shows it whatever the system prefers" },
      on: {
        "system.change": { actions: assign({ system: ({ event }) => event.mode }) },
        "mode.toggle": [
          {
            guard: "togglesToSystem",
            target: "followingSystem",
            actions: [
              assign({ choice: "system" as const }),
              { type: "apply", params: ({ context }) => ({ mode: context.system }) },
              { type: "store", params: () => ({ choice: "system" as const }) },
            ],
          },
          {
            actions: [
              assign({ choice: ({ context }) => opposite(shownMode(context)) }),
              { type: "apply", params: ({ context }) => ({ mode: shownMode(context) }) },
              { type: "store", params: ({ context }) => ({ choice: context.choice }) },
            ],
          },
        ],
      },
    },
  },
})
