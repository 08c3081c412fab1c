/**
 * Access tokens: issued as 32 random bytes (base64url), stored only as SHA-256 hashes. A token is
 * live while it is not revoked, was used within the sliding validity (config
 * SESSION_VALIDITY_MINUTES, 30) and its chain (the original sign-in, carried over by reauth) is
 * younger than SESSION_MAX_AGE_MS (12 hours). Each authenticated request moves `lastUsedAt`.
 */
import type { Kysely } from "kysely"
import type { DB } from "../db/schema"
import { randomSecret, sha256Hex } from "./crypto"
import { SESSION_MAX_AGE_MS } from "./settings"
import { authDb, iso } from "./tables"

/** A live token as the routes see it. */
export interface TokenRecord {
  readonly id: string
  /** Null for the code-pending token of a registration with a known e-mail. */
  readonly userId: string | null
  readonly deviceHash: string
  readonly otpSatisfied: boolean
  /** ISO time of the original sign-in of this token's chain. */
  readonly chainStartedAt: string
}

/** Hex SHA-256 of an X-Device-Id: how devices are stored and compared. */
export const deviceHashOf = (deviceId: string): string => sha256Hex(`device:${deviceId}`)

/** Kept this long after revocation, for reading logs; then deleted when the user signs in again. */
const KEEP_REVOKED_MS = 24 * 60 * 60_000

/**
 * Stores a new token and answers its bearer value (shown once, never stored). `chainStartedAt`
 * defaults to `now` (a fresh sign-in); reauth passes the renewed chain's start. Also deletes the
 * user's tokens that can never be used again.
 */
export const issueToken = async (
  db: Kysely<DB>,
  input: { readonly userId: string | null; readonly deviceHash: string; readonly satisfied: boolean; readonly now: number; readonly chainStartedAt?: string },
): Promise<{ readonly token: string; readonly id: string }> => {
  const adb = authDb(db)
  const at = new Date(input.now)
  await adb
    .deleteFrom("accessTokens")
    .where((eb) => (input.userId === null ? eb("userId", "is", null) : eb("userId", "=", input.userId)))
    .where((eb) => eb.or([eb("chainStartedAt", "<=", iso(input.now - SESSION_MAX_AGE_MS)), eb("revokedAt", "<=", iso(input.now - KEEP_REVOKED_MS))]))
    .execute()
  const token = randomSecret()
  const row = await adb
    .insertInto("accessTokens")
    .values({
      tokenHash: sha256Hex(token),
      userId: input.userId,
      deviceHash: input.deviceHash,
      otpSatisfied: input.satisfied,
      createdAt: at,
      lastUsedAt: at,
      chainStartedAt: input.chainStartedAt ?? at,
    })
    .returning("id")
    .executeTakeFirstOrThrow()
  return { token, id: row.id }
}

/**
 * The live token for a bearer value sent from a device, with its `lastUsedAt` moved to `now` (one
 * statement), or null when it is unknown, issued to another device, revoked, idle longer than
 * `validityMs`, or past the absolute cap.
 */
export const useToken = async (
  db: Kysely<DB>,
  input: { readonly bearer: string; readonly deviceHash: string; readonly validityMs: number; readonly now: number },
): Promise<TokenRecord | null> => {
  const { now } = input
  const row = await authDb(db)
    .updateTable("accessTokens")
    .set({ lastUsedAt: new Date(now) })
    .where("tokenHash", "=", sha256Hex(input.bearer))
    .where("deviceHash", "=", input.deviceHash)
    .where("revokedAt", "is", null)
    .where("lastUsedAt", ">", iso(now - input.validityMs))
    .where("chainStartedAt", ">", iso(now - SESSION_MAX_AGE_MS))
    .returning(["id", "userId", "deviceHash", "otpSatisfied", "chainStartedAt"])
    .executeTakeFirst()
  return row ?? null
}

/** Marks a token as past the code step. */
export const markSatisfied = async (db: Kysely<DB>, tokenId: string): Promise<void> => {
  await authDb(db).updateTable("accessTokens").set({ otpSatisfied: true }).where("id", "=", tokenId).execute()
}

/** Revokes one token (logout). */
export const revokeToken = async (db: Kysely<DB>, tokenId: string, now: number): Promise<void> => {
  await authDb(db).updateTable("accessTokens").set({ revokedAt: new Date(now) }).where("id", "=", tokenId).where("revokedAt", "is", null).execute()
}

/** Revokes every token of a user on one device (reauth, a refused reauth). */
export const revokeUserDevice = async (db: Kysely<DB>, userId: string, deviceHash: string, now: number): Promise<void> => {
  await authDb(db)
    .updateTable("accessTokens")
    .set({ revokedAt: new Date(now) })
    .where("userId", "=", userId)
    .where("deviceHash", "=", deviceHash)
    .where("revokedAt", "is", null)
    .execute()
}

/** Revokes every token of a user on every device (password reset). */
export const revokeUser = async (db: Kysely<DB>, userId: string, now: number): Promise<void> => {
  await authDb(db).updateTable("accessTokens").set({ revokedAt: new Date(now) }).where("userId", "=", userId).where("revokedAt", "is", null).execute()
}

/**
 * The start of the session a reauth may renew: the newest unrevoked, code-satisfied token chain of
 * the user on this device whose absolute cap has not passed (idle expiry does not matter: that is
 * what reauth is for). Null when there is none.
 */
export const renewableChainStart = async (db: Kysely<DB>, userId: string, deviceHash: string, now: number): Promise<string | null> => {
  const row = await authDb(db)
    .selectFrom("accessTokens")
    .select("chainStartedAt")
    .where("userId", "=", userId)
    .where("deviceHash", "=", deviceHash)
    .where("otpSatisfied", "=", true)
    .where("revokedAt", "is", null)
    .where("chainStartedAt", ">", iso(now - SESSION_MAX_AGE_MS))
    .orderBy("chainStartedAt", "desc")
    .limit(1)
    .executeTakeFirst()
  return row?.chainStartedAt ?? null
}
