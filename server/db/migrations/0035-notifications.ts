/**
 * The notification inbox (issue 36, decision 0250): each user's notices, and which kinds are also
 * mailed. A notice stores its kind, its subject and the values of its text (jsonb), never a
 * sentence. `(user_id, dedupe_key)` is unique, so a producer writes one notice per event even when
 * two server processes see it at once (insert ... on conflict do nothing). Deleting a user deletes
 * their rows.
 */
import { sql, type Kysely, type Migration } from "kysely"

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>

const up = async (db: AnyDb): Promise<void> => {
  await db.schema
    .createTable("notifications")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("dedupe_key", "text", (c) => c.notNull())
    .addColumn("subject", "jsonb", (c) => c.notNull())
    .addColumn("params", "jsonb", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("read_at", "timestamptz")
    .addUniqueConstraint("notifications_dedupe_key", ["user_id", "dedupe_key"])
    .execute()
  await db.schema.createIndex("notifications_user_created_idx").on("notifications").columns(["user_id", "created_at desc", "id desc"]).execute()
  await db.schema.createIndex("notifications_unread_idx").on("notifications").column("user_id").where(sql.ref("read_at"), "is", null).execute()
  await db.schema
    .createTable("notification_preferences")
    .addColumn("user_id", "uuid", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("mail_kinds", "jsonb", (c) => c.notNull())
    .addColumn("language", "text", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
}

const down = async (db: AnyDb): Promise<void> => {
  await db.schema.dropTable("notification_preferences").ifExists().execute()
  await db.schema.dropTable("notifications").ifExists().execute()
}

/** Migration 0035: notifications and notification preferences. */
export const migration0035: Migration = { up, down }
