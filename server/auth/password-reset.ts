/**
 * Password-reset refs: 32 random bytes (base64url) e-mailed as a link, stored as a SHA-256 hash,
 * valid RESET_TTL_MS, single use; a new request replaces the user's older ref.
 */
import type { Kysely } from "kysely"
import type { DB } from "../db/schema"
import { randomSecret, sha256Hex } from "./crypto"
import { RESET_TTL_MS } from "./settings"
import { authDb } from "./tables"

/** Creates the user's reset ref (the older one dies) and answers it (shown once, in the link). */
export const issueResetRef = async (db: Kysely<DB>, userId: string, now: number): Promise<string> => {
  const ref = randomSecret()
  const row = { refHash: sha256Hex(ref), createdAt: new Date(now), expiresAt: new Date(now + RESET_TTL_MS), usedAt: null }
  await authDb(db)
    .insertInto("passwordResets")
    .values({ userId, ...row })
    .onConflict((oc) => oc.column("userId").doUpdateSet(row))
    .execute()
  return ref
}

/**
 * Marks a ref used and answers its user id, or null when the ref is unknown, used or expired. Run
 * it in the transaction that sets the new password (the row is locked, so a ref works once even
 * when two resets race).
 */
export const consumeResetRef = async (db: Kysely<DB>, ref: string, now: number): Promise<string | null> => {
  const adb = authDb(db)
  const row = await adb.selectFrom("passwordResets").selectAll().where("refHash", "=", sha256Hex(ref)).forUpdate().executeTakeFirst()
  if (!row || row.usedAt !== null || Date.parse(row.expiresAt) <= now) return null
  await adb
    .updateTable("passwordResets")
    .set({ usedAt: new Date(now) })
    .where("userId", "=", row.userId)
    .execute()
  return row.userId
}

/** The link a reset e-mail carries: `<base>/reset-password/<ref>`. */
export const resetLink = (baseUrl: string, ref: string): string => `${baseUrl.replace(/\/+$/, "")}/reset-password/${encodeURIComponent(ref)}`
