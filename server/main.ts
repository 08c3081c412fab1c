// The reference server's entry point: `npx tsx server/main.ts` in development, dist/server/main.js
// (bundled by scripts/build-server.mjs) for `npm start`. Reads the configuration, opens and
// migrates the database, seeds the demo world on first start, serves the app and the API on one
// port, and shuts down cleanly on SIGINT/SIGTERM. With PROCESSES=N (DATABASE_URL only) this process
// prepares the database, then runs N server processes sharing the port (node:cluster: it accepts
// each connection and hands it to the next process in turn), passes SIGINT/SIGTERM on to them and
// starts a new one when one dies.
import { createAdaptorServer } from "@hono/node-server"
import cluster, { type Worker } from "node:cluster"
import type { Server } from "node:http"
import { ConfigError, loadConfig, redactUrl, type Config } from "./config"
import { DataDirLockedError, openDatabase, type Database } from "./db/database"
import { migrateToLatest } from "./db/migrate"
import { CreateUserError, createFirstUser } from "./auth/first-user"
import { addLaterDemoUsers, hasDemoUsers, isSeeded, resetDemoWorld, seedDemoWorld } from "./db/seed/index"
import { documentFiles, moveDocumentsToFiles, removeUnreferencedFiles } from "./documents/files"
import { createApp } from "./http/app"
import { startOrderEngine, type OrderEngine } from "./orders/engine"

const USAGE = `Usage: node dist/server/main.js [--reset] [--create-user EMAIL "FULL NAME"] [--help]   (or: npx tsx server/main.ts ...)

Runs Chartfolio: the web app and its reference API on one port.

Options:
  --reset                          wipe the data and seed again (the demo users only in demo mode)
  --create-user EMAIL "FULL NAME"  create a user who signs in with an authenticator app, print the
                                   generated password and TOTP secret once, and exit
  --help                           show this text

Environment:
  PORT (8787), HOST (127.0.0.1), DATA_DIR (./data), DATABASE_URL (unset: embedded PostgreSQL),
  DEMO_MODE (1 when HOST is a loopback address, else 0; 0 turns the dev mailbox off), STATIC_DIR (dist/public), SESSION_VALIDITY_MINUTES (30),
  DOCUMENTS_DIR (DATA_DIR/documents: uploaded documents; the same directory for every process of one database),
  UPLOADS_PER_USER_AT_ONCE (2), UPLOADS_PER_USER_PER_DAY (50),
  PROCESSES (1; more needs DATABASE_URL: server processes sharing the port), DATABASE_POOL_SIZE (10 per process)
`

/** Exit codes: 1 bad arguments, configuration or port; 2 the data directory is in use. */
const EXIT_USAGE = 1
const EXIT_LOCKED = 2
const SHUTDOWN_GRACE_MS = 5_000

const fail = (message: string, code: number): never => {
  process.stderr.write(message.endsWith("\n") ? message : `${message}\n`)
  process.exit(code)
}

interface Flags {
  reset: boolean
  help: boolean
  createUser: { readonly email: string; readonly fullName: string } | null
}

const parseArgs = (argv: ReadonlyArray<string>): Flags => {
  const flags: Flags = { reset: false, help: false, createUser: null }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string
    if (arg === "--reset") flags.reset = true
    else if (arg === "--help" || arg === "-h") flags.help = true
    else if (arg === "--create-user") {
      const email = argv[i + 1]
      const fullName = argv[i + 2]
      if (email === undefined || fullName === undefined) fail(`--create-user needs an e-mail address and a full name.\n\n${USAGE}`, EXIT_USAGE)
      flags.createUser = { email: email as string, fullName: fullName as string }
      i += 2
    } else fail(`Unknown argument "${arg}".\n\n${USAGE}`, EXIT_USAGE)
  }
  return flags
}

/** Printed at start-up whenever demo mode is on. */
const DEMO_WARNING =
  "WARNING: demo mode is on. The demo users (README.md) can sign in with published passwords, and GET /api/dev/mailbox shows the mail sent to *.test addresses (codes and reset links). For trying the product only: set DEMO_MODE=0 before real people use this server."

/** Loopback and any-address binds are reachable as localhost, the address people type. */
const displayUrl = (config: Config, port: number): string => {
  const host = ["127.0.0.1", "::1", "0.0.0.0", "::"].includes(config.host) ? "localhost" : config.host
  return `http://${host.includes(":") ? `[${host}]` : host}:${port}`
}

const listen = (server: Server, config: Config): Promise<number> =>
  new Promise((resolve, reject) => {
    server.once("error", reject)
    server.listen(config.port, config.host, () => {
      server.off("error", reject)
      const address = server.address()
      resolve(typeof address === "object" && address ? address.port : config.port)
    })
  })

/** Thrown by `prepare` when demo mode is off but the data holds the demo users (published passwords). */
class DemoUsersPresentError extends Error {}

/** A document file no row names is removed at start-up once it is this old (another process may be about to insert its row). */
const UNREFERENCED_FILE_AGE_MS = 60 * 60_000

const prepare = async (database: Database, config: Config, reset: boolean): Promise<void> => {
  const demoUsers = config.demoMode
  await migrateToLatest(database.db)
  const now = new Date()
  if (reset) {
    await resetDemoWorld(database.db, { now, demoUsers })
    console.log(
      demoUsers
        ? "Demo world reset: all data was wiped and the demo world seeded again."
        : "Reset: all data was wiped and the catalogue seeded again (no demo users: demo mode is off).",
    )
  } else if (!(await isSeeded(database.db))) {
    await seedDemoWorld(database.db, { now, demoUsers })
    console.log(
      demoUsers
        ? "First start: seeded the demo world (demo users are listed in README.md)."
        : "First start: seeded the catalogue; no user exists yet (demo mode is off): create one with --create-user.",
    )
  } else if (!demoUsers && (await hasDemoUsers(database.db))) {
    throw new DemoUsersPresentError(
      "Demo mode is off, but this data holds the demo users, whose passwords are published. Start with an empty DATA_DIR, or wipe it with --reset (DEMO_MODE=0 keeps the demo users out).",
    )
  } else if (demoUsers && (await hasDemoUsers(database.db))) {
    const added = await addLaterDemoUsers(database.db, { now })
    if (added.length > 0) console.log(`Added the demo users this data did not have yet: ${added.join(", ")}.`)
  }
  // Document bytes still in the database (seeded, or stored before files were used) go to their files.
  const files = documentFiles(config.documentsDir)
  const moved = await moveDocumentsToFiles(database.db, files)
  if (moved > 0) console.log(`Documents: ${moved} moved from the database into ${config.documentsDir}.`)
  const removed = await removeUnreferencedFiles(database.db, files, { now: now.getTime(), olderThanMs: reset ? 0 : UNREFERENCED_FILE_AGE_MS })
  if (removed > 0) console.log(`Documents: ${removed} files no document names were removed from ${config.documentsDir}.`)
}

const main = async (): Promise<void> => {
  const flags = parseArgs(process.argv.slice(2))
  if (flags.help) {
    process.stdout.write(USAGE)
    return
  }

  let config: Config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) return fail(error.message, EXIT_USAGE)
    throw error
  }
  if (config.processes > 1 && cluster.isPrimary) return runProcesses(config, flags)

  let database: Database
  try {
    database = await openConfigured(config)
  } catch (error) {
    if (error instanceof DataDirLockedError) return fail(error.message, EXIT_LOCKED)
    throw error
  }
  // A process of several (PROCESSES): the first one prepared the database and prints the banner.
  const worker = cluster.isWorker

  // From here on a signal stops cleanly: at once when serving, else right after start-up work
  // (migrations, seeding) finished, so the database is never closed in the middle of a transaction.
  const server = createAdaptorServer({ fetch: createApp({ database, config }).fetch }) as Server
  let serving = false
  // The simulated market: advances orders every 500 ms once serving (server/orders/engine.ts).
  let engine: OrderEngine | null = null
  let stopRequested: NodeJS.Signals | null = null
  let stopping = false
  const stop = async (signal: NodeJS.Signals): Promise<void> => {
    // Terminals and wrappers (npm, tsx) often deliver a signal twice: the first one wins.
    if (stopping) return
    stopping = true
    console.log(`${signal}: stopping.`)
    if (serving) {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      server.closeIdleConnections()
      setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref()
      await closed
    }
    await engine?.stop()
    await database.close()
    process.exit(0)
  }
  const onSignal = (signal: NodeJS.Signals) => {
    if (!serving) {
      stopRequested ??= signal
      return
    }
    void stop(signal).catch((error: unknown) => {
      console.error("Chartfolio did not stop cleanly:", error)
      process.exit(1)
    })
  }
  process.on("SIGINT", onSignal)
  process.on("SIGTERM", onSignal)

  let port: number
  try {
    if (!worker) await prepare(database, config, flags.reset)
    if (flags.createUser) {
      const created = await createFirstUser(database.db, { ...flags.createUser, now: Date.now() })
      process.stdout.write(
        `Created ${created.email} (username ${created.username}). Shown once, keep them safe:\n  password: ${created.password}\n  TOTP secret: ${created.totpSecret}\n  authenticator URI: ${created.otpauthUri}\n`,
      )
      await database.close()
      return
    }
    if (stopRequested) return await stop(stopRequested)
    port = await listen(server, config)
  } catch (error) {
    await database.close()
    if (error instanceof DemoUsersPresentError || error instanceof CreateUserError) return fail(error.message, EXIT_USAGE)
    const code = (error as NodeJS.ErrnoException).code
    if (code === "EADDRINUSE")
      return fail(`Port ${config.port} on ${config.host} is already in use: stop the program using it, or start with another PORT.`, EXIT_USAGE)
    if (code === "EACCES") return fail(`Not allowed to listen on ${config.host}:${config.port}: choose a port above 1023 with PORT.`, EXIT_USAGE)
    if (code === "EADDRNOTAVAIL") return fail(`HOST ${config.host} is not an address of this machine.`, EXIT_USAGE)
    throw error
  }
  serving = true
  engine = startOrderEngine({
    db: database.db,
    paymentTimings: config.payoutTimings,
    // The demo's back office reviews uploaded documents (decision 0225); outside demo mode nothing does.
    ...(config.demoMode ? { documentReviewAfterMs: config.documentReviewMs } : {}),
  })

  if (!worker) printBanner(config, port, 1)
  if (stopRequested) onSignal(stopRequested)
}

const openConfigured = (config: Config): Promise<Database> =>
  openDatabase({ dataDir: config.dataDir, ...(config.databaseUrl ? { databaseUrl: config.databaseUrl, maxConnections: config.databasePoolSize } : {}) })

const printBanner = (config: Config, port: number, processes: number): void => {
  const data = config.databaseUrl ? `PostgreSQL at ${redactUrl(config.databaseUrl)}` : `${config.dataDir} (embedded PostgreSQL)`
  const shared = processes > 1 ? `Processes: ${processes} sharing the port (PROCESSES), up to ${config.databasePoolSize} database connections each\n` : ""
  // One write, so whoever waits for the "running at" line also has the rest of the banner.
  process.stdout.write(
    `Chartfolio is running at ${displayUrl(config, port)}\nData: ${data}\nDocuments: ${config.documentsDir}\n${shared}${config.demoMode ? `${DEMO_WARNING}\n` : ""}`,
  )
}

/**
 * PROCESSES above 1: prepares the database once (migrations, seed, --reset, --create-user) in this
 * process, then starts the server processes, each serving on the shared port with its own pool and
 * order engine, exactly as separate machines would (they share nothing but the database). A
 * process that dies is replaced; one that dies before serving stops them all (a bad port, say).
 */
const runProcesses = async (config: Config, flags: Flags): Promise<void> => {
  let database: Database
  try {
    database = await openConfigured(config)
  } catch (error) {
    if (error instanceof DataDirLockedError) return fail(error.message, EXIT_LOCKED)
    throw error
  }
  try {
    await prepare(database, config, flags.reset)
    if (flags.createUser) {
      const created = await createFirstUser(database.db, { ...flags.createUser, now: Date.now() })
      process.stdout.write(
        `Created ${created.email} (username ${created.username}). Shown once, keep them safe:\n  password: ${created.password}\n  TOTP secret: ${created.totpSecret}\n  authenticator URI: ${created.otpauthUri}\n`,
      )
      return
    }
  } catch (error) {
    if (error instanceof DemoUsersPresentError || error instanceof CreateUserError) return fail(error.message, EXIT_USAGE)
    throw error
  } finally {
    await database.close()
  }

  const workers = new Set<Worker>()
  let stopping = false
  const start = (): Promise<number> =>
    new Promise((resolve) => {
      const worker = cluster.fork()
      let serving = false
      workers.add(worker)
      worker.once("listening", (address) => {
        serving = true
        resolve(address.port)
      })
      worker.once("exit", (code, signal) => {
        workers.delete(worker)
        if (stopping) {
          if (workers.size === 0) process.exit(0)
        } else if (!serving) {
          // It printed why (a port in use, say); the others stop too.
          stopping = true
          for (const other of workers) other.process.kill("SIGTERM")
          process.exit(code || EXIT_USAGE)
        } else {
          console.error(`Server process ${worker.process.pid} ended (${signal ?? `exit ${code}`}); starting another.`)
          void start()
        }
      })
    })
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    console.log(`${signal}: stopping ${workers.size} server processes.`)
    if (workers.size === 0) process.exit(0)
    for (const worker of workers) worker.process.kill(signal)
  }
  process.on("SIGINT", onSignal)
  process.on("SIGTERM", onSignal)
  const ports = await Promise.all(Array.from({ length: config.processes }, start))
  if (!stopping) printBanner(config, ports[0] ?? config.port, config.processes)
}

main().catch((error: unknown) => {
  console.error("Chartfolio could not start:", error)
  process.exit(1)
})
