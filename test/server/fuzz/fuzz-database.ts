/**
 * The throwaway database of the contract fuzz: a fresh copy of the seeded test template on the
 * embedded database (createTestDatabase), or, when DATABASE_URL names a PostgreSQL server, a
 * database of its own created there, migrated and seeded with the same demo world, and dropped
 * afterwards (the server's role needs CREATEDB). Either way the run is independent of every other
 * test and of the data it leaves behind.
 */
import { randomBytes } from "node:crypto"
import { rmSync } from "node:fs"
import { sql } from "kysely"
import { openDatabase } from "../../../server/db/database"
import { migrateToLatest } from "../../../server/db/migrate"
import { seedDemoWorld } from "../../../server/db/seed/index"
import { createTestDatabase, makeTempDataDir, TEST_NOW, type TestDatabase } from "../support/test-database"

/** Which database the fuzz runs on, for the printed summary. */
export const fuzzDatabaseKind = (): "postgres" | "pglite" => (process.env.DATABASE_URL ? "postgres" : "pglite")

/** Opens the fuzz database (see the module comment); `close()` removes it. */
export const openFuzzDatabase = async (): Promise<TestDatabase> => {
  const url = process.env.DATABASE_URL
  if (!url) return createTestDatabase()

  const name = `chartfolio_fuzz_${randomBytes(4).toString("hex")}`
  const admin = await openDatabase({ dataDir: "unused", databaseUrl: url })
  await sql`create database ${sql.id(name)}`.execute(admin.db)
  const target = new URL(url)
  target.pathname = `/${name}`
  const dataDir = makeTempDataDir("fuzz")
  const drop = async () => {
    await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db)
    await admin.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    const database = await openDatabase({ dataDir, databaseUrl: target.toString() })
    try {
      await migrateToLatest(database.db)
      await seedDemoWorld(database.db, { now: TEST_NOW })
    } catch (error) {
      await database.close()
      throw error
    }
    return {
      ...database,
      dataDir,
      close: async () => {
        try {
          await database.close()
        } finally {
          await drop()
        }
      },
    }
  } catch (error) {
    await drop()
    throw error
  }
}
