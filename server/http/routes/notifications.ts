/**
 * The notification inbox (issue 36; server/queries/notifications.ts says the rules), all of the
 * signed-in user:
 *   GET /users/notifications?kind=&before=&limit=   NotificationPage (newest first, the unread count)
 *   GET /users/notifications/unread                 UnreadCount (what an open tab polls)
 *   PATCH /users/notifications/:id/read             UnreadCount (another user's or an unknown id: 404)
 *   PUT /users/notifications/read                   UnreadCount (every notice read)
 *   GET /users/notification-preferences             NotificationPreferences
 *   PUT /users/notification-preferences             NotificationPreferences -> NotificationPreferences
 */
import {
  NotificationPreferences as PreferencesSchema,
  NotificationQuery,
  type NotificationPage,
  type NotificationPreferences,
  type UnreadCount,
} from "../../../src/contract/notifications"
import { requireSession } from "../../auth/session"
import { listNotifications, markAllRead, markRead, notificationPreferences, saveNotificationPreferences, unreadCount } from "../../queries/notifications"
import { decodeOrBadRequest, parseJsonBody } from "../body"
import type { ApiRoutes } from "../context"

export const notificationRoutes: ApiRoutes = {
  name: "notifications",
  mount: (api, deps) => {
    const { db } = deps.database
    const signedIn = requireSession(deps, { satisfied: true })

    api.get("/users/notifications", signedIn, async (c) => {
      const query = decodeOrBadRequest(NotificationQuery, c.req.query())
      const answer: NotificationPage = await listNotifications(db, c.get("session").userId, query)
      return c.json(answer)
    })

    api.get("/users/notifications/unread", signedIn, async (c) => {
      const answer: UnreadCount = await unreadCount(db, c.get("session").userId)
      return c.json(answer)
    })

    api.patch("/users/notifications/:id/read", signedIn, async (c) => {
      const answer: UnreadCount = await markRead(db, c.get("session").userId, c.req.param("id"), new Date(deps.now()))
      return c.json(answer)
    })

    api.put("/users/notifications/read", signedIn, async (c) => {
      const answer: UnreadCount = await markAllRead(db, c.get("session").userId, new Date(deps.now()))
      return c.json(answer)
    })

    api.get("/users/notification-preferences", signedIn, async (c) => {
      const answer: NotificationPreferences = await notificationPreferences(db, c.get("session").userId)
      return c.json(answer)
    })

    api.put("/users/notification-preferences", signedIn, async (c) => {
      const body = decodeOrBadRequest(PreferencesSchema, parseJsonBody(c.get("rawBody")))
      const answer: NotificationPreferences = await saveNotificationPreferences(db, c.get("session").userId, body, new Date(deps.now()))
      return c.json(answer)
    })
  },
}
