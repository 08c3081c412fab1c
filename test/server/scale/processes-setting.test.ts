/**
 * PROCESSES=2 (issue 33, decision 0191): one `server/main.ts` prepares the database, then runs two
 * server processes on its one port, replaces one that dies, and stops them all on SIGTERM. On
 * PostgreSQL (the PostgreSQL pass): the embedded database belongs to one process (config.test.ts).
 */
import { readFileSync } from "node:fs"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEMO_EMAILS } from "../../../server/db/seed/demo-users"
import { seedId } from "../../../server/db/seed/ids"
import { liveClient, startLiveServer, type LiveServer } from "../support/live-server"
import { createTestDatabase, type TestDatabase } from "../support/test-database"

let database: TestDatabase
let server: LiveServer | undefined

beforeAll(async () => {
  database = await createTestDatabase()
  if (!database.databaseUrl) throw new Error("PROCESSES above 1 needs a PostgreSQL server: run this with DATABASE_URL set")
}, 120_000)

afterAll(async () => {
  await server?.kill9()
  await database?.close()
})

/** The server processes: the children of the first (Linux's /proc). */
const childrenOf = (pid: number): number[] => readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number)

const until = async <T>(what: string, read: () => T, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = read()
    if (done(value)) return value
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe("PROCESSES=2", () => {
  it("serves one port from two processes, replaces one killed, and stops both on SIGTERM", { timeout: 180_000 }, async () => {
    server = await startLiveServer({ databaseUrl: database.databaseUrl! }, { PROCESSES: "2" })
    const pid = server.process.child.pid!
    expect(server.process.stdout()).toContain("Processes: 2 sharing the port (PROCESSES)")
    const first = await until(
      "server processes",
      () => childrenOf(pid),
      (c) => c.length === 2,
    )

    const client = liveClient(server.url)
    const token = await client.signIn(DEMO_EMAILS.demo)
    const details = `/api/users/account/${seedId("account", "demo-ngn")}`
    for (let i = 0; i < 6; i++) expect((await client.call("GET", details, { token, headers: { Connection: "close" } })).status).toBe(200)

    // One dies: another takes its place, and the port keeps answering.
    process.kill(first[0]!, "SIGKILL")
    const second = await until(
      "a replacement",
      () => childrenOf(pid),
      (c) => c.length === 2 && !c.includes(first[0]!),
    )
    expect(second).toContain(first[1])
    for (let i = 0; i < 6; i++) expect((await client.call("GET", details, { token, headers: { Connection: "close" } })).status).toBe(200)

    const exited = await server.stop()
    server = undefined
    expect(exited).toBe(0)
    for (const child of second) expect(() => process.kill(child, 0)).toThrow()
  })
})
