import type { Hono } from "hono"
import type { Config } from "../config"
import type { PrefetchedToken } from "../auth/tokens"
import type { Database } from "../db/database"

/**
 * What every route can use: the open database, the configuration and the clock (milliseconds
 * since the epoch; tests pass a fixed one). Given to `createApp` and to each `ApiRoutes.mount`.
 */
export interface AppDeps {
  readonly database: Database
  readonly config: Config
  readonly now: () => number
  /**
   * Runs work after the answer (the forgot-password lookup and mail), so it costs the request
   * nothing. Default: at once, in the background, failures logged. Tests pass a queue they drain.
   */
  readonly afterAnswer: (task: () => Promise<void>) => void
}

/**
 * The request variables the signature middleware sets before any route runs:
 * `rawBody` the exact body text that was signed ("" for none; `c.req.json()` still works too),
 * `bearerToken` the token of `Authorization: Bearer <token>` (null when signed with the public
 * client key), `deviceId` the X-Device-Id header. Type a route's Hono with `Hono<AppEnv>`.
 */
export interface AppEnv {
  Variables: {
    rawBody: string
    bearerToken: string | null
    deviceId: string
    /** The token's row read with the nonce (PostgreSQL, nonce-store.ts); undefined when it was not. */
    prefetchedToken: PrefetchedToken | undefined
  }
}

/**
 * A raised body limit for some routes, e.g. `{ method: "POST", path: "/users/documents",
 * maxBytes: 14_000_000 }`. `path` is relative to /api, `:name` matches one path segment.
 */
export interface BodyLimitRule {
  readonly method: string
  readonly path: string
  readonly maxBytes: number
}

/**
 * One API area's routes, handed to `createApp({ routes: [...] })`. `mount` registers handlers on
 * the /api sub-app with paths relative to /api (`api.post("/users/order", ...)`); they run only
 * after the signature was verified. `bodyLimits` raises the 1 MB default for some of them.
 */
export interface ApiRoutes {
  readonly name: string
  readonly mount: (api: Hono<AppEnv>, deps: AppDeps) => void
  readonly bodyLimits?: ReadonlyArray<BodyLimitRule>
}
