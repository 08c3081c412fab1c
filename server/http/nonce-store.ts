import type { Kysely } from "kysely"
import { SIGNATURE_WINDOW_MS } from "../../src/contract/signature"
import type { Database } from "../db/database"
import type { DB } from "../db/schema"

/**
 * Remembers the nonces of verified requests so a replay inside the signature window is refused.
 * `remember(nonce, now)` records the nonce and answers true, or answers false when it was
 * already seen and has not expired. Call it only after the signature verified, so unsigned junk
 * cannot fill the store or burn a real client's nonce.
 */
export interface NonceStore {
  remember(nonce: string, now: number): Promise<boolean>
}

/**
 * How long a seen nonce is kept: a request is accepted while its timestamp is within the window
 * of now on either side, so one seen now can come back with a valid timestamp for two windows.
 */
export const NONCE_RETENTION_MS = 2 * SIGNATURE_WINDOW_MS

const iso = (ms: number): string => new Date(ms).toISOString()

/** Expired entries are swept at most this often. */
const SWEEP_EVERY_MS = 60_000

/**
 * In-process nonce store with expiry, for the embedded database: its data-directory lock
 * guarantees a single server process, so memory sees every request.
 */
export class MemoryNonceStore implements NonceStore {
  private readonly seen = new Map<string, number>()
  private lastSweep = 0

  async remember(nonce: string, now: number): Promise<boolean> {
    if (now - this.lastSweep >= SWEEP_EVERY_MS) {
      this.lastSweep = now
      for (const [key, expiresAt] of this.seen) if (expiresAt <= now) this.seen.delete(key)
    }
    const expiresAt = this.seen.get(nonce)
    if (expiresAt !== undefined && expiresAt > now) return false
    this.seen.set(nonce, now + NONCE_RETENTION_MS)
    return true
  }

  /** Entries currently held (expired ones may linger until the next sweep). */
  get size(): number {
    return this.seen.size
  }
}

/**
 * Nonce store in the request_nonce table, for PostgreSQL where several API processes share one
 * database: `INSERT ... ON CONFLICT DO NOTHING` makes the first process to see a nonce win.
 * Rows older than the retention are deleted in the background at most once a minute.
 */
export class DatabaseNonceStore implements NonceStore {
  private lastSweep = 0

  constructor(private readonly db: Kysely<DB>) {}

  async remember(nonce: string, now: number): Promise<boolean> {
    if (now - this.lastSweep >= SWEEP_EVERY_MS) {
      this.lastSweep = now
      void this.sweep(now).catch((error: unknown) => console.error("request_nonce cleanup failed:", error))
    }
    const inserted = await this.db
      .insertInto("requestNonce")
      .values({ nonce, seenAt: iso(now) })
      .onConflict((oc) => oc.column("nonce").doNothing())
      .returning("nonce")
      .executeTakeFirst()
    if (inserted) return true
    // A row left over from before the retention (not yet swept) is not a replay: take it over.
    const revived = await this.db
      .updateTable("requestNonce")
      .set({ seenAt: iso(now) })
      .where("nonce", "=", nonce)
      .where("seenAt", "<", iso(now - NONCE_RETENTION_MS))
      .returning("nonce")
      .executeTakeFirst()
    return revived !== undefined
  }

  /** Deletes rows past the retention; returns how many. */
  async sweep(now: number): Promise<number> {
    const result = await this.db.deleteFrom("requestNonce").where("seenAt", "<", iso(now - NONCE_RETENTION_MS)).executeTakeFirst()
    return Number(result.numDeletedRows)
  }
}

/** The store that fits the database: memory for the embedded one, the table for PostgreSQL. */
export const nonceStoreFor = (database: Database): NonceStore =>
  database.kind === "pglite" ? new MemoryNonceStore() : new DatabaseNonceStore(database.db)
