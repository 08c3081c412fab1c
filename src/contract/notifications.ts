/**
 * The notification inbox (issue 36, decision 0250): the user's notices, newest first, each a kind,
 * the thing it is about and the values its text names (src/domain/notifications.ts); the unread
 * count; marking read; and which kinds are also mailed. Every call is the signed-in user's own:
 * another user's notice id answers 404.
 */
import { Schema } from "effect"
import { isMailKindChoice, NOTIFICATION_KINDS, NOTIFICATION_SUBJECT_TYPES } from "../domain/notifications"
import { STATEMENT_LANGUAGES } from "../domain/statements"
import { IsoDate } from "./common"

export const NotificationKind = Schema.Literals(NOTIFICATION_KINDS)

/** What a notice is about: its type, its id and, for an order or a withdrawal, its portfolio. */
export const NotificationSubject = Schema.Struct({
  type: Schema.Literals(NOTIFICATION_SUBJECT_TYPES),
  id: Schema.String,
  accountId: Schema.optionalKey(Schema.String),
})
export type NotificationSubject = typeof NotificationSubject.Type

/** One notice; `readAt` null while unread. */
export const Notification = Schema.Struct({
  id: Schema.String,
  kind: NotificationKind,
  subject: NotificationSubject,
  params: Schema.Record(Schema.String, Schema.String),
  createdAt: IsoDate,
  readAt: Schema.NullOr(IsoDate),
})
export type Notification = typeof Notification.Type

/** How many of the user's notices are unread. */
export const UnreadCount = Schema.Struct({ unread: Schema.Number })
export type UnreadCount = typeof UnreadCount.Type

/** The text of a kind the filter does not know. */
export const NOTIFICATION_KIND_UNKNOWN = "Choose one of the kinds of notice."

/**
 * Query of GET /users/notifications: only this kind (absent: every kind), only notices older than
 * the one with id `before` (the next page), at most `limit` (1 to 50; absent: 20).
 */
export const NotificationQuery = Schema.Struct({
  kind: Schema.optionalKey(
    Schema.String.check(Schema.makeFilter<string>((k) => (NOTIFICATION_KINDS as ReadonlyArray<string>).includes(k) || NOTIFICATION_KIND_UNKNOWN)),
  ),
  before: Schema.optionalKey(Schema.String),
  limit: Schema.optionalKey(
    Schema.String.check(Schema.makeFilter<string>((l) => (/^\d{1,2}$/.test(l) && Number(l) >= 1 && Number(l) <= 50) || "Ask for 1 to 50 notices.")),
  ),
})
export type NotificationQuery = typeof NotificationQuery.Type

/** The answer of GET /users/notifications: a page of notices, newest first, whether older ones follow, and the unread count. */
export const NotificationPage = Schema.Struct({
  items: Schema.Array(Notification),
  more: Schema.Boolean,
  unread: Schema.Number,
})
export type NotificationPage = typeof NotificationPage.Type

/** The text of a mail choice that names an unknown kind or one twice. */
export const MAIL_KINDS_INVALID = "Choose each kind of notice at most once."

/**
 * The user's notification preferences: the kinds also mailed to them, and the language the mail is
 * written in (the app's language when the form was saved).
 */
export const NotificationPreferences = Schema.Struct({
  mail: Schema.Array(NotificationKind).check(Schema.makeFilter<ReadonlyArray<string>>((kinds) => isMailKindChoice(kinds) || MAIL_KINDS_INVALID)),
  language: Schema.Literals(STATEMENT_LANGUAGES),
})
export type NotificationPreferences = typeof NotificationPreferences.Type
