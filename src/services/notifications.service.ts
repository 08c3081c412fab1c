import { Context, Effect, Layer } from "effect"
import type { NotificationPage, NotificationPreferences, NotificationQuery, UnreadCount } from "../contract/notifications"
import type { ApiClient } from "./api-client"
import type { ApiFailure } from "./api-errors"
import { lazyLayer } from "./lazy-service"

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
  static readonly layer: Layer.Layer<Notifications, never, ApiClient> = lazyLayer(Notifications, () => import("./notifications.live"))
}
