/**
 * The step-up before money leaves to a new place (issue 35): per session (token chain), when a
 * one-time code was last verified for it. A row is replaced by each new verification; the rule of
 * how long it holds is src/domain/step-up.ts.
 */
import type { Kysely, Migration } from "kysely"

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>

const up = async (db: AnyDb): Promise<void> => {
  await db.schema
    .createTable("step_ups")
    .addColumn("chain_id", "uuid", (c) => c.primaryKey())
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("verified_at", "timestamptz", (c) => c.notNull())
    .execute()
}

const down = async (db: AnyDb): Promise<void> => {
  await db.schema.dropTable("step_ups").ifExists().execute()
}

/** Migration 0033: the sessions' step-ups. */
export const migration0033: Migration = { up, down }
