/**
 * Authentication state (server/auth): access tokens, one-time codes, per-user code-entry state,
 * trusted devices and password-reset refs. Every secret is stored as a SHA-256 hash only.
 * Written with snake_case names against `Kysely<any>`, like 0001.
 */
import { sql, type Kysely, type Migration } from "kysely"

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>

const up = async (db: AnyDb): Promise<void> => {
  const schema = db.schema

  await schema
    .createTable("access_tokens")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    // Null for the code-pending token a registration with a known e-mail gets (it can never be satisfied).
    .addColumn("user_id", "uuid", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("device_hash", "text", (c) => c.notNull())
    .addColumn("otp_satisfied", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("last_used_at", "timestamptz", (c) => c.notNull())
    .addColumn("chain_started_at", "timestamptz", (c) => c.notNull())
    .addColumn("revoked_at", "timestamptz")
    .addCheckConstraint("access_tokens_satisfied_needs_user", sql`user_id is not null or not otp_satisfied`)
    .execute()
  await schema.createIndex("access_tokens_user_device_idx").on("access_tokens").columns(["user_id", "device_hash"]).execute()
  await schema.createIndex("access_tokens_chain_idx").on("access_tokens").column("chain_started_at").execute()

  await schema
    .createTable("otp_codes")
    .addColumn("user_id", "uuid", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("token_id", "uuid", (c) => c.notNull().references("access_tokens.id").onDelete("cascade"))
    .addColumn("code_salt", "text", (c) => c.notNull())
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("used_at", "timestamptz")
    .execute()

  await schema
    .createTable("auth_user_state")
    .addColumn("user_id", "uuid", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("last_totp_step", "bigint")
    .addColumn("failed_code_entries", "integer", (c) => c.notNull().defaultTo(0))
    .execute()

  await schema
    .createTable("trusted_devices")
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("device_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addPrimaryKeyConstraint("trusted_devices_pk", ["user_id", "device_hash"])
    .execute()

  await schema
    .createTable("password_resets")
    .addColumn("user_id", "uuid", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("ref_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("used_at", "timestamptz")
    .execute()
}

const down = async (db: AnyDb): Promise<void> => {
  for (const table of ["password_resets", "trusted_devices", "auth_user_state", "otp_codes", "access_tokens"]) {
    await db.schema.dropTable(table).ifExists().cascade().execute()
  }
}

/** Migration 0002: the authentication tables of server/auth (see server/auth/tables.ts). */
export const migration0002: Migration = { up, down }
