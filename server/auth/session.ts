/**
 * `requireSession`: the middleware every session endpoint runs before its handler. It resolves the
 * bearer token (already checked by the signature middleware to have signed the request) to a live
 * token row, moves its sliding expiry, and puts the session on the context:
 *
 *   mount: (api, deps) => {
 *     const signedIn = requireSession(deps, { satisfied: true })
 *     api.get("/users/profile", signedIn, async (c) => {
 *       const { userId } = c.get("session")      // string: a satisfied session always has a user
 *       ...
 *     })
 *   }
 *
 * Missing, unknown, revoked, idle-expired or capped token, or one used from another device -> 401
 * auth.unauthorized ('Your session has expired. Sign in again.'). A token still waiting for its
 * one-time code on an endpoint that needs `satisfied: true` -> 403 otp.required.
 */
import type { Context, MiddlewareHandler } from "hono"
import type { AppDeps, AppEnv } from "../http/context"
import { AuthErrors } from "./errors"
import { deviceHashOf, useToken } from "./tokens"

/** The session of a request that passed `requireSession({ satisfied: false })`. */
export interface PendingSession {
  readonly tokenId: string
  /** Null only for the code-pending token of a registration with an already registered e-mail. */
  readonly userId: string | null
  readonly deviceHash: string
  readonly satisfied: boolean
  /** ISO time of the original sign-in (the 12-hour cap counts from it). */
  readonly chainStartedAt: string
  /** The user's and the catalogue's versions read with the token (TokenRecord's `dataStamp`). */
  readonly dataStamp: string | null
}

/** The session of a request that passed `requireSession({ satisfied: true })`. */
export interface SignedInSession extends PendingSession {
  readonly userId: string
  readonly satisfied: true
}

/** The context variables `requireSession` adds: `c.get("session")`. */
export interface SessionEnv<S extends PendingSession> {
  Variables: { session: S }
}

/** What `requireSession` needs of the app's dependencies. */
export type SessionDeps = Pick<AppDeps, "database" | "config" | "now">

/** See the module comment. `satisfied: true` for the signed-in area; `false` for the code step and logout. */
export function requireSession(deps: SessionDeps, options: { readonly satisfied: true }): MiddlewareHandler<AppEnv & SessionEnv<SignedInSession>>
export function requireSession(deps: SessionDeps, options: { readonly satisfied: false }): MiddlewareHandler<AppEnv & SessionEnv<PendingSession>>
export function requireSession(
  deps: SessionDeps,
  options: { readonly satisfied: boolean },
): MiddlewareHandler<AppEnv & SessionEnv<SignedInSession>> | MiddlewareHandler<AppEnv & SessionEnv<PendingSession>> {
  const validityMs = deps.config.sessionValidityMinutes * 60_000
  // Token rows are cached briefly only on the embedded database, which no other process opens.
  const cached = deps.database.kind === "pglite"
  const middleware: MiddlewareHandler<AppEnv & SessionEnv<PendingSession>> = async (c, next) => {
    const bearer = c.get("bearerToken")
    if (!bearer) throw AuthErrors.unauthorized()
    const token = await useToken(deps.database.db, {
      bearer,
      deviceHash: deviceHashOf(c.get("deviceId")),
      validityMs,
      now: deps.now(),
      cached,
      prefetched: c.get("prefetchedToken"),
    })
    if (!token) throw AuthErrors.unauthorized()
    if (options.satisfied && (!token.otpSatisfied || token.userId === null)) throw AuthErrors.otpRequired()
    c.set("session", {
      tokenId: token.id,
      userId: token.userId,
      deviceHash: token.deviceHash,
      satisfied: token.otpSatisfied,
      chainStartedAt: token.chainStartedAt,
      dataStamp: token.dataStamp,
    })
    await next()
  }
  return middleware
}

/**
 * The signed-in session of a request whose route did not put `requireSession` in its own handler
 * chain (e.g. `api.use("/users/*", requireSession(deps, { satisfied: true }))`): throws 401 when
 * there is none, 403 otp.required when the code step is not done.
 */
export const signedInSessionOf = (c: Context): SignedInSession => {
  const session = c.get("session") as PendingSession | undefined
  if (!session) throw AuthErrors.unauthorized()
  if (!session.satisfied || session.userId === null) throw AuthErrors.otpRequired()
  return session as SignedInSession
}
