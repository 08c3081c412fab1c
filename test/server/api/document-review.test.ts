/**
 * The demo back office's document review (issue 36, decision 0225): an uploaded document waits
 * its time, then is reviewed once, though passes run twice at once; the user gets one "document
 * reviewed" notice that links to the document and, when they have that kind mailed, one mail; a
 * picture ID without its number is rejected with the reason in the user's language; each notice
 * goes to the document's owner only. On both databases (the two-process run on PostgreSQL is
 * test/server/scale/document-review-two-processes.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DocumentList } from "../../../src/contract/documents"
import { NotificationPage } from "../../../src/contract/notifications"
import { notificationLink, type NotificationSubject } from "../../../src/domain/notifications"
import { DEMO_EMAILS } from "../../../server/db/seed/demo-users"
import { MISSING_ID_NUMBER_REASON, reviewDocuments } from "../../../server/documents/review"
import { noticeMail } from "../../../server/notifications/mail-texts"
import { png } from "../documents/image-fixtures"
import { decode, SEEDED, startApiHarness, type ApiHarness } from "./api-harness"

let h: ApiHarness
beforeAll(async () => {
  h = await startApiHarness()
}, 60_000)
afterAll(() => h?.close())

type User = "demo" | "app"
const WAIT = 60_000
const now = () => new Date(h.clock.now())
const IMAGE = `data:image/png;base64,${png().toString("base64")}`

/** Uploads a document as `user`; answers its id (the newest of the user's). */
const upload = async (body: { type: string; idType?: string; idValue?: string }, user: User = "demo"): Promise<string> => {
  h.clock.advance(1_000)
  const res = await h.send("POST", "/api/users/document", {
    token: await h.tokenOf(user),
    body: { ...body, document: IMAGE },
    headers: { "Idempotency-Key": crypto.randomUUID() },
  })
  expect(res.status).toBe(201)
  return decode(DocumentList, (await h.send("GET", "/api/users/document", { token: await h.tokenOf(user) })).body)[0]!.documentId
}
const documentOf = async (id: string, user: User = "demo") =>
  decode(DocumentList, (await h.send("GET", "/api/users/document", { token: await h.tokenOf(user) })).body).find((d) => d.documentId === id)
/** The user's "document reviewed" notices about document `id`, through the inbox's API. */
const noticesAbout = async (id: string, user: User = "demo") =>
  decode(
    NotificationPage,
    (await h.send("GET", "/api/users/notifications?kind=document-reviewed&limit=50", { token: await h.tokenOf(user) })).body,
  ).items.filter((n) => n.subject.id === id)
const reviewMails = async (user: User = "demo") =>
  (await h.mailbox(DEMO_EMAILS[user])).filter(
    (m) => m.subject === noticeMail("document-reviewed", "en").subject || m.subject === noticeMail("document-reviewed", "de").subject,
  )

describe("the demo back office's review", () => {
  it("reviews a document once after it waited: APPROVED, one notice that links to it, one mail", async () => {
    // Whatever waited before this test (the seeded pending document) is reviewed first.
    await reviewDocuments(h.database.db, now(), WAIT)
    const mailsBefore = (await reviewMails()).length
    const id = await upload({ type: "PICTURE_ID", idType: "PASSPORT", idValue: "P1234567" })

    // Not yet: it has waited less than its time.
    h.clock.advance(WAIT - 2_000)
    expect(await reviewDocuments(h.database.db, now(), WAIT)).toEqual([])
    expect((await documentOf(id))?.status).toBe("PENDING")

    // Its time has come: two passes at once review it once.
    h.clock.advance(2_000)
    const passes = await Promise.all([1, 2].map(() => reviewDocuments(h.database.db, now(), WAIT)))
    expect(passes.flat()).toEqual([{ documentId: id, userId: SEEDED.users.demo, outcome: "APPROVED" }])
    expect(await reviewDocuments(h.database.db, now(), WAIT)).toEqual([])
    expect(await documentOf(id)).toMatchObject({ status: "APPROVED", rejectionReason: null })

    const notices = await noticesAbout(id)
    expect(notices.map((n) => [n.kind, n.subject, n.params, n.readAt])).toEqual([
      ["document-reviewed", { type: "document", id }, { category: "PICTURE_ID", outcome: "APPROVED" }, null],
    ])
    // The notice links to the document: the documents page with its details open.
    expect(notificationLink(notices[0]!.subject as NotificationSubject)).toEqual({ to: "/user-account/documents", search: { document: id } })
    expect((await reviewMails()).length).toBe(mailsBefore + 1)
  })

  it("rejects a picture ID without its number, with the reason in the user's language; no mail when the user chose none", async () => {
    const token = await h.tokenOf("demo")
    const saved = await h.send("PUT", "/api/users/notification-preferences", { token, body: { mail: ["alert-fired"], language: "de" } })
    expect(saved.status).toBe(200)
    const mailsBefore = (await reviewMails()).length
    const id = await upload({ type: "PICTURE_ID_PROOF_OF_ADDRESS", idType: "PASSPORT", idValue: "  " })
    h.clock.advance(WAIT)
    expect(await reviewDocuments(h.database.db, now(), WAIT)).toEqual([{ documentId: id, userId: SEEDED.users.demo, outcome: "REJECTED" }])
    expect(await documentOf(id)).toMatchObject({ status: "REJECTED", rejectionReason: MISSING_ID_NUMBER_REASON.de })
    expect((await noticesAbout(id)).map((n) => n.params)).toEqual([{ category: "PICTURE_ID_PROOF_OF_ADDRESS", outcome: "REJECTED" }])
    expect((await reviewMails()).length).toBe(mailsBefore)
    await h.send("PUT", "/api/users/notification-preferences", { token, body: { mail: ["alert-fired", "document-reviewed"], language: "en" } })
  })

  it("tells the document's owner only; a tax form without a number is approved", async () => {
    const id = await upload({ type: "TAX" }, "app")
    h.clock.advance(WAIT)
    expect(await reviewDocuments(h.database.db, now(), WAIT)).toEqual([{ documentId: id, userId: SEEDED.users.app, outcome: "APPROVED" }])
    expect(await noticesAbout(id, "app")).toHaveLength(1)
    expect(await noticesAbout(id, "demo")).toEqual([])
  })
})
