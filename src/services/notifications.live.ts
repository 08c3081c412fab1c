import { Effect } from "effect"
import { NotificationEndpoints as Endpoints } from "../contract/endpoints/notifications"
import type { NotificationPreferences, NotificationQuery } from "../contract/notifications"
import type { ApiClient } from "./api-client"

/** The live Notifications service: its calls through the ApiClient (loaded with its first call, `lazyLayer`, which checks it against the service's shape). */
export default (api: ApiClient["Service"]) => {
  return {
    list: Effect.fn("Notifications.list")(function* (query: NotificationQuery) {
      return yield* api.call(Endpoints.listNotifications, { query })
    }),
    unread: Effect.fn("Notifications.unread")(function* () {
      return yield* api.call(Endpoints.unreadNotifications)
    }),
    markRead: Effect.fn("Notifications.markRead")(function* (id: string) {
      return yield* api.call(Endpoints.readNotification, { params: { id } })
    }),
    markAllRead: Effect.fn("Notifications.markAllRead")(function* () {
      return yield* api.call(Endpoints.readAllNotifications)
    }),
    preferences: Effect.fn("Notifications.preferences")(function* () {
      return yield* api.call(Endpoints.getNotificationPreferences)
    }),
    savePreferences: Effect.fn("Notifications.savePreferences")(function* (preferences: NotificationPreferences) {
      return yield* api.call(Endpoints.saveNotificationPreferences, { body: preferences })
    }),
  }
}
