/**
 * The initial schema: every table of schema.ts with its keys, checks and indexes. Written with
 * snake_case names against `Kysely<any>` so it does not depend on the camel-case plugin, and only
 * with SQL that PGlite and PostgreSQL 15+ both accept.
 */
import { sql, type Kysely, type Migration } from "kysely"

// Money is fixed at cents; prices and quantities keep exactly the digits they were written with
// (order prices and quantities may carry up to 10 fraction digits), so they read back as written.
const MONEY = "numeric(20, 2)"
const PRICE = "numeric"
const QUANTITY = "numeric"

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>

const id = sql`gen_random_uuid()`
const now = sql`now()`

const up = async (db: AnyDb): Promise<void> => {
  const schema = db.schema

  await schema
    .createTable("partners")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(id))
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .execute()

  await schema
    .createTable("user_groups")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(id))
    .addColumn("company_name", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .execute()

  await schema
    .createTable("group_partners")
    .addColumn("user_group_id", "uuid", (c) => c.notNull().references("user_groups.id").onDelete("cascade"))
    .addColumn("partner_id", "uuid", (c) => c.notNull().references("partners.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("group_partners_pk", ["user_group_id", "partner_id"])
    .execute()

  await schema
    .createTable("users")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(id))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("username", "text", (c) => c.notNull())
    .addColumn("full_name", "text", (c) => c.notNull())
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("admin_level", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("otp_method", "text", (c) =>
      c
        .notNull()
        .defaultTo("EMAIL")
        .check(sql`otp_method in ('EMAIL', 'APP')`),
    )
    .addColumn("totp_secret", "text")
    .addColumn("user_group_id", "uuid", (c) => c.references("user_groups.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addCheckConstraint("users_app_needs_secret", sql`otp_method <> 'APP' or totp_secret is not null`)
    .execute()
  await schema
    .createIndex("users_email_lower_key")
    .on("users")
    .unique()
    .expression(sql`lower(email)`)
    .execute()
  await schema
    .createIndex("users_username_lower_key")
    .on("users")
    .unique()
    .expression(sql`lower(username)`)
    .execute()

  await schema
    .createTable("profiles")
    .addColumn("user_id", "uuid", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("basic", "jsonb", (c) => c.notNull())
    .addColumn("personal_data", "jsonb", (c) => c.notNull())
    .addColumn("identification_data", "jsonb", (c) => c.notNull())
    .addColumn("employment_data", "jsonb", (c) => c.notNull())
    .addColumn("trust_data", "jsonb", (c) => c.notNull())
    .addColumn("address_data", "jsonb", (c) => c.notNull())
    .addColumn("disclosures_data", "jsonb", (c) => c.notNull())
    .addColumn("investment_data", "jsonb", (c) => c.notNull())
    .addColumn("compliance_data", "jsonb", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .execute()

  await schema
    .createTable("accounts")
    .addColumn("account_id", "uuid", (c) => c.primaryKey().defaultTo(id))
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("account_number", "text", (c) => c.notNull().unique())
    .addColumn("user_type", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("partner_id", "uuid", (c) => c.notNull().references("partners.id"))
    .addColumn("currency", "text", (c) => c.notNull().check(sql`currency in ('NGN', 'USD')`))
    .addColumn("cash_balance", sql.raw(MONEY), (c) => c.notNull().defaultTo(0))
    .addColumn("margin_multiplier", "numeric", (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`margin_multiplier >= 1`),
    )
    .addColumn("portfolio_equity", sql.raw(MONEY), (c) => c.notNull().defaultTo(0))
    .addColumn("long_market_value", sql.raw(MONEY), (c) => c.notNull().defaultTo(0))
    .addColumn("marked_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .execute()
  await schema.createIndex("accounts_user_idx").on("accounts").columns(["user_id", "created_at"]).execute()

  await schema
    .createTable("instruments")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(id))
    .addColumn("symbol", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull().check(sql`type in ('EQUITY', 'ETF')`))
    .addColumn("sector", "text", (c) => c.notNull())
    .addColumn("image_url", "text", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull().check(sql`currency in ('NGN', 'USD')`))
    .addColumn("exchange", "text", (c) => c.notNull())
    .addColumn("country", "text", (c) => c.notNull())
    .addColumn("meta", "jsonb", (c) => c.notNull())
    .addColumn("partner_id", "uuid", (c) => c.notNull().references("partners.id"))
    .addColumn("analysis", "jsonb")
    .addColumn("base_price", sql.raw(PRICE), (c) => c.notNull().check(sql`base_price > 0`))
    .addColumn("volatility", "double precision", (c) => c.notNull())
    .addColumn("drift", "double precision", (c) => c.notNull())
    .addColumn("spread_bps", "integer", (c) => c.notNull())
    .addColumn("shares_outstanding", "bigint", (c) => c.notNull())
    .addColumn("average_volume", "bigint", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .execute()
  await schema.createIndex("instruments_partner_idx").on("instruments").column("partner_id").execute()
  // Prefix search ("lower(symbol) like 'ab%'") uses these whatever the database's collation.
  await schema
    .createIndex("instruments_symbol_prefix_idx")
    .on("instruments")
    .expression(sql`lower(symbol) text_pattern_ops`)
    .execute()
  await schema
    .createIndex("instruments_name_prefix_idx")
    .on("instruments")
    .expression(sql`lower(name) text_pattern_ops`)
    .execute()
  // Substring search on names ("lower(name) like '%bank%'") with trigrams where the extension can
  // be installed (PGlite loads it; PostgreSQL ships it in contrib and it is a trusted extension).
  const trgm = await sql<{ ok: boolean }>`
    select exists (select 1 from pg_available_extensions where name = 'pg_trgm')
      and (exists (select 1 from pg_extension where extname = 'pg_trgm')
           or has_database_privilege(current_database(), 'CREATE')) as ok`.execute(db)
  if (trgm.rows[0]?.ok) {
    await sql`create extension if not exists pg_trgm`.execute(db)
    await sql`create index instruments_name_trgm_idx on instruments using gin (lower(name) gin_trgm_ops)`.execute(db)
    await sql`create index instruments_symbol_trgm_idx on instruments using gin (lower(symbol) gin_trgm_ops)`.execute(db)
  }

  await schema
    .createTable("positions")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(id))
    .addColumn("account_id", "uuid", (c) => c.notNull().references("accounts.account_id").onDelete("cascade"))
    .addColumn("instrument_id", "uuid", (c) => c.notNull().references("instruments.id"))
    .addColumn("total_quantity", sql.raw(QUANTITY), (c) => c.notNull())
    .addColumn("cost_basis", sql.raw(MONEY), (c) => c.notNull())
    .addColumn("price", sql.raw(PRICE), (c) => c.notNull())
    .addColumn("equity_balance", sql.raw(MONEY), (c) => c.notNull())
    .addColumn("marked_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint("positions_account_instrument_key", ["account_id", "instrument_id"])
    .execute()

  await schema
    .createTable("orders")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(id))
    .addColumn("account_id", "uuid", (c) => c.notNull().references("accounts.account_id").onDelete("cascade"))
    .addColumn("instrument_id", "uuid", (c) => c.notNull().references("instruments.id"))
    .addColumn("symbol", "text", (c) => c.notNull())
    .addColumn("side", "text", (c) => c.notNull().check(sql`side in ('BUY', 'SELL')`))
    .addColumn("type", "text", (c) => c.notNull().check(sql`type in ('MARKET', 'LIMIT', 'STOP')`))
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('PENDING', 'PROCESSING', 'FILLED', 'REJECTED', 'CANCELLED')`))
    .addColumn("priority", "text", (c) => c.check(sql`priority in ('amount', 'quantity')`))
    .addColumn("price", sql.raw(PRICE))
    .addColumn("quantity", sql.raw(QUANTITY))
    .addColumn("amount", sql.raw(MONEY))
    .addColumn("total", sql.raw(MONEY))
    .addColumn("fill_price", sql.raw(PRICE))
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("country", "text", (c) => c.notNull())
    .addColumn("exchange", "text", (c) => c.notNull())
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("progress", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("response_error", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .execute()
  await schema.createIndex("orders_account_created_idx").on("orders").columns(["account_id", "created_at desc"]).execute()
  await schema.createIndex("orders_open_idx").on("orders").column("created_at").where(sql.ref("status"), "in", ["PENDING", "PROCESSING"]).execute()

  await schema
    .createTable("payments")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(id))
    .addColumn("account_id", "uuid", (c) => c.notNull().references("accounts.account_id").onDelete("cascade"))
    .addColumn("ref", "text", (c) => c.notNull().unique())
    .addColumn("gateway_ref", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull().check(sql`type in ('DEPOSIT', 'WITHDRAWAL')`))
    .addColumn("method", "text")
    .addColumn("gateway", "text")
    .addColumn("rate", sql.raw(PRICE), (c) => c.notNull().defaultTo(1))
    .addColumn("amount", sql.raw(MONEY), (c) => c.notNull().check(sql`amount > 0`))
    .addColumn("service_fee", sql.raw(MONEY), (c) => c.notNull().defaultTo(0))
    .addColumn("instant_fee", sql.raw(MONEY), (c) => c.notNull().defaultTo(0))
    .addColumn("process_fee", sql.raw(MONEY), (c) => c.notNull().defaultTo(0))
    .addColumn("total", sql.raw(MONEY), (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("instant_deposit", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("last4", "text")
    .addColumn("ip", "text")
    .addColumn("instant_comment", "text")
    .addColumn("description", "text")
    .addColumn("bank_account_id", "uuid")
    .addColumn("progress", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .execute()
  await schema.createIndex("payments_account_created_idx").on("payments").columns(["account_id", "created_at desc"]).execute()

  await schema
    .createTable("transactions")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(id))
    .addColumn("account_id", "uuid", (c) => c.notNull().references("accounts.account_id").onDelete("cascade"))
    .addColumn("tran_type", "text", (c) => c.notNull().check(sql`tran_type in ('deposit', 'withdraw', 'buy', 'sell', 'dividend')`))
    .addColumn("tran_amount", sql.raw(MONEY), (c) => c.notNull().check(sql`tran_amount >= 0`))
    .addColumn("tran_time", "timestamptz", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("comment", "text")
    .addColumn("order_id", "uuid", (c) => c.references("orders.id").onDelete("set null"))
    .addColumn("payment_id", "uuid", (c) => c.references("payments.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .execute()
  await schema.createIndex("transactions_account_time_idx").on("transactions").columns(["account_id", "tran_time desc"]).execute()

  await schema
    .createTable("statements")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(id))
    .addColumn("account_id", "uuid", (c) => c.notNull().references("accounts.account_id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('confirmation', 'account')`))
    .addColumn("date", "date", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("order_id", "uuid", (c) => c.references("orders.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint("statements_account_key_key", ["account_id", "key"])
    .execute()
  await schema.createIndex("statements_account_kind_date_idx").on("statements").columns(["account_id", "kind", "date desc"]).execute()

  await schema
    .createTable("reserved_accounts")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(id))
    .addColumn("account_id", "uuid", (c) => c.notNull().references("accounts.account_id").onDelete("cascade"))
    .addColumn("ref", "text", (c) => c.notNull().unique())
    .addColumn("account_number", "text", (c) => c.notNull())
    .addColumn("account_name", "text", (c) => c.notNull())
    .addColumn("bank_name", "text", (c) => c.notNull())
    .addColumn("gateway", "text", (c) => c.notNull())
    .addColumn("instant_deposit", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .execute()
  await schema.createIndex("reserved_accounts_account_idx").on("reserved_accounts").column("account_id").execute()

  await schema
    .createTable("wire_accounts")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(id))
    .addColumn("account_id", "uuid", (c) => c.notNull().unique().references("accounts.account_id").onDelete("cascade"))
    .addColumn("account_number", "text", (c) => c.notNull())
    .addColumn("beneficiary_name", "text", (c) => c.notNull())
    .addColumn("bank_name", "text", (c) => c.notNull())
    .addColumn("swift_code", "text", (c) => c.notNull())
    .addColumn("routing_number", "text", (c) => c.notNull())
    .addColumn("bank_address", "text", (c) => c.notNull())
    .addColumn("instructions", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .execute()

  await schema
    .createTable("banks")
    .addColumn("ref", "text", (c) => c.primaryKey())
    .addColumn("bank_name", "text", (c) => c.notNull().unique())
    .addColumn("country_code", "text", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .execute()

  await schema
    .createTable("bank_accounts")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(id))
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("ref", "text", (c) => c.notNull().unique())
    .addColumn("bank_ref", "text", (c) => c.notNull().references("banks.ref"))
    .addColumn("bank_name", "text", (c) => c.notNull())
    .addColumn("account_number", "text", (c) => c.notNull())
    .addColumn("account_name", "text", (c) => c.notNull())
    .addColumn("account_type", "text", (c) => c.notNull().check(sql`account_type in ('Saving', 'Checking')`))
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("swift_aba", "text")
    .addColumn("bank_address", "text")
    .addColumn("bank_city", "text")
    .addColumn("bank_province", "text")
    .addColumn("bank_zip_code", "text")
    .addColumn("bank_country_code", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .execute()
  await schema.createIndex("bank_accounts_user_idx").on("bank_accounts").columns(["user_id", "created_at"]).execute()
  await sql`alter table payments add constraint payments_bank_account_fk foreign key (bank_account_id) references bank_accounts (id) on delete set null`.execute(
    db,
  )

  await schema
    .createTable("documents")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(id))
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("type", "text", (c) =>
      c.notNull().check(sql`type in ('PICTURE_ID', 'PROOF_OF_ADDRESS', 'PICTURE_ID_PROOF_OF_ADDRESS', 'TAX', 'TRUST_DOCUMENTS')`),
    )
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("id_type", "text")
    .addColumn("id_value", "text")
    .addColumn("rejection_reason", "text")
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("content", "bytea", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .execute()
  await schema.createIndex("documents_user_created_idx").on("documents").columns(["user_id", "created_at desc"]).execute()

  await schema
    .createTable("instrument_news")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(id))
    .addColumn("instrument_id", "uuid", (c) => c.notNull().references("instruments.id").onDelete("cascade"))
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("image_url", "text")
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("published_at", "timestamptz", (c) => c.notNull())
    .execute()
  await schema.createIndex("instrument_news_instrument_published_idx").on("instrument_news").columns(["instrument_id", "published_at desc"]).execute()

  await schema
    .createTable("business_news")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(id))
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("url_to_image", "text")
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("published_at", "timestamptz", (c) => c.notNull())
    .execute()
  await schema.createIndex("business_news_published_idx").on("business_news").column("published_at desc").execute()

  await schema
    .createTable("settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute()

  await schema
    .createTable("outbox")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("body_text", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .execute()
  await schema
    .createIndex("outbox_to_created_idx")
    .on("outbox")
    .expression(sql`lower(to_address), created_at desc`)
    .execute()

  await schema
    .createTable("request_nonce")
    .addColumn("nonce", "text", (c) => c.primaryKey())
    .addColumn("seen_at", "timestamptz", (c) => c.notNull())
    .execute()
  await schema.createIndex("request_nonce_seen_idx").on("request_nonce").column("seen_at").execute()
}

const TABLES_IN_DROP_ORDER = [
  "request_nonce",
  "outbox",
  "settings",
  "business_news",
  "instrument_news",
  "documents",
  "statements",
  "transactions",
  "payments",
  "bank_accounts",
  "banks",
  "wire_accounts",
  "reserved_accounts",
  "orders",
  "positions",
  "instruments",
  "accounts",
  "profiles",
  "users",
  "group_partners",
  "user_groups",
  "partners",
]

const down = async (db: AnyDb): Promise<void> => {
  for (const table of TABLES_IN_DROP_ORDER) await db.schema.dropTable(table).ifExists().cascade().execute()
}

/** Migration 0001: the whole initial schema. */
export const migration0001: Migration = { up, down }
