/**
 * The demo back office's document review with two API processes on one PostgreSQL (issue 36,
 * decision 0225): both processes run the order engine's pass, and so review every document that
 * has waited, every 500 ms. demo@ uploads documents through both; each is reviewed once, with
 * exactly one "document reviewed" notice and one mail, though both processes saw it waiting.
 * Runs in the PostgreSQL pass (DATABASE_URL set).
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DocumentList } from "../../../src/contract/documents"
import { DEMO_EMAILS } from "../../../server/db/seed/demo-users"
import { seedId } from "../../../server/db/seed/ids"
import { noticeMail } from "../../../server/notifications/mail-texts"
import { png } from "../documents/image-fixtures"
import type { LiveClient } from "../support/live-server"
import { startTwoProcesses, type TwoProcesses } from "../support/two-processes"

const USER = seedId("user", "demo")
const DOCUMENTS = 8
let documentsDir: string
let processes: TwoProcesses | undefined
let a: LiveClient
let b: LiveClient
let token: string

beforeAll(async () => {
  documentsDir = mkdtempSync(join(tmpdir(), "chartfolio-review-"))
  processes = await startTwoProcesses({ DOCUMENTS_DIR: documentsDir, DOCUMENT_REVIEW_MS: "1000" })
  ;({ a, b, token } = processes)
}, 180_000)

afterAll(async () => {
  await processes?.stop()
  if (documentsDir) rmSync(documentsDir, { recursive: true, force: true })
})

const documents = async (client: LiveClient) => {
  const res = await client.call("GET", "/api/users/document", { token })
  expect(res.status).toBe(200)
  return res.body as DocumentList
}

/** Polls until `done` holds (each process's engine runs every 500 ms); fails after 60 s. */
const until = async (what: string, done: () => Promise<boolean>): Promise<void> => {
  const end = Date.now() + 60_000
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`Still waiting for ${what} after 60 s`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

describe("document review on two processes", () => {
  it("one review, one notice and one mail per document", async () => {
    const db = processes!.database.db
    const image = `data:image/png;base64,${png().toString("base64")}`
    for (let i = 0; i < DOCUMENTS; i++) {
      const res = await (i % 2 === 0 ? a : b).call("POST", "/api/users/document", {
        token,
        body: i % 4 === 3 ? { type: "PICTURE_ID", document: image } : { type: "TAX", idType: "TIN", idValue: `TIN-${i}`, document: image },
        headers: { "Idempotency-Key": crypto.randomUUID() },
      })
      expect(res.status).toBe(201)
    }
    const uploaded = (await documents(a)).slice(0, DOCUMENTS)
    await until("every document to be reviewed", async () => (await documents(b)).every((d) => d.status !== "PENDING"))
    // A few more passes of both processes (a duplicate would land then).
    await new Promise((resolve) => setTimeout(resolve, 2_000))

    const listed = await documents(a)
    for (const d of uploaded) {
      const now = listed.find((x) => x.documentId === d.documentId)
      expect(now?.status, d.idType ?? d.type).toBe(d.type === "PICTURE_ID" ? "REJECTED" : "APPROVED")
    }
    const notices = await db
      .selectFrom("notifications")
      .select(["dedupeKey", "subject"])
      .where("userId", "=", USER)
      .where("kind", "=", "document-reviewed")
      .execute()
    for (const d of uploaded)
      expect(
        notices.filter((n) => n.subject.id === d.documentId),
        d.documentId,
      ).toHaveLength(1)
    // Every review (these and the seeded pending document's) mailed once: demo@ has this kind mailed by default.
    const mails = (await db.selectFrom("outbox").select("subject").where("toAddress", "=", DEMO_EMAILS.demo).execute()).filter(
      (m) => m.subject === noticeMail("document-reviewed", "en").subject,
    )
    expect(new Set(notices.map((n) => n.dedupeKey)).size).toBe(notices.length)
    expect(notices.length).toBeGreaterThanOrEqual(DOCUMENTS)
    expect(mails).toHaveLength(notices.length)
  })
})
