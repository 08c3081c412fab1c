/**
 * Seeding the demo world into a migrated database (the rows come from world.ts):
 *
 *   if (!(await isSeeded(db))) await seedDemoWorld(db, { now: new Date() })   // first start
 *   await resetDemoWorld(db, { now: new Date() })                             // --reset
 *
 * Both write everything in one transaction with multi-row inserts, so a crash mid-seed leaves an
 * unseeded database, never half a world. The `now` passed in is the reference instant the world is
 * built around: the same `now` gives the same rows (except the password hashes' salts).
 */
import { sql, type Kysely } from "kysely"
import { hashPassword } from "../passwords"
import { SettingKey, type DB } from "../schema"
import { DEMO_EMAILS, DEMO_PASSWORD, DEMO_USERS } from "./demo-users"
import { buildDemoWorld, WORLD_TABLES, type DemoPasswordHashes, type DemoWorld } from "./world"

export { DEMO_EMAILS, DEMO_GROUP_NAME, DEMO_PASSWORD, DEMO_TOTP_SECRET, DEMO_USERS } from "./demo-users"
export { buildDemoWorld, FOREIGN_BANK_REF, MARKET_INSIGHT_URL, type DemoWorld } from "./world"

/** Options of the seed functions. */
export interface SeedOptions {
  /** The reference instant the demo world's dates are relative to. */
  readonly now: Date
  /**
   * Whether to seed the demo users and everything they own (portfolios, orders, documents...).
   * Off (demo mode off), only the catalogue is seeded: partners, user groups, instruments, news,
   * banks; no one can sign in until a real user is created (`--create-user`). Default: on.
   */
  readonly demoUsers?: boolean
}

/** The tables of the demo users and what they own; the rest of WORLD_TABLES is the catalogue. */
export const DEMO_USER_TABLES = [
  "users",
  "profiles",
  "bankAccounts",
  "accounts",
  "reservedAccounts",
  "wireAccounts",
  "orders",
  "payments",
  "transactions",
  "positions",
  "statements",
  "documents",
] as const satisfies ReadonlyArray<(typeof WORLD_TABLES)[number]>

/** Whether any demo user (published password) is in the database. */
export const hasDemoUsers = async (db: Kysely<DB>): Promise<boolean> =>
  (await db.selectFrom("users").select("id").where("email", "in", Object.values(DEMO_EMAILS)).executeTakeFirst()) !== undefined

/** Thrown by `seedDemoWorld` on a database that already holds the demo world. */
export class AlreadySeededError extends Error {
  constructor() {
    super("The database already holds the demo world: use resetDemoWorld (npm start -- --reset) to seed it again.")
    this.name = "AlreadySeededError"
  }
}

const ROWS_PER_INSERT = 400

/** Whether the demo world is in the database (its completion marker is set). */
export const isSeeded = async (db: Kysely<DB>): Promise<boolean> => {
  const row = await db.selectFrom("settings").select("key").where("key", "=", SettingKey.demoWorldSeededAt).executeTakeFirst()
  return row !== undefined
}

const hashDemoPasswords = async (): Promise<DemoPasswordHashes> => {
  const [demo, fresh, app, reviewer] = await Promise.all([
    hashPassword(DEMO_PASSWORD),
    hashPassword(DEMO_PASSWORD),
    hashPassword(DEMO_PASSWORD),
    hashPassword(DEMO_PASSWORD),
  ])
  return { demo, new: fresh, app, reviewer }
}

const insertWorld = async (trx: Kysely<DB>, world: DemoWorld, demoUsers: boolean): Promise<void> => {
  const skipped: ReadonlyArray<string> = demoUsers ? [] : DEMO_USER_TABLES
  for (const table of WORLD_TABLES) {
    if (skipped.includes(table)) continue
    const rows = world[table] as ReadonlyArray<object>
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
      // The per-table row types are checked where world.ts builds them.
      await trx
        .insertInto(table)
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        .values(rows.slice(i, i + ROWS_PER_INSERT) as any)
        .execute()
    }
  }
}

/** Every application table of the current schema (migration bookkeeping excluded). */
const applicationTables = async (db: Kysely<DB>): Promise<string[]> => {
  const result = await sql<{ tablename: string }>`
    select tablename from pg_tables
    where schemaname = current_schema() and tablename not like 'kysely\\_%'
    order by tablename`.execute(db)
  return result.rows.map((r) => r.tablename)
}

/**
 * Seeds the demo world into an empty, migrated database. Rejects with `AlreadySeededError` when it
 * is already there (nothing is written).
 */
export const seedDemoWorld = async (db: Kysely<DB>, options: SeedOptions): Promise<void> => {
  const world = buildDemoWorld(options.now, await hashDemoPasswords())
  await db.transaction().execute(async (trx) => {
    if (await isSeeded(trx)) throw new AlreadySeededError()
    await insertWorld(trx, world, options.demoUsers ?? true)
  })
}

/**
 * Deletes all data (every application table, including users created since, the outbox and
 * nonces; the schema stays) and seeds the demo world again, in one transaction.
 */
export const resetDemoWorld = async (db: Kysely<DB>, options: SeedOptions): Promise<void> => {
  const world = buildDemoWorld(options.now, await hashDemoPasswords())
  await db.transaction().execute(async (trx) => {
    const tables = await applicationTables(trx)
    if (tables.length > 0) {
      await sql`truncate table ${sql.join(tables.map((t) => sql.table(t)))} restart identity cascade`.execute(trx)
    }
    await insertWorld(trx, world, options.demoUsers ?? true)
  })
}

/**
 * Adds the demo users a later issue introduced (the reviewer, issue 13) to a data directory seeded
 * before them, so `npm start` on old data shows every user README.md lists. Only users that own
 * nothing but their user and profile rows are added, and only when neither their e-mail nor their
 * username is taken (someone may have registered it). Answers the e-mails added.
 */
export const addLaterDemoUsers = async (db: Kysely<DB>, options: { readonly now: Date }): Promise<ReadonlyArray<string>> => {
  const later = [DEMO_USERS.reviewer]
  const world = buildDemoWorld(options.now, await hashDemoPasswords())
  return db.transaction().execute(async (trx) => {
    const added: string[] = []
    for (const user of later) {
      const taken = await trx
        .selectFrom("users")
        .select("id")
        .where((eb) =>
          eb.or([eb(sql<string>`lower(email)`, "=", user.email.toLowerCase()), eb(sql<string>`lower(username)`, "=", user.username.toLowerCase())]),
        )
        .executeTakeFirst()
      if (taken) continue
      const row = world.users.find((u) => u.email === user.email)
      const profile = world.profiles.find((p) => p.userId === row?.id)
      if (!row || !profile) continue
      await trx.insertInto("users").values(row).execute()
      await trx.insertInto("profiles").values(profile).execute()
      added.push(user.email)
    }
    return added
  })
}
