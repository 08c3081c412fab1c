/**
 * Recovery codes (issue 35, decision 0221): ten single-use codes that stand in for the
 * authenticator app's code at sign-in. Each is stored only as an argon2id hash
 * (server/db/passwords.ts): 50 random bits are below the 112 that NIST SP 800-63B lets a fast hash
 * protect. A new set replaces the old one in one transaction. A code is used at most once, even by
 * two requests at the same moment (the row is marked used only where it is still unused). A wrong
 * code counts as a failed code entry (the account-wide lock of server/auth/otp.ts).
 */
import { randomInt } from "node:crypto"
import type { Kysely } from "kysely"
import { normalRecoveryCode, RECOVERY_CODE_ALPHABET, RECOVERY_CODE_COUNT, RECOVERY_CODE_LENGTH } from "../../src/domain/recovery-codes"
import type { DB } from "../db/schema"
import { hashPassword, verifyPassword } from "../db/passwords"
import { sendMail } from "../mail/outbox"
import { authDb } from "./tables"

/** One fresh code in its canonical form (ten characters of the alphabet, from the CSPRNG). */
const newCode = (): string => Array.from({ length: RECOVERY_CODE_LENGTH }, () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)]).join("")

/** What the Security page shows of the user's set. */
export interface RecoveryCodeState {
  /** Unused codes of the current set (0 when there is none). */
  readonly left: number
  /** When the current set was made; null when the user has none. */
  readonly generatedAt: string | null
  /** When a code of the current set was last used; null when none was. */
  readonly lastUsedAt: string | null
}

/** The state of the user's current set. */
export const recoveryCodeState = async (db: Kysely<DB>, userId: string): Promise<RecoveryCodeState> => {
  const rows = await authDb(db).selectFrom("recoveryCodes").select(["createdAt", "usedAt"]).where("userId", "=", userId).execute()
  const used = rows.flatMap((r) => (r.usedAt === null ? [] : [r.usedAt])).sort()
  return {
    left: rows.filter((r) => r.usedAt === null).length,
    generatedAt: rows[0]?.createdAt ?? null,
    lastUsedAt: used.at(-1) ?? null,
  }
}

/**
 * Makes a new set for the user, replacing the old one (its codes stop working at once), and
 * answers the codes in canonical form: the only time they exist outside the user's hands.
 */
export const replaceRecoveryCodes = async (db: Kysely<DB>, userId: string, now: number): Promise<ReadonlyArray<string>> => {
  const codes = new Set<string>()
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newCode())
  const hashes = await Promise.all([...codes].map((code) => hashPassword(code)))
  const createdAt = new Date(now)
  await db.transaction().execute(async (trx) => {
    const adb = authDb(trx)
    await adb.deleteFrom("recoveryCodes").where("userId", "=", userId).execute()
    await adb
      .insertInto("recoveryCodes")
      .values(hashes.map((codeHash) => ({ userId, codeHash, createdAt })))
      .execute()
  })
  return [...codes]
}

/** The outcome of a recovery code at sign-in: accepted (with the codes left), wrong or used, or code entry locked. */
export type RecoveryOutcome = { readonly outcome: "ok"; readonly left: number } | { readonly outcome: "invalid" | "locked" }

/** Subject of the e-mail sent when a recovery code was used. */
export const RECOVERY_USED_SUBJECT = "A recovery code was used to sign in to Chartfolio"

const mailRecoveryUsed = (db: Kysely<DB>, to: string, input: { readonly at: Date; readonly left: number; readonly from: string }) =>
  sendMail(db, {
    to,
    subject: RECOVERY_USED_SUBJECT,
    text:
      `A recovery code was used instead of your authenticator app to sign in to your Chartfolio account at ${input.at.toISOString()} (UTC) from ${input.from}.\n\n` +
      `It works only once. ${input.left} of your recovery codes ${input.left === 1 ? "is" : "are"} left; you can make a new set on the Security page.\n\n` +
      "If this was not you, sign out every other session on the Security page, make a new set of recovery codes and contact support at once.",
    at: input.at,
  })

/**
 * Checks a recovery code typed at sign-in and uses it: the matching unused code of the user's set
 * is marked used and the user is mailed (one transaction), and the run of failed code entries
 * restarts. Anything else (not a code's shape, no match, already used, used by a concurrent
 * request) is "invalid" and counts as a failed code entry; at `lockAfter` failures code entry is
 * locked, as for the app's codes.
 */
export const useRecoveryCode = async (
  db: Kysely<DB>,
  input: {
    readonly user: { readonly id: string; readonly email: string }
    readonly code: string
    readonly now: number
    readonly lockAfter: number
    readonly from: string
  },
): Promise<RecoveryOutcome> => {
  const adb = authDb(db)
  const { user, now } = input
  await adb
    .insertInto("authUserState")
    .values({ userId: user.id })
    .onConflict((oc) => oc.column("userId").doNothing())
    .execute()
  const state = await adb.selectFrom("authUserState").select("failedCodeEntries").where("userId", "=", user.id).executeTakeFirstOrThrow()
  if (state.failedCodeEntries >= input.lockAfter) return { outcome: "locked" }

  const failed = async (): Promise<RecoveryOutcome> => {
    const row = await adb
      .updateTable("authUserState")
      .set((eb) => ({ failedCodeEntries: eb("failedCodeEntries", "+", 1) }))
      .where("userId", "=", user.id)
      .returning("failedCodeEntries")
      .executeTakeFirstOrThrow()
    return { outcome: row.failedCodeEntries >= input.lockAfter ? "locked" : "invalid" }
  }

  const code = normalRecoveryCode(input.code)
  if (code === null) return failed()
  const unused = await adb.selectFrom("recoveryCodes").select(["id", "codeHash"]).where("userId", "=", user.id).where("usedAt", "is", null).execute()
  const matches = await Promise.all(unused.map((row) => verifyPassword(row.codeHash, code)))
  const match = unused[matches.indexOf(true)]
  if (!match) return failed()

  const at = new Date(now)
  const left = await db.transaction().execute(async (trx) => {
    const tdb = authDb(trx)
    const marked = await tdb.updateTable("recoveryCodes").set({ usedAt: at }).where("id", "=", match.id).where("usedAt", "is", null).returning("id").execute()
    if (marked.length === 0) return null // used by a concurrent request, or replaced by a new set meanwhile
    await tdb.updateTable("authUserState").set({ failedCodeEntries: 0 }).where("userId", "=", user.id).execute()
    const rest = await tdb.selectFrom("recoveryCodes").select("id").where("userId", "=", user.id).where("usedAt", "is", null).execute()
    await mailRecoveryUsed(trx, user.email, { at, left: rest.length, from: input.from })
    return rest.length
  })
  return left === null ? failed() : { outcome: "ok", left }
}
