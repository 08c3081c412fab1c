/**
 * The auth harness (every product area mounted) with roomy rate limits (sign-in, and the daily
 * document uploads unless `env` says otherwise) and a one-call sign-in per
 * demo user that answers a satisfied token: e-mailed code for demo and new, the authenticator-app
 * code for app. `decode` checks an answer against the contract schema, so drift fails the test.
 */
import { Schema } from "effect"
import { DEMO_EMAILS } from "../../../server/db/seed/demo-users"
import { seedId } from "../../../server/db/seed/ids"
import { IDEMPOTENCY_KEY_HEADER } from "../../../server/http/idempotency"
import { startAuthHarness, totpAt, type Answer, type AuthHarness } from "../auth/harness"
import type { TestDatabase } from "../support/test-database"

/** The seeded ids the tests use (stable across seeds). */
export const SEEDED = {
  users: { demo: seedId("user", "demo"), new: seedId("user", "new"), app: seedId("user", "app") },
  accounts: { demoNgn: seedId("account", "demo-ngn"), demoUsd: seedId("account", "demo-usd"), appUsd: seedId("account", "app-usd") },
} as const

/** The names of the demo group's partners, in order, and the partner outside it. */
export const GROUP_PARTNERS = ["Chartfolio Securities", "Lagos Custody Partners", "Atlantic Brokerage"] as const
export const OUTSIDE_PARTNER = "Meridian Global Custody"

export type ApiHarness = AuthHarness & {
  readonly tokenOf: (user: keyof typeof DEMO_EMAILS) => Promise<string>
  /** A signed request with extra headers. */
  readonly send: (
    method: string,
    path: string,
    opts: { readonly token: string; readonly body?: unknown; readonly headers?: Record<string, string> },
  ) => Promise<Answer>
  /** POST /api/users/account with a fresh Idempotency-Key unless `key` is given (null: none). */
  readonly createPortfolio: (token: string, body: unknown, key?: string | null) => Promise<Answer>
  /**
   * The step-up of the user's session (issue 35), as the app does it: POST /auth/step-up, then the
   * mailed code (demo, new) or the app's next code (app) to /auth/step-up/verify. For 5 minutes of
   * the clock the session may add bank accounts and withdraw to new ones. Throws unless both answer 200.
   */
  readonly stepUp: (user: keyof typeof DEMO_EMAILS, session?: { readonly token: string; readonly deviceId?: string }) => Promise<void>
}

/** Lookup limits no test reaches unless it means to (`env` of `startApiHarness` may set lower ones). */
const ROOMY_LOOKUPS = { LOOKUP_LIMIT_PER_MINUTE: "1000000", LOOKUP_LIMIT_PER_DAY: "1000000" }

/**
 * Starts the app on a fresh seeded database (or on `options.database`), with roomy sign-in and
 * lookup limits and a roomy daily upload limit (the fuzz uploads many times) unless `options.env`
 * sets its own; `close()` when done.
 */
export const startApiHarness = async (options: { readonly database?: TestDatabase; readonly env?: Record<string, string> } = {}): Promise<ApiHarness> => {
  const roomy = { limit: 10_000, windowMs: 60_000 }
  const env = { ...ROOMY_LOOKUPS, UPLOADS_PER_USER_PER_DAY: "10000", ...options.env }
  const h = await startAuthHarness({ auth: { rateLimits: { perAccount: roomy, perAddress: roomy } }, ...options, env })
  const tokens = new Map<string, string>()
  const tokenOf = async (user: keyof typeof DEMO_EMAILS): Promise<string> => {
    const known = tokens.get(user)
    if (known) return known
    let token: string
    if (user === "app") {
      token = (await h.signIn(DEMO_EMAILS.app)).token
      const res = await h.call("POST", "/api/auth/2fa-otp", { token, body: { otp: totpAt(h.clock.now()) } })
      if (res.status !== 200) throw new Error(`code step answered ${res.status}`)
    } else {
      token = (await h.signInFully(DEMO_EMAILS[user])).token
    }
    tokens.set(user, token)
    return token
  }
  const send: ApiHarness["send"] = (method, path, opts) => h.call(method, path, opts)
  const createPortfolio: ApiHarness["createPortfolio"] = (token, body, key = crypto.randomUUID()) =>
    send("POST", "/api/users/account", { token, body, headers: key === null ? {} : { [IDEMPOTENCY_KEY_HEADER]: key } })
  const stepUp: ApiHarness["stepUp"] = async (user, session) => {
    const token = session?.token ?? (await tokenOf(user))
    const device = session?.deviceId ? { deviceId: session.deviceId } : {}
    const started = await h.call("POST", "/api/auth/step-up", { token, ...device })
    if (started.status !== 200) throw new Error(`step-up answered ${started.status}: ${JSON.stringify(started.body)}`)
    // The app's code of the next time step: the current one may have been used by the sign-in (no reuse in its window).
    const otp = user === "app" ? totpAt(h.clock.now() + 30_000) : await h.latestCode(DEMO_EMAILS[user])
    const verified = await h.call("POST", "/api/auth/step-up/verify", { token, body: { otp }, ...device })
    if (verified.status !== 200) throw new Error(`step-up verify answered ${verified.status}: ${JSON.stringify(verified.body)}`)
  }
  return { ...h, tokenOf, send, createPortfolio, stepUp }
}

/** The answer decoded with a contract schema (throws, failing the test, when it does not match). */
export const decode = <S extends Schema.Top>(schema: S, value: unknown): S["Type"] =>
  Schema.decodeUnknownSync(schema as unknown as Schema.Codec<S["Type"], unknown>)(value, { errors: "all" })
