import { isAbsolute, resolve } from "node:path"
import { DOCUMENT_REVIEW_MS } from "./documents/review"
import { PAYMENT_TIMINGS, type PaymentTimings } from "./money/payment-engine"

/**
 * The reference server's settings, read once from the environment by `loadConfig` at start-up and
 * passed down explicitly (nothing else reads `process.env`). Paths are absolute.
 */
export interface Config {
  /** Port of the app and the API; 0 asks the OS for a free one (the real port is printed). */
  readonly port: number
  /** Address to listen on. */
  readonly host: string
  /** The embedded database's directory (PGlite); also used for its lock file. */
  readonly dataDir: string
  /** A PostgreSQL connection string; when set the embedded database is not used. */
  readonly databaseUrl: string | undefined
  /**
   * Server processes on this machine sharing the port (node:cluster; the first process prepares the
   * database, then starts them and hands each new connection to the next in turn). More than one
   * needs DATABASE_URL: the embedded database belongs to one process.
   */
  readonly processes: number
  /** PostgreSQL connections each server process keeps at most (DATABASE_URL only). */
  readonly databasePoolSize: number
  /**
   * Demo conveniences: the readable outbox at GET /api/dev/mailbox (mail to *.test addresses only).
   * On by default only while the server listens on a loopback address; elsewhere only when
   * DEMO_MODE is set. Start-up prints a warning whenever it is on.
   */
  readonly demoMode: boolean
  /** The built single-page app (vite build output) the server serves. */
  readonly staticDir: string
  /** Sliding validity of an access token, in minutes. */
  readonly sessionValidityMinutes: number
  /**
   * The address people open the app at, for links in e-mails (password reset), e.g.
   * "https://chartfolio.example.com"; unset means http://localhost:PORT. Never taken from the
   * request's Host header, which a client controls.
   */
  readonly publicUrl: string | undefined
  /** Sign-in, registration, forgot-password and code attempts allowed per account in 15 minutes. */
  readonly rateLimitPerAccount: number
  /** The same attempts allowed per client address in 15 minutes. */
  readonly rateLimitPerAddress: number
  /** Account-name lookups (and local bank accounts added, which look the name up) allowed per user in one minute. */
  readonly lookupLimitPerMinute: number
  /** The same lookups allowed per user in 24 hours. */
  readonly lookupLimitPerDay: number
  /**
   * Where uploaded documents are stored as files (server-made names; the database holds only
   * their metadata). Every server process of one database must use the same directory.
   */
  readonly documentsDir: string
  /** Document uploads one user may have running at once (across every process of one database). */
  readonly uploadsPerUserAtOnce: number
  /** Document uploads one user may start in 24 hours. */
  readonly uploadsPerUserPerDay: number
  /**
   * Where the workflow explorer's coverage reports are read from at each request (`model/<chart>.json`
   * from the model tests, `e2e-coverage/<chart>.json` from the browser tests); a missing directory
   * means none. The build never reads them.
   */
  readonly reportsDir: string
  /**
   * The charts of the build the server serves (`dist/charts.json`, written by `npm run build`):
   * reviewers approve only these charts, in these versions. A missing file means none.
   */
  readonly chartsFile: string
  /**
   * How long the reference payout rail keeps a withdrawal QUEUED, PENDING (the customer can cancel
   * it in both) and SENT_TO_BANK before its next step, in milliseconds (server/money/payment-engine.ts).
   */
  readonly payoutTimings: PaymentTimings
  /**
   * In demo mode, how long an uploaded document waits before the demo back office reviews it, in
   * milliseconds (server/documents/review.ts); outside demo mode no document is reviewed.
   */
  readonly documentReviewMs: number
}

/** Thrown by `loadConfig` with one line per bad variable; the entry point prints it and exits 1. */
export class ConfigError extends Error {
  constructor(readonly problems: ReadonlyArray<string>) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`)
    this.name = "ConfigError"
  }
}

type Env = Readonly<Record<string, string | undefined>>

const TRUE = new Set(["1", "true", "yes", "on"])
const FALSE = new Set(["0", "false", "no", "off"])

/**
 * Reads the environment into a `Config`, applying the README's defaults (PORT 8787, HOST 127.0.0.1,
 * DATA_DIR ./data, STATIC_DIR dist/public, DEMO_MODE on only for a loopback HOST, SESSION_VALIDITY_MINUTES 30, PUBLIC_URL unset, RATE_LIMIT_PER_ACCOUNT 10,
 * RATE_LIMIT_PER_ADDRESS 100, LOOKUP_LIMIT_PER_MINUTE 10, LOOKUP_LIMIT_PER_DAY 100,
 * DOCUMENTS_DIR DATA_DIR/documents, UPLOADS_PER_USER_AT_ONCE 2, UPLOADS_PER_USER_PER_DAY 50, REPORTS_DIR reports,
 * PROCESSES 1, DATABASE_POOL_SIZE 10, CHARTS_FILE dist/charts.json, PAYOUT_QUEUED_MS 5000,
 * PAYOUT_PENDING_MS 10000, PAYOUT_SENT_MS 3000). Relative
 * paths resolve against `cwd`. Empty variables count as unset. Throws `ConfigError` listing every
 * bad value, e.g. `PORT must be a whole number from 0 to 65535 (got "abc")`.
 */
export const loadConfig = (env: Env = process.env, cwd: string = process.cwd()): Config => {
  const problems: Array<string> = []
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim()
    return value === undefined || value === "" ? undefined : value
  }
  const integer = (name: string, fallback: number, min: number, max: number, what: string): number => {
    const raw = read(name)
    if (raw === undefined) return fallback
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      problems.push(`${name} must be ${what} from ${min} to ${max} (got "${raw}")`)
      return fallback
    }
    return Number(raw)
  }
  const path = (name: string, fallback: string): string => {
    const raw = read(name) ?? fallback
    return isAbsolute(raw) ? raw : resolve(cwd, raw)
  }

  const port = integer("PORT", 8787, 0, 65535, "a whole number")
  const sessionValidityMinutes = integer("SESSION_VALIDITY_MINUTES", 30, 1, 24 * 60, "a whole number of minutes")

  const rateLimitPerAccount = integer("RATE_LIMIT_PER_ACCOUNT", 10, 1, 1_000_000, "a whole number of attempts")
  const rateLimitPerAddress = integer("RATE_LIMIT_PER_ADDRESS", 100, 1, 1_000_000, "a whole number of attempts")
  const lookupLimitPerMinute = integer("LOOKUP_LIMIT_PER_MINUTE", 10, 1, 1_000_000, "a whole number of lookups")
  const lookupLimitPerDay = integer("LOOKUP_LIMIT_PER_DAY", 100, 1, 1_000_000, "a whole number of lookups")
  const uploadsPerUserAtOnce = integer("UPLOADS_PER_USER_AT_ONCE", 2, 1, 100, "a whole number of uploads")
  const uploadsPerUserPerDay = integer("UPLOADS_PER_USER_PER_DAY", 50, 1, 1_000_000, "a whole number of uploads")
  const processes = integer("PROCESSES", 1, 1, 64, "a whole number of processes")
  const databasePoolSize = integer("DATABASE_POOL_SIZE", 10, 1, 1000, "a whole number of connections")
  const payoutTimings: PaymentTimings = {
    acceptAfterMs: integer("PAYOUT_QUEUED_MS", PAYMENT_TIMINGS.acceptAfterMs, 0, 86_400_000, "a whole number of milliseconds"),
    sendAfterMs: integer("PAYOUT_PENDING_MS", PAYMENT_TIMINGS.sendAfterMs, 0, 86_400_000, "a whole number of milliseconds"),
    settleAfterMs: integer("PAYOUT_SENT_MS", PAYMENT_TIMINGS.settleAfterMs, 0, 86_400_000, "a whole number of milliseconds"),
  }
  const documentReviewMs = integer("DOCUMENT_REVIEW_MS", DOCUMENT_REVIEW_MS, 0, 86_400_000, "a whole number of milliseconds")

  const host = read("HOST") ?? "127.0.0.1"
  if (/\s|\//.test(host)) problems.push(`HOST must be a host name or an IP address (got "${host}")`)

  const rawDemo = read("DEMO_MODE")?.toLowerCase()
  let demoMode = isLoopbackHost(host)
  if (rawDemo !== undefined) {
    if (FALSE.has(rawDemo)) demoMode = false
    else if (TRUE.has(rawDemo)) demoMode = true
    else problems.push(`DEMO_MODE must be 1 or 0 (or true/false) (got "${rawDemo}")`)
  }

  const databaseUrl = read("DATABASE_URL")
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//i.test(databaseUrl)) {
    problems.push(`DATABASE_URL must be a PostgreSQL URL starting with postgres:// or postgresql:// (got "${redactUrl(databaseUrl)}")`)
  }

  const publicUrl = read("PUBLIC_URL")?.replace(/\/+$/, "")
  if (publicUrl !== undefined && !/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/i.test(publicUrl)) {
    problems.push(`PUBLIC_URL must be an http:// or https:// address without query or fragment (got "${publicUrl}")`)
  }

  if (processes > 1 && databaseUrl === undefined)
    problems.push(`PROCESSES above 1 needs DATABASE_URL: the embedded database belongs to one process (got "${processes}")`)

  if (problems.length > 0) throw new ConfigError(problems)
  const dataDir = path("DATA_DIR", "data")
  return {
    port,
    host,
    dataDir,
    databaseUrl,
    processes,
    databasePoolSize,
    demoMode,
    staticDir: path("STATIC_DIR", "dist/public"),
    sessionValidityMinutes,
    publicUrl,
    rateLimitPerAccount,
    rateLimitPerAddress,
    lookupLimitPerMinute,
    lookupLimitPerDay,
    documentsDir: path("DOCUMENTS_DIR", resolve(dataDir, "documents")),
    uploadsPerUserAtOnce,
    uploadsPerUserPerDay,
    reportsDir: path("REPORTS_DIR", "reports"),
    chartsFile: path("CHARTS_FILE", "dist/charts.json"),
    payoutTimings,
    documentReviewMs,
  }
}

/** True for a host only this machine can reach: localhost, 127.0.0.0/8, ::1. */
export const isLoopbackHost = (host: string): boolean => {
  const h = host.toLowerCase().replace(/^\[|\]$/g, "")
  return h === "localhost" || h === "::1" || /^127(\.\d{1,3}){3}$/.test(h)
}

/** A connection string with its password replaced by `***`, safe to print. */
export const redactUrl = (url: string): string => url.replace(/\/\/([^:/@]*):[^@]*@/, "//$1:***@")
