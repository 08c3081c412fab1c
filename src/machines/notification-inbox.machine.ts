import { assign, fromCallback, setup } from "xstate"
import type { Notification, NotificationPage, NotificationPreferences, UnreadCount } from "../contract/notifications"
import { UNREAD_POLL_MS, type NotificationKind } from "../domain/notifications"
import type { Notice } from "./failure"
import { notifyFailure, TAG, type Tag, providedCall, providedAction } from "./kit"

export interface NotificationInboxContext {
  /** The unread count as last heard; null until the first answer. */
  readonly unread: number | null
  /** Whether the tab is shown (the count is polled only then). */
  readonly visible: boolean
  /** The notices shown, newest first; a list already shown stays while it reloads. */
  readonly items: ReadonlyArray<Notification>
  /** Whether older notices follow the last one shown. */
  readonly more: boolean
  /** The kind shown, or null for every kind. */
  readonly kind: NotificationKind | null
  /** How many notices one load asks for (the panel's few, the page's page). */
  readonly limit: number
  /** The notice being marked read; null otherwise. */
  readonly markingId: string | null
  /** The saved mail choice, and the one being edited; null while the preferences are closed. */
  readonly preferences: NotificationPreferences | null
  readonly draft: ReadonlyArray<NotificationKind>
}

export type NotificationInboxEvent =
  | { type: "tab.visible" }
  | { type: "tab.hidden" }
  | { type: "unread.changed" }
  | { type: "list.open"; limit: number }
  | { type: "list.close" }
  | { type: "list.retry" }
  | { type: "list.filter"; kind: NotificationKind | null }
  | { type: "list.more" }
  | { type: "notice.read"; id: string }
  | { type: "all.read" }
  | { type: "preferences.open" }
  | { type: "preferences.toggle"; kind: NotificationKind }
  | { type: "preferences.cancel" }
  | { type: "preferences.save"; language: NotificationPreferences["language"] }

export interface NoticeQuery {
  readonly kind?: NotificationKind
  readonly before?: string
  readonly limit: string
}

const queryOf = (context: NotificationInboxContext, before?: string): NoticeQuery => ({
  limit: String(context.limit),
  ...(context.kind ? { kind: context.kind } : {}),
  ...(before ? { before } : {}),
})

/** Whether the mail choice being edited differs from the saved one. */
export const preferencesChanged = (context: NotificationInboxContext): boolean => {
  const saved = new Set(context.preferences?.mail ?? [])
  return context.draft.length !== saved.size || context.draft.some((k) => !saved.has(k))
}

const withRead = (items: ReadonlyArray<Notification>, id: string | null, at: string): ReadonlyArray<Notification> =>
  items.map((n) => (n.readAt === null && (id === null || n.id === id) ? { ...n, readAt: at } : n))

/**
 * The notification inbox (issue 36, decision 0250), for the header's bell and panel and for the
 * Notifications page (each starts its own actor). Two regions run side by side:
 *
 * - `unread`: the unread count, asked for on start and every UNREAD_POLL_MS while the tab is
 *   shown, at once when the tab is shown again or another tab (or the other actor of this tab)
 *   says the count changed (`followTab`); marking one notice or all read, after which the other tabs
 *   are told (`broadcast`).
 * - `list`: closed until opened (the panel's few or the page's page); loading, the notices shown
 *   with a filter by kind and older ones on demand, reloaded when another tab changed the count;
 *   and the mail preferences (load, tick kinds, save).
 *
 * Provide the actors `loadUnread` (void -> UnreadCount), `loadNotices` (NoticeQuery ->
 * NotificationPage), `markRead` ({ id } -> UnreadCount), `markAllRead` (void -> UnreadCount),
 * `loadPreferences` (void -> NotificationPreferences), `savePreferences` (NotificationPreferences
 * -> NotificationPreferences) and `followTab` (a callback sending tab.visible / tab.hidden /
 * unread.changed), and the actions `notify` (params: Notice) and `broadcast` (tells the other tabs).
 */
export const notificationInboxMachine = setup({
  types: {
    tags: {} as Tag | "marking" | "preferences",
    context: {} as NotificationInboxContext,
    events: {} as NotificationInboxEvent,
  },
  actors: {
    loadUnread: providedCall<UnreadCount>("loadUnread"),
    loadNotices: providedCall<NotificationPage, NoticeQuery>("loadNotices"),
    markRead: providedCall<UnreadCount, { id: string }>("markRead"),
    markAllRead: providedCall<UnreadCount>("markAllRead"),
    loadPreferences: providedCall<NotificationPreferences>("loadPreferences"),
    savePreferences: providedCall<NotificationPreferences, NotificationPreferences>("savePreferences"),
    followTab: fromCallback(() => {
      throw new Error("the followTab actor is not implemented, add it with provide(...)")
    }),
  },
  delays: { poll: UNREAD_POLL_MS },
  guards: {
    isListedUnread: ({ context, event }) => event.type === "notice.read" && context.items.some((n) => n.id === event.id && n.readAt === null),
    hasUnread: ({ context }) => (context.unread ?? 0) > 0,
    hasMore: ({ context }) => context.more && context.items.length > 0,
    isVisible: ({ context }) => context.visible,
    hasChanges: ({ context }) => preferencesChanged(context),
  },
  actions: {
    notify: providedAction<Notice>("notify"),
    broadcast: providedAction("broadcast"),
    notifyFailure: notifyFailure(),
  },
}).createMachine({
  id: "notification-inbox",
  meta: {
    title: "Notification inbox",
    purpose:
      "The bell's unread count kept in step across tabs, the latest notices and the inbox page: filter by kind, mark read one or all, and which kinds are mailed.",
    events: {
      "tab.visible": "The tab is shown again.",
      "tab.hidden": "The tab is hidden.",
      "unread.changed": "Another tab, or the other inbox of this tab, changed the unread count.",
      "list.open": "The user opens the bell's panel or the Notifications page.",
      "list.close": "The user closes the bell's panel.",
      "list.retry": "The user asks to load the notices again.",
      "list.filter": "The user shows one kind of notice, or every kind.",
      "list.more": "The user asks for older notices.",
      "notice.read": "The user marks one notice read (or opens it from the panel).",
      "all.read": "The user marks every notice read.",
      "preferences.open": "The user opens the mail preferences.",
      "preferences.toggle": "The user ticks or unticks one kind of notice to be mailed.",
      "preferences.cancel": "The user closes the preferences without saving.",
      "preferences.save": "The user saves the mail preferences.",
    },
    guards: {
      isListedUnread: "The notice is shown and unread.",
      hasUnread: "At least one notice is unread.",
      hasMore: "Older notices follow the ones shown.",
      isVisible: "The tab is shown.",
      hasChanges: "The mail choice differs from the saved one.",
    },
  },
  context: { unread: null, visible: true, items: [], more: false, kind: null, limit: 5, markingId: null, preferences: null, draft: [] },
  invoke: { id: "followTab", src: "followTab" },
  type: "parallel",
  states: {
    unread: {
      meta: { description: "The unread count: polled while the tab is shown, marking read" },
      initial: "fetching",
      on: {
        "tab.hidden": { actions: assign({ visible: false }) },
        "tab.visible": { actions: assign({ visible: true }) },
      },
      states: {
        fetching: {
          meta: { description: "GET /users/notifications/unread" },
          invoke: {
            id: "loadUnread",
            src: "loadUnread",
            onDone: { target: "settled", actions: assign({ unread: ({ event }) => event.output.unread }) },
            // A failed poll is not toasted (it runs unseen); the count shown stays and the next poll tries again.
            onError: { target: "settled" },
          },
          on: {
            "tab.hidden": { target: "hidden", actions: assign({ visible: false }) },
            // A mark answers the count itself: the poll in flight is dropped, never the user's click.
            "notice.read": { guard: "isListedUnread", target: "marking", actions: assign({ markingId: ({ event }) => event.id }) },
            "all.read": { guard: "hasUnread", target: "markingAll" },
          },
        },
        settled: {
          meta: { description: "The answer is in: wait for the next poll while the tab is shown, else stop polling" },
          always: [{ guard: "isVisible", target: "waiting" }, { target: "hidden" }],
        },
        waiting: {
          meta: { description: "Waiting for the next poll (every 30 s while the tab is shown)" },
          after: { poll: { target: "fetching" } },
          on: {
            "tab.hidden": { target: "hidden", actions: assign({ visible: false }) },
            "unread.changed": { target: "fetching" },
            "notice.read": { guard: "isListedUnread", target: "marking", actions: assign({ markingId: ({ event }) => event.id }) },
            "all.read": { guard: "hasUnread", target: "markingAll" },
          },
        },
        hidden: {
          meta: { description: "The tab is hidden: no polling until it is shown again" },
          on: {
            "tab.visible": { target: "fetching", actions: assign({ visible: true }) },
            "unread.changed": { target: "fetching" },
            "notice.read": { guard: "isListedUnread", target: "marking", actions: assign({ markingId: ({ event }) => event.id }) },
            "all.read": { guard: "hasUnread", target: "markingAll" },
          },
        },
        marking: {
          tags: [TAG.busy, "marking"],
          meta: { description: "PATCH /users/notifications/{id}/read; the other tabs are told when it is done" },
          invoke: {
            id: "markRead",
            src: "markRead",
            input: ({ context }) => ({ id: context.markingId ?? "" }),
            onDone: {
              target: "settled",
              actions: [
                assign({
                  unread: ({ event }) => event.output.unread,
                  items: ({ context }) => withRead(context.items, context.markingId, new Date().toISOString()),
                  markingId: null,
                }),
                "broadcast",
              ],
            },
            onError: { target: "settled", actions: [{ type: "notifyFailure", params: ({ event }) => ({ error: event.error }) }, assign({ markingId: null })] },
          },
        },
        markingAll: {
          tags: [TAG.busy, "marking"],
          meta: { description: "PUT /users/notifications/read: every notice read; the other tabs are told when it is done" },
          invoke: {
            id: "markAllRead",
            src: "markAllRead",
            onDone: {
              target: "settled",
              actions: [
                assign({ unread: ({ event }) => event.output.unread, items: ({ context }) => withRead(context.items, null, new Date().toISOString()) }),
                "broadcast",
              ],
            },
            onError: { target: "settled", actions: { type: "notifyFailure", params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    list: {
      meta: { description: "The notices: the panel's latest or the page's, filtered by kind" },
      initial: "closed",
      states: {
        closed: {
          meta: { description: "No notices are shown (the panel is closed)" },
          on: { "list.open": { target: "loading", actions: assign({ limit: ({ event }) => event.limit }) } },
        },
        loading: {
          tags: [TAG.loading],
          meta: { description: "GET /users/notifications (the kind chosen, the newest first); notices already shown stay" },
          invoke: {
            id: "loadNotices",
            src: "loadNotices",
            input: ({ context }) => queryOf(context),
            onDone: {
              target: "shown",
              actions: assign({ items: ({ event }) => event.output.items, more: ({ event }) => event.output.more, unread: ({ event }) => event.output.unread }),
            },
            onError: { target: "failed", actions: { type: "notifyFailure", params: ({ event }) => ({ error: event.error }) } },
          },
          on: { "list.close": { target: "closed" } },
        },
        failed: {
          tags: [TAG.failed],
          meta: { description: "The notices could not be loaded (toasted); Retry loads them again" },
          on: { "list.retry": { target: "loading" }, "list.close": { target: "closed" } },
        },
        shown: {
          meta: { description: "The notices are shown" },
          initial: "idle",
          on: {
            "list.close": { target: "closed" },
            "list.filter": { target: "loading", actions: assign({ kind: ({ event }) => event.kind, items: [], more: false }) },
          },
          states: {
            idle: {
              meta: { description: "Filter, older notices, mark read and the preferences are offered" },
              on: {
                "unread.changed": { target: "#notification-inbox.list.loading" },
                "list.more": { guard: "hasMore", target: "loadingMore" },
                "preferences.open": { target: "loadingPreferences" },
              },
            },
            loadingMore: {
              tags: [TAG.busy],
              meta: { description: "GET /users/notifications before the last notice shown: older ones are added below" },
              invoke: {
                id: "loadOlder",
                src: "loadNotices",
                input: ({ context }) => queryOf(context, context.items[context.items.length - 1]?.id),
                onDone: {
                  target: "idle",
                  actions: assign({ items: ({ context, event }) => [...context.items, ...event.output.items], more: ({ event }) => event.output.more }),
                },
                onError: { target: "idle", actions: { type: "notifyFailure", params: ({ event }) => ({ error: event.error }) } },
              },
            },
            loadingPreferences: {
              tags: [TAG.busy, "preferences"],
              meta: { description: "GET /users/notification-preferences" },
              invoke: {
                id: "loadPreferences",
                src: "loadPreferences",
                onDone: {
                  target: "editingPreferences",
                  actions: assign({ preferences: ({ event }) => event.output, draft: ({ event }) => [...event.output.mail] }),
                },
                onError: { target: "idle", actions: { type: "notifyFailure", params: ({ event }) => ({ error: event.error }) } },
              },
            },
            editingPreferences: {
              tags: [TAG.open, "preferences"],
              meta: { description: "The preferences form: a box per kind, ticked when that kind is mailed" },
              on: {
                "preferences.toggle": {
                  actions: assign({
                    draft: ({ context, event }) =>
                      context.draft.includes(event.kind) ? context.draft.filter((k) => k !== event.kind) : [...context.draft, event.kind],
                  }),
                },
                "preferences.cancel": { target: "idle", actions: assign({ preferences: null, draft: [] }) },
                "preferences.save": { guard: "hasChanges", target: "savingPreferences" },
              },
            },
            savingPreferences: {
              tags: [TAG.open, TAG.busy, "preferences"],
              meta: { description: "PUT /users/notification-preferences with the kinds ticked and the app's language; the form cannot be closed" },
              invoke: {
                id: "savePreferences",
                src: "savePreferences",
                input: ({ context, event }) => ({
                  mail: [...context.draft],
                  language: event.type === "preferences.save" ? event.language : (context.preferences?.language ?? "en"),
                }),
                onDone: {
                  target: "idle",
                  actions: [assign({ preferences: null, draft: [] }), { type: "notify", params: { kind: "success", key: "notifications:preferences.saved" } }],
                },
                // Refused: the form stays with the boxes as ticked.
                onError: { target: "editingPreferences", actions: { type: "notifyFailure", params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
      },
    },
  },
})
