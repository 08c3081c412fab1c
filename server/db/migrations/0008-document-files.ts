/**
 * Uploaded documents as files (issue 30): the image bytes move out of the database into the
 * documents directory (server/documents/files.ts), so `documents.content` may be empty (null) and
 * `file_name` names the file. Rows that still hold their bytes (stored before this migration, or
 * just seeded) are moved by `moveDocumentsToFiles` at start-up, which knows the directory; a
 * migration does not. Also the per-user upload limits' attempts (server/documents/upload-limits.ts):
 * one row per upload, its start and its end, shared by every server process of the database.
 */
import { sql, type Kysely, type Migration } from "kysely"

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>

const up = async (db: AnyDb): Promise<void> => {
  await sql`alter table documents alter column content drop not null`.execute(db)
  await db.schema
    .createTable("document_upload_attempts")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("started_at", "timestamptz", (c) => c.notNull())
    .addColumn("finished_at", "timestamptz")
    .execute()
  await sql`create index document_upload_attempts_user_started_idx on document_upload_attempts (user_id, started_at)`.execute(db)
}

const down = async (db: AnyDb): Promise<void> => {
  const moved = await sql<{ n: number }>`select count(*)::int as n from documents where content is null`.execute(db)
  const count = moved.rows[0]?.n ?? 0
  if (count > 0) {
    throw new Error(`Migration 0008 cannot be undone: ${count} documents are stored only as files in the documents directory.`)
  }
  await db.schema.dropTable("document_upload_attempts").ifExists().execute()
  await sql`alter table documents alter column content set not null`.execute(db)
}

/** Migration 0008: document bytes as files (content may be null) and the upload attempts of the per-user limits. */
export const migration0008: Migration = { up, down }
