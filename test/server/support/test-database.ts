/**
 * A migrated and seeded database for server tests, fast: the demo world is built once into a
 * template (a PGlite data-directory tarball in the OS temp directory, keyed by a hash of the
 * server/db, server/market and src/domain sources, so it is rebuilt only when they change), and each
 * test file loads it into a fresh temporary data directory (about 1 s instead of 3-8 s).
 *
 *   let database: TestDatabase
 *   beforeAll(async () => { database = await createTestDatabase() })
 *   afterAll(() => database.close())            // also deletes the temporary directory
 *
 * The template is built by the vitest globalSetup (test/server/global-setup.ts) when registered,
 * otherwise by the first test file that needs it (others wait for it). The demo world is seeded
 * with `TEST_NOW` as its reference instant.
 *
 * With DATABASE_URL set (the PostgreSQL pass of `npm test`, scripts/postgres-cluster.mjs) the same
 * API gives a PostgreSQL database instead: the template is a database built once on that server
 * (`chartfolio_template_<key>`), each test file gets `create database … template …` of its own
 * (`chartfolio_test_<random>`), and `close()` drops it. The server's role needs CREATEDB.
 */
import { createHash, randomBytes } from "node:crypto"
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { sql } from "kysely"
import { openDatabase, type Database } from "../../../server/db/database"
import { migrateToLatest } from "../../../server/db/migrate"
import { seedDemoWorld } from "../../../server/db/seed/index"

/** The reference instant of the test demo world: a Monday, 12:00 UTC (NGN session open, USD not yet). */
export const TEST_NOW = new Date("2026-03-16T12:00:00.000Z")

/** A test database: the Database plus its temporary data directory. */
export type TestDatabase = Database & {
  readonly dataDir: string
  /** PostgreSQL pass only: the connection string of this test's own database (for server processes). */
  readonly databaseUrl?: string
}

/** The PostgreSQL server of the PostgreSQL pass, or undefined for the embedded database. */
export const postgresServerUrl = (): string | undefined => process.env.DATABASE_URL || undefined

/** `url` with another database name. */
export const withDatabaseName = (url: string, name: string): string => {
  const parsed = new URL(url)
  parsed.pathname = `/${name}`
  return parsed.toString()
}

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "../../..")
const SOURCE_DIRS = ["server/db", "server/market", "src/domain"]
const BUILD_WAIT_MS = 180_000

const listFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)]))
    .filter((file) => file.endsWith(".ts"))
    .sort()

const templateKey = (): string => {
  const hash = createHash("sha256")
  hash.update(TEST_NOW.toISOString())
  const pglite = JSON.parse(readFileSync(join(REPO, "node_modules/@electric-sql/pglite/package.json"), "utf8")) as { version: string }
  hash.update(pglite.version)
  for (const dir of SOURCE_DIRS) {
    for (const file of listFiles(join(REPO, dir))) {
      hash.update(file.slice(REPO.length))
      hash.update(readFileSync(file))
    }
  }
  return hash.digest("hex").slice(0, 16)
}

// Hashed when this module loads, right after the seed code it imports: a template is then named
// after the code that builds it, even if the sources change while a run is in progress.
const TEMPLATE_KEY = templateKey()

/** Path of the template tarball for the sources this process loaded. */
export const templatePath = (): string => join(tmpdir(), `chartfolio-test-template-${TEMPLATE_KEY}.tgz`)

/** Makes a fresh temporary directory for a data directory (the caller removes it). */
export const makeTempDataDir = (label = "db"): string => mkdtempSync(join(tmpdir(), `chartfolio-test-${label}-`))

const DAY_MS = 86_400_000

/** Templates of other source versions pile up in the temp directory: drop those a day old. */
const removeOldTemplates = (keep: string): void => {
  for (const name of readdirSync(tmpdir())) {
    const file = join(tmpdir(), name)
    if (!name.startsWith("chartfolio-test-template-") || file === keep) continue
    try {
      if (Date.now() - statSync(file).mtimeMs > DAY_MS) rmSync(file, { recursive: true, force: true })
    } catch {
      // removed by someone else meanwhile
    }
  }
}

const buildTemplate = async (path: string): Promise<void> => {
  const dataDir = makeTempDataDir("template")
  try {
    const database = await openDatabase({ dataDir })
    try {
      await migrateToLatest(database.db)
      await seedDemoWorld(database.db, { now: TEST_NOW })
      await sql`checkpoint`.execute(database.db)
      const dump = await database.dumpDataDir?.()
      if (!dump) throw new Error("The embedded database cannot dump its data directory")
      const partial = `${path}.${process.pid}.partial`
      writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()))
      renameSync(partial, path)
      removeOldTemplates(path)
    } finally {
      await database.close()
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Builds the template tarball unless it exists; safe to call from several processes at once (one
 * builds under an O_EXCL lock file, the others wait). Resolves with its path.
 */
export const ensureTemplate = async (): Promise<string> => {
  const path = templatePath()
  const lock = `${path}.lock`
  const deadline = Date.now() + BUILD_WAIT_MS
  while (!existsSync(path)) {
    let fd: number | null = null
    try {
      fd = openSync(lock, "wx")
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error
    }
    if (fd !== null) {
      closeSync(fd)
      try {
        if (!existsSync(path)) await buildTemplate(path)
      } finally {
        rmSync(lock, { force: true })
      }
      break
    }
    // Someone else is building; a lock older than the wait limit is abandoned.
    try {
      if (Date.now() - statSync(lock).mtimeMs > BUILD_WAIT_MS) rmSync(lock, { force: true })
    } catch {
      // the lock vanished: the template is probably there now
    }
    if (Date.now() > deadline) throw new Error(`Timed out waiting for the test database template ${path}`)
    await sleep(250)
  }
  return path
}

const pgTemplateName = (): string => `chartfolio_template_${TEMPLATE_KEY}`

/** Runs `fn` with a connection to the server's maintenance database (`postgres`). */
const withAdmin = async <T>(url: string, fn: (admin: Database) => Promise<T>): Promise<T> => {
  const admin = await openDatabase({ dataDir: "unused", databaseUrl: url, maxConnections: 2 })
  try {
    return await fn(admin)
  } finally {
    await admin.close()
  }
}

const databaseExists = async (admin: Database, name: string): Promise<boolean> =>
  (await sql<{ n: number }>`select count(*)::int as n from pg_database where datname = ${name}`.execute(admin.db)).rows[0]?.n === 1

/**
 * PostgreSQL pass: builds the template database on the server unless it exists (under an advisory
 * lock, into a scratch name renamed when complete, so a half-built template is never used).
 */
export const ensurePostgresTemplate = async (url: string): Promise<string> => {
  const name = pgTemplateName()
  await withAdmin(url, async (admin) => {
    await admin.db.connection().execute(async (connection) => {
      await sql`select pg_advisory_lock(7007)`.execute(connection)
      try {
        if (await databaseExists(admin, name)) return
        const scratch = `${name}_partial`
        await sql`drop database if exists ${sql.id(scratch)}`.execute(connection)
        await sql`create database ${sql.id(scratch)}`.execute(connection)
        const database = await openDatabase({ dataDir: "unused", databaseUrl: withDatabaseName(url, scratch), maxConnections: 2 })
        try {
          await migrateToLatest(database.db)
          await seedDemoWorld(database.db, { now: TEST_NOW })
        } finally {
          await database.close()
        }
        await sql`alter database ${sql.id(scratch)} rename to ${sql.id(name)}`.execute(connection)
      } finally {
        await sql`select pg_advisory_unlock(7007)`.execute(connection)
      }
    })
  })
  return name
}

/** Builds whichever template the run uses: the PGlite tarball, or the PostgreSQL template database. */
export const ensureTemplates = async (): Promise<void> => {
  const url = postgresServerUrl()
  if (url) await ensurePostgresTemplate(url)
  else await ensureTemplate()
}

/** A fresh PostgreSQL database copied from the template; `close()` drops it. */
const createPostgresTestDatabase = async (url: string): Promise<TestDatabase> => {
  const template = await ensurePostgresTemplate(url)
  const name = `chartfolio_test_${randomBytes(6).toString("hex")}`
  await withAdmin(url, async (admin) => {
    await sql`create database ${sql.id(name)} template ${sql.id(template)}`.execute(admin.db)
  })
  const databaseUrl = withDatabaseName(url, name)
  const dataDir = makeTempDataDir()
  const drop = async () => {
    rmSync(dataDir, { recursive: true, force: true })
    await withAdmin(url, async (admin) => {
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db)
    })
  }
  try {
    const database = await openDatabase({ dataDir, databaseUrl })
    return {
      ...database,
      dataDir,
      databaseUrl,
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

/** The template as a Blob for `openDatabase({ dataDir, loadDataDir })` (into an empty directory). */
export const templateBlob = async (): Promise<Blob> => new Blob([readFileSync(await ensureTemplate())])

/** A fresh copy of the template database in a new temporary directory; `close()` deletes it. */
export const createTestDatabase = async (): Promise<TestDatabase> => {
  const url = postgresServerUrl()
  if (url) return createPostgresTestDatabase(url)
  const loadDataDir = await templateBlob()
  const dataDir = makeTempDataDir()
  try {
    const database = await openDatabase({ dataDir, loadDataDir })
    return {
      ...database,
      dataDir,
      close: async () => {
        try {
          await database.close()
        } finally {
          rmSync(dataDir, { recursive: true, force: true })
        }
      },
    }
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
}
