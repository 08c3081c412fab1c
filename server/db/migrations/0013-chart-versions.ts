/**
 * Approvals the server vouches for (issue 34): the definitions of the chart versions reviewers
 * approved (chart_versions: a chart's canonical definition by its fingerprint, written when a
 * version is first approved, never changed), and one approval per reviewer and version (an
 * earlier trail's repeats keep their first row).
 */
import { sql, type Kysely, type Migration } from "kysely"

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>

const up = async (db: AnyDb): Promise<void> => {
  await db.schema
    .createTable("chart_versions")
    .addColumn("chart", "text", (c) => c.notNull().check(sql`chart ~ '^[a-z0-9-]{1,80}$'`))
    .addColumn("fingerprint", "text", (c) => c.notNull().check(sql`fingerprint ~ '^[0-9a-f]{64}$'`))
    .addColumn("definition", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("chart_versions_pkey", ["chart", "fingerprint"])
    .execute()
  await sql`delete from chart_approvals a using chart_approvals b
    where a.chart = b.chart and a.fingerprint = b.fingerprint and a.reviewer_id = b.reviewer_id
      and (a.approved_at > b.approved_at or (a.approved_at = b.approved_at and a.id > b.id))`.execute(db)
  await sql`create unique index chart_approvals_once_idx on chart_approvals (chart, fingerprint, reviewer_id)`.execute(db)
}

const down = async (db: AnyDb): Promise<void> => {
  await sql`drop index if exists chart_approvals_once_idx`.execute(db)
  await db.schema.dropTable("chart_versions").ifExists().execute()
}

/** Migration 0013: approved chart versions' definitions, one approval per reviewer and version. */
export const migration0013: Migration = { up, down }
