/**
 * Per-user limits of document uploads (issue 30), kept in the database (table
 * document_upload_attempts, migration 0008) so every server process of one database counts
 * together: at most `atOnce` uploads of one user run at a time, and at most `perDay` start in any
 * 24 hours. Every upload request that reaches the route counts, a refused image too (each costs
 * the server a decode). A refused claim is not recorded and answers 429 with Retry-After.
 *
 * A claim is one short transaction under a per-user advisory lock (count, then record), so two
 * processes never both take the last place. An attempt whose process stopped before finishing it
 * stops counting as running after STALE_AFTER_MS; attempts older than a day are deleted.
 */
import { sql, type Kysely } from "kysely"
import { ErrorCodes } from "../../src/contract/errors"
import type { DB } from "../db/schema"
import { ApiError } from "../http/errors"

/** The limits (Config.uploadsPerUserAtOnce and uploadsPerUserPerDay). */
export interface UploadLimits {
  readonly atOnce: number
  readonly perDay: number
}

/** The window of the daily limit. */
export const UPLOAD_DAY_MS = 24 * 60 * 60 * 1000

/** An attempt still unfinished this long after it started no longer counts as running (its process stopped). */
export const STALE_AFTER_MS = 10 * 60 * 1000

/** How long to wait before trying again when the user's uploads at once are all taken: a few seconds. */
const AT_ONCE_RETRY_SECONDS = 5

export const UPLOADS_AT_ONCE_TEXT = (limit: number) => `You are already uploading ${limit} documents. Wait until they finish, then try again.`
export const DAILY_LIMIT_TEXT = (limit: number) => `You have reached the limit of ${limit} document uploads in 24 hours. Try again later.`

/** 429 with the seconds to wait; the route sets Retry-After from `retryAfterSeconds`. */
export class UploadLimitedError extends ApiError {
  constructor(
    code: typeof ErrorCodes.documentUploadsAtOnce | typeof ErrorCodes.documentDailyLimit,
    text: string,
    limit: number,
    readonly retryAfterSeconds: number,
  ) {
    super(429, code, text, undefined, { limit: String(limit) })
    this.name = "UploadLimitedError"
  }
}

/**
 * Records the start of one upload of `userId` and resolves with its id (give it to `finishUpload`),
 * or rejects with `UploadLimitedError` when the user is at either limit. The start is read from
 * `clock` once the claim holds the user's lock: a request that waited for the lock (or for a
 * connection) while another upload finished starts after that one, as the count it is judged by.
 */
export const startUpload = async (db: Kysely<DB>, userId: string, clock: () => number, limits: UploadLimits): Promise<string> =>
  db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`document-upload:${userId}`}, 30))`.execute(trx)
    const now = clock()
    const dayAgo = new Date(now - UPLOAD_DAY_MS).toISOString()
    await trx.deleteFrom("documentUploadAttempts").where("userId", "=", userId).where("startedAt", "<=", dayAgo).execute()
    const counts = await trx
      .selectFrom("documentUploadAttempts")
      .select((eb) => [
        eb.fn.countAll<string>().as("today"),
        eb.fn.min("startedAt").as("oldest"),
        sql<string>`count(*) filter (where finished_at is null and started_at > ${new Date(now - STALE_AFTER_MS).toISOString()})`.as("running"),
      ])
      .where("userId", "=", userId)
      .executeTakeFirstOrThrow()
    if (Number(counts.running) >= limits.atOnce) {
      throw new UploadLimitedError(ErrorCodes.documentUploadsAtOnce, UPLOADS_AT_ONCE_TEXT(limits.atOnce), limits.atOnce, AT_ONCE_RETRY_SECONDS)
    }
    if (Number(counts.today) >= limits.perDay) {
      const oldest = counts.oldest ? new Date(counts.oldest).getTime() : now
      const wait = Math.max(1, Math.ceil((oldest + UPLOAD_DAY_MS - now) / 1000))
      throw new UploadLimitedError(ErrorCodes.documentDailyLimit, DAILY_LIMIT_TEXT(limits.perDay), limits.perDay, wait)
    }
    const row = await trx
      .insertInto("documentUploadAttempts")
      .values({ userId, startedAt: new Date(now), finishedAt: null })
      .returning("id")
      .executeTakeFirstOrThrow()
    return String(row.id)
  })

/** Marks an upload finished (stored or refused): it no longer counts as running, still counts for the day. */
export const finishUpload = async (db: Kysely<DB>, id: string, now: number): Promise<void> => {
  await db
    .updateTable("documentUploadAttempts")
    .set({ finishedAt: new Date(now) })
    .where("id", "=", id)
    .execute()
}
