/**
 * The one way the server writes a notice to a user's inbox (issue 36, decision 0250). Producers
 * (the order engine, the payout rail, bank accounts, the code step's new-device check, price
 * alerts) call `notify` inside the transaction of the change it announces, so the notice exists
 * exactly when the change does. The dedupe key names the event (`order-filled:<order id>`): the
 * insert is `on conflict (user_id, dedupe_key) do nothing`, so an event seen twice, by two passes or
 * two server processes on one PostgreSQL, leaves one notice and at most one mail.
 */
import type { Kysely, Transaction } from "kysely"
import {
  DEFAULT_MAIL_KINDS,
  NOTIFICATION_DEDUPE_MAX,
  type NotificationKind,
  type NotificationParams,
  type NotificationSubject,
} from "../../src/domain/notifications"
import { STATEMENT_LANGUAGES, type StatementLanguage } from "../../src/domain/statements"
import { json, type DB } from "../db/schema"
import { sendMail } from "../mail/outbox"
import { noticeMail } from "./mail-texts"

/** A notice to write: whose, what kind, the event's key, what it is about, its text's values; `at` defaults to the database's clock. */
export interface NoticeInput<K extends NotificationKind = NotificationKind> {
  readonly userId: string
  readonly kind: K
  readonly dedupeKey: string
  readonly subject: NotificationSubject
  readonly params: NotificationParams<K>
  readonly at?: Date
}

/** The user's mail choice: their saved preferences, else the defaults in English. */
export const mailChoiceOf = async (
  db: Kysely<DB>,
  userId: string,
): Promise<{ readonly kinds: ReadonlyArray<string>; readonly language: StatementLanguage }> => {
  const row = await db.selectFrom("notificationPreferences").select(["mailKinds", "language"]).where("userId", "=", userId).executeTakeFirst()
  if (!row) return { kinds: DEFAULT_MAIL_KINDS, language: "en" }
  const language = STATEMENT_LANGUAGES.find((l) => l === row.language) ?? "en"
  return { kinds: row.mailKinds, language }
}

/**
 * Writes the notice once per (user, dedupe key) and, when it is new and the user has this kind
 * mailed, queues the mail in the outbox, in `db` (pass the producer's transaction).
 */
export const notify = async <K extends NotificationKind>(db: Kysely<DB> | Transaction<DB>, input: NoticeInput<K>): Promise<void> => {
  if (input.dedupeKey.length === 0 || input.dedupeKey.length > NOTIFICATION_DEDUPE_MAX)
    throw new Error(`A notice's dedupe key has 1 to ${NOTIFICATION_DEDUPE_MAX} characters.`)
  const inserted = await db
    .insertInto("notifications")
    .values({
      userId: input.userId,
      kind: input.kind,
      dedupeKey: input.dedupeKey,
      subject: json(input.subject),
      params: json(input.params),
      ...(input.at ? { createdAt: input.at } : {}),
    })
    .onConflict((oc) => oc.columns(["userId", "dedupeKey"]).doNothing())
    .returning("id")
    .executeTakeFirst()
  if (!inserted) return
  const choice = await mailChoiceOf(db, input.userId)
  if (!choice.kinds.includes(input.kind)) return
  const user = await db.selectFrom("users").select("email").where("id", "=", input.userId).executeTakeFirst()
  if (!user) return
  await sendMail(db, { to: user.email, ...noticeMail(input.kind, choice.language), ...(input.at ? { at: input.at } : {}) })
}

/** The user who owns a portfolio account (for producers that know only the account). */
export const accountOwner = async (db: Kysely<DB>, accountId: string): Promise<string> =>
  (await db.selectFrom("accounts").select("userId").where("accountId", "=", accountId).executeTakeFirstOrThrow()).userId
