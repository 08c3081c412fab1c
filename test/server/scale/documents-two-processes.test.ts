/**
 * Documents with two API processes on one PostgreSQL (issue 30): the processes share only the
 * database and the documents directory (DOCUMENTS_DIR). A document uploaded through one is
 * downloaded through the other, byte for byte; the seeded documents, moved to files by whichever
 * process started first, download through both; and the per-user limit of uploads at once holds
 * across the processes: of six 10 MB uploads sent together to both, never more than two run at the
 * same moment. Runs in the PostgreSQL pass (DATABASE_URL set).
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { randomBytes } from "node:crypto"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ErrorCodes } from "../../../src/contract/errors"
import { seedId } from "../../../server/db/seed/ids"
import { photo } from "../documents/image-fixtures"
import type { LiveClient } from "../support/live-server"
import type { TestDatabase } from "../support/test-database"
import { startTwoProcesses, type TwoProcesses } from "../support/two-processes"

const USER = seedId("user", "demo")
let database: TestDatabase
let documentsDir: string
let processes: TwoProcesses | undefined
let a: LiveClient
let b: LiveClient
let token: string

beforeAll(async () => {
  documentsDir = mkdtempSync(join(tmpdir(), "chartfolio-documents-"))
  processes = await startTwoProcesses({ DOCUMENTS_DIR: documentsDir, UPLOADS_PER_USER_AT_ONCE: "2", UPLOADS_PER_USER_PER_DAY: "50" })
  ;({ database, a, b, token } = processes)
}, 180_000)

afterAll(async () => {
  await processes?.stop()
  if (documentsDir) rmSync(documentsDir, { recursive: true, force: true })
})

const dataUrl = (bytes: Uint8Array) => `data:image/png;base64,${Buffer.from(bytes).toString("base64")}`
const upload = (client: LiveClient, bytes: Uint8Array) =>
  client.call("POST", "/api/users/document", {
    token,
    body: { type: "PICTURE_ID", document: dataUrl(bytes) },
    headers: { "Idempotency-Key": crypto.randomUUID() },
  })
const imageVia = async (client: LiveClient, documentId: string): Promise<string> => {
  const res = await client.call("GET", `/api/users/document/${documentId}`, { token })
  expect(res.status).toBe(200)
  return res.body.document as string
}
const newestId = async (client: LiveClient): Promise<string> =>
  ((await client.call("GET", "/api/users/document", { token })).body as Array<{ documentId: string }>)[0]!.documentId

describe("documents on two processes", () => {
  it("a document uploaded through one process downloads through the other, the same bytes; so do the seeded ones", async () => {
    expect((await upload(a, await photo("png"))).status).toBe(201)
    const id = await newestId(b)
    const viaA = await imageVia(a, id)
    expect(await imageVia(b, id)).toBe(viaA)
    expect((await sharp(Buffer.from(viaA.slice(viaA.indexOf(",") + 1), "base64")).metadata()).width).toBe(80)
    const seeded = seedId("document", "demo-tax")
    expect(await imageVia(b, seeded)).toBe(await imageVia(a, seeded))
  })

  it("of six 10 MB uploads sent together to both processes, never more than two run at once, the others are answered 429", async () => {
    await database.db.deleteFrom("documentUploadAttempts").execute()
    const noise = await sharp(randomBytes(1800 * 1800 * 3), { raw: { width: 1800, height: 1800, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer()
    expect(noise.length).toBeGreaterThan(9_000_000)
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => upload(i % 2 === 0 ? a : b, noise)))
    const statuses = answers.map((r) => r.status)
    expect(
      statuses.every((s) => s === 201 || s === 429),
      statuses.join(),
    ).toBe(true)
    // The first two claims always find room; every refusal is the at-once limit.
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(2)
    for (const refused of answers.filter((r) => r.status === 429)) expect(refused.body.code).toBe(ErrorCodes.documentUploadsAtOnce)
    // The uploads that ran, from both processes (one clock: one machine), never overlapped three deep.
    const ran = await database.db.selectFrom("documentUploadAttempts").select(["startedAt", "finishedAt"]).where("userId", "=", USER).execute()
    expect(ran).toHaveLength(statuses.filter((s) => s === 201).length)
    const at = (t: string | null) => new Date(t ?? Number.NaN).getTime()
    const deepest = Math.max(...ran.map((r) => ran.filter((o) => at(o.startedAt) <= at(r.startedAt) && at(r.startedAt) < at(o.finishedAt)).length))
    expect(deepest).toBeLessThanOrEqual(2)
  }, 120_000)
})
