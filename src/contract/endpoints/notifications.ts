import { NotificationPage, NotificationPreferences, NotificationQuery, UnreadCount } from "../notifications"
import { endpoint, pathParams } from "../endpoint"

/** The notification inbox and its mail preferences (issue 36; another user's notice id: 404). */
export const NotificationEndpoints = {
  listNotifications: endpoint({ name: "listNotifications", method: "GET", path: "/users/notifications", query: NotificationQuery, response: NotificationPage }),
  unreadNotifications: endpoint({ name: "unreadNotifications", method: "GET", path: "/users/notifications/unread", response: UnreadCount }),
  readNotification: endpoint({
    name: "readNotification",
    method: "PATCH",
    path: "/users/notifications/:id/read",
    params: pathParams("id"),
    response: UnreadCount,
  }),
  readAllNotifications: endpoint({ name: "readAllNotifications", method: "PUT", path: "/users/notifications/read", response: UnreadCount }),
  getNotificationPreferences: endpoint({
    name: "getNotificationPreferences",
    method: "GET",
    path: "/users/notification-preferences",
    response: NotificationPreferences,
  }),
  saveNotificationPreferences: endpoint({
    name: "saveNotificationPreferences",
    method: "PUT",
    path: "/users/notification-preferences",
    request: NotificationPreferences,
    response: NotificationPreferences,
  }),
} as const
