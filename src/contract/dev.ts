/**
 * The demo-mode outbox (GET /dev/mailbox, public): mail the reference server would have sent,
 * such as one-time codes and password-reset links. Not part of the upstream spec.
 */
import { Schema } from "effect"
import { IsoDate } from "./common"

/** One stored outgoing mail. */
export const MailboxMessage = Schema.Struct({
  id: Schema.Number,
  to: Schema.String,
  subject: Schema.String,
  text: Schema.String,
  createdAt: IsoDate,
})
export type MailboxMessage = typeof MailboxMessage.Type

/** The answer of GET /dev/mailbox: the outbox, newest first. */
export const Mailbox = Schema.Array(MailboxMessage)
export type Mailbox = typeof Mailbox.Type

/** The longest address GET /dev/mailbox filters by (after trimming), and the text when longer. */
export const MAILBOX_ADDRESS_MAX = 320
const TOO_LONG = `Enter an e-mail address of at most ${MAILBOX_ADDRESS_MAX} characters.`

/** Query of GET /dev/mailbox: only mail to this address (at most 320 characters once trimmed); absent or blank lists all. */
export const MailboxQuery = Schema.Struct({
  to: Schema.optionalKey(Schema.String.check(Schema.makeFilter<string>((s) => s.trim().length <= MAILBOX_ADDRESS_MAX || TOO_LONG))),
})
export type MailboxQuery = typeof MailboxQuery.Type
