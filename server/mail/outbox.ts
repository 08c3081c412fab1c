import type { Kysely } from "kysely"
import type { DB } from "../db/schema"

/** An outgoing mail as stored in the outbox (and listed by the dev mailbox). */
export interface OutboxMessage {
  readonly id: number
  readonly to: string
  readonly subject: string
  readonly text: string
  /** ISO-8601. */
  readonly createdAt: string
}

/** The most messages `listMailbox` returns. */
export const MAILBOX_MAX = 50

/**
 * "Sends" a mail: no e-mail leaves the machine, it is stored in the outbox table, where demo mode
 * shows it at GET /api/dev/mailbox. Pass a transaction as `db` to store it atomically with the
 * change it announces; `at` defaults to the database's clock.
 */
export const sendMail = async (
  db: Kysely<DB>,
  mail: { readonly to: string; readonly subject: string; readonly text: string; readonly at?: Date },
): Promise<OutboxMessage> => {
  const row = await db
    .insertInto("outbox")
    .values({ toAddress: mail.to.trim(), subject: mail.subject, bodyText: mail.text, ...(mail.at ? { createdAt: mail.at } : {}) })
    .returning(["id", "toAddress", "subject", "bodyText", "createdAt"])
    .executeTakeFirstOrThrow()
  return toMessage(row)
}

/**
 * True for an address of the reserved `.test` top-level domain (RFC 6761): the demo world's own
 * addresses and the tests'. No real mailbox has one, so showing their mail exposes nobody.
 */
export const isDemoAddress = (address: string): boolean => /@[^@\s]+\.test$/i.test(address.trim())

/**
 * The newest outbox messages to demo addresses (`isDemoAddress`) first (ties by id), for one
 * address compared case-insensitively or for all of them when `to` is undefined; at most `limit`
 * (capped at MAILBOX_MAX). Mail to any other address is never listed.
 */
export const listMailbox = async (db: Kysely<DB>, to: string | undefined, limit: number = MAILBOX_MAX): Promise<ReadonlyArray<OutboxMessage>> => {
  let query = db
    .selectFrom("outbox")
    .select(["id", "toAddress", "subject", "bodyText", "createdAt"])
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(Math.max(0, Math.min(Math.trunc(limit), MAILBOX_MAX)))
    .where((eb) => eb(eb.fn("lower", ["toAddress"]), "like", "%_@%_.test"))
  if (to !== undefined) query = query.where((eb) => eb(eb.fn("lower", ["toAddress"]), "=", to.trim().toLowerCase()))
  return (await query.execute()).map(toMessage)
}

const toMessage = (row: { id: number | string; toAddress: string; subject: string; bodyText: string; createdAt: Date | string }): OutboxMessage => ({
  id: Number(row.id),
  to: row.toAddress,
  subject: row.subject,
  text: row.bodyText,
  createdAt: new Date(row.createdAt).toISOString(),
})
