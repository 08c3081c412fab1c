import { assign, setup } from "xstate"
import { isLanguageCode, type LanguageCode } from "../i18n/languages"
import { type Tag, TAG, providedAction } from "./kit"

export interface LanguageContext {
  /** The language the page is shown in. */
  readonly current: LanguageCode
  /** The language chosen, being applied (the page reloads in it). */
  readonly chosen: LanguageCode | null
}

export type LanguageEvent = { type: "language.choose"; code: string }

/**
 * The interface language (spec part 1 section 1): choosing another of the six languages stores it
 * locally and reloads the page in it (`store` and `reload` are provided by the app). Choosing the
 * language already shown, or anything that is not one of the six, changes nothing.
 */
export const languageMachine = setup({
  types: {
    tags: {} as Tag,
    context: {} as LanguageContext,
    events: {} as LanguageEvent,
    input: {} as { current: LanguageCode },
  },
  actions: {
    store: providedAction<{ code: LanguageCode }>("store"),
    reload: providedAction("reload"),
  },
  guards: {
    isOtherLanguage: ({ context }, params: { code: string }) => isLanguageCode(params.code) && params.code !== context.current,
  },
}).createMachine({
  id: "language",
  // What the chart's events and guards mean (English; the workflows namespace translates them).
  meta: {
    title: "Interface language",
    purpose: "The language of the interface: the stored choice, else the browser's, and switching it.",
    events: {
      "language.choose": "The user chooses an interface language.",
    },
    guards: {
      isOtherLanguage: "The chosen language is one of the six and not the current one.",
    },
  },
  context: ({ input }) => ({ current: input.current, chosen: null }),
  initial: "shown",
  states: {
    shown: {
      meta: { description: "The page is in the current language; another of the six may be chosen" },
      on: {
        "language.choose": {
          guard: { type: "isOtherLanguage", params: ({ event }) => ({ code: event.code }) },
          target: "reloading",
          actions: assign({ chosen: ({ event }) => (isLanguageCode(event.code) ? event.code : null) }),
        },
      },
    },
    reloading: {
      meta: { description: "The choice is stored and the page reloads in that language" },
      tags: [TAG.busy],
      entry: [{ type: "store", params: ({ context }) => ({ code: context.chosen ?? context.current }) }, "reload"],
    },
  },
})
