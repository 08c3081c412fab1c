/**
 * Account versions (issue 33): `account_versions` holds one number per account that changes in the
 * same transaction as every change to what GET /users/account/:accountId answers from the
 * database: the account row, its orders, payments, positions, transactions, statements, reserved
 * and wire accounts, and the owner's profile (the suggestions follow its risk score). Triggers do
 * it, so no write path can forget, whichever process or tool writes.
 *
 * The bump is a deferred constraint trigger: it runs at COMMIT, after every other statement of
 * the transaction, so the version row is the last lock a writer takes and is held only for the
 * commit (the engine's lock order, account then order, and the cancel's order-only lock stay as
 * they were; a bump never waits while holding the version row). A transaction bumps each account at
 * most once (`bumped_in` names it). A new account's first version is the creation time in
 * microseconds, so an account made again with the same id (a reset's seed) never repeats a version.
 * The catalogue (instruments, partners) is written by the seed only and is not versioned.
 */
import { sql, type Kysely, type Migration } from "kysely"

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>

/** The tables whose rows name an account_id, bumped per row changed. */
const ACCOUNT_TABLES = ["accounts", "orders", "payments", "positions", "transactions", "statements", "reserved_accounts", "wire_accounts"]

const up = async (db: AnyDb): Promise<void> => {
  await sql`
    create table account_versions (
      account_id uuid primary key references accounts (account_id) on delete cascade,
      version bigint not null,
      bumped_in xid8
    )`.execute(db)
  await sql`
    create function account_version_start() returns bigint language sql volatile as
    $$ select (extract(epoch from clock_timestamp()) * 1000000)::bigint $$`.execute(db)
  await sql`
    insert into account_versions (account_id, version) select account_id, account_version_start() from accounts`.execute(db)
  await sql`
    create function account_version_insert() returns trigger language plpgsql as $$
    begin
      insert into account_versions (account_id, version, bumped_in) values (new.account_id, account_version_start(), pg_current_xact_id())
        on conflict (account_id) do nothing;
      return null;
    end $$`.execute(db)
  await sql`
    create function account_version_bump(account uuid) returns void language sql as $$
      update account_versions set version = version + 1, bumped_in = pg_current_xact_id()
      where account_id = account and bumped_in is distinct from pg_current_xact_id()
    $$`.execute(db)
  await sql`
    create function account_version_row() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then perform account_version_bump(old.account_id); end if;
      if tg_op <> 'DELETE' and (tg_op = 'INSERT' or new.account_id <> old.account_id) then perform account_version_bump(new.account_id); end if;
      return null;
    end $$`.execute(db)
  await sql`
    create function account_version_profile() returns trigger language plpgsql as $$
    declare account uuid;
    begin
      for account in select account_id from accounts where user_id = (case when tg_op = 'DELETE' then old.user_id else new.user_id end) order by account_id loop
        perform account_version_bump(account);
      end loop;
      return null;
    end $$`.execute(db)
  await sql`
    create trigger account_version_insert after insert on accounts for each row execute function account_version_insert()`.execute(db)
  for (const table of ACCOUNT_TABLES) {
    await sql`
      create constraint trigger account_version_bump after insert or update or delete on ${sql.table(table)}
      deferrable initially deferred for each row execute function account_version_row()`.execute(db)
  }
  await sql`
    create constraint trigger account_version_bump after insert or update or delete on profiles
    deferrable initially deferred for each row execute function account_version_profile()`.execute(db)
}

const down = async (db: AnyDb): Promise<void> => {
  for (const table of [...ACCOUNT_TABLES, "profiles"]) await sql`drop trigger account_version_bump on ${sql.table(table)}`.execute(db)
  await sql`drop trigger account_version_insert on accounts`.execute(db)
  await sql`drop table account_versions`.execute(db)
  await sql`drop function account_version_profile(), account_version_row(), account_version_bump(uuid), account_version_insert(), account_version_start()`.execute(
    db,
  )
}

/** Migration 0019: a version per account, bumped by triggers at the commit of every change the account's details show. */
export const migration0019: Migration = { up, down }
