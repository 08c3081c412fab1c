/**
 * Sign-in rate limits in the database (issue 15): one row per counted attempt under a limiter key
 * (a SHA-256 of e.g. "sign-in:account:ada@example.com", so no e-mail or address is stored in
 * clear), with the instant it was made and the instant it stops counting. Several API processes on
 * one PostgreSQL then count together (server/auth/rate-limit.ts); rows past `expires_at` are swept.
 */
import { sql, type Kysely, type Migration } from "kysely"

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>

const up = async (db: AnyDb): Promise<void> => {
  await db.schema
    .createTable("auth_rate_limit_hits")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("at", "timestamptz", (c) => c.notNull())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .execute()
  await sql`create index auth_rate_limit_hits_key_at_idx on auth_rate_limit_hits (key, at)`.execute(db)
  await sql`create index auth_rate_limit_hits_expires_idx on auth_rate_limit_hits (expires_at)`.execute(db)
}

const down = async (db: AnyDb): Promise<void> => {
  await db.schema.dropTable("auth_rate_limit_hits").ifExists().execute()
}

/** Migration 0007: the rate limiter's counted attempts, shared by every API process. */
export const migration0007: Migration = { up, down }
