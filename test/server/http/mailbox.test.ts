import { rmSync } from "node:fs"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ErrorCodes } from "../../../src/contract/errors"
import { createApp } from "../../../server/http/app"
import { listMailbox, sendMail } from "../../../server/mail/outbox"
import { createTestDatabase } from "../support/test-database"
import { fakeBuild, NOW, testConfig } from "./fixtures"
import { signedInit } from "./signing"

let database: Awaited<ReturnType<typeof createTestDatabase>>
const staticDir = fakeBuild()
const at = (minutes: number) => new Date(NOW + minutes * 60_000)

beforeAll(async () => {
  database = await createTestDatabase()
  await sendMail(database.db, { to: "First.Person@Example.test", subject: "older", text: "code 111111", at: at(1) })
  await sendMail(database.db, { to: "someone@example.test", subject: "other", text: "hello", at: at(2) })
  await sendMail(database.db, { to: "first.person@example.test", subject: "newer", text: "code 222222", at: at(3) })
})
afterAll(async () => {
  await database?.close()
  rmSync(staticDir, { recursive: true, force: true })
})

const mine = (messages: ReadonlyArray<{ subject: string }>) => messages.map((m) => m.subject).filter((s) => ["older", "other", "newer"].includes(s))

describe("the outbox", () => {
  it("sendMail stores a mail and returns it as listed", async () => {
    const sent = await sendMail(database.db, { to: "solo@example.test", subject: "Hi", text: "Body text", at: at(4) })
    expect(sent).toMatchObject({ to: "solo@example.test", subject: "Hi", text: "Body text", createdAt: at(4).toISOString() })
    expect(await listMailbox(database.db, "solo@example.test")).toEqual([sent])
  })

  it("lists the newest first and filters by address regardless of case", async () => {
    expect(mine(await listMailbox(database.db, "FIRST.PERSON@example.test"))).toEqual(["newer", "older"])
    expect((await listMailbox(database.db, "first.person@example.test")).map((m) => m.text)).toEqual(["code 222222", "code 111111"])
    expect(mine(await listMailbox(database.db, undefined))).toEqual(["newer", "other", "older"])
    expect(await listMailbox(database.db, "nobody@example.test")).toEqual([])
  })

  it("returns at most 50 messages, the newest", async () => {
    for (let i = 0; i < 55; i++) await sendMail(database.db, { to: "bulk@example.test", subject: `n${i}`, text: "", at: at(10 + i) })
    const listed = await listMailbox(database.db, "bulk@example.test", 1000)
    expect(listed).toHaveLength(50)
    expect(listed[0]!.subject).toBe("n54")
    expect(listed[49]!.subject).toBe("n5")
    expect(await listMailbox(database.db, "bulk@example.test", 3)).toHaveLength(3)
  })
})

describe("GET /api/dev/mailbox", () => {
  const get = async (app: ReturnType<typeof createApp>, target: string) => app.request(target, await signedInit({ target, timestamp: NOW }))

  it("lists the outbox for an address in demo mode", async () => {
    const app = createApp({ database, config: testConfig({ DATA_DIR: database.dataDir, STATIC_DIR: staticDir }), now: () => NOW })
    const res = await get(app, "/api/dev/mailbox?to=First.Person%40example.test")
    expect(res.status).toBe(200)
    const messages = (await res.json()) as ReadonlyArray<{ id: number; to: string; subject: string; text: string; createdAt: string }>
    expect(messages.map((m) => [m.subject, m.to, m.createdAt])).toEqual([
      ["newer", "first.person@example.test", at(3).toISOString()],
      ["older", "First.Person@Example.test", at(1).toISOString()],
    ])
    const all = (await (await get(app, "/api/dev/mailbox")).json()) as ReadonlyArray<unknown>
    expect(all).toHaveLength(50)
  })

  it("never shows mail to a real address, with or without `to` (no account takeover through the outbox)", async () => {
    await sendMail(database.db, { to: "Victim@Gmail.com", subject: "reset-victim", text: "https://app/reset-password/secret", at: at(100) })
    await sendMail(database.db, { to: "someone@example.test.evil.com", subject: "reset-lookalike", text: "secret", at: at(101) })
    const app = createApp({ database, config: testConfig({ DATA_DIR: database.dataDir, STATIC_DIR: staticDir }), now: () => NOW })
    for (const target of ["/api/dev/mailbox", "/api/dev/mailbox?to=victim%40gmail.com", "/api/dev/mailbox?to=someone%40example.test.evil.com"]) {
      const res = await get(app, target)
      expect(res.status).toBe(200)
      const subjects = ((await res.json()) as ReadonlyArray<{ subject: string }>).map((m) => m.subject)
      expect(subjects, target).not.toContain("reset-victim")
      expect(subjects, target).not.toContain("reset-lookalike")
    }
    // The demo world's addresses still work.
    expect(mine(await listMailbox(database.db, "first.person@example.test"))).toEqual(["newer", "older"])
  })

  it("does not exist when DEMO_MODE=0", async () => {
    const app = createApp({ database, config: testConfig({ DATA_DIR: database.dataDir, DEMO_MODE: "0", STATIC_DIR: staticDir }), now: () => NOW })
    const res = await get(app, "/api/dev/mailbox?to=first.person%40example.test")
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({ statusCode: 404, code: ErrorCodes.notFound })
  })
})
