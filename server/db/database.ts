/**
 * Opens the reference server's database: embedded PGlite in `${dataDir}/pgdata` by default, or a
 * PostgreSQL server when `databaseUrl` is given. Both give a `Kysely<DB>` with the camel-case
 * plugin (schema.ts) and the same JavaScript values for every column type (type-parsers.ts).
 *
 *   const database = await openDatabase({ dataDir: "./data", databaseUrl: process.env.DATABASE_URL })
 *   await migrateToLatest(database.db)
 *   ...
 *   await database.close()
 *
 * Embedded mode takes an exclusive lock on the data directory first; a second opener (another
 * process, or a second openDatabase in this one) gets `DataDirLockedError` and nothing is touched.
 * Inside `db.transaction()` always query through the transaction object: the embedded connection
 * is held by the transaction until it ends (pglite-dialect.ts).
 */
import { existsSync, mkdirSync } from "node:fs"
import { join, resolve } from "node:path"
import { PGlite } from "@electric-sql/pglite"
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm"
import { CamelCasePlugin, CompiledQuery, Kysely, PostgresDialect, sql } from "kysely"
import pg from "pg"
import { acquireDataDirLock, DataDirLockedError } from "./data-dir-lock"
import { PGliteDialect } from "./pglite-dialect"
import type { DB } from "./schema"
import { PGLITE_PARSERS, pgTypes } from "./type-parsers"

export { DataDirLockedError }

/** An open database. `close()` ends every connection and releases the data-directory lock. */
export interface Database {
  readonly db: Kysely<DB>
  readonly kind: "pglite" | "postgres"
  close(): Promise<void>
  /**
   * Embedded mode only: the data directory as a gzipped tarball (PGlite's `dumpDataDir`), for
   * test templates and backups. Undefined on PostgreSQL.
   */
  readonly dumpDataDir?: () => Promise<Blob>
  /**
   * Embedded mode only (one process owns the data directory): how many statements that may change
   * data have run so far, counted before each runs. Undefined on PostgreSQL, where other processes
   * write too.
   */
  readonly writeCount?: () => number
}

/** Options of `openDatabase`. */
export interface OpenDatabaseOptions {
  /** Directory of the embedded database (created if missing); ignored when `databaseUrl` is set. */
  readonly dataDir: string
  /** A PostgreSQL connection string; when set, no embedded database and no lock file are used. */
  readonly databaseUrl?: string | undefined
  /** Embedded mode: start from this tarball (a `dumpDataDir` result) when pgdata is empty. */
  readonly loadDataDir?: Blob | undefined
  /** PostgreSQL mode: pool size (default 10). */
  readonly maxConnections?: number | undefined
}

/** The session settings both paths use, so date arithmetic and printed timestamps agree. */
const SESSION_SETTINGS = ["set time zone 'UTC'", "set datestyle to 'ISO, YMD'", "set intervalstyle to 'postgres'"]

const plugins = () => [new CamelCasePlugin({ maintainNestedObjectKeys: true })]

const openPostgres = async (options: OpenDatabaseOptions & { databaseUrl: string }): Promise<Database> => {
  const pool = new pg.Pool({ connectionString: options.databaseUrl, types: pgTypes, max: options.maxConnections ?? 10 })
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", () => undefined)
  const dialect = new PostgresDialect({
    pool,
    onCreateConnection: async (connection) => {
      for (const statement of SESSION_SETTINGS) await connection.executeQuery(CompiledQuery.raw(statement))
    },
  })
  const db = new Kysely<DB>({ dialect, plugins: plugins() })
  try {
    await sql`select 1`.execute(db)
  } catch (error) {
    await db.destroy().catch(() => undefined)
    throw new Error(`Cannot connect to the PostgreSQL server in DATABASE_URL: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    })
  }
  let closed = false
  return {
    db,
    kind: "postgres",
    close: async () => {
      if (closed) return
      closed = true
      await db.destroy()
    },
  }
}

const openPGlite = async (options: OpenDatabaseOptions): Promise<Database> => {
  const dataDir = resolve(options.dataDir)
  const lock = acquireDataDirLock(dataDir)
  let pglite: PGlite | undefined
  try {
    const pgdata = join(dataDir, "pgdata")
    mkdirSync(pgdata, { recursive: true })
    pglite = await PGlite.create({
      dataDir: pgdata,
      parsers: PGLITE_PARSERS,
      extensions: { pg_trgm },
      ...(options.loadDataDir && !existsSync(join(pgdata, "PG_VERSION")) ? { loadDataDir: options.loadDataDir } : {}),
    })
    for (const statement of SESSION_SETTINGS) await pglite.exec(statement)
  } catch (error) {
    await pglite?.close().catch(() => undefined)
    lock.release()
    throw error
  }
  const instance = pglite
  const writes = { count: 0 }
  const db = new Kysely<DB>({ dialect: new PGliteDialect({ pglite: instance, writes }), plugins: plugins() })
  let closing: Promise<void> | null = null
  return {
    db,
    kind: "pglite",
    close: () => {
      closing ??= db.destroy().finally(() => lock.release())
      return closing
    },
    dumpDataDir: async () => {
      const dump = await instance.dumpDataDir("gzip")
      return dump
    },
    writeCount: () => writes.count,
  }
}

/**
 * Opens the database described by `opts` (see the module comment). Rejects with
 * `DataDirLockedError` when the data directory is in use, or with a clear error when PostgreSQL
 * cannot be reached. Does not migrate or seed: call `migrateToLatest` and the seed yourself.
 */
export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  return opts.databaseUrl ? openPostgres({ ...opts, databaseUrl: opts.databaseUrl }) : openPGlite(opts)
}
