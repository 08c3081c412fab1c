/**
 * Watchlists (issue 36): a user's named lists in their order, and each list's instruments in
 * theirs. `name` null is the default list the server makes (the app names it in the user's
 * language). Deleting a user, a list or an instrument deletes its rows.
 */
import { sql, type Kysely, type Migration } from "kysely"

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>

const up = async (db: AnyDb): Promise<void> => {
  await db.schema
    .createTable("watchlists")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text")
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex("watchlists_user_idx").on("watchlists").columns(["user_id", "position"]).execute()
  await db.schema
    .createTable("watchlist_items")
    .addColumn("watchlist_id", "uuid", (c) => c.notNull().references("watchlists.id").onDelete("cascade"))
    .addColumn("instrument_id", "uuid", (c) => c.notNull().references("instruments.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("added_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("watchlist_items_pk", ["watchlist_id", "instrument_id"])
    .execute()
}

const down = async (db: AnyDb): Promise<void> => {
  await db.schema.dropTable("watchlist_items").ifExists().execute()
  await db.schema.dropTable("watchlists").ifExists().execute()
}

/** Migration 0030: watchlists and their instruments. */
export const migration0030: Migration = { up, down }
