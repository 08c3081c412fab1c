/**
 * What the authentication routes share: their dependencies, the decoding of request bodies with
 * the contract's schemas, the client address, rate limiting and the password check.
 */
import { Result, Schema } from "effect"
import type { Context } from "hono"
import type { Kysely } from "kysely"
import { validationMessages } from "../../src/contract/validation"
import type { DB } from "../db/schema"
import { hashPassword, verifyPassword } from "../db/passwords"
import { parseJsonBody } from "../http/body"
import type { AppDeps } from "../http/context"
import { ApiErrors } from "../http/errors"
import { randomSecret } from "./crypto"
import { RateLimitedError } from "./errors"
import type { RateLimiter } from "./rate-limit"
import type { AuthSettings } from "./settings"
import { findUserByEmail, type UserRow } from "./users"

/** The app's dependencies plus the authentication settings and the app's rate limiter. */
export interface AuthDeps extends AppDeps {
  readonly settings: AuthSettings
  readonly limiter: RateLimiter
}

/**
 * Decodes a value with a contract schema, or throws 400 whose `message` holds one text per field
 * (`validationMessages`, the spec's own texts) and whose `error` is those texts joined.
 */
export const decodeOr400 = <S extends Schema.ConstraintDecoder<unknown>>(schema: S, value: unknown): S["Type"] => {
  const result = Schema.decodeUnknownResult(schema)(value, { errors: "all", onExcessProperty: "ignore" })
  if (Result.isSuccess(result)) return result.success
  const fields = validationMessages(result.failure)
  throw ApiErrors.badRequest([...new Set(Object.values(fields))].join(" "), fields)
}

/** The JSON body of a request decoded with a contract schema (400 for non-JSON or bad fields). */
export const decodeBody = async <S extends Schema.ConstraintDecoder<unknown>>(c: Context, schema: S): Promise<S["Type"]> =>
  decodeOr400(schema, parseJsonBody((c.get("rawBody") as string | undefined) ?? (await c.req.text())))

/**
 * The client's address: the socket's remote address under @hono/node-server. Proxy headers are
 * not trusted (a client could rotate them to escape the per-address limits). "unknown" when there
 * is no socket (in-process `app.request` without an env).
 */
export const clientAddress = (c: Context): string => {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined
  return env?.incoming?.socket?.remoteAddress ?? "unknown"
}

/** What the Security page shows of where a session was signed in from: the User-Agent header and the client address. */
export const seenFrom = (c: Context): { readonly userAgent: string; readonly clientAddress: string } => ({
  userAgent: c.req.header("user-agent") ?? "",
  clientAddress: clientAddress(c),
})

/**
 * Counts one attempt of `action` for the account (an e-mail, normalised, or a user id) and the
 * client address, or throws 429 (Retry-After set) when either is over its limit. Known and unknown
 * e-mails are counted alike.
 */
export const limitAttempt = async (c: Context, deps: AuthDeps, action: string, account: string | null): Promise<void> => {
  const { perAccount, perAddress } = deps.settings.rateLimits
  const keys = [{ key: `${action}:address:${clientAddress(c)}`, limit: perAddress }]
  if (account !== null) keys.push({ key: `${action}:account:${account}`, limit: perAccount })
  try {
    await deps.limiter.hit(keys, deps.now())
  } catch (error) {
    if (error instanceof RateLimitedError) c.header("Retry-After", String(error.retryAfterSeconds))
    throw error
  }
}

let dummyHash: Promise<string> | undefined

/**
 * The user whose e-mail and password these are, or null. An unknown e-mail still costs one
 * argon2id verification (against a dummy hash), so both failures take about as long.
 */
export const checkCredentials = async (db: Kysely<DB>, email: string, password: string): Promise<UserRow | null> => {
  const user = await findUserByEmail(db, email)
  dummyHash ??= hashPassword(randomSecret())
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash), password)
  return user && ok ? user : null
}
