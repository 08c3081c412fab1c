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
 */
import { createHash } from "node:crypto"
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
export type TestDatabase = Database & { readonly dataDir: string }

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

/** The template as a Blob for `openDatabase({ dataDir, loadDataDir })` (into an empty directory). */
export const templateBlob = async (): Promise<Blob> => new Blob([readFileSync(await ensureTemplate())])

/** A fresh copy of the template database in a new temporary directory; `close()` deletes it. */
export const createTestDatabase = async (): Promise<TestDatabase> => {
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
