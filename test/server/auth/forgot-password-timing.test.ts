/**
 * Forgot password answers before it looks the e-mail up: the lookup, the reset ref and the mail
 * run after the answer (AppDeps.afterAnswer), so a known and an unknown address cost the request
 * the same work and take the same time. Checked here by holding the after-answer work in a queue.
 */
import { rmSync } from "node:fs"
import { afterAll, beforeAll, expect, it } from "vitest"
import { createApp } from "../../../server/http/app"
import { listMailbox } from "../../../server/mail/outbox"
import { DEMO_EMAILS } from "../../../server/db/seed/demo-users"
import { fakeBuild, NOW, testConfig } from "../http/fixtures"
import { signedInit } from "../http/signing"
import { createTestDatabase } from "../support/test-database"

let database: Awaited<ReturnType<typeof createTestDatabase>>
const staticDir = fakeBuild()
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(async () => {
  await database?.close()
  rmSync(staticDir, { recursive: true, force: true })
})

it("answers a known and an unknown e-mail alike without having looked either up; the link is mailed afterwards, to the known one only", async () => {
  const queued: Array<() => Promise<void>> = []
  const app = createApp({
    database,
    config: testConfig({ DATA_DIR: database.dataDir, STATIC_DIR: staticDir }),
    now: () => NOW,
    afterAnswer: (task) => queued.push(task),
  })
  const forgot = async (email: string) => {
    const body = JSON.stringify({ email })
    return app.request("/api/auth/forgot-password", await signedInit({ method: "POST", target: "/api/auth/forgot-password", body, timestamp: NOW }))
  }
  const mailsTo = async (to: string) => (await listMailbox(database.db, to)).filter((m) => m.subject === "Reset your Chartfolio password").length

  const before = await mailsTo(DEMO_EMAILS.demo)
  const known = await forgot(DEMO_EMAILS.demo)
  const unknown = await forgot("nobody.at.all@example.test")
  expect(known.status).toBe(200)
  expect(await known.json()).toEqual(await unknown.json())
  // Both answered with the work still waiting: nothing was looked up or written on the request path.
  expect(queued).toHaveLength(2)
  expect(await mailsTo(DEMO_EMAILS.demo)).toBe(before)

  for (const task of queued.splice(0)) await task()
  expect(await mailsTo(DEMO_EMAILS.demo)).toBe(before + 1)
  expect(await mailsTo("nobody.at.all@example.test")).toBe(0)
})
