/**
 * Price alerts (issue 36, decision 0260): a user's alerts on instruments, and one row per firing.
 * `arm_seq` counts the alert's armings; a firing row is unique per (alert, arming), so a crossing
 * fires once even when several server processes evaluate at the same instant. Deleting a user,
 * an alert or an instrument deletes its rows.
 */
import { sql, type Kysely, type Migration } from "kysely"

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>

const up = async (db: AnyDb): Promise<void> => {
  await db.schema
    .createTable("price_alerts")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("instrument_id", "uuid", (c) => c.notNull().references("instruments.id").onDelete("cascade"))
    .addColumn("condition", "text", (c) => c.notNull().check(sql`condition in ('above', 'below', 'move')`))
    .addColumn("threshold", "numeric", (c) => c.notNull().check(sql`threshold > 0`))
    .addColumn("state", "text", (c) => c.notNull().check(sql`state in ('armed', 'paused', 'fired')`))
    .addColumn("arm_seq", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("fired_at", "timestamptz")
    .addColumn("fired_price", "numeric")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex("price_alerts_user_idx").on("price_alerts").columns(["user_id", "created_at"]).execute()
  await sql`create index price_alerts_armed_idx on price_alerts (instrument_id) where state = 'armed'`.execute(db)
  await db.schema
    .createTable("price_alert_firings")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("alert_id", "uuid", (c) => c.notNull().references("price_alerts.id").onDelete("cascade"))
    .addColumn("arm_seq", "integer", (c) => c.notNull())
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("price", "numeric", (c) => c.notNull())
    .addColumn("fired_at", "timestamptz", (c) => c.notNull())
    .addUniqueConstraint("price_alert_firings_once", ["alert_id", "arm_seq"])
    .execute()
}

const down = async (db: AnyDb): Promise<void> => {
  await db.schema.dropTable("price_alert_firings").ifExists().execute()
  await db.schema.dropTable("price_alerts").ifExists().execute()
}

/** Migration 0036: price alerts and their firings. */
export const migration0036: Migration = { up, down }
