import type { Kysely } from "kysely"
import type { Database } from "../db/database"
import type { DB } from "../db/schema"
import { underWay } from "./under-way"

/**
 * Answers kept while nothing they are built from has changed (embedded database only, issue 14).
 *
 * An answer is reused when (1) no statement that may change data has run since it was built
 * (`Database.writeCount`, counted by the PGlite driver before each statement; writes to the request
 * pipeline's bookkeeping tables, such as nonces and tokens, do not count) and (2) the synthetic
 * market is at the same moment (`marketMoment`: the date and each session's trading day and
 * intraday step), since prices are computed from the clock, not stored.
 *
 * Why that is enough: PGlite has one connection, handed to one holder at a time, and a transaction
 * holds it from BEGIN to COMMIT. The count is read before the answer's first read and again after
 * its last; if they differ, a write may have landed between the reads and the answer is not kept.
 * If they are equal, every write counted before the first read had finished (its transaction held
 * the connection until commit, so the reads waited for it), and none came after: the answer is the
 * data as it stands. The next write changes the count, so a kept answer is never served after it.
 *
 * On PostgreSQL (`writeCount` undefined) other processes write too: every request builds its answer.
 * An answer the database can name by a version it keeps (an account's details) uses
 * `stampedAnswers` below instead, on both databases.
 * The key must name everything else the answer depends on (the user and the resource).
 */
export interface AnswerCache<T> {
  /** The kept answer for `key` at `moment`, or the one `build` makes (kept if nothing changed meanwhile). */
  readonly get: (key: string, moment: string, build: () => Promise<T>) => Promise<T>
}

/**
 * The answers any cache here has kept. A kept answer is shared by every request that reuses it and
 * is never changed afterwards (a change to what it was built from makes a new one), so what is
 * derived from it alone, such as its JSON text (server/http/json-text.ts), can be kept with it.
 */
const keptAnswers = new WeakSet<object>()

/** Whether `value` is an answer a cache kept (see `keptAnswers`). */
export const isKeptAnswer = (value: unknown): boolean => typeof value === "object" && value !== null && keptAnswers.has(value)

export const answerCache = <T>(writeCount: (() => number) | undefined, limit = 32): AnswerCache<T> => {
  const kept = new Map<string, { readonly writes: number; readonly moment: string; readonly value: T }>()
  // Answers being built, by key: a request that finds one begun at the same count and moment
  // waits for it instead of building its own (many pollers after a write, or at the start of a
  // load, would otherwise each run the same queries at once, one after another on PGlite's single
  // connection). A build begun before a write that the request already saw has another count, so
  // it is never joined: such a request builds afresh and sees the write.
  const building = underWay<T>()
  return {
    get: async (key, moment, build) => {
      if (!writeCount) return build()
      const writes = writeCount()
      const hit = kept.get(key)
      if (hit && hit.writes === writes && hit.moment === moment) {
        // Most recently used last: the first entry is the one to drop when full.
        kept.delete(key)
        kept.set(key, hit)
        return hit.value
      }
      return building.join(key, `${writes} ${moment}`, () =>
        build().then((built) => {
          // Kept only if nothing changed while it was built (an answer kept meanwhile by a later
          // build stays).
          if (writeCount() === writes) {
            kept.delete(key)
            if (kept.size >= limit) kept.delete(kept.keys().next().value as string)
            kept.set(key, { writes, moment, value: built })
            if (typeof built === "object" && built !== null) keptAnswers.add(built)
          }
          return built
        }),
      )
    },
  }
}

/**
 * Answers kept by a stamp the database gives (issue 33), on both databases and across processes:
 * for an account's details the stamp is the account's version (migration 0019: bumped by triggers
 * in the same transaction as every change the details show) with the market moment. `get(key,
 * stamp, build, stampNow)` answers the answer kept for `key` at `stamp`, else builds it (requests for
 * the same key and stamp join one build) and keeps it only if `stampNow()`, read after the build,
 * is still `stamp`: a change committed while it was built (by any process) is not kept under the
 * old stamp. The caller reads `stamp` from the database before anything else, so what it is given
 * is never older than what the database held when the request arrived; a change made anywhere
 * gives a new stamp, and a kept answer is never served for it.
 */
export interface StampedAnswers<T> {
  readonly get: (key: string, stamp: string, build: () => Promise<T>, stampNow: () => Promise<string | null>) => Promise<T>
}

export const stampedAnswers = <T>(limit = 256): StampedAnswers<T> => {
  const kept = new Map<string, { readonly stamp: string; readonly value: T }>()
  const building = underWay<T>()
  return {
    get: async (key, stamp, build, stampNow) => {
      const hit = kept.get(key)
      if (hit && hit.stamp === stamp) {
        kept.delete(key)
        kept.set(key, hit)
        return hit.value
      }
      return building.join(key, stamp, async () => {
        const built = await build()
        if ((await stampNow()) === stamp) {
          kept.delete(key)
          if (kept.size >= limit) kept.delete(kept.keys().next().value as string)
          kept.set(key, { stamp, value: built })
          if (typeof built === "object" && built !== null) keptAnswers.add(built)
        }
        return built
      })
    },
  }
}

/**
 * Answers built from a user's row, group and partners and the catalogue (GET /admins/me, the
 * search), kept per user on both databases by the way each can prove them current:
 * - PostgreSQL: by the session's `dataStamp` (the user's and the catalogue's versions, migration
 *   0037, read in the token's own statement), with `stampedAnswers`: a change made through any
 *   process or tool gives a new stamp, so a kept answer is never served after it, and a request
 *   that finds its answer kept makes no query beyond the pipeline's.
 * - Embedded: by the driver's write count (`answerCache`), as before (the embedded token rows are
 *   themselves kept for up to a second, so their stamp is not read afresh on every request).
 * `key` must name everything else the answer depends on (the user, the query).
 */
export interface SessionAnswers<T> {
  readonly get: (key: string, session: { readonly userId: string; readonly dataStamp: string | null }, build: () => Promise<T>) => Promise<T>
}

export const sessionAnswers = <T>(
  database: Pick<Database, "db" | "writeCount">,
  stampNow: (db: Kysely<DB>, userId: string) => Promise<string | null>,
  limit = 32,
): SessionAnswers<T> => {
  if (database.writeCount) {
    const byWrites = answerCache<T>(database.writeCount, limit)
    return { get: (key, _session, build) => byWrites.get(key, "", build) }
  }
  const byStamp = stampedAnswers<T>(limit)
  return {
    get: (key, session, build) =>
      session.dataStamp === null ? build() : byStamp.get(key, session.dataStamp, build, () => stampNow(database.db, session.userId)),
  }
}
