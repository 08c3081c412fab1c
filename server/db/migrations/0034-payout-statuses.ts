/**
 * The payout rail's statuses made explicit (issue 35; src/domain/withdrawal.ts PAYOUT_STATUSES):
 * QUEUED, PENDING, SENT_TO_BANK, COMPLETED, with CANCELLED, FAILED and RETURNED. The rail wrote
 * PENDING (requested, not yet sent), PROCESSING (sent to the bank), COMPLETED, and FAILED once the
 * receiving bank's check sent a transfer back. On the way up, each withdrawal the rail wrote
 * (upper-case statuses) keeps PENDING and COMPLETED, PROCESSING becomes SENT_TO_BANK and FAILED
 * becomes RETURNED, in its status and in every step of its timeline, so each history is a path of
 * the new table (PENDING, SENT_TO_BANK, COMPLETED | RETURNED) and a withdrawal still PENDING can be
 * cancelled. The demo world's lower-case statuses (not on the rail) are left as they are. On the way
 * down SENT_TO_BANK is PROCESSING again, RETURNED is FAILED and QUEUED is PENDING (a cancelled
 * withdrawal stays CANCELLED, which the ledger's rules already read as returned).
 */
import { sql, type Kysely, type Migration } from "kysely"

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>

/** Renames statuses in a withdrawal's status and its timeline's steps; frozen here, not read from the domain. */
const rename = async (db: AnyDb, names: Readonly<Record<string, string>>, rows: ReadonlyArray<string>): Promise<void> => {
  const mapped = (value: ReturnType<typeof sql>) =>
    sql`case ${value} ${sql.join(
      Object.entries(names).map(([from, to]) => sql`when ${from}::text then ${to}::text`),
      sql` `,
    )} else ${value} end`
  await sql`
    update payments set
      status = ${mapped(sql`status`)},
      progress = coalesce((
        select jsonb_agg(
          case when jsonb_typeof(e.step) = 'object' and e.step ? 'status'
            then e.step || jsonb_build_object('status', ${mapped(sql`e.step->>'status'`)})
            else e.step end
          order by e.ord)
        from jsonb_array_elements(case when jsonb_typeof(progress) = 'array' then progress else '[]'::jsonb end) with ordinality as e(step, ord)), progress)
    where type = 'WITHDRAWAL' and status in (${sql.join(rows.map((r) => sql`${r}::text`))})
  `.execute(db)
}

const up = async (db: AnyDb): Promise<void> => {
  await rename(db, { PROCESSING: "SENT_TO_BANK", FAILED: "RETURNED" }, ["PENDING", "PROCESSING", "COMPLETED", "FAILED"])
}

const down = async (db: AnyDb): Promise<void> => {
  await rename(db, { SENT_TO_BANK: "PROCESSING", RETURNED: "FAILED", QUEUED: "PENDING" }, [
    "QUEUED",
    "PENDING",
    "SENT_TO_BANK",
    "COMPLETED",
    "RETURNED",
    "CANCELLED",
  ])
}

export const migration0034: Migration = { up, down }
