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
import { DEMO_PASSWORD } from "./demo-users"
import { buildDemoWorld, WORLD_TABLES, type DemoPasswordHashes, type DemoWorld } from "./world"

export { DEMO_EMAILS, DEMO_GROUP_NAME, DEMO_PASSWORD, DEMO_TOTP_SECRET, DEMO_USERS } from "./demo-users"
export { buildDemoWorld, FOREIGN_BANK_REF, MARKET_INSIGHT_URL, type DemoWorld } from "./world"

/** Options of the seed functions: the reference instant the demo world's dates are relative to. */
export interface SeedOptions {
  readonly now: Date
}

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
  const [demo, fresh, app] = await Promise.all([hashPassword(DEMO_PASSWORD), hashPassword(DEMO_PASSWORD), hashPassword(DEMO_PASSWORD)])
  return { demo, new: fresh, app }
}

const insertWorld = async (trx: Kysely<DB>, world: DemoWorld): Promise<void> => {
  for (const table of WORLD_TABLES) {
    const rows = world[table] as ReadonlyArray<object>
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
      // The per-table row types are checked where world.ts builds them.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      await trx.insertInto(table).values(rows.slice(i, i + ROWS_PER_INSERT) as any).execute()
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
    await insertWorld(trx, world)
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
    await insertWorld(trx, world)
  })
}
