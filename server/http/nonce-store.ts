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
 * Nonce store in the request_nonce table, on both databases: a nonce seen before a restart is
 * still refused after it (for the retention), and on PostgreSQL several API processes share it
 * (`INSERT ... ON CONFLICT DO NOTHING` makes the first process to see a nonce win). Rows older
 * than the retention are deleted in the background at most once a minute.
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

/** The nonce store of a database (the table survives restarts, so replay protection does too). */
export const nonceStoreFor = (database: Database): NonceStore => new DatabaseNonceStore(database.db)
