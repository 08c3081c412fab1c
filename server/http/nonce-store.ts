import { sql, type Kysely } from "kysely"
import { SIGNATURE_WINDOW_MS } from "../../src/contract/signature"
import type { Database } from "../db/database"
import type { DB } from "../db/schema"
import { TOKEN_READ_COLUMNS, tokenOfColumns, type TokenReadColumns, type TokenRow } from "../auth/tokens"

/**
 * Remembers the nonces of verified requests so a replay inside the signature window is refused.
 * `remember(nonce, now)` records the nonce and answers true, or answers false when it was
 * already seen and has not expired. Call it only after the signature verified, so unsigned junk
 * cannot fill the store or burn a real client's nonce.
 */
export interface NonceStore {
  remember(nonce: string, now: number): Promise<boolean>
  /**
   * `remember`, and in the same statement the live token row for a bearer token's hash and a
   * device's hash (PostgreSQL: one round trip for both, shared by the requests of a batch). Absent
   * where the store does not read tokens; the session middleware then reads the token itself.
   */
  readonly rememberReading?: (nonce: string, now: number, token: TokenLookup) => Promise<{ readonly fresh: boolean; readonly token: TokenRow | null }>
}

/** The token a request was signed with, as `useToken` looks it up. */
export interface TokenLookup {
  readonly tokenHash: string
  readonly deviceHash: string
}

/**
 * How long a seen nonce is kept: a request is accepted while its timestamp is within the window
 * of now on either side, so one seen now can come back with a valid timestamp for two windows.
 */
export const NONCE_RETENTION_MS = 2 * SIGNATURE_WINDOW_MS

const iso = (ms: number): string => new Date(ms).toISOString()

/** Expired entries are swept at most this often. */
const SWEEP_EVERY_MS = 60_000

interface Waiting {
  readonly nonce: string
  readonly now: number
  readonly token: TokenLookup | null
  readonly answer: (fresh: boolean, token: TokenRow | null) => void
  readonly fail: (error: unknown) => void
}

/**
 * Nonce store in the request_nonce table, on both databases: a nonce seen before a restart is
 * still refused after it (for the retention), and on PostgreSQL several API processes share it.
 *
 * Group commit: the nonces of the requests that arrive while one statement runs wait together
 * and are written by the next one, a single
 * `INSERT ... ON CONFLICT (nonce) DO UPDATE SET seen_at = excluded.seen_at WHERE seen_at < cutoff
 * RETURNING nonce`. A returned nonce is fresh (new, or a row left over from before the retention
 * and not yet swept, taken over); one not returned was already seen. The database decides, in one
 * atomic statement, so the first process to see a nonce wins; a request is answered only after
 * its nonce is stored. The same nonce twice in one batch: the first one counts, the others are
 * replays. Rows older than the retention are deleted in the background at most once a minute.
 *
 * With `readTokens` (PostgreSQL) the batch's statement also reads, for each request signed with a
 * bearer token, the token's live row with the user's and the catalogue's versions (the columns
 * `useToken` reads, server/auth/tokens.ts), in the statement's one snapshot: a signed-in request
 * then costs a share of one round trip before its route instead of two round trips. The row is
 * read after the signature verified and used only if the nonce was fresh.
 */
export class DatabaseNonceStore implements NonceStore {
  private lastSweep = 0
  private queue: Waiting[] = []
  private flushing = false

  readonly rememberReading?: NonNullable<NonceStore["rememberReading"]>

  constructor(
    private readonly db: Kysely<DB>,
    private readonly readTokens = false,
  ) {
    if (readTokens)
      this.rememberReading = (nonce, now, token) =>
        new Promise((answer, fail) => this.enqueue({ nonce, now, token, answer: (fresh, row) => answer({ fresh, token: row }), fail }))
  }

  remember(nonce: string, now: number): Promise<boolean> {
    return new Promise<boolean>((answer, fail) => this.enqueue({ nonce, now, token: null, answer: (fresh) => answer(fresh), fail }))
  }

  private enqueue(waiting: Waiting): void {
    if (waiting.now - this.lastSweep >= SWEEP_EVERY_MS) {
      this.lastSweep = waiting.now
      void this.sweep(waiting.now).catch((error: unknown) => console.error("request_nonce cleanup failed:", error))
    }
    this.queue.push(waiting)
    if (!this.flushing) this.flush()
  }

  private flush(): void {
    this.flushing = true
    // Let the requests of this turn of the event loop join the batch.
    setImmediate(() => {
      const batch = this.queue
      this.queue = []
      void this.write(batch).finally(() => {
        if (this.queue.length > 0) this.flush()
        else this.flushing = false
      })
    })
  }

  private async write(batch: ReadonlyArray<Waiting>): Promise<void> {
    const first = new Map<string, Waiting>()
    for (const waiting of batch) {
      if (first.has(waiting.nonce)) waiting.answer(false, null)
      else first.set(waiting.nonce, waiting)
    }
    const rows = [...first.values()]
    try {
      const cutoff = iso(Math.min(...rows.map((r) => r.now)) - NONCE_RETENTION_MS)
      const nonces = rows.map((r) => r.nonce)
      const times = rows.map((r) => iso(r.now))
      if (!this.readTokens) {
        // One statement of fixed text for any batch size (two array parameters), written by hand:
        // building it with the query builder was about a sixth of its cost for a small batch.
        const { rows: written } = await sql<{ nonce: string }>`insert into "request_nonce" ("nonce", "seen_at")
          select * from unnest(${nonces}::text[], ${times}::timestamptz[])
          on conflict ("nonce") do update set "seen_at" = excluded."seen_at" where "request_nonce"."seen_at" < ${cutoff}
          returning "nonce"`.execute(this.db)
        const fresh = new Set(written.map((w) => w.nonce))
        for (const r of rows) r.answer(fresh.has(r.nonce), null)
        return
      }
      const { rows: read } = await sql<TokenReadColumns & { nonce: string; fresh: boolean }>`with
          input as (select * from unnest(${nonces}::text[], ${times}::timestamptz[], ${rows.map((r) => r.token?.tokenHash ?? null)}::text[],
            ${rows.map((r) => r.token?.deviceHash ?? null)}::text[]) as i (nonce, seen_at, token_hash, device_hash)),
          written as (insert into request_nonce (nonce, seen_at) select nonce, seen_at from input
            on conflict (nonce) do update set seen_at = excluded.seen_at where request_nonce.seen_at < ${cutoff}
            returning nonce)
        select i.nonce, w.nonce is not null as fresh, ${TOKEN_READ_COLUMNS}
        from input i
          left join written w on w.nonce = i.nonce
          left join access_tokens t on t.token_hash = i.token_hash and t.device_hash = i.device_hash and t.revoked_at is null
          left join user_versions v on v.user_id = t.user_id
          cross join catalogue_version c`.execute(this.db)
      const byNonce = new Map(read.map((r) => [r.nonce, r]))
      for (const r of rows) {
        const found = byNonce.get(r.nonce)
        r.answer(found?.fresh === true, found && r.token ? tokenOfColumns(found) : null)
      }
    } catch (error) {
      for (const r of rows) r.fail(error)
    }
  }

  /** Deletes rows past the retention; returns how many. */
  async sweep(now: number): Promise<number> {
    const result = await this.db
      .deleteFrom("requestNonce")
      .where("seenAt", "<", iso(now - NONCE_RETENTION_MS))
      .executeTakeFirst()
    return Number(result.numDeletedRows)
  }
}

/** The nonce store of a database (the table survives restarts, so replay protection does too); on PostgreSQL it reads tokens too. */
export const nonceStoreFor = (database: Database): NonceStore => new DatabaseNonceStore(database.db, database.kind === "postgres")
