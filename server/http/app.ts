import { Hono, type Context } from "hono"
import { HTTPException } from "hono/http-exception"
import { sql } from "kysely"
import { API_BASE } from "../../src/contract/endpoint"
import { ErrorCodes, type ErrorCode } from "../../src/contract/errors"
import type { Health } from "../../src/contract/health"
import type { AuthSettingsOverrides } from "../auth/settings"
import type { Config } from "../config"
import type { Database } from "../db/database"
import { compressJson } from "./compression"
import { jsonEtag } from "./etag"
import { recordJsonText } from "./json-text"
import { apiBodyLimit, DEFAULT_BODY_LIMIT, tooLarge } from "./body-limit"
import type { ApiRoutes, AppDeps, AppEnv } from "./context"
import { devMailboxRoutes } from "./dev-mailbox"
import { devMarketRoutes } from "./dev-market"
import { ApiError, ApiErrors, errorBody } from "./errors"
import { hasUnsafeText, UNSAFE_TEXT_MESSAGE } from "./safe-text"
import { nonceStoreFor, type NonceStore } from "./nonce-store"
import { productRoutes } from "./routes/areas"
import { authRoutes } from "./routes/auth"
import { securityHeaders } from "./security-headers"
import { verifySignature } from "./signature"
import { spaStatic } from "./static"
import { mountSyntheticImages } from "./synthetic-images"

/** What `createApp` needs; only `database` and `config` are required. */
export interface CreateAppOptions {
  readonly database: Database
  readonly config: Config
  /** The clock, in milliseconds since the epoch (signature windows, routes). Default Date.now. */
  readonly now?: () => number
  /** Where work after the answer runs (AppDeps.afterAnswer); default: in the background, failures logged. */
  readonly afterAnswer?: (task: () => Promise<void>) => void
  /** The API areas to mount under /api besides auth (always there) and the dev mailbox (demo mode). Default: every product area (routes/areas.ts). */
  readonly routes?: ReadonlyArray<ApiRoutes>
  /** Rate limits and the code-entry lock of the auth area (default: the config's rate limits per 15 minutes, server/auth/settings.ts for the rest). */
  readonly auth?: AuthSettingsOverrides
  /** Where verified nonces are remembered. Default: memory for PGlite, the table for PostgreSQL. */
  readonly nonces?: NonceStore
  /** Called with every unexpected exception (a 500). Default: console.error. */
  readonly logError?: (error: unknown, c: Context) => void
}

/** The 404 text for a NUL or lone surrogate in the address's path. */
export const UNSAFE_PATH_MESSAGE = "Nothing is found at this address: it contains characters that are not allowed."
/** The 400 text for a query parameter whose name holds characters that are not allowed. */
export const UNSAFE_QUERY_NAME_MESSAGE = "A query parameter name contains characters that are not allowed."

/**
 * A path segment decoded as the router decodes parameters: each run of valid percent-escapes
 * decoded, a malformed one left as it is.
 */
const PERCENT_ESCAPES = /(?:%[0-9A-Fa-f]{2})+/g
const decodePathSegment = (segment: string): string =>
  !segment.includes("%")
    ? segment
    : segment.replace(PERCENT_ESCAPES, (run) => {
        try {
          return decodeURIComponent(run)
        } catch {
          return run
        }
      })

const isApiPath = (path: string): boolean => path === API_BASE || path.startsWith(`${API_BASE}/`)

const codeForStatus = (status: number): ErrorCode =>
  status === 401
    ? ErrorCodes.unauthorized
    : status === 403
      ? ErrorCodes.forbidden
      : status === 404
        ? ErrorCodes.notFound
        : status === 409
          ? ErrorCodes.conflict
          : status === 429
            ? ErrorCodes.rateLimited
            : status >= 500
              ? ErrorCodes.internal
              : ErrorCodes.badRequest

const defaultLogError = (error: unknown, c: Context): void => {
  console.error(`Unexpected error answering ${c.req.method} ${c.req.path}:`, error)
}

/**
 * The reference server's Hono app: the API under /api and the built SPA on one origin. In order:
 * security headers on every answer; for /api, JSON answers compressed by Accept-Encoding
 * (compression.ts), `Cache-Control: no-store` and the body limit;
 * GET /api/health unsigned (pings the database); an ETag on every signed GET's JSON answer, 304
 * for a matching If-None-Match (etag.ts); the signature check for every other /api path; the mounted `routes`
 * (plus GET /api/dev/mailbox in demo mode); a 404 error body for unknown /api paths; then the SPA
 * with its history fallback. Every failure answers the contract's `ErrorBody` (`throw ApiError`s
 * from routes); an unexpected exception is logged and answered 500 with a generic text.
 * Serve it with `serve({ fetch: app.fetch })` or call `app.request(...)` in tests.
 */
export const createApp = (options: CreateAppOptions): Hono<AppEnv> => {
  const { database, config } = options
  const now = options.now ?? Date.now
  const afterAnswer =
    options.afterAnswer ?? ((task: () => Promise<void>) => void task().catch((error: unknown) => console.error("Work after an answer failed:", error)))
  const deps: AppDeps = { database, config, now, afterAnswer }
  const window = 15 * 60_000
  const auth = options.auth ?? {
    rateLimits: {
      perAccount: { limit: config.rateLimitPerAccount, windowMs: window },
      perAddress: { limit: config.rateLimitPerAddress, windowMs: window },
    },
  }
  const routes = [authRoutes(auth), ...(options.routes ?? productRoutes), ...(config.demoMode ? [devMailboxRoutes, devMarketRoutes] : [])]
  const logError = options.logError ?? defaultLogError

  const app = new Hono<AppEnv>()
  app.use("*", securityHeaders())
  app.use(`${API_BASE}/*`, compressJson())
  app.use(`${API_BASE}/*`, recordJsonText())
  app.use(`${API_BASE}/*`, async (c, next) => {
    await next()
    c.res.headers.set("Cache-Control", "no-store")
  })
  app.use(
    `${API_BASE}/*`,
    apiBodyLimit(
      API_BASE,
      routes.flatMap((r) => r.bodyLimits ?? []),
    ),
  )
  app.use(`${API_BASE}/*`, async (c, next) => {
    // A NUL or lone surrogate never reaches a query: in a path segment it names nothing (404, as
    // for any malformed id); in a query parameter it is a 400, naming the parameter when its name
    // is itself printable and short.
    const url = new URL(c.req.url)
    if (url.pathname.split("/").some((segment) => hasUnsafeText(decodePathSegment(segment)))) throw ApiErrors.notFound(UNSAFE_PATH_MESSAGE)
    for (const [name, value] of url.searchParams) {
      if (hasUnsafeText(name) || name.length > 64) {
        if (hasUnsafeText(name) || hasUnsafeText(value)) throw ApiErrors.badRequest(UNSAFE_QUERY_NAME_MESSAGE)
      } else if (hasUnsafeText(value)) throw ApiErrors.badRequest(`Some fields are missing or invalid: ${name}.`, { [name]: UNSAFE_TEXT_MESSAGE })
    }
    await next()
  })
  app.get(`${API_BASE}/health`, async (c) => {
    try {
      await sql`select 1`.execute(database.db)
    } catch (error) {
      logError(error, c)
      return c.json(errorBody(503, ErrorCodes.internal, "The database is not answering."), 503)
    }
    const health: Health = { status: "ok", time: new Date(now()).toISOString() }
    return c.json(health)
  })
  app.use(`${API_BASE}/*`, jsonEtag())
  app.use(`${API_BASE}/*`, verifySignature({ nonces: options.nonces ?? nonceStoreFor(database), now }))

  const api = new Hono<AppEnv>()
  for (const area of routes) area.mount(api, deps)
  app.route(API_BASE, api)
  app.all(`${API_BASE}/*`, (c) => {
    throw ApiErrors.unknownEndpoint(c.req.method, c.req.path)
  })

  mountSyntheticImages(app)
  app.get("*", spaStatic(config.staticDir))

  app.notFound((c) => (isApiPath(c.req.path) ? c.json(ApiErrors.unknownEndpoint(c.req.method, c.req.path).body, 404) : c.text("Not Found", 404)))

  app.onError((error, c) => {
    if (error instanceof ApiError) return c.json(error.body, error.status)
    if (error instanceof HTTPException) {
      if (error.status === 413) return tooLarge(c, DEFAULT_BODY_LIMIT)
      if (error.status < 500) {
        const text = error.message.trim() !== "" ? error.message : "The request could not be processed."
        return c.json(errorBody(error.status, codeForStatus(error.status), text), error.status)
      }
    }
    // A handler that parsed a malformed body itself (c.req.json()): still the client's fault.
    if (error instanceof SyntaxError && c.req.method !== "GET" && c.req.method !== "HEAD") {
      return c.json(ApiErrors.badRequest("The request body is not valid JSON.").body, 400)
    }
    logError(error, c)
    return c.json(ApiErrors.internal().body, 500)
  })

  return app
}
