import { Context, Effect, Layer } from "effect"
import type { NotificationPage, NotificationPreferences, NotificationQuery, UnreadCount } from "../contract/notifications"
import { Endpoints } from "../contract/endpoints"
import { ApiClient } from "./api-client"
import type { ApiFailure } from "./api-errors"

type Call<A> = Effect.Effect<A, ApiFailure>

interface NotificationsShape {
  /** GET /users/notifications: a page of the user's notices, newest first (one kind, older than `before`), and the unread count. */
  list(query: NotificationQuery): Call<NotificationPage>
  /** GET /users/notifications/unread. */
  unread(): Call<UnreadCount>
  /** PATCH /users/notifications/:id/read: the unread count after. */
  markRead(id: string): Call<UnreadCount>
  /** PUT /users/notifications/read: every notice read. */
  markAllRead(): Call<UnreadCount>
  /** GET /users/notification-preferences. */
  preferences(): Call<NotificationPreferences>
  /** PUT /users/notification-preferences. */
  savePreferences(preferences: NotificationPreferences): Call<NotificationPreferences>
}

/**
 * The notification inbox's calls (issue 36): the notices, the unread count, marking read and the
 * mail preferences.
 *
 * Layers: `layer` (through the ApiClient).
 */
export class Notifications extends Context.Service<Notifications, NotificationsShape>()("chartfolio/services/Notifications") {
  static readonly layer: Layer.Layer<Notifications, never, ApiClient> = Layer.effect(
    Notifications,
    Effect.gen(function* () {
      const api = yield* ApiClient
      return Notifications.of({
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
      })
    }),
  )
}
