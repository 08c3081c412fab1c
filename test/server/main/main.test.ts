import { mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, afterEach, describe, expect, it } from "vitest"
import { Secret, TOTP } from "otpauth"
import { openDatabase } from "../../../server/db/database"
import { sendMail } from "../../../server/mail/outbox"
import { fakeBuild } from "../http/fixtures"
import { signedHeaders } from "../http/signing"
import { startServer, stopServer, waitForUrl, type ServerProcess } from "./server-process"

const dataDir = mkdtempSync(join(tmpdir(), "chartfolio-main-"))
const staticDir = fakeBuild()
const env = { DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", STATIC_DIR: staticDir, DEMO_MODE: "1" }
const running: Array<ServerProcess> = []

const start = (args: ReadonlyArray<string> = [], extraEnv: Record<string, string> = {}) => {
  const server = startServer(args, { ...env, ...extraEnv })
  running.push(server)
  return server
}

// A failed test must not leave its server holding the data directory for the next one.
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => stopServer(s, "SIGTERM")))
})
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(staticDir, { recursive: true, force: true })
})

const mailbox = async (url: string, to: string): Promise<ReadonlyArray<{ subject: string }>> => {
  const target = `/api/dev/mailbox?to=${encodeURIComponent(to)}`
  const res = await fetch(url + target, { headers: await signedHeaders({ target, timestamp: Date.now() }) })
  expect(res.status).toBe(200)
  return (await res.json()) as ReadonlyArray<{ subject: string }>
}

/** Rows per table that the demo world fills, read with the server stopped. */
const countRows = async (): Promise<Record<string, number>> => {
  const database = await openDatabase({ dataDir })
  try {
    const counts: Record<string, number> = {}
    for (const table of ["users", "accounts", "orders", "instruments"] as const) {
      const row = await database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
      counts[table] = Number(row.n)
    }
    return counts
  } finally {
    await database.close()
  }
}

const writeMail = async (subject: string): Promise<void> => {
  const database = await openDatabase({ dataDir })
  try {
    await sendMail(database.db, { to: "between.runs@example.test", subject, text: "written while the server was stopped" })
  } finally {
    await database.close()
  }
}

describe("server/main.ts", () => {
  let seeded: Record<string, number>

  it("first start: seeds the demo world, prints its URL and data location, serves the API and the app", { timeout: 120_000 }, async () => {
    const server = start()
    const url = await waitForUrl(server)
    expect(server.stdout()).toMatch(/^Chartfolio is running at http:\/\/localhost:\d+$/m)
    expect(server.stdout().match(/Chartfolio is running at/g)).toHaveLength(1)
    expect(server.stdout()).toContain(dataDir)
    expect(server.stdout()).toMatch(/seeded the demo world/i)
    // Listening on a loopback address, demo mode is on, and says so.
    expect(server.stdout()).toMatch(/^WARNING: demo mode is on\./m)

    const health = await fetch(`${url}/api/health`)
    expect(health.status).toBe(200)
    expect(await health.json()).toMatchObject({ status: "ok" })
    expect((await fetch(`${url}/login`)).status).toBe(200)

    expect(await stopServer(server, "SIGTERM")).toBe(0)
    seeded = await countRows()
    expect(seeded.users).toBeGreaterThanOrEqual(3)
    expect(seeded.orders).toBeGreaterThan(0)
  })

  it("a restart on the same data directory keeps everything and does not seed again", { timeout: 120_000 }, async () => {
    await writeMail("kept across restarts")
    const server = start()
    const url = await waitForUrl(server)
    expect(server.stdout()).not.toMatch(/seeded/i)
    expect((await mailbox(url, "Between.Runs@example.test")).map((m) => m.subject)).toEqual(["kept across restarts"])
    expect(await stopServer(server, "SIGINT")).toBe(0)
    expect(await countRows()).toEqual(seeded)
  })

  it("a second server on the same data directory refuses to start, and the first keeps serving", { timeout: 120_000 }, async () => {
    const first = start()
    const url = await waitForUrl(first)
    const second = start()
    expect(await second.exited).toBe(2)
    expect(second.stderr()).toContain(dataDir)
    expect(second.stdout()).not.toContain("Chartfolio is running")
    expect((await fetch(`${url}/api/health`)).status).toBe(200)
    expect((await mailbox(url, "between.runs@example.test")).length).toBe(1)
    expect(await stopServer(first)).toBe(0)
  })

  it("--reset wipes the data and seeds the demo world again", { timeout: 120_000 }, async () => {
    const server = start(["--reset"])
    const url = await waitForUrl(server)
    expect(server.stdout()).toMatch(/reset/i)
    expect(await mailbox(url, "between.runs@example.test")).toEqual([])
    expect(await stopServer(server)).toBe(0)
    expect(await countRows()).toEqual(seeded)
  })

  it("a port in use is a clear message and exit code 1, leaving the data directory free", { timeout: 120_000 }, async () => {
    const blocker = createServer()
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve))
    const port = (blocker.address() as { port: number }).port
    try {
      const server = start([], { PORT: String(port) })
      expect(await server.exited).toBe(1)
      expect(server.stderr()).toContain(`Port ${port}`)
      expect(server.stderr()).toMatch(/already in use/)
    } finally {
      blocker.close()
    }
    const again = start()
    await waitForUrl(again)
    expect(await stopServer(again)).toBe(0)
  })

  it("--help prints the usage; bad settings and arguments are refused with exit code 1", { timeout: 120_000 }, async () => {
    const help = start(["--help"])
    expect(await help.exited).toBe(0)
    expect(help.stdout()).toContain("--reset")
    const badPort = start([], { PORT: "abc" })
    expect(await badPort.exited).toBe(1)
    expect(badPort.stderr()).toContain('PORT must be a whole number from 0 to 65535 (got "abc")')
    const badArg = start(["--frobnicate"])
    expect(await badArg.exited).toBe(1)
    expect(badArg.stderr()).toContain('Unknown argument "--frobnicate"')
  })
})

describe("server/main.ts with demo mode off", () => {
  const realDir = mkdtempSync(join(tmpdir(), "chartfolio-real-"))
  const real = { DATA_DIR: realDir, DEMO_MODE: "0" }
  afterAll(() => rmSync(realDir, { recursive: true, force: true }))

  const post = async (url: string, target: string, body: unknown, token?: string) => {
    const text = JSON.stringify(body)
    const headers = await signedHeaders({ method: "POST", target, body: text, timestamp: Date.now(), ...(token ? { token } : {}) })
    const res = await fetch(url + target, { method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body: text })
    return { status: res.status, body: (await res.json()) as Record<string, unknown> }
  }

  it("seeds no demo user, prints no demo warning, and a user made with --create-user signs in with the app code", { timeout: 180_000 }, async () => {
    const first = start([], real)
    const url = await waitForUrl(first)
    expect(first.stdout()).toMatch(/no user exists yet/)
    expect(first.stdout()).not.toMatch(/WARNING: demo mode/)
    // The published demo credentials open nothing.
    for (const email of ["demo@chartfolio.test", "app@chartfolio.test"]) {
      expect((await post(url, "/api/auth/login", { email, password: "Chartfolio#2026" })).status, email).toBe(401)
    }
    expect(await stopServer(first)).toBe(0)

    const create = start(["--create-user", "ada.obi@example.com", "Ada Obi"], real)
    expect(await create.exited).toBe(0)
    const password = /password: (\S+)/.exec(create.stdout())?.[1]
    const secret = /TOTP secret: ([A-Z2-7]+)/.exec(create.stdout())?.[1]
    expect(password && secret, create.stdout() + create.stderr()).toBeTruthy()
    expect(create.stdout()).toContain("otpauth://totp/")
    // The same e-mail again is refused.
    const again = start(["--create-user", "ada.obi@example.com", "Ada Obi"], real)
    expect(await again.exited).toBe(1)
    expect(again.stderr()).toContain("already exists")

    const server = start([], real)
    const served = await waitForUrl(server)
    const signIn = await post(served, "/api/auth/login", { email: "ada.obi@example.com", password })
    expect(signIn.status).toBe(200)
    expect(signIn.body.user).toMatchObject({ otpMethod: "APP", otpSatisfied: false })
    const otp = new TOTP({ secret: Secret.fromBase32(secret!), algorithm: "SHA1", digits: 6, period: 30 }).generate()
    expect((await post(served, "/api/auth/2fa-otp", { otp }, signIn.body.access_token as string)).status).toBe(200)
  })

  it("refuses to start on data holding the demo users; --reset with demo mode off wipes them", { timeout: 180_000 }, async () => {
    const demoDir = mkdtempSync(join(tmpdir(), "chartfolio-was-demo-"))
    try {
      const demo = start([], { DATA_DIR: demoDir, DEMO_MODE: "1" })
      await waitForUrl(demo)
      expect(await stopServer(demo)).toBe(0)

      const refused = start([], { DATA_DIR: demoDir, DEMO_MODE: "0" })
      expect(await refused.exited).toBe(1)
      expect(refused.stderr()).toContain("demo users")

      const reset = start(["--reset"], { DATA_DIR: demoDir, DEMO_MODE: "0" })
      const url = await waitForUrl(reset)
      expect(reset.stdout()).toMatch(/no demo users/)
      expect((await post(url, "/api/auth/login", { email: "demo@chartfolio.test", password: "Chartfolio#2026" })).status).toBe(401)
    } finally {
      await Promise.all(running.splice(0).map((s) => stopServer(s, "SIGTERM")))
      rmSync(demoDir, { recursive: true, force: true })
    }
  })
})
