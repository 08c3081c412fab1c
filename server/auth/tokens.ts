/**
 * Access tokens: issued as 32 random bytes (base64url), stored only as SHA-256 hashes. A token is
 * live while it is not revoked, was used within the sliding validity (config
 * SESSION_VALIDITY_MINUTES, 30) and its chain (the original sign-in, carried over by reauth) is
 * younger than SESSION_MAX_AGE_MS (12 hours). Authenticated requests move `lastUsedAt` (at most every
 * TOUCH_EVERY_MS).
 */
import { randomUUID } from "node:crypto"
import { sql, type Kysely } from "kysely"
import type { DB } from "../db/schema"
import { randomSecret, sha256Hex } from "./crypto"
import { MAX_USER_AGENT, SESSION_MAX_AGE_MS } from "./settings"
import { underWay, type UnderWay } from "../queries/under-way"
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
  /**
   * The user's and the catalogue's versions when the token was read (migration 0037), as
   * "<user>.<catalogue>"; null without a user. What answers built from the user's row, group and
   * the catalogue are kept by (server/queries/answer-cache.ts `sessionAnswers`).
   */
  readonly dataStamp: string | null
}

/** The `dataStamp` of a user's and the catalogue's versions (null without a user). */
export const dataStampOf = (userVersion: number | null, catalogueVersion: number): string | null =>
  userVersion === null ? null : `${userVersion}.${catalogueVersion}`

/** Hex SHA-256 of an X-Device-Id: how devices are stored and compared. */
export const deviceHashOf = (deviceId: string): string => {
  // Every signed-in request hashes its device id; a device sends the same one each time. Kept for
  // the last ids seen (a device id is not a secret: it is sent in clear with every request).
  let hash = deviceHashes.get(deviceId)
  if (hash === undefined) {
    if (deviceHashes.size >= MAX_DEVICE_HASHES) deviceHashes.clear()
    deviceHashes.set(deviceId, (hash = sha256Hex(`device:${deviceId}`)))
  }
  return hash
}
const deviceHashes = new Map<string, string>()
const MAX_DEVICE_HASHES = 1024

/** Kept this long after revocation, for reading logs; then deleted when the user signs in again. */
const KEEP_REVOKED_MS = 24 * 60 * 60_000

/**
 * Stores a new token and answers its bearer value (shown once, never stored). `chainStartedAt`
 * defaults to `now` (a fresh sign-in); reauth passes the renewed chain's start. Also deletes the
 * user's tokens that can never be used again.
 */
export const issueToken = async (
  db: Kysely<DB>,
  input: {
    readonly userId: string | null
    readonly deviceHash: string
    readonly satisfied: boolean
    readonly now: number
    /** The session a reauth renews (its start and id); absent for a fresh sign-in, which starts one. */
    readonly chain?: RenewableChain
    /** The browser's User-Agent header and the client address, shown on the Security page. */
    readonly userAgent?: string
    readonly clientAddress?: string
  },
): Promise<{ readonly token: string; readonly id: string }> => {
  const adb = authDb(db)
  const at = new Date(input.now)
  tokenWrites++
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
      chainStartedAt: input.chain?.startedAt ?? at,
      chainId: input.chain?.id ?? randomUUID(),
      userAgent: (input.userAgent ?? "").slice(0, MAX_USER_AGENT),
      clientAddress: input.clientAddress ?? "unknown",
    })
    .returning("id")
    .executeTakeFirstOrThrow()
  return { token, id: row.id }
}

/**
 * How stale `lastUsedAt` may get before a request writes it again: a token busy with requests is
 * written at most once per this interval instead of on every request (a write is what costs on the
 * embedded database). The idle expiry can so come up to this much earlier than 30 minutes after
 * the very last request.
 */
export const TOUCH_EVERY_MS = 10_000

/**
 * Counts every change to access_tokens this process makes other than `lastUsedAt` (issue, code
 * step, revocations). A cached token read under an older count is not used.
 */
let tokenWrites = 0

/** How long a cached token row is used before it is read again (embedded database only). */
export const TOKEN_CACHE_MS = 1_000

interface CachedToken {
  readonly row: TokenRow
  readonly writes: number
  readonly readAt: number
}

/**
 * Token rows read on the embedded database, by the database connection, then token hash and
 * device. The embedded database belongs to this one process (its data-directory lock), and every
 * change to a token's liveness goes through this module and bumps `tokenWrites`, so a logout,
 * reauth or revocation is seen by the next request; the entries also expire after TOKEN_CACHE_MS.
 * Never used on PostgreSQL, where other processes revoke tokens too.
 */
const tokenCache = new WeakMap<Kysely<DB>, Map<string, CachedToken>>()
const MAX_CACHED_TOKENS = 10_000

/**
 * Token reads and `lastUsedAt` moves under way on the embedded database, by the database
 * connection: a request that needs the same read (same token and device, no token change since it
 * began) or the same move (same token) waits for the one under way instead of running its own.
 * A busy client's requests all found the cached row expired in the same instant, once a second,
 * and all found `lastUsedAt` due in the same instant, once every TOUCH_EVERY_MS: 50 connections
 * made 50 reads or 50 writes at once, one after another on PGlite's single connection, the tail
 * of every load (issue 14, third pass). A read begun before a logout, reauth or revocation has an
 * older `tokenWrites` and is never joined by a request after it.
 */
interface TokenWork {
  readonly reads: UnderWay<CachedToken["row"] | null>
  readonly touches: UnderWay<string | null>
}
const tokenWork = new WeakMap<Kysely<DB>, TokenWork>()
const tokenWorkOf = (db: Kysely<DB>): TokenWork => {
  let found = tokenWork.get(db)
  if (!found) tokenWork.set(db, (found = { reads: underWay(), touches: underWay() }))
  return found
}

/** A token's row as read, with the time it was last used (the sliding expiry counts from it). */
export type TokenRow = TokenRecord & { lastUsedAt: string }

/** The columns of a token's read, over `access_tokens t`, `user_versions v` and `catalogue_version c`. */
export const TOKEN_READ_COLUMNS = sql`t.id, t.user_id, t.device_hash, t.otp_satisfied, t.chain_started_at, t.last_used_at, v.version as user_version, c.version as catalogue_version`

/** What a statement selecting TOKEN_READ_COLUMNS answers per row (null columns when no token matched). */
export interface TokenReadColumns {
  readonly id: string | null
  readonly userId: string | null
  readonly deviceHash: string | null
  readonly otpSatisfied: boolean | null
  readonly chainStartedAt: string | null
  readonly lastUsedAt: string | null
  readonly userVersion: number | null
  readonly catalogueVersion: number
}

/** The token of a TOKEN_READ_COLUMNS row, or null when none matched. */
export const tokenOfColumns = (row: TokenReadColumns): TokenRow | null =>
  row.id === null
    ? null
    : {
        id: row.id,
        userId: row.userId,
        deviceHash: row.deviceHash ?? "",
        otpSatisfied: row.otpSatisfied === true,
        chainStartedAt: row.chainStartedAt ?? "",
        lastUsedAt: row.lastUsedAt ?? "",
        dataStamp: dataStampOf(row.userVersion, row.catalogueVersion),
      }

/**
 * The token's row with the user's and the catalogue's versions, in one statement of fixed text
 * written by hand (every signed-in request runs it; the query builder's compiling was a measurable
 * part of its cost). On PostgreSQL the request pipeline reads it with the request's nonce instead
 * (server/http/nonce-store.ts), and `useToken` is handed that.
 */
const readToken = async (db: Kysely<DB>, tokenHash: string, deviceHash: string): Promise<TokenRow | null> => {
  const { rows } = await sql<TokenReadColumns>`select ${TOKEN_READ_COLUMNS}
    from access_tokens t left join user_versions v on v.user_id = t.user_id cross join catalogue_version c
    where t.token_hash = ${tokenHash} and t.device_hash = ${deviceHash} and t.revoked_at is null`.execute(db)
  const row = rows[0]
  return row ? tokenOfColumns(row) : null
}

/**
 * A token's row read before the session middleware ran, with the request's nonce (PostgreSQL,
 * server/http/nonce-store.ts): the token and device hashes it was read for, and the row or null.
 */
export interface PrefetchedToken {
  readonly tokenHash: string
  readonly deviceHash: string
  readonly row: TokenRow | null
}

/** The current `dataStamp` of a user (null for an unknown user). */
export const dataStampNow = async (db: Kysely<DB>, userId: string): Promise<string | null> => {
  const { rows } = await sql<{ userVersion: number; catalogueVersion: number }>`select v.version as user_version, c.version as catalogue_version
    from user_versions v cross join catalogue_version c where v.user_id = ${userId}`.execute(db)
  const row = rows[0]
  return row ? dataStampOf(row.userVersion, row.catalogueVersion) : null
}

/**
 * The live token for a bearer value sent from a device, with its `lastUsedAt` moved to `now` when
 * it is more than TOUCH_EVERY_MS old, or null when it is unknown, issued to another device,
 * revoked, idle longer than `validityMs`, or past the absolute cap. `cached` (the embedded database
 * only, see `tokenCache`) lets a row read less than TOKEN_CACHE_MS ago stand for the database;
 * without it the row is read on every request, so a revocation on any process counts at once. The
 * move of `lastUsedAt` is conditional on the token still being unrevoked.
 */
export const useToken = async (
  db: Kysely<DB>,
  input: {
    readonly bearer: string
    readonly deviceHash: string
    readonly validityMs: number
    readonly now: number
    readonly cached?: boolean
    /** The row the request pipeline already read for this request (used when it was read for this token and device). */
    readonly prefetched?: PrefetchedToken | undefined
  },
): Promise<TokenRecord | null> => {
  const tokenHash = sha256Hex(input.bearer)
  const pre = input.prefetched
  if (pre && pre.tokenHash === tokenHash && pre.deviceHash === input.deviceHash) return liveToken(db, pre.row, input, undefined, "")
  const key = `${tokenHash}:${input.deviceHash}`
  let cache = input.cached ? tokenCache.get(db) : undefined
  if (input.cached && !cache) tokenCache.set(db, (cache = new Map()))
  const hit = cache?.get(key)
  const fresh = hit !== undefined && hit.writes === tokenWrites && performance.now() - hit.readAt < TOKEN_CACHE_MS
  const writes = tokenWrites
  const row = fresh
    ? hit.row
    : cache
      ? await tokenWorkOf(db).reads.join(key, String(tokenWrites), () => readToken(db, tokenHash, input.deviceHash))
      : await readToken(db, tokenHash, input.deviceHash)
  if (cache && !fresh) {
    if (row && writes === tokenWrites) {
      if (cache.size >= MAX_CACHED_TOKENS) cache.clear()
      cache.set(key, { row, writes, readAt: performance.now() })
    } else cache.delete(key)
  }
  return liveToken(db, row, input, cache, key)
}

/** `useToken`'s end: the row if it is live, its `lastUsedAt` moved when due, else null. */
const liveToken = async (
  db: Kysely<DB>,
  row: TokenRow | null,
  input: { readonly validityMs: number; readonly now: number },
  cache: Map<string, CachedToken> | undefined,
  key: string,
): Promise<TokenRecord | null> => {
  const { now } = input
  if (!row || Date.parse(row.lastUsedAt) <= now - input.validityMs || Date.parse(row.chainStartedAt) <= now - SESSION_MAX_AGE_MS) return null
  if (Date.parse(row.lastUsedAt) <= now - TOUCH_EVERY_MS) {
    const touch = async () =>
      (
        await authDb(db)
          .updateTable("accessTokens")
          .set({ lastUsedAt: new Date(now) })
          .where("id", "=", row.id)
          .where("revokedAt", "is", null)
          .returning("lastUsedAt")
          .executeTakeFirst()
      )?.lastUsedAt ?? null
    const touched = cache ? await tokenWorkOf(db).touches.join(row.id, String(tokenWrites), touch) : await touch()
    if (touched === null) {
      cache?.delete(key)
      return null
    }
    row.lastUsedAt = touched
  }
  return {
    id: row.id,
    userId: row.userId,
    deviceHash: row.deviceHash,
    otpSatisfied: row.otpSatisfied,
    chainStartedAt: row.chainStartedAt,
    dataStamp: row.dataStamp,
  }
}

/** Marks a token as past the code step. */
export const markSatisfied = async (db: Kysely<DB>, tokenId: string): Promise<void> => {
  tokenWrites++
  await authDb(db).updateTable("accessTokens").set({ otpSatisfied: true }).where("id", "=", tokenId).execute()
}

/** Revokes one token (logout). */
export const revokeToken = async (db: Kysely<DB>, tokenId: string, now: number): Promise<void> => {
  tokenWrites++
  await authDb(db)
    .updateTable("accessTokens")
    .set({ revokedAt: new Date(now) })
    .where("id", "=", tokenId)
    .where("revokedAt", "is", null)
    .execute()
}

/** Revokes every token of a user on one device (reauth, a refused reauth). */
export const revokeUserDevice = async (db: Kysely<DB>, userId: string, deviceHash: string, now: number): Promise<void> => {
  tokenWrites++
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
  tokenWrites++
  await authDb(db)
    .updateTable("accessTokens")
    .set({ revokedAt: new Date(now) })
    .where("userId", "=", userId)
    .where("revokedAt", "is", null)
    .execute()
}

/** A session (token chain) a reauth may renew: when it started and its id. */
export interface RenewableChain {
  readonly startedAt: string
  readonly id: string
}

/**
 * The session a reauth may renew: the newest unrevoked, code-satisfied token chain of the user on
 * this device whose absolute cap has not passed (idle expiry does not matter: that is what reauth
 * is for). Null when there is none (an ended session is revoked, so it cannot be renewed).
 */
export const renewableChain = async (db: Kysely<DB>, userId: string, deviceHash: string, now: number): Promise<RenewableChain | null> => {
  const row = await authDb(db)
    .selectFrom("accessTokens")
    .select(["chainStartedAt", "chainId"])
    .where("userId", "=", userId)
    .where("deviceHash", "=", deviceHash)
    .where("otpSatisfied", "=", true)
    .where("revokedAt", "is", null)
    .where("chainStartedAt", ">", iso(now - SESSION_MAX_AGE_MS))
    .orderBy("chainStartedAt", "desc")
    .limit(1)
    .executeTakeFirst()
  return row ? { startedAt: row.chainStartedAt, id: row.chainId } : null
}

/** A signed-in session as the Security page lists it (server/auth/sessions.ts shapes it for the contract). */
export interface SessionRow {
  readonly chainId: string
  readonly userAgent: string
  readonly clientAddress: string
  readonly startedAt: string
  readonly lastUsedAt: string
}

/**
 * The user's sessions that can still be used or renewed: chains with an unrevoked, code-satisfied
 * token whose 12-hour cap has not passed (an idle one is listed: a reauth on its device renews it).
 * The User-Agent and address are those of the chain's newest token; newest activity first.
 */
export const listSessions = async (db: Kysely<DB>, userId: string, now: number): Promise<ReadonlyArray<SessionRow>> => {
  const rows = await authDb(db)
    .selectFrom("accessTokens")
    .select(["chainId", "userAgent", "clientAddress", "chainStartedAt", "lastUsedAt", "createdAt"])
    .where("userId", "=", userId)
    .where("otpSatisfied", "=", true)
    .where("revokedAt", "is", null)
    .where("chainStartedAt", ">", iso(now - SESSION_MAX_AGE_MS))
    .orderBy("createdAt", "desc")
    .execute()
  const byChain = new Map<string, SessionRow>()
  for (const row of rows) {
    const seen = byChain.get(row.chainId)
    if (seen === undefined)
      byChain.set(row.chainId, {
        chainId: row.chainId,
        userAgent: row.userAgent,
        clientAddress: row.clientAddress,
        startedAt: row.chainStartedAt,
        lastUsedAt: row.lastUsedAt,
      })
    else if (Date.parse(row.lastUsedAt) > Date.parse(seen.lastUsedAt)) byChain.set(row.chainId, { ...seen, lastUsedAt: row.lastUsedAt })
  }
  return [...byChain.values()].sort((a, b) => Date.parse(b.lastUsedAt) - Date.parse(a.lastUsedAt))
}

/** The session (chain id) of a token. */
export const chainOf = async (db: Kysely<DB>, tokenId: string): Promise<string | null> =>
  (await authDb(db).selectFrom("accessTokens").select("chainId").where("id", "=", tokenId).executeTakeFirst())?.chainId ?? null

/**
 * Revokes every token of the user's sessions named by `chainIds` at once (one statement), and
 * answers how many tokens it revoked. Tokens are read from the database on every request (the
 * embedded database's short cache is dropped by the write count this bumps), so every process
 * refuses them on their next request.
 */
export const revokeChains = async (db: Kysely<DB>, userId: string, chainIds: ReadonlyArray<string>, now: number): Promise<number> => {
  if (chainIds.length === 0) return 0
  tokenWrites++
  const rows = await authDb(db)
    .updateTable("accessTokens")
    .set({ revokedAt: new Date(now) })
    .where("userId", "=", userId)
    .where("chainId", "in", chainIds)
    .where("revokedAt", "is", null)
    .returning("id")
    .execute()
  tokenWrites++
  return rows.length
}
