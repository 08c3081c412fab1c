import { assign, setup } from "xstate"
import type { Watchlist, WatchlistDetail, WatchlistList, WatchlistRow } from "../contract/watchlists"
import { MAX_WATCHLISTS, watchlistNameProblem, type WatchlistNameProblem } from "../domain/watchlist"
import type { Failure, Notice } from "./failure"
import { intentKey, NO_INTENT_KEY, notifyFailure, shownFailure, TAG, type Tag, providedCall, providedAction } from "./kit"

/** How often the shown list's prices are read again while the page is visible. */
export const WATCHLIST_POLL_MS = 15_000

export interface WatchlistInput {
  /** Makes an Idempotency-Key (crypto.randomUUID in the app). */
  readonly newKey: () => string
  /**
   * Whether the rows are on screen (the Watchlist page): they refresh every WATCHLIST_POLL_MS while
   * the page is visible. A star elsewhere passes false: it reads the lists, not the prices.
   */
  readonly showsRows?: boolean
}

export interface WatchlistContext {
  /** The user's lists in their order (the server makes the default one). */
  readonly lists: WatchlistList
  /** The list shown and starred into: the first one until the user picks another. */
  readonly selectedId: string | null
  /** The shown list's rows with prices and a month of closes; kept while they refresh. */
  readonly rows: ReadonlyArray<WatchlistRow>
  readonly showsRows: boolean
  /** Whether the page is visible (the browser tab is shown): no refresh while hidden. */
  readonly visible: boolean
  /** The name form: making a new list, or renaming the selected one; null when closed. */
  readonly editing: "create" | "rename" | null
  /** What the user typed in the name form (kept after a refusal). */
  readonly name: string
  /** What is wrong with the typed name, shown once the user submitted it. */
  readonly nameProblem: WatchlistNameProblem | null
  /** The failure of the last save, shown in the form. */
  readonly failure: Failure | null
  /** The instrument a star is adding or removing, and which. */
  readonly star: { readonly instrumentId: string; readonly add: boolean } | null
  /** The new order of the lists being saved. */
  readonly order: ReadonlyArray<string>
  readonly idempotencyKey: string | null
  readonly newKey: () => string
}

export type WatchlistEvent =
  | { type: "list.retry" }
  | { type: "list.select"; id: string }
  | { type: "list.move"; id: string; by: -1 | 1 }
  | { type: "create.open" }
  | { type: "rename.open" }
  | { type: "name.change"; name: string }
  | { type: "name.submit" }
  | { type: "name.cancel" }
  | { type: "delete.request" }
  | { type: "delete.confirm" }
  | { type: "delete.cancel" }
  | { type: "star.toggle"; instrumentId: string }
  | { type: "page.hidden" }
  | { type: "page.visible" }

/** The list shown (and starred into), or undefined before the lists load. */
export const selectedList = (context: Pick<WatchlistContext, "lists" | "selectedId">): Watchlist | undefined =>
  context.lists.find((l) => l.id === context.selectedId) ?? context.lists[0]

/** Whether the instrument is on the selected list (its star is on). */
export const isStarred = (context: Pick<WatchlistContext, "lists" | "selectedId">, instrumentId: string): boolean =>
  selectedList(context)?.instrumentIds.includes(instrumentId) ?? false

/** The lists with one list replaced by the server's answer. */
const replaced = (lists: WatchlistList, list: Watchlist): WatchlistList => lists.map((l) => (l.id === list.id ? list : l))

/** The selected id kept when still there, else the first list's. */
const keptSelection = (lists: WatchlistList, selectedId: string | null): string | null =>
  lists.some((l) => l.id === selectedId) ? selectedId : (lists[0]?.id ?? null)

/** The lists' ids with one moved by one place. */
const movedOrder = (lists: WatchlistList, id: string, by: -1 | 1): string[] => {
  const ids = lists.map((l) => l.id)
  const from = ids.indexOf(id)
  const to = from + by
  if (from < 0 || to < 0 || to >= ids.length) return ids
  ids.splice(to, 0, ...ids.splice(from, 1))
  return ids
}

const closedForm = { editing: null, name: "", nameProblem: null, failure: null, ...NO_INTENT_KEY } as const

/**
 * The user's watchlists (issue 36): the lists, the selected list's rows with prices and a month of
 * closes (one request per list), creating, renaming, deleting and reordering lists, and the star
 * that adds an instrument to the selected list or removes it. While the rows are on screen and the
 * page is visible, they are read again every WATCHLIST_POLL_MS; a hidden page stops it and showing
 * it again reads them at once. A refused name keeps what was typed; the last list cannot be deleted
 * and a user keeps at most MAX_WATCHLISTS lists (src/domain/watchlist.ts).
 *
 * Provide the actors `loadLists`, `loadRows`, `saveName`, `deleteList`, `reorderLists`,
 * `toggleStar` and the action `notify` (params: Notice, a toast).
 */
export const watchlistMachine = setup({
  types: {
    tags: {} as Tag,
    context: {} as WatchlistContext,
    events: {} as WatchlistEvent,
    input: {} as WatchlistInput,
  },
  actors: {
    loadLists: providedCall<WatchlistList, void>("loadLists"),
    loadRows: providedCall<WatchlistDetail, { id: string }>("loadRows"),
    saveName: providedCall<Watchlist, { mode: "create" | "rename"; id: string; name: string; idempotencyKey: string }>("saveName"),
    deleteList: providedCall<WatchlistList, { id: string }>("deleteList"),
    reorderLists: providedCall<WatchlistList, { ids: ReadonlyArray<string> }>("reorderLists"),
    toggleStar: providedCall<Watchlist, { id: string; instrumentId: string; add: boolean }>("toggleStar"),
  },
  actions: {
    notifyFailure: notifyFailure(),
    notify: providedAction<Notice>("notify"),
  },
  guards: {
    showsRows: ({ context }) => context.showsRows,
    isHidden: ({ context }) => !context.visible,
    canCreate: ({ context }) => context.lists.length < MAX_WATCHLISTS,
    canDelete: ({ context }) => context.lists.length > 1,
    nameValid: ({ context }) => watchlistNameProblem(context.name) === null,
    canMove: ({ context, event }) => {
      if (event.type !== "list.move") return false
      const index = context.lists.findIndex((l) => l.id === event.id)
      return index >= 0 && index + event.by >= 0 && index + event.by < context.lists.length
    },
    isCreating: ({ context }) => context.editing === "create",
    isOtherList: ({ context, event }) => event.type === "list.select" && event.id !== selectedList(context)?.id && context.lists.some((l) => l.id === event.id),
  },
  delays: { poll: WATCHLIST_POLL_MS },
}).createMachine({
  id: "watchlist",
  // What the chart's events and guards mean (English; the workflows namespace translates them).
  meta: {
    title: "Watchlist",
    purpose:
      "Following instruments the customer does not hold: named lists, stars on the instrument page and in search, prices refreshed while the page is visible.",
    events: {
      "list.retry": "The user asks to load the watchlists again.",
      "list.select": "The user picks a watchlist to show.",
      "list.move": "The user moves a watchlist one place up or down.",
      "create.open": "The user opens the form for a new watchlist.",
      "rename.open": "The user opens the form to rename the shown watchlist.",
      "name.change": "The user types the watchlist's name.",
      "name.submit": "The user saves the name.",
      "name.cancel": "The user closes the name form.",
      "delete.request": "The user asks to delete the shown watchlist.",
      "delete.confirm": "The user confirms the deletion.",
      "delete.cancel": "The user keeps the watchlist.",
      "star.toggle": "The user stars or unstars an instrument.",
      "page.hidden": "The browser tab is hidden.",
      "page.visible": "The browser tab is shown again.",
    },
    guards: {
      showsRows: "The watchlist's rows are on screen.",
      isHidden: "The page is hidden.",
      canCreate: `You have fewer than ${MAX_WATCHLISTS} watchlists.`,
      canDelete: "You have another watchlist (the last one cannot be deleted).",
      nameValid: "The name is filled in and not too long.",
      canMove: "The watchlist can move that way.",
      isCreating: "The form makes a new watchlist (not a rename).",
      isOtherList: "Another of your watchlists is picked.",
    },
  },
  context: ({ input }) => ({
    lists: [],
    selectedId: null,
    rows: [],
    showsRows: input.showsRows ?? true,
    visible: true,
    editing: null,
    name: "",
    nameProblem: null,
    failure: null,
    star: null,
    order: [],
    idempotencyKey: null,
    newKey: input.newKey,
  }),
  initial: "loading",
  states: {
    loading: {
      tags: [TAG.loading],
      meta: { description: "GET /users/watchlists; the page shows skeleton rows" },
      invoke: {
        id: "loadLists",
        src: "loadLists",
        onDone: {
          target: "ready",
          actions: assign({ lists: ({ event }) => event.output, selectedId: ({ event, context }) => keptSelection(event.output, context.selectedId) }),
        },
        onError: { target: "failed", actions: { type: "notifyFailure", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      tags: [TAG.failed],
      meta: { description: "The watchlists could not be loaded (an error toast was shown unless the request was cancelled); a retry is offered" },
      on: { "list.retry": { target: "loading" } },
    },
    ready: {
      meta: { description: "The lists are known; the stars show which instruments are on the selected list" },
      initial: "entering",
      on: {
        "page.hidden": { actions: assign({ visible: false }) },
        "page.visible": { actions: assign({ visible: true }) },
      },
      states: {
        entering: {
          meta: { description: "Reads the rows when they are on screen, else waits" },
          always: [{ guard: "showsRows", target: "fetching" }, { target: "idle" }],
        },
        fetching: {
          meta: { description: "GET /users/watchlists/:id: the selected list's rows with prices and closes, in one request; the shown rows stay" },
          invoke: {
            id: "loadRows",
            src: "loadRows",
            input: ({ context }) => ({ id: selectedList(context)?.id ?? "" }),
            onDone: {
              target: "idle",
              actions: assign({
                rows: ({ event }) => event.output.rows,
                lists: ({ context, event }) =>
                  replaced(context.lists, { id: event.output.id, name: event.output.name, instrumentIds: event.output.instrumentIds }),
              }),
            },
            onError: { target: "idle", actions: { type: "notifyFailure", params: ({ event }) => ({ error: event.error }) } },
          },
        },
        idle: {
          meta: { description: "The list and its rows are shown; they refresh after a while when the page is visible" },
          always: { guard: "isHidden", target: "paused" },
          after: { poll: { guard: "showsRows", target: "fetching" } },
          on: {
            "page.hidden": { target: "paused", actions: assign({ visible: false }) },
            "list.select": { guard: "isOtherList", target: "fetching", actions: assign({ selectedId: ({ event }) => event.id, rows: [] }) },
            "list.move": {
              guard: "canMove",
              target: "reordering",
              actions: assign({ order: ({ context, event }) => movedOrder(context.lists, event.id, event.by) }),
            },
            "create.open": { guard: "canCreate", target: "naming", actions: assign({ ...closedForm, editing: "create" }) },
            "rename.open": {
              target: "naming",
              actions: assign({ ...closedForm, editing: "rename", name: ({ context }) => selectedList(context)?.name ?? "" }),
            },
            "delete.request": { guard: "canDelete", target: "confirmingDelete" },
            "star.toggle": {
              target: "starring",
              actions: assign({ star: ({ context, event }) => ({ instrumentId: event.instrumentId, add: !isStarred(context, event.instrumentId) }) }),
            },
          },
        },
        paused: {
          meta: { description: "The page is hidden: no refresh until it is shown again" },
          on: {
            "page.visible": [
              { guard: "showsRows", target: "fetching", actions: assign({ visible: true }) },
              { target: "idle", actions: assign({ visible: true }) },
            ],
            "star.toggle": {
              target: "starring",
              actions: assign({ star: ({ context, event }) => ({ instrumentId: event.instrumentId, add: !isStarred(context, event.instrumentId) }) }),
            },
          },
        },
        naming: {
          tags: [TAG.open],
          meta: { description: "The name form is open (new list or rename), with what the user typed" },
          on: {
            "name.change": { actions: assign({ name: ({ event }) => event.name, nameProblem: null, failure: null, ...NO_INTENT_KEY }) },
            "name.submit": [
              { guard: "nameValid", target: "saving", actions: assign({ idempotencyKey: ({ context }) => intentKey(context), failure: null }) },
              { actions: assign({ nameProblem: ({ context }) => watchlistNameProblem(context.name) }) },
            ],
            "name.cancel": { target: "idle", actions: assign(closedForm) },
          },
        },
        saving: {
          tags: [TAG.open, TAG.busy],
          meta: { description: "POST /users/watchlists (a new list, with its Idempotency-Key) or PATCH /users/watchlists/:id (the new name)" },
          invoke: {
            id: "saveName",
            src: "saveName",
            input: ({ context }) => ({
              mode: context.editing ?? "create",
              id: selectedList(context)?.id ?? "",
              name: context.name.trim(),
              idempotencyKey: context.idempotencyKey ?? "",
            }),
            onDone: [
              {
                guard: "isCreating",
                target: "fetching",
                actions: assign({
                  lists: ({ context, event }) => [...context.lists, event.output],
                  selectedId: ({ event }) => event.output.id,
                  rows: [],
                  ...closedForm,
                }),
              },
              { target: "idle", actions: assign({ lists: ({ context, event }) => replaced(context.lists, event.output), ...closedForm }) },
            ],
            onError: { target: "naming", actions: assign({ failure: ({ event }) => shownFailure(event.error) }) },
          },
        },
        confirmingDelete: {
          tags: [TAG.open],
          meta: { description: "Asks whether to delete the shown watchlist" },
          on: { "delete.confirm": { target: "deleting" }, "delete.cancel": { target: "idle" } },
        },
        deleting: {
          tags: [TAG.open, TAG.busy],
          meta: { description: "DELETE /users/watchlists/:id; then the first list left is shown" },
          invoke: {
            id: "deleteList",
            src: "deleteList",
            input: ({ context }) => ({ id: selectedList(context)?.id ?? "" }),
            onDone: {
              target: "entering",
              actions: assign({ lists: ({ event }) => event.output, selectedId: ({ event }) => event.output[0]?.id ?? null, rows: [] }),
            },
            onError: { target: "idle", actions: { type: "notifyFailure", params: ({ event }) => ({ error: event.error }) } },
          },
        },
        reordering: {
          tags: [TAG.busy],
          meta: { description: "PUT /users/watchlists/order with the new order" },
          invoke: {
            id: "reorderLists",
            src: "reorderLists",
            input: ({ context }) => ({ ids: context.order }),
            onDone: { target: "idle", actions: assign({ lists: ({ event }) => event.output, order: [] }) },
            onError: { target: "idle", actions: [assign({ order: [] }), { type: "notifyFailure", params: ({ event }) => ({ error: event.error }) }] },
          },
        },
        starring: {
          tags: [TAG.busy],
          meta: { description: "PUT or DELETE /users/watchlists/:id/instruments/:instrumentId: adds the instrument to the selected list or removes it" },
          invoke: {
            id: "toggleStar",
            src: "toggleStar",
            input: ({ context }) => ({ id: selectedList(context)?.id ?? "", instrumentId: context.star?.instrumentId ?? "", add: context.star?.add ?? true }),
            onDone: { target: "entering", actions: assign({ lists: ({ context, event }) => replaced(context.lists, event.output), star: null }) },
            onError: { target: "entering", actions: [assign({ star: null }), { type: "notifyFailure", params: ({ event }) => ({ error: event.error }) }] },
          },
        },
      },
    },
  },
})
