/**
 * The workflow explorer (issue 13): the compliance reviewer permission per user (false unless
 * granted) and the approval trail, its own table: who approved which fingerprint of which chart,
 * when, with what note. The reviewer's e-mail and name are kept as they were at approval time, so
 * the trail reads the same after a profile change. Rows are only ever inserted.
 */
import { sql, type Kysely, type Migration } from "kysely"

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>

const up = async (db: AnyDb): Promise<void> => {
  await db.schema
    .alterTable("users")
    .addColumn("reviewer", "boolean", (c) => c.notNull().defaultTo(false))
    .execute()
  await db.schema
    .createTable("chart_approvals")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("chart", "text", (c) => c.notNull().check(sql`chart ~ '^[a-z0-9-]{1,80}$'`))
    .addColumn("fingerprint", "text", (c) => c.notNull().check(sql`fingerprint ~ '^[0-9a-f]{64}$'`))
    .addColumn("note", "text", (c) => c.notNull().check(sql`char_length(note) between 1 and 500`))
    .addColumn("reviewer_id", "uuid", (c) => c.notNull().references("users.id").onDelete("restrict"))
    .addColumn("reviewer_email", "text", (c) => c.notNull())
    .addColumn("reviewer_name", "text", (c) => c.notNull())
    .addColumn("approved_at", "timestamptz", (c) => c.notNull())
    .execute()
  await sql`create index chart_approvals_approved_at_idx on chart_approvals (approved_at desc, id desc)`.execute(db)
}

const down = async (db: AnyDb): Promise<void> => {
  await db.schema.dropTable("chart_approvals").ifExists().execute()
  await db.schema.alterTable("users").dropColumn("reviewer").execute()
}

/** Migration 0006: the reviewer permission and the chart approval trail. */
export const migration0006: Migration = { up, down }
