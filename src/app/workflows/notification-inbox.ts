import { fromCallback } from "xstate"
import { notificationInboxMachine } from "../../machines/notification-inbox.machine"
import { defineWorkflow } from "../workflow"

/**
 * The channel every inbox actor of this origin listens on (decision 0251): a mark read in one tab
 * (or the page's actor) tells the others, which ask for the count again at once.
 */
const CHANNEL = "chartfolio-notifications"

/** The header's bell and panel, and the Notifications page: the user's notices, the unread count, marking read, the mail preferences. */
export default defineWorkflow({
  chart: notificationInboxMachine,
  texts: ["notifications", "errors"],
  calls: {
    loadUnread:
      ({ Notifications }) =>
      () =>
        Notifications.use((n) => n.unread()),
    loadNotices:
      ({ Notifications }) =>
      (input) =>
        Notifications.use((n) => n.list(input)),
    markRead:
      ({ Notifications }) =>
      (input) =>
        Notifications.use((n) => n.markRead(input.id)),
    markAllRead:
      ({ Notifications }) =>
      () =>
        Notifications.use((n) => n.markAllRead()),
    loadPreferences:
      ({ Notifications }) =>
      () =>
        Notifications.use((n) => n.preferences()),
    savePreferences:
      ({ Notifications }) =>
      (input) =>
        Notifications.use((n) => n.savePreferences(input)),
  },
  actors: {
    // The tab's visibility and the other inboxes' news, for the actor's life.
    followTab: fromCallback(({ sendBack }) => {
      const visibility = () => sendBack({ type: document.visibilityState === "visible" ? "tab.visible" : "tab.hidden" })
      document.addEventListener("visibilitychange", visibility)
      if (document.visibilityState !== "visible") visibility()
      const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(CHANNEL) : null
      channel?.addEventListener("message", () => sendBack({ type: "unread.changed" }))
      return () => {
        document.removeEventListener("visibilitychange", visibility)
        channel?.close()
      }
    }),
  },
  effects: ({ notify }) => ({
    notify: (_, notice) => notify(notice),
    broadcast: () => {
      if (typeof BroadcastChannel !== "function") return
      const channel = new BroadcastChannel(CHANNEL)
      channel.postMessage("unread.changed")
      channel.close()
    },
  }),
})
