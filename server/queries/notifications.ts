/**
 * The notification inbox's reads and changes (issue 36, decision 0250), all scoped to the signed-in
 * user: another user's notice id answers 404 like an unknown one. Notices are written only by
 * server/notifications/notify.ts.
 */
import { sql, type Kysely } from "kysely"
import type { Notification, NotificationPage, NotificationPreferences, UnreadCount } from "../../src/contract/notifications"
import { isNotificationKind, NOTIFICATION_PAGE_SIZE, type NotificationKind } from "../../src/domain/notifications"
import { isUuid } from "../auth/users"
import { json, type DB } from "../db/schema"
import { ApiErrors } from "../http/errors"
import { mailChoiceOf } from "../notifications/notify"

export const NOTIFICATION_NOT_FOUND = "No such notice."

const iso = (value: string | Date): string => new Date(value).toISOString()

/** The user's unread notices. */
export const unreadCount = async (db: Kysely<DB>, userId: string): Promise<UnreadCount> => {
  const row = await db
    .selectFrom("notifications")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("userId", "=", userId)
    .where("readAt", "is", null)
    .executeTakeFirstOrThrow()
  return { unread: Number(row.n) }
}

/**
 * GET /users/notifications: the user's notices newest first (ties by id), of one kind or all, older
 * than the notice `before` (404 when that is not one of theirs), at most `limit`.
 */
export const listNotifications = async (
  db: Kysely<DB>,
  userId: string,
  query: { readonly kind?: string; readonly before?: string; readonly limit?: string },
): Promise<NotificationPage> => {
  const limit = query.limit === undefined ? NOTIFICATION_PAGE_SIZE : Number(query.limit)
  let select = db
    .selectFrom("notifications")
    .select(["id", "kind", "subject", "params", "createdAt", "readAt"])
    .where("userId", "=", userId)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(limit + 1)
  if (query.kind !== undefined && isNotificationKind(query.kind)) select = select.where("kind", "=", query.kind)
  if (query.before !== undefined) {
    const anchor = isUuid(query.before)
      ? await db.selectFrom("notifications").select("id").where("userId", "=", userId).where("id", "=", query.before).executeTakeFirst()
      : undefined
    if (!anchor) throw ApiErrors.notFound(NOTIFICATION_NOT_FOUND)
    // Compared in the database: created_at has microseconds, which a JavaScript Date would drop.
    select = select.where(sql<boolean>`(created_at, id) < (select n.created_at, n.id from notifications n where n.id = ${anchor.id})`)
  }
  const rows = await select.execute()
  const items: Notification[] = rows.slice(0, limit).map((r) => ({
    id: r.id,
    kind: r.kind as NotificationKind,
    subject: r.subject,
    params: r.params,
    createdAt: iso(r.createdAt),
    readAt: r.readAt === null ? null : iso(r.readAt),
  }))
  return { items, more: rows.length > limit, unread: (await unreadCount(db, userId)).unread }
}

/** PATCH /users/notifications/:id/read: marks one of the user's notices read (again: no change); the unread count after. */
export const markRead = async (db: Kysely<DB>, userId: string, id: string, now: Date): Promise<UnreadCount> => {
  const found = isUuid(id)
    ? await db.selectFrom("notifications").select(["id", "readAt"]).where("userId", "=", userId).where("id", "=", id).executeTakeFirst()
    : undefined
  if (!found) throw ApiErrors.notFound(NOTIFICATION_NOT_FOUND)
  if (found.readAt === null) await db.updateTable("notifications").set({ readAt: now }).where("id", "=", found.id).where("readAt", "is", null).execute()
  return unreadCount(db, userId)
}

/** PUT /users/notifications/read: marks every unread notice of the user read. */
export const markAllRead = async (db: Kysely<DB>, userId: string, now: Date): Promise<UnreadCount> => {
  await db.updateTable("notifications").set({ readAt: now }).where("userId", "=", userId).where("readAt", "is", null).execute()
  return { unread: 0 }
}

/** GET /users/notification-preferences: the saved choice, else the defaults. */
export const notificationPreferences = async (db: Kysely<DB>, userId: string): Promise<NotificationPreferences> => {
  const choice = await mailChoiceOf(db, userId)
  return { mail: choice.kinds.filter(isNotificationKind), language: choice.language }
}

/** PUT /users/notification-preferences: stores the choice (the kinds mailed and the mail's language). */
export const saveNotificationPreferences = async (
  db: Kysely<DB>,
  userId: string,
  body: NotificationPreferences,
  now: Date,
): Promise<NotificationPreferences> => {
  const values = { mailKinds: json(body.mail), language: body.language, updatedAt: now }
  await db
    .insertInto("notificationPreferences")
    .values({ userId, ...values })
    .onConflict((oc) => oc.column("userId").doUpdateSet(values))
    .execute()
  return notificationPreferences(db, userId)
}
