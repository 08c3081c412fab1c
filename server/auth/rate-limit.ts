/**
 * The sliding-window rate limiter of the authentication endpoints, kept in the database (table
 * auth_rate_limit_hits, migration 0007) on both the embedded database and PostgreSQL: several API
 * processes on one PostgreSQL count every attempt together, and a restart does not reset the
 * counts. One check is one short transaction: a transaction-scoped advisory lock per key (taken in
 * a fixed order, so two checks never wait on each other in a cycle) makes "count, then record"
 * atomic across processes, so N processes never let more than the limit through. The cost (one
 * small transaction) is noise next to the argon2 verification every sign-in does.
 */
import { createHash } from "node:crypto"
import { sql, type Kysely } from "kysely"
import type { DB } from "../db/schema"
import { RateLimitedError } from "./errors"
import type { RateLimit } from "./settings"

/** One counter to check: a key (e.g. "sign-in:account:ada@example.com") and its limit. */
export interface RateLimitKey {
  readonly key: string
  readonly limit: RateLimit
}

/** The limiter `createRateLimiter` returns. */
export interface RateLimiter {
  /**
   * Records one attempt under every key, or rejects with `RateLimitedError` (429, Retry-After) when
   * any key already holds its limit inside its window; a refused attempt is not recorded.
   */
  readonly hit: (keys: ReadonlyArray<RateLimitKey>, now: number) => Promise<void>
}

/** Expired rows are swept at most this often. */
const SWEEP_EVERY_MS = 60_000

const hashKey = (key: string): string => createHash("sha256").update(key).digest("hex")

/** A limiter over the database's auth_rate_limit_hits table (one per app). */
export const createRateLimiter = (db: Kysely<DB>): RateLimiter => {
  let lastSweep = 0
  return {
    hit: async (keys, now) => {
      if (now - lastSweep >= SWEEP_EVERY_MS) {
        lastSweep = now
        void db
          .deleteFrom("authRateLimitHits")
          .where("expiresAt", "<=", new Date(now).toISOString())
          .execute()
          .catch((error: unknown) => console.error("auth_rate_limit_hits cleanup failed:", error))
      }
      const checks = keys.map(({ key, limit }) => ({ key: hashKey(key), limit })).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      await db.transaction().execute(async (trx) => {
        for (const { key } of checks) await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 15))`.execute(trx)
        let waitMs = 0
        for (const { key, limit } of checks) {
          const row = await trx
            .selectFrom("authRateLimitHits")
            .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.min("at").as("oldest")])
            .where("key", "=", key)
            .where("at", ">", new Date(now - limit.windowMs).toISOString())
            .executeTakeFirstOrThrow()
          if (Number(row.n) >= limit.limit && row.oldest) waitMs = Math.max(waitMs, Date.parse(row.oldest) + limit.windowMs - now)
        }
        if (waitMs > 0) throw new RateLimitedError(Math.max(1, Math.ceil(waitMs / 1000)))
        await trx
          .insertInto("authRateLimitHits")
          .values(checks.map(({ key, limit }) => ({ key, at: new Date(now), expiresAt: new Date(now + limit.windowMs) })))
          .execute()
      })
    },
  }
}
