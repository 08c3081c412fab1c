/**
 * What the Security page lists (issue 35): each access token carries the id of its session (its
 * chain: the sign-in and the reauths that renewed it), the browser's User-Agent and the client
 * address at sign-in; each trusted device gets an id to name it by and the User-Agent it was
 * trusted from. Tokens issued before this migration are each their own session.
 */
import { sql, type Kysely, type Migration } from "kysely"

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>

const up = async (db: AnyDb): Promise<void> => {
  await db.schema.alterTable("access_tokens").addColumn("chain_id", "uuid").execute()
  await db.schema
    .alterTable("access_tokens")
    .addColumn("user_agent", "text", (c) => c.notNull().defaultTo(""))
    .execute()
  await db.schema
    .alterTable("access_tokens")
    .addColumn("client_address", "text", (c) => c.notNull().defaultTo("unknown"))
    .execute()
  await sql`update access_tokens set chain_id = id where chain_id is null`.execute(db)
  await sql`alter table access_tokens alter column chain_id set not null`.execute(db)
  await db.schema.createIndex("access_tokens_user_chain_idx").on("access_tokens").columns(["user_id", "chain_id"]).execute()

  await db.schema
    .alterTable("trusted_devices")
    .addColumn("id", "uuid", (c) => c.notNull().defaultTo(sql`gen_random_uuid()`))
    .execute()
  await db.schema
    .alterTable("trusted_devices")
    .addColumn("user_agent", "text", (c) => c.notNull().defaultTo(""))
    .execute()
  await db.schema.createIndex("trusted_devices_id_idx").on("trusted_devices").column("id").unique().execute()
}

const down = async (db: AnyDb): Promise<void> => {
  await db.schema.dropIndex("trusted_devices_id_idx").ifExists().execute()
  await db.schema.alterTable("trusted_devices").dropColumn("user_agent").execute()
  await db.schema.alterTable("trusted_devices").dropColumn("id").execute()
  await db.schema.dropIndex("access_tokens_user_chain_idx").ifExists().execute()
  await db.schema.alterTable("access_tokens").dropColumn("client_address").execute()
  await db.schema.alterTable("access_tokens").dropColumn("user_agent").execute()
  await db.schema.alterTable("access_tokens").dropColumn("chain_id").execute()
}

/** Migration 0031: sessions (token chains) and trusted devices as the Security page lists them. */
export const migration0031: Migration = { up, down }
