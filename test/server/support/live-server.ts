/**
 * Real server processes for the two-process (test/server/scale) and crash (test/server/crash)
 * tests: `node --import tsx server/main.ts` on a port of its own, on a given database (a PostgreSQL
 * URL or an embedded data directory), spoken to over HTTP with signed requests as the app signs
 * them. Nothing is shared between the processes but the database.
 *
 *   const a = await startLiveServer({ databaseUrl })
 *   const client = liveClient(a.url)
 *   const token = await client.signIn(DEMO_EMAILS.demo)
 *   await client.call("POST", "/api/users/order", { token, body, headers: { "Idempotency-Key": key } })
 *   await a.stop()            // SIGTERM; a.kill9() for the crash tests
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { DEMO_PASSWORD } from "../../../server/db/seed/demo-users"
import { fakeBuild } from "../http/fixtures"
import { signedHeaders } from "../http/signing"
import { startServer, stopServer, waitForUrl, type ServerProcess } from "../main/server-process"

/** A running server process and how to end it. */
export interface LiveServer {
  readonly url: string
  readonly process: ServerProcess
  /** SIGTERM and wait for the exit code. */
  readonly stop: () => Promise<number | null>
  /** SIGKILL (kill -9): no shutdown code runs at all. */
  readonly kill9: () => Promise<void>
}

/** Where a live server keeps its data: a PostgreSQL database, or an embedded data directory. */
export type LiveDatabase = { readonly databaseUrl: string } | { readonly dataDir: string }

/** Starts a server process on the database and waits until it serves; `env` adds settings. */
export const startLiveServer = async (database: LiveDatabase, env: Record<string, string> = {}): Promise<LiveServer> => {
  const staticDir = fakeBuild()
  const scratch = mkdtempSync(join(tmpdir(), "chartfolio-live-"))
  const child = startServer([], {
    PORT: "0",
    HOST: "127.0.0.1",
    STATIC_DIR: staticDir,
    DEMO_MODE: "1",
    ...("databaseUrl" in database ? { DATABASE_URL: database.databaseUrl, DATA_DIR: scratch } : { DATABASE_URL: "", DATA_DIR: database.dataDir }),
    ...env,
  })
  const cleanup = () => {
    rmSync(staticDir, { recursive: true, force: true })
    rmSync(scratch, { recursive: true, force: true })
  }
  let url: string
  try {
    url = await waitForUrl(child)
  } catch (error) {
    await stopServer(child, "SIGKILL")
    cleanup()
    throw error
  }
  return {
    url,
    process: child,
    stop: async () => {
      const code = await stopServer(child, "SIGTERM")
      cleanup()
      return code
    },
    kill9: async () => {
      await stopServer(child, "SIGKILL")
      cleanup()
    },
  }
}

/** A decoded answer of a live server. */
export interface LiveAnswer {
  readonly status: number
  // Each test asserts the shape it expects.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly body: any
  readonly headers: Headers
}

/** What a call sends; `nonce` reuses a nonce (replay tests), `signed` reuses whole headers. */
export interface LiveCallOptions {
  readonly token?: string
  readonly body?: unknown
  readonly headers?: Record<string, string>
}

/** An HTTP client of one live server, signing every request as the app does. */
export const liveClient = (url: string) => {
  /** The signed headers of a request (sent as they are by `send`, or twice for a replay). */
  const sign = async (method: string, path: string, opts: LiveCallOptions = {}): Promise<Record<string, string>> => {
    const body = opts.body === undefined ? undefined : JSON.stringify(opts.body)
    return {
      ...(await signedHeaders({
        method,
        target: path,
        timestamp: Date.now(),
        ...(body !== undefined ? { body } : {}),
        ...(opts.token !== undefined ? { token: opts.token } : {}),
      })),
      ...opts.headers,
    }
  }

  /** Sends a request with exactly these headers. */
  const send = async (method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<LiveAnswer> => {
    const res = await fetch(url + path, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) })
    const text = await res.text()
    return { status: res.status, body: text === "" ? undefined : (JSON.parse(text) as unknown), headers: res.headers }
  }

  const call = async (method: string, path: string, opts: LiveCallOptions = {}): Promise<LiveAnswer> =>
    send(method, path, await sign(method, path, opts), opts.body)

  /** The newest mailed code to `email` (dev mailbox). */
  const latestCode = async (email: string): Promise<string> => {
    const mailbox = await call("GET", `/api/dev/mailbox?to=${encodeURIComponent(email)}`)
    const mail = (mailbox.body as ReadonlyArray<{ subject: string; text: string }>).find((m) => m.subject === "Your Chartfolio sign-in code")
    const otp = /\b(\d{6})\b/.exec(mail?.text ?? "")?.[1]
    if (!otp) throw new Error(`no code e-mail for ${email}`)
    return otp
  }

  /** Signs an e-mail-code user in (password, then the code from the dev mailbox): a satisfied token. */
  const signIn = async (email: string): Promise<string> => {
    const login = await call("POST", "/api/auth/login", { body: { email, password: DEMO_PASSWORD } })
    if (login.status !== 200) throw new Error(`sign-in answered ${login.status}: ${JSON.stringify(login.body)}`)
    const token = login.body.access_token as string
    const code = await call("POST", "/api/auth/2fa-otp", { token, body: { otp: await latestCode(email), trusted: false } })
    if (code.status !== 200) throw new Error(`code step answered ${code.status}: ${JSON.stringify(code.body)}`)
    return token
  }

  /** The step-up of an e-mail-code user's session (issue 35): for 5 minutes it may add bank accounts and withdraw to new ones. */
  const stepUp = async (email: string, token: string): Promise<void> => {
    const started = await call("POST", "/api/auth/step-up", { token })
    if (started.status !== 200) throw new Error(`step-up answered ${started.status}: ${JSON.stringify(started.body)}`)
    const verified = await call("POST", "/api/auth/step-up/verify", { token, body: { otp: await latestCode(email) } })
    if (verified.status !== 200) throw new Error(`step-up verify answered ${verified.status}: ${JSON.stringify(verified.body)}`)
  }

  return { url, sign, send, call, signIn, stepUp }
}

export type LiveClient = ReturnType<typeof liveClient>
