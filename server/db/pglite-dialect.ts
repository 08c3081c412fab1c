/**
 * A small Kysely dialect for PGlite that serialises access to PGlite's single connection: a
 * connection is handed to one user at a time, from acquire to release, so a Kysely transaction owns
 * the connection from BEGIN until COMMIT or ROLLBACK and no other request's statements can land
 * inside it (kysely-pglite shares the connection without a lock, so one request's rollback erased
 * another's committed insert).
 *
 * Consequence for callers: inside `db.transaction().execute(trx => ...)` use `trx`, never `db`; a
 * query on `db` would wait for the connection the transaction holds, forever.
 */
import type { PGlite } from "@electric-sql/pglite"
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from "kysely"

/**
 * A first-come first-served async lock. `acquire()` resolves with a release function once every
 * earlier holder has released; call it exactly once (extra calls are ignored).
 */
export class Mutex {
  #tail: Promise<void> = Promise.resolve()

  acquire(): Promise<() => void> {
    let release!: () => void
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const ready = this.#tail.then(() => {
      let released = false
      return () => {
        if (released) return
        released = true
        release()
      }
    })
    this.#tail = this.#tail.then(() => held)
    return ready
  }
}

const AFFECTS_ROWS = new Set(["INSERT", "UPDATE", "DELETE", "MERGE"])

// Statements that never change data: reads, transaction control, settings.
const READ_ONLY = /^\s*(select|begin|start\s+transaction|commit|rollback|savepoint|release|show|set|explain)\b/i
// Writes to the request pipeline's bookkeeping (nonces, tokens, rate limits, codes, mail, replayed
// answers, approvals), which nothing in an account's, a profile's or an instrument's answer reads.
// Every signed request writes its nonce: counting those would make every answer look changed.
const BOOKKEEPING =
  /^\s*(insert\s+into|update|delete\s+from)\s+"(request_nonce|access_tokens|auth_rate_limit_hits|auth_user_state|otp_codes|outbox|password_resets|trusted_devices|idempotency_keys|chart_approvals)"/i

/** Whether a statement may change data an answer is built from. */
export const changesData = (sql: string): boolean => !READ_ONLY.test(sql) && !BOOKKEEPING.test(sql)

/**
 * Counts the statements that may change data (`changesData`), before each runs. With the
 * connection handed to one holder at a time, a reader that saw the count unchanged from before its
 * reads to after them read no data changed in between (see server/queries/answer-cache.ts).
 */
export interface WriteCounter {
  count: number
}

class PGliteConnection implements DatabaseConnection {
  constructor(
    private readonly pglite: PGlite,
    private readonly writes?: WriteCounter,
  ) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    if (this.writes && changesData(compiledQuery.sql)) this.writes.count += 1
    const result = await this.pglite.query<R>(compiledQuery.sql, [...compiledQuery.parameters], { rowMode: "object" })
    const command = result.command?.toUpperCase()
    return {
      rows: result.rows,
      ...(command && AFFECTS_ROWS.has(command) ? { numAffectedRows: BigInt(result.rowCount ?? result.affectedRows ?? 0) } : {}),
    }
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery, chunkSize = 100): AsyncIterableIterator<QueryResult<R>> {
    if (!Number.isInteger(chunkSize) || chunkSize <= 0) throw new Error("chunkSize must be a positive integer")
    const { rows } = await this.executeQuery<R>(compiledQuery)
    for (let i = 0; i < rows.length; i += chunkSize) yield { rows: rows.slice(i, i + chunkSize) }
  }
}

class PGliteDriver implements Driver {
  readonly #pglite: PGlite
  readonly #closeOnDestroy: boolean
  readonly #mutex = new Mutex()
  readonly #connection: PGliteConnection
  #release: (() => void) | null = null
  #destroyed = false

  constructor(config: PGliteDialectConfig) {
    this.#pglite = config.pglite
    this.#closeOnDestroy = config.closeOnDestroy ?? true
    this.#connection = new PGliteConnection(config.pglite, config.writes)
  }

  async init(): Promise<void> {
    await this.#pglite.waitReady
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.#mutex.acquire()
    if (this.#destroyed) {
      release()
      throw new Error("The database is closed")
    }
    this.#release = release
    return this.#connection
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    let sql = "begin"
    if (settings.isolationLevel || settings.accessMode) {
      sql = "start transaction"
      if (settings.isolationLevel) sql += ` isolation level ${settings.isolationLevel}`
      if (settings.accessMode) sql += ` ${settings.accessMode}`
    }
    await connection.executeQuery(CompiledQuery.raw(sql))
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("commit"))
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("rollback"))
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteIdent(name)}`))
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${quoteIdent(name)}`))
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${quoteIdent(name)}`))
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release
    this.#release = null
    try {
      // A holder that left a transaction open (e.g. a raw BEGIN on db.connection()) must not hand
      // it to the next request.
      if (!this.#destroyed && !this.#pglite.closed && this.#pglite.isInTransaction()) {
        await this.#pglite.query("rollback")
      }
    } finally {
      release?.()
    }
  }

  async destroy(): Promise<void> {
    const release = await this.#mutex.acquire()
    try {
      if (this.#destroyed) return
      this.#destroyed = true
      if (this.#closeOnDestroy && !this.#pglite.closed) await this.#pglite.close()
    } finally {
      release()
    }
  }
}

const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`

/** Options of `PGliteDialect`. */
export interface PGliteDialectConfig {
  /** A created (or creating) PGlite instance; the dialect becomes its only user. */
  readonly pglite: PGlite
  /** Close the PGlite instance when Kysely is destroyed (default true). */
  readonly closeOnDestroy?: boolean
  /** Counts the statements that may change data (everything but reads and transaction control). */
  readonly writes?: WriteCounter
}

/**
 * The dialect: `new Kysely<DB>({ dialect: new PGliteDialect({ pglite }) })`. Same SQL compiler,
 * adapter (transactional DDL, advisory-lock migrations) and introspector as Kysely's PostgreSQL
 * dialect; only the driver differs.
 */
export class PGliteDialect implements Dialect {
  constructor(private readonly config: PGliteDialectConfig) {}

  createDriver(): Driver {
    return new PGliteDriver(this.config)
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler()
  }

  createAdapter(): DialectAdapter {
    return new PostgresAdapter()
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's own signature
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new PostgresIntrospector(db)
  }
}
