/**
 * The one-time code step. E-mailed codes: 6 random digits, stored as a salted hash bound to the
 * token they were sent for, 15 minutes, single use, dead after CODE_MAX_ATTEMPTS wrong tries, and
 * replaced by a new one. Authenticator-app codes: TOTP (RFC 6238) where a code whose time step is
 * not after the last accepted step is refused (no reuse inside its window). Account-wide, a run of
 * `lockAfter` consecutive failed entries locks code entry until a support person clears it
 * (`authUserState.failedCodeEntries`); a success resets the run. Trusted devices skip the step.
 */
import type { Kysely } from "kysely"
import { Secret, TOTP as Totp } from "otpauth"
import type { DB } from "../db/schema"
import { codeHash, newSalt, sameDigest, sixDigitCode } from "./crypto"
import { mailCode } from "./mails"
import { CODE_MAX_ATTEMPTS, CODE_TTL_MS, MAX_USER_AGENT, TOTP, TRUSTED_DEVICE_MS } from "./settings"
import { authDb, iso } from "./tables"
import type { UserRow } from "./users"

/**
 * Creates the user's e-mailed code for a token (any earlier code dies) and sends it through the
 * outbox. Pass a transaction to store both together.
 */
export const issueEmailCode = async (
  db: Kysely<DB>,
  input: { readonly user: Pick<UserRow, "id" | "email">; readonly tokenId: string; readonly now: number },
): Promise<void> => {
  const code = sixDigitCode()
  const salt = newSalt()
  const at = new Date(input.now)
  const row = {
    tokenId: input.tokenId,
    codeSalt: salt,
    codeHash: codeHash(salt, code),
    attempts: 0,
    createdAt: at,
    expiresAt: new Date(input.now + CODE_TTL_MS),
    usedAt: null,
  }
  await authDb(db)
    .insertInto("otpCodes")
    .values({ userId: input.user.id, ...row })
    .onConflict((oc) => oc.column("userId").doUpdateSet(row))
    .execute()
  await mailCode(db, input.user.email, code, at)
}

/** The outcome of a code entry: accepted, wrong, no live code (expired, used, dead, replaced), or locked. */
export type CodeOutcome = "ok" | "invalid" | "expired" | "locked"

const currentStep = (now: number): number => Math.floor(now / 1000 / TOTP.periodSeconds)

/**
 * Checks a code entered with a token, in one transaction (rows locked, so two concurrent entries
 * of one code cannot both pass). The failure that kills an e-mailed code answers "expired", the
 * one that reaches `lockAfter` answers "locked".
 */
export const verifyCode = async (
  db: Kysely<DB>,
  input: { readonly user: UserRow; readonly tokenId: string; readonly code: string; readonly now: number; readonly lockAfter: number },
): Promise<CodeOutcome> =>
  db.transaction().execute(async (trx) => {
    const adb = authDb(trx)
    const { user, now } = input
    await adb
      .insertInto("authUserState")
      .values({ userId: user.id })
      .onConflict((oc) => oc.column("userId").doNothing())
      .execute()
    const state = await adb.selectFrom("authUserState").selectAll().where("userId", "=", user.id).forUpdate().executeTakeFirstOrThrow()
    if (state.failedCodeEntries >= input.lockAfter) return "locked"

    const failed = async (outcome: "invalid" | "expired"): Promise<CodeOutcome> => {
      const failures = state.failedCodeEntries + 1
      await adb.updateTable("authUserState").set({ failedCodeEntries: failures }).where("userId", "=", user.id).execute()
      return failures >= input.lockAfter ? "locked" : outcome
    }

    if (user.otpMethod === "APP") {
      if (!user.totpSecret) return failed("invalid")
      const delta = Totp.validate({
        token: input.code,
        secret: Secret.fromBase32(user.totpSecret),
        algorithm: TOTP.algorithm,
        digits: TOTP.digits,
        period: TOTP.periodSeconds,
        timestamp: now,
        window: TOTP.window,
      })
      if (delta === null) return failed("invalid")
      const step = currentStep(now) + delta
      if (state.lastTotpStep !== null && step <= state.lastTotpStep) return failed("invalid")
      await adb.updateTable("authUserState").set({ lastTotpStep: step, failedCodeEntries: 0 }).where("userId", "=", user.id).execute()
      return "ok"
    }

    const code = await adb.selectFrom("otpCodes").selectAll().where("userId", "=", user.id).forUpdate().executeTakeFirst()
    const live =
      code !== undefined && code.tokenId === input.tokenId && code.usedAt === null && code.attempts < CODE_MAX_ATTEMPTS && Date.parse(code.expiresAt) > now
    if (!live) return "expired"
    if (sameDigest(codeHash(code.codeSalt, input.code), code.codeHash)) {
      await adb
        .updateTable("otpCodes")
        .set({ usedAt: new Date(now) })
        .where("userId", "=", user.id)
        .execute()
      await adb.updateTable("authUserState").set({ failedCodeEntries: 0 }).where("userId", "=", user.id).execute()
      return "ok"
    }
    const attempts = code.attempts + 1
    await adb.updateTable("otpCodes").set({ attempts }).where("userId", "=", user.id).execute()
    return failed(attempts >= CODE_MAX_ATTEMPTS ? "expired" : "invalid")
  })

/** Trusts a device for the user for TRUSTED_DEVICE_MS from now (again, when already trusted). */
export const trustDevice = async (db: Kysely<DB>, userId: string, deviceHash: string, now: number, userAgent = ""): Promise<void> => {
  const expiresAt = new Date(now + TRUSTED_DEVICE_MS)
  const agent = userAgent.slice(0, MAX_USER_AGENT)
  await authDb(db)
    .insertInto("trustedDevices")
    .values({ userId, deviceHash, createdAt: new Date(now), expiresAt, userAgent: agent })
    .onConflict((oc) => oc.columns(["userId", "deviceHash"]).doUpdateSet({ createdAt: new Date(now), expiresAt, userAgent: agent }))
    .execute()
}

/** A trusted device as the Security page lists it. */
export interface TrustedDeviceRow {
  readonly id: string
  readonly deviceHash: string
  readonly userAgent: string
  readonly createdAt: string
  readonly expiresAt: string
}

/** The user's devices whose trust has not expired, most recently trusted first. */
export const listTrustedDevices = async (db: Kysely<DB>, userId: string, now: number): Promise<ReadonlyArray<TrustedDeviceRow>> =>
  authDb(db)
    .selectFrom("trustedDevices")
    .select(["id", "deviceHash", "userAgent", "createdAt", "expiresAt"])
    .where("userId", "=", userId)
    .where("expiresAt", ">", iso(now))
    .orderBy("createdAt", "desc")
    .execute()

/** Forgets one of the user's trusted devices (the code is asked for there again); false when the user has none by that id. */
export const forgetTrustedDevice = async (db: Kysely<DB>, userId: string, id: string): Promise<boolean> =>
  (await authDb(db).deleteFrom("trustedDevices").where("userId", "=", userId).where("id", "=", id).returning("id").execute()).length > 0

/** Forgets every device the user trusted (a password reset: the code is asked for again everywhere). */
export const forgetTrustedDevices = async (db: Kysely<DB>, userId: string): Promise<void> => {
  await authDb(db).deleteFrom("trustedDevices").where("userId", "=", userId).execute()
}

/** Whether the device is trusted for the user and the trust has not expired. */
export const isTrustedDevice = async (db: Kysely<DB>, userId: string, deviceHash: string, now: number): Promise<boolean> =>
  (await authDb(db)
    .selectFrom("trustedDevices")
    .select("userId")
    .where("userId", "=", userId)
    .where("deviceHash", "=", deviceHash)
    .where("expiresAt", ">", iso(now))
    .executeTakeFirst()) !== undefined

/** How long a decoy code step is remembered: no token lives longer (the 12-hour chain cap). */
const DECOY_RETENTION_MS = 12 * 60 * 60_000

/**
 * The code step of a registration with an already registered e-mail: its token is bound to no
 * user, so no code can pass, but it must answer exactly what a new registration's code step
 * answers (four "invalid", then "expired" once the code dies after CODE_MAX_ATTEMPTS entries,
 * "locked" where a real user would be; a resend sends a "new code"), or the answers would tell a
 * prober that the e-mail has an account. Kept in memory per token; a restart forgets it, as the
 * decoy's token outlives nothing else.
 */
export class DecoyCodes {
  private readonly entries = new Map<string, { attempts: number; failures: number; at: number }>()

  private entry(tokenId: string, now: number) {
    for (const [key, e] of this.entries) if (now - e.at > DECOY_RETENTION_MS) this.entries.delete(key)
    let e = this.entries.get(tokenId)
    if (!e) {
      e = { attempts: 0, failures: 0, at: now }
      this.entries.set(tokenId, e)
    }
    return e
  }

  /** A wrong code entered with the decoy token, answered as `verifyCode` answers a wrong one. */
  verify(tokenId: string, now: number, lockAfter: number): CodeOutcome {
    const e = this.entry(tokenId, now)
    if (e.failures >= lockAfter) return "locked"
    if (e.attempts >= CODE_MAX_ATTEMPTS) return "expired"
    e.attempts++
    e.failures++
    if (e.failures >= lockAfter) return "locked"
    return e.attempts >= CODE_MAX_ATTEMPTS ? "expired" : "invalid"
  }

  /** A resend with the decoy token: a "new code" with a fresh count of attempts, like a real one. */
  resend(tokenId: string, now: number): void {
    this.entry(tokenId, now).attempts = 0
  }
}
