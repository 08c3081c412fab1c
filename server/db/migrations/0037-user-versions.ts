/**
 * User and catalogue versions (issue 33): two numbers that change in the same transaction as every
 * change to what GET /admins/me and the instrument search answer from the database, so a process
 * can keep those answers and know, from the numbers alone, that they still hold, whichever process
 * or tool wrote.
 *
 * - `user_versions`: one per user, bumped by a change to the user's row, to the user's group (its
 *   name) or to the group's list of partners.
 * - `catalogue_version`: one row, bumped by any statement that writes instruments or partners
 *   (the seed only: the catalogue is not written by requests).
 *
 * The session's token lookup reads both in the same statement (server/auth/tokens.ts), so the
 * numbers a request keys its kept answers by are read with no round trip of their own. A new
 * user's first version, and the catalogue's, is the creation time in microseconds (0019's
 * `account_version_start`), so a user or catalogue made again (a reset's seed) never repeats one.
 */
import { sql, type Kysely, type Migration } from "kysely"

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>

const up = async (db: AnyDb): Promise<void> => {
  await sql`
    create table user_versions (
      user_id uuid primary key references users (id) on delete cascade,
      version bigint not null
    )`.execute(db)
  await sql`insert into user_versions (user_id, version) select id, account_version_start() from users`.execute(db)
  await sql`
    create table catalogue_version (
      only_row boolean primary key default true check (only_row),
      version bigint not null
    )`.execute(db)
  await sql`insert into catalogue_version (version) values (account_version_start())`.execute(db)

  await sql`
    create function user_version_insert() returns trigger language plpgsql as $$
    begin
      insert into user_versions (user_id, version) values (new.id, account_version_start()) on conflict (user_id) do nothing;
      return null;
    end $$`.execute(db)
  await sql`
    create function user_version_row() returns trigger language plpgsql as $$
    begin
      update user_versions set version = version + 1 where user_id = new.id;
      return null;
    end $$`.execute(db)
  // A group's name or partner list: every member's answer shows it (one function per table: a
  // trigger's row has only its own table's fields).
  await sql`
    create function user_version_members(group_ids uuid[]) returns void language sql as $$
      update user_versions set version = version + 1
        where user_id in (select id from users where user_group_id = any (group_ids))
    $$`.execute(db)
  await sql`
    create function user_version_group() returns trigger language plpgsql as $$
    begin
      perform user_version_members(array[old.id, new.id]);
      return null;
    end $$`.execute(db)
  await sql`
    create function user_version_group_partner() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then perform user_version_members(array[new.user_group_id]);
      elsif tg_op = 'DELETE' then perform user_version_members(array[old.user_group_id]);
      else perform user_version_members(array[old.user_group_id, new.user_group_id]);
      end if;
      return null;
    end $$`.execute(db)
  await sql`
    create function catalogue_version_bump() returns trigger language plpgsql as $$
    begin
      update catalogue_version set version = version + 1;
      return null;
    end $$`.execute(db)

  await sql`create trigger user_version_insert after insert on users for each row execute function user_version_insert()`.execute(db)
  await sql`create trigger user_version_bump after update on users for each row execute function user_version_row()`.execute(db)
  await sql`create trigger user_version_bump after update on user_groups for each row execute function user_version_group()`.execute(db)
  await sql`create trigger user_version_bump after insert or update or delete on group_partners for each row execute function user_version_group_partner()`.execute(
    db,
  )
  for (const table of ["instruments", "partners"]) {
    await sql`
      create trigger catalogue_version_bump after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function catalogue_version_bump()`.execute(db)
  }
}

const down = async (db: AnyDb): Promise<void> => {
  for (const table of ["instruments", "partners"]) await sql`drop trigger catalogue_version_bump on ${sql.table(table)}`.execute(db)
  for (const table of ["group_partners", "user_groups", "users"]) await sql`drop trigger user_version_bump on ${sql.table(table)}`.execute(db)
  await sql`drop trigger user_version_insert on users`.execute(db)
  await sql`drop table catalogue_version`.execute(db)
  await sql`drop table user_versions`.execute(db)
  await sql`drop function catalogue_version_bump(), user_version_group_partner(), user_version_group(), user_version_members(uuid[]), user_version_row(), user_version_insert()`.execute(
    db,
  )
}

/** Migration 0037: a version per user and one for the catalogue, bumped by triggers with every change /admins/me and the search show. */
export const migration0037: Migration = { up, down }
