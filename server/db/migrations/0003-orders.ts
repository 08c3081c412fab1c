/**
 * Orders (issue 5): the idempotency keys of POST endpoints that create something (server/http/
 * idempotency.ts). One row per (user, key): claimed `in_progress` by the first request, then
 * `done` with the status and body it answered, which later requests with the same key and the
 * same request get back. Written with snake_case names against `Kysely<any>`, like 0001.
 */
import { sql, type Kysely, type Migration } from "kysely"

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>

const up = async (db: AnyDb): Promise<void> => {
  await db.schema
    .createTable("idempotency_keys")
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("request_method", "text", (c) => c.notNull())
    .addColumn("request_path", "text", (c) => c.notNull())
    // SHA-256 (hex) of method, path and the canonical JSON body.
    .addColumn("request_hash", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull().check(sql`state in ('in_progress', 'done')`))
    .addColumn("status_code", "integer")
    .addColumn("response_body", "jsonb")
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("completed_at", "timestamptz")
    .addPrimaryKeyConstraint("idempotency_keys_pk", ["user_id", "key"])
    .addCheckConstraint("idempotency_keys_done_has_answer", sql`state <> 'done' or (status_code is not null and completed_at is not null)`)
    .execute()
  await db.schema.createIndex("idempotency_keys_created_idx").on("idempotency_keys").column("created_at").execute()
}

const down = async (db: AnyDb): Promise<void> => {
  await db.schema.dropTable("idempotency_keys").ifExists().execute()
}

/** Migration 0003: idempotency keys for order placement and the other creating POSTs. */
export const migration0003: Migration = { up, down }
