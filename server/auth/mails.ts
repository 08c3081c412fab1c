/**
 * The e-mails of the authentication flows, sent through the outbox (server/mail/outbox.ts): the
 * one-time code, the registration notice for an already registered address, the reset link.
 */
import type { Kysely } from "kysely"
import type { DB } from "../db/schema"
import { sendMail } from "../mail/outbox"

/** Subject of the one-time code e-mail (sign-in and sign-up alike). */
export const CODE_SUBJECT = "Your Chartfolio sign-in code"
/** Subject of the notice sent when someone registers with an address that already has an account. */
export const REGISTRATION_NOTICE_SUBJECT = "Someone tried to register with your address"
/** Subject of the password-reset e-mail. */
export const RESET_SUBJECT = "Reset your Chartfolio password"

/** Sends a one-time code; the text says it expires in 15 minutes. */
export const mailCode = (db: Kysely<DB>, to: string, code: string, at: Date) =>
  sendMail(db, {
    to,
    subject: CODE_SUBJECT,
    text: `Your Chartfolio sign-in code is ${code}.\n\nIt expires in 15 minutes and works once. If you did not just sign in or register, ignore this e-mail and consider changing your password.`,
    at,
  })

/** Tells an address's owner that someone tried to register with it. */
export const mailRegistrationNotice = (db: Kysely<DB>, to: string, at: Date) =>
  sendMail(db, {
    to,
    subject: REGISTRATION_NOTICE_SUBJECT,
    text: "Someone tried to register a Chartfolio account with your address, which already has one.\n\nIf it was you, sign in or reset your password. If it was not, you can ignore this e-mail: nothing was changed.",
    at,
  })

/** Sends a password-reset link valid for 60 minutes. */
export const mailResetLink = (db: Kysely<DB>, to: string, link: string, at: Date) =>
  sendMail(db, {
    to,
    subject: RESET_SUBJECT,
    text: `To choose a new Chartfolio password, open this link:\n\n${link}\n\nIt works once and expires in 60 minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.`,
    at,
  })

/** Subject of the notice that the password was changed. */
export const PASSWORD_CHANGED_SUBJECT = "Your Chartfolio password was changed"

/** Tells the user their password was changed and every session signed out. */
export const mailPasswordChanged = (db: Kysely<DB>, to: string, at: Date) =>
  sendMail(db, {
    to,
    subject: PASSWORD_CHANGED_SUBJECT,
    text: "Your Chartfolio password was just changed with a reset link, and every session was signed out.\n\nIf this was not you, reset your password again at once and contact support.",
    at,
  })
