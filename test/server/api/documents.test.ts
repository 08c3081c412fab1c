/**
 * Identity documents: the list (no image bytes), the details (the image, another user's id a
 * 404), and POST /users/document judging the decoded bytes: real JPEG and PNG only (a text file
 * named .png is refused), at most 10,000,000 bytes (exactly at the limit stored, one byte above
 * refused), the route's body limit (above it a 413 before anything is read), metadata stripped
 * before storing, a name the server makes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Document, DocumentList } from "../../../src/contract/documents"
import { MAX_UPLOAD_BYTES, UPLOAD_BODY_LIMIT } from "../../../src/domain/upload"
import { seedId } from "../../../server/db/seed/ids"
import { DOCUMENT_UPLOADED_MESSAGE } from "../../../server/http/routes/documents"
import { contains, EXIF_CHUNK, EXIF_GPS_APP1, JFIF_APP0, jpeg, png, pngOfSize, TEXT_CHUNK } from "../documents/image-fixtures"
import { decode, SEEDED, startApiHarness, type ApiHarness } from "./api-harness"

let h: ApiHarness
beforeAll(async () => {
  h = await startApiHarness()
}, 60_000)
afterAll(() => h?.close())

const dataUrl = (bytes: Uint8Array, mime = "image/png") => `data:${mime};base64,${Buffer.from(bytes).toString("base64")}`
const upload = async (body: unknown, user: "demo" | "app" = "demo") => {
  h.clock.advance(1_000) // the harness clock stands still: each upload is a second newer
  return h.send("POST", "/api/users/document", { token: await h.tokenOf(user), body, headers: { "Idempotency-Key": crypto.randomUUID() } })
}
const list = async (user: "demo" | "app" = "demo") => decode(DocumentList, (await h.send("GET", "/api/users/document", { token: await h.tokenOf(user) })).body)
const storedRows = () => h.database.db.selectFrom("documents").selectAll().where("userId", "=", SEEDED.users.demo).orderBy("createdAt", "desc").execute()

describe("GET /users/document and /users/document/:documentId", () => {
  it("lists the user's documents newest first without image bytes; the details carry the image", async () => {
    const docs = await list()
    expect(docs.map((d) => d.type)).toEqual(["PROOF_OF_ADDRESS", "TAX", "PICTURE_ID"])
    expect(docs.every((d) => d.document === null)).toBe(true)
    expect(docs[1]).toMatchObject({ status: "REJECTED", idType: "TIN", rejectionReason: expect.stringMatching(/blurred/) })
    const res = await h.send("GET", `/api/users/document/${docs[1]!.documentId}`, { token: await h.tokenOf("demo") })
    expect(res.status).toBe(200)
    const details = decode(Document, res.body)
    expect(details.document).toMatch(/^data:image\/png;base64,iVBORw0KGgo/)
    expect(details.rejectionReason).toMatch(/blurred/)
  })

  it("another user's documentId, an unknown one and a malformed one answer 404", async () => {
    const token = await h.tokenOf("demo")
    for (const id of [seedId("document", "app-picture-id"), crypto.randomUUID(), "not-an-id"]) {
      expect((await h.send("GET", `/api/users/document/${id}`, { token })).status, id).toBe(404)
    }
  })
})

describe("POST /users/document", () => {
  it("stores a PNG without its tEXt and eXIf chunks under a server-made name, and lists it first", async () => {
    const res = await upload({ type: "PICTURE_ID", idType: "NIN", idValue: "12345678901", document: dataUrl(png(TEXT_CHUNK, EXIF_CHUNK)) })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({ message: DOCUMENT_UPLOADED_MESSAGE })
    const row = (await storedRows())[0]!
    expect(row).toMatchObject({ type: "PICTURE_ID", status: "PENDING", idType: "NIN", idValue: "12345678901", contentType: "image/png" })
    expect(row.fileName).toMatch(/^[0-9a-f-]{36}\.png$/)
    expect(Array.from(row.content)).toEqual(Array.from(png()))
    const first = (await list())[0]!
    expect(first).toMatchObject({ type: "PICTURE_ID", idType: "NIN", status: "PENDING", document: null })
    const details = decode(Document, (await h.send("GET", `/api/users/document/${first.documentId}`, { token: await h.tokenOf("demo") })).body)
    expect(details.document).toBe(dataUrl(png()))
  })

  it("stores a JPEG without its EXIF GPS APP1 segment, whatever MIME type the data URL claims", async () => {
    const res = await upload({ type: "PROOF_OF_ADDRESS", document: dataUrl(jpeg(JFIF_APP0, EXIF_GPS_APP1), "image/png") })
    expect(res.status).toBe(201)
    const row = (await storedRows())[0]!
    expect(row).toMatchObject({ contentType: "image/jpeg", idType: null, idValue: null })
    expect(row.fileName).toMatch(/\.jpg$/)
    expect(contains(row.content, "GPSLatitude")).toBe(false)
    expect(contains(row.content, "Exif")).toBe(false)
    expect(Array.from(row.content)).toEqual(Array.from(jpeg(JFIF_APP0)))
  })

  it("refuses a text file named as an image, a non-image data URL, a missing file and a missing category", async () => {
    const before = (await storedRows()).length
    const renamedText = await upload({ type: "TAX", document: dataUrl(Buffer.from("This is a text file renamed to id.png\n")) })
    expect(renamedText.status).toBe(400)
    expect(renamedText.body.message).toEqual({ document: "Invalid File Selection" })
    const fakeSignature = await upload({ type: "TAX", document: dataUrl(Uint8Array.from([...png().subarray(0, 8), ...Buffer.from("text after a PNG signature")])) })
    expect(fakeSignature.body.message).toEqual({ document: "Invalid File Selection" })
    expect((await upload({ type: "TAX", document: "data:text/plain;base64,aGVsbG8=" })).body.message).toEqual({ document: "Invalid File Selection" })
    expect((await upload({ type: "TAX" })).body.message).toEqual({ document: "Select document File" })
    expect((await upload({ document: dataUrl(png()) })).body.message).toEqual({ type: "Please provide document Category" })
    expect((await storedRows()).length).toBe(before)
  })

  it("takes an image of exactly 10,000,000 bytes and refuses one of 10,000,001 bytes", async () => {
    const atLimit = await upload({ type: "TRUST_DOCUMENTS", document: dataUrl(pngOfSize(MAX_UPLOAD_BYTES)) })
    expect(atLimit.status).toBe(201)
    const row = (await storedRows())[0]!
    expect(row.type).toBe("TRUST_DOCUMENTS")
    expect(row.content.length).toBe(MAX_UPLOAD_BYTES)
    const above = await upload({ type: "TRUST_DOCUMENTS", document: dataUrl(pngOfSize(MAX_UPLOAD_BYTES + 1)) })
    expect(above.status).toBe(400)
    expect(above.body.message).toEqual({ document: "File too large (10mb Max)" })
  }, 60_000)

  it("the body limit fits the largest upload exactly: a body one byte above it is a 413, other routes keep 64 kB", async () => {
    const token = await h.tokenOf("demo")
    const key = { "Idempotency-Key": crypto.randomUUID() }
    const filler = (length: number) => JSON.stringify({ type: "TAX", document: "x".repeat(length - JSON.stringify({ type: "TAX", document: "" }).length) })
    const over = await h.send("POST", "/api/users/document", { token, body: filler(UPLOAD_BODY_LIMIT + 1), headers: key })
    expect(over.status).toBe(413)
    const atLimit = await h.send("POST", "/api/users/document", { token, body: filler(UPLOAD_BODY_LIMIT), headers: key })
    expect(atLimit.status).toBe(400) // read and judged: not an image
    expect((await h.send("POST", "/api/users/withdraw", { token, body: filler(70_000), headers: key })).status).toBe(413)
  }, 60_000)
})
