/**
 * A signed-in-capable test client for the auth API: the real Hono app on a migrated, seeded test
 * database, a movable clock, and correctly signed requests (public client key, or the bearer token
 * once there is one), sent with `app.request` and an optional client address.
 *
 *   const h = await startAuthHarness({ auth: { rateLimits: ... } })
 *   const { token } = await h.signIn(DEMO_EMAILS.demo)        // code-pending token, code mailed
 *   await h.call("POST", "/api/auth/2fa-otp", { token, body: { otp: await h.latestCode(DEMO_EMAILS.demo) } })
 *   h.clock.advance(31 * 60_000)
 */
import { Secret, TOTP } from "otpauth"
import type { LoginAnswer } from "../../../src/contract/auth"
import type { Mailbox } from "../../../src/contract/dev"
import { newNonce, PUBLIC_CLIENT_KEY, sign, SignatureHeaders } from "../../../src/contract/signature"
import type { AuthSettingsOverrides } from "../../../server/auth/settings"
import { loadConfig } from "../../../server/config"
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from "../../../server/db/seed/demo-users"
import { documentFiles, moveDocumentsToFiles } from "../../../server/documents/files"
import { createApp } from "../../../server/http/app"
import type { ApiRoutes } from "../../../server/http/context"
import { createTestDatabase, TEST_NOW, type TestDatabase } from "../support/test-database"

/** What a test call sends; everything but method and path is optional. */
export interface CallOptions {
  readonly body?: unknown
  /** Sent as `Authorization: Bearer` and used as the signing key. */
  readonly token?: string
  readonly deviceId?: string
  /** The socket's remote address the server sees (per-address rate limits). */
  readonly address?: string
  /** Extra headers, e.g. an Idempotency-Key. */
  readonly headers?: Record<string, string>
}

/** A decoded answer. */
export interface Answer {
  readonly status: number
  // Tests read whatever the endpoint answered; each asserts the shape it expects.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly body: any
  readonly headers: Headers
  /** The raw bytes of the answer (a file download: its body is not JSON and `body` is undefined). */
  readonly bytes: Uint8Array
}

/** The device id calls use unless they name another. */
export const DEVICE = "device-main-0001"

/** A TOTP code of the demo authenticator-app user at a clock reading. */
export const totpAt = (timestamp: number, secret: string = DEMO_TOTP_SECRET): string =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({ timestamp })

/** Starts an app on a fresh test database; `close()` when done. */
export const startAuthHarness = async (
  options: {
    readonly auth?: AuthSettingsOverrides
    readonly env?: Record<string, string>
    readonly routes?: ReadonlyArray<ApiRoutes>
    /** The database to run on (default: a fresh copy of the test template); the harness closes it. */
    readonly database?: TestDatabase
  } = {},
) => {
  const database: TestDatabase = options.database ?? (await createTestDatabase())
  let now = TEST_NOW.getTime()
  const config = loadConfig({ DATA_DIR: database.dataDir, STATIC_DIR: database.dataDir, ...options.env }, process.cwd())
  const app = createApp({
    database,
    config,
    now: () => now,
    ...(options.routes ? { routes: options.routes } : {}),
    ...(options.auth ? { auth: options.auth } : {}),
  })
  // As the server does at start-up (server/main.ts): the seeded documents' bytes go to their files.
  await moveDocumentsToFiles(database.db, documentFiles(config.documentsDir))

  const clock = {
    now: () => now,
    advance: (ms: number) => {
      now += ms
    },
  }

  const call = async (method: string, path: string, opts: CallOptions = {}): Promise<Answer> => {
    const body = opts.body === undefined ? "" : typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body)
    const nonce = newNonce()
    const headers: Record<string, string> = {
      [SignatureHeaders.timestamp]: String(now),
      [SignatureHeaders.nonce]: nonce,
      [SignatureHeaders.deviceId]: opts.deviceId ?? DEVICE,
      [SignatureHeaders.signature]: await sign(opts.token ?? PUBLIC_CLIENT_KEY, { method, target: path, timestamp: now, nonce, body }),
    }
    if (opts.token !== undefined) headers.Authorization = `Bearer ${opts.token}`
    if (opts.body !== undefined) headers["Content-Type"] = "application/json"
    Object.assign(headers, opts.headers)
    const env = { incoming: { socket: { remoteAddress: opts.address ?? "192.0.2.10" } } }
    const res = await app.request(path, { method, headers, ...(opts.body !== undefined ? { body } : {}) }, env)
    const bytes = new Uint8Array(await res.arrayBuffer())
    const text = (res.headers.get("Content-Type") ?? "").startsWith("application/pdf") ? "" : new TextDecoder().decode(bytes)
    return { status: res.status, body: text === "" ? undefined : (JSON.parse(text) as unknown), headers: res.headers, bytes }
  }

  const mailbox = async (to: string): Promise<Mailbox> => {
    const res = await call("GET", `/api/dev/mailbox?to=${encodeURIComponent(to)}`)
    if (res.status !== 200) throw new Error(`mailbox answered ${res.status}`)
    return res.body as Mailbox
  }

  /** The code of the newest code e-mail to `to`. */
  const latestCode = async (to: string): Promise<string> => {
    const mail = (await mailbox(to)).find((m) => m.subject === "Your Chartfolio sign-in code")
    const code = /\b(\d{6})\b/.exec(mail?.text ?? "")?.[1]
    if (!code) throw new Error(`no code e-mail for ${to}`)
    return code
  }

  /** POST /auth/login; throws unless it answers 200. */
  const signIn = async (email: string, opts: { readonly password?: string; readonly deviceId?: string; readonly address?: string } = {}) => {
    const res = await call("POST", "/api/auth/login", {
      body: { email, password: opts.password ?? DEMO_PASSWORD },
      ...(opts.deviceId ? { deviceId: opts.deviceId } : {}),
      ...(opts.address ? { address: opts.address } : {}),
    })
    if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${JSON.stringify(res.body)}`)
    const answer = res.body as LoginAnswer
    return { token: answer.access_token, user: answer.user }
  }

  /** Signs an e-mail-code user in and enters the mailed code: a satisfied token. */
  const signInFully = async (email: string, opts: { readonly password?: string; readonly deviceId?: string; readonly trusted?: boolean } = {}) => {
    const { token, user } = await signIn(email, opts)
    const res = await call("POST", "/api/auth/2fa-otp", {
      token,
      body: { otp: await latestCode(email), trusted: opts.trusted ?? false },
      ...(opts.deviceId ? { deviceId: opts.deviceId } : {}),
    })
    if (res.status !== 200) throw new Error(`code step answered ${res.status}: ${JSON.stringify(res.body)}`)
    return { token, user }
  }

  return { app, database, config, clock, call, mailbox, latestCode, signIn, signInFully, close: () => database.close() }
}

/** The harness `startAuthHarness` resolves with. */
export type AuthHarness = Awaited<ReturnType<typeof startAuthHarness>>
