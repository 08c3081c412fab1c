/**
 * Payouts in another currency and returned withdrawals (issue 30):
 * - `withdrawal_quotes`: a rate quoted for one withdrawal (user, portfolio, bank account, amount),
 *   valid until `expires_at` and used at most once (`used_at`); the withdrawal names it by id.
 * - `payments.payout_amount` / `payout_currency`: what arrives at the bank account (the amount
 *   converted at `rate`); null on payments written before this migration.
 * - the transaction type `reversal`: the cash of a returned withdrawal, booked against its payment
 *   (it was a `deposit` before; those rows are turned into reversals here).
 */
import { sql, type Kysely, type Migration } from "kysely"

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>

const up = async (db: AnyDb): Promise<void> => {
  await db.schema
    .createTable("withdrawal_quotes")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("account_id", "uuid", (c) => c.notNull().references("accounts.account_id").onDelete("cascade"))
    .addColumn("bank_account_id", "uuid", (c) => c.notNull().references("bank_accounts.id").onDelete("cascade"))
    .addColumn("channel", "text", (c) => c.notNull())
    .addColumn("amount", sql.raw("numeric(20, 2)"), (c) => c.notNull().check(sql`amount > 0`))
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("rate", "numeric", (c) => c.notNull().check(sql`rate > 0`))
    .addColumn("payout_amount", sql.raw("numeric(20, 2)"), (c) => c.notNull())
    .addColumn("payout_currency", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("used_at", "timestamptz")
    .execute()
  await sql`create index withdrawal_quotes_expires_idx on withdrawal_quotes (expires_at)`.execute(db)
  await db.schema.alterTable("payments").addColumn("payout_amount", sql.raw("numeric(20, 2)")).execute()
  await db.schema.alterTable("payments").addColumn("payout_currency", "text").execute()
  await sql`alter table transactions drop constraint transactions_tran_type_check`.execute(db)
  await sql`alter table transactions add constraint transactions_tran_type_check check (tran_type in ('deposit', 'withdraw', 'buy', 'sell', 'dividend', 'reversal'))`.execute(
    db,
  )
  // A returned withdrawal's cash was a deposit tied to the withdrawal's payment: it is its reversal.
  await sql`update transactions t set tran_type = 'reversal' from payments p where t.payment_id = p.id and p.type = 'WITHDRAWAL' and t.tran_type = 'deposit'`.execute(
    db,
  )
}

const down = async (db: AnyDb): Promise<void> => {
  await sql`update transactions set tran_type = 'deposit' where tran_type = 'reversal'`.execute(db)
  await sql`alter table transactions drop constraint transactions_tran_type_check`.execute(db)
  await sql`alter table transactions add constraint transactions_tran_type_check check (tran_type in ('deposit', 'withdraw', 'buy', 'sell', 'dividend'))`.execute(
    db,
  )
  await db.schema.alterTable("payments").dropColumn("payout_currency").execute()
  await db.schema.alterTable("payments").dropColumn("payout_amount").execute()
  await db.schema.dropTable("withdrawal_quotes").ifExists().execute()
}

/** Migration 0010: quoted payout rates, what arrives, and the reversal transaction type. */
export const migration0010: Migration = { up, down }
