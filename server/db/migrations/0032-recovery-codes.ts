/**
 * Recovery codes (issue 35): the user's current set of ten single-use codes, each stored only as an
 * argon2id hash (decision 0221). A new set replaces the old one (its rows are deleted); a used code
 * keeps its row with `used_at`, so the Security page can count what is left and say when one was
 * last used.
 */
import { sql, type Kysely, type Migration } from "kysely"

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>

const up = async (db: AnyDb): Promise<void> => {
  await db.schema
    .createTable("recovery_codes")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("used_at", "timestamptz")
    .execute()
  await db.schema.createIndex("recovery_codes_user_idx").on("recovery_codes").column("user_id").execute()
}

const down = async (db: AnyDb): Promise<void> => {
  await db.schema.dropTable("recovery_codes").ifExists().execute()
}

/** Migration 0032: the recovery codes table. */
export const migration0032: Migration = { up, down }
