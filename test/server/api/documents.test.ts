/**
 * Identity documents: the list (no image bytes), the details (the image, another user's id a
 * 404), and POST /users/document judging the decoded image (issues 11 and 30): real JPEG and PNG
 * only (a text file named .png is refused), decoded in full (each kind of undecodable image the
 * outside probe sent is refused with its code), at most 10,000,000 bytes and 40 megapixels, the
 * EXIF orientation applied, written afresh with no metadata exiftool can find, stored as a file
 * under a name the server makes with the row holding only the metadata; the route's body limit
 * (above it a 413 before anything is read); the per-user limits (uploads at once, uploads a day:
 * 429 with Retry-After, the limit in `values`, nothing stored). On both databases.
 */
import { existsSync } from "node:fs"
import { join } from "node:path"
import { sql } from "kysely"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Document, DocumentList } from "../../../src/contract/documents"
import { ErrorCodes } from "../../../src/contract/errors"
import { MAX_UPLOAD_BYTES, UPLOAD_BODY_LIMIT } from "../../../src/domain/upload"
import { seedId } from "../../../server/db/seed/ids"
import { documentFiles } from "../../../server/documents/files"
import { DAILY_LIMIT_TEXT, STALE_AFTER_MS, UPLOAD_DAY_MS, UPLOADS_AT_ONCE_TEXT } from "../../../server/documents/upload-limits"
import { DOCUMENT_UPLOADED_MESSAGE, tooManyPixelsText, UNREADABLE_IMAGE } from "../../../server/http/routes/documents"
import {
  gpsExif,
  gpsTagsOf,
  greyPng,
  metadataTags,
  photo,
  png,
  pngOfSize,
  privateMetadataChunks,
  standardMetadataChunks,
  undecodable,
  withChunks,
  withTags,
} from "../documents/image-fixtures"
import { decode, SEEDED, startApiHarness, type ApiHarness } from "./api-harness"

const dataUrl = (bytes: Uint8Array, mime = "image/png") => `data:${mime};base64,${Buffer.from(bytes).toString("base64")}`
const imageOf = (details: Document): Buffer => Buffer.from(details.document!.slice(details.document!.indexOf(",") + 1), "base64")

/** The calls of one harness. */
const client = (h: () => ApiHarness) => {
  const upload = async (body: unknown, user: "demo" | "app" = "demo") => {
    h().clock.advance(1_000) // the harness clock stands still: each upload is a second newer
    return h().send("POST", "/api/users/document", { token: await h().tokenOf(user), body, headers: { "Idempotency-Key": crypto.randomUUID() } })
  }
  const list = async (user: "demo" | "app" = "demo") =>
    decode(DocumentList, (await h().send("GET", "/api/users/document", { token: await h().tokenOf(user) })).body)
  const details = async (documentId: string, user: "demo" | "app" = "demo") => {
    const res = await h().send("GET", `/api/users/document/${documentId}`, { token: await h().tokenOf(user) })
    expect(res.status).toBe(200)
    return decode(Document, res.body)
  }
  /** The newest document's details: what the user downloads. */
  const newest = async (user: "demo" | "app" = "demo") => details((await list(user))[0]!.documentId, user)
  const rows = (user: string = SEEDED.users.demo) =>
    h().database.db.selectFrom("documents").selectAll().where("userId", "=", user).orderBy("createdAt", "desc").execute()
  const files = () => documentFiles(h().config.documentsDir).list()
  return { upload, list, details, newest, rows, files }
}

describe("documents, with roomy upload limits", () => {
  let h: ApiHarness
  beforeAll(async () => {
    h = await startApiHarness()
  }, 60_000)
  afterAll(() => h?.close())
  const { upload, list, details, newest, rows, files } = client(() => h)

  describe("GET /users/document and /users/document/:documentId", () => {
    it("lists the user's documents newest first without image bytes; the details carry the seeded image, now read from its file", async () => {
      const docs = await list()
      expect(docs.map((d) => d.type)).toEqual(["PROOF_OF_ADDRESS", "TAX", "PICTURE_ID"])
      expect(docs.every((d) => d.document === null)).toBe(true)
      expect(docs[1]).toMatchObject({ status: "REJECTED", idType: "TIN", rejectionReason: expect.stringMatching(/blurred/) })
      const shown = await details(docs[1]!.documentId)
      expect(shown.document).toMatch(/^data:image\/png;base64,iVBORw0KGgo/)
      expect(shown.rejectionReason).toMatch(/blurred/)
      expect((await sharp(imageOf(shown)).metadata()).format).toBe("png")
      // The seeded bytes were moved out of the database into the documents directory.
      const seeded = await rows()
      expect(seeded.every((r) => r.content === null)).toBe(true)
      for (const row of seeded) expect(existsSync(join(h.config.documentsDir, row.fileName.slice(0, 2), row.fileName)), row.fileName).toBe(true)
    })

    it("another user's documentId, an unknown one and a malformed one answer 404", async () => {
      const token = await h.tokenOf("demo")
      for (const id of [seedId("document", "app-picture-id"), crypto.randomUUID(), "not-an-id"]) {
        expect((await h.send("GET", `/api/users/document/${id}`, { token })).status, id).toBe(404)
      }
    })
  })

  describe("POST /users/document", () => {
    it("stores a PNG as a file under a server-made name, without tEXt, zTXt, iTXt, eXIf, and lists it first", async () => {
      const exif = gpsExif()
      const sent = withChunks(await photo("png"), standardMetadataChunks(exif))
      expect(gpsTagsOf(sent)).toContain("Composite:GPSPosition")
      const res = await upload({ type: "PICTURE_ID", idType: "NIN", idValue: "12345678901", document: dataUrl(sent) })
      expect(res.status).toBe(201)
      expect(res.body).toEqual({ message: DOCUMENT_UPLOADED_MESSAGE })
      const row = (await rows())[0]!
      expect(row).toMatchObject({ type: "PICTURE_ID", status: "PENDING", idType: "NIN", idValue: "12345678901", contentType: "image/png", content: null })
      expect(row.fileName).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.png$/)
      expect((await files()).map((f) => f.name)).toContain(row.fileName)
      const first = (await list())[0]!
      expect(first).toMatchObject({ type: "PICTURE_ID", idType: "NIN", status: "PENDING", document: null })
      const downloaded = imageOf(await details(first.documentId))
      expect(metadataTags(downloaded)).toEqual([])
      expect(await sharp(downloaded).metadata()).toMatchObject({ format: "png", width: 80, height: 40 })
    })

    it("no GPS survives in the PNG chunk names exiftool reads outside the standard (exIf, zxIf, tXMP)", async () => {
      const sent = withChunks(await photo("png"), privateMetadataChunks(gpsExif()))
      expect(gpsTagsOf(sent)).toContain("Composite:GPSPosition")
      expect((await upload({ type: "PROOF_OF_ADDRESS", document: dataUrl(sent) })).status).toBe(201)
      expect(metadataTags(imageOf(await newest()))).toEqual([])
    })

    it("stores a JPEG without its EXIF GPS position, XMP or comment, whatever MIME type the data URL claims", async () => {
      const sent = withTags(await photo("jpeg"), "jpeg", [
        "-GPSLatitude=6.5244",
        "-GPSLatitudeRef=N",
        "-GPSLongitude=3.3792",
        "-GPSLongitudeRef=E",
        "-XMP:Description=taken at home",
        "-Comment=at home",
      ])
      expect(gpsTagsOf(sent)).toContain("Composite:GPSPosition")
      const res = await upload({ type: "PROOF_OF_ADDRESS", document: dataUrl(sent, "image/png") })
      expect(res.status).toBe(201)
      const row = (await rows())[0]!
      expect(row).toMatchObject({ contentType: "image/jpeg", idType: null, idValue: null })
      expect(row.fileName).toMatch(/\.jpg$/)
      const downloaded = await newest()
      expect(downloaded.document).toMatch(/^data:image\/jpeg;base64,/)
      expect(metadataTags(imageOf(downloaded))).toEqual([])
    })

    it("applies the EXIF orientation: a photo taken upright downloads upright", async () => {
      const sent = withTags(await photo("jpeg", 80, 40), "jpeg", ["-Orientation#=6"])
      expect((await upload({ type: "PICTURE_ID", document: dataUrl(sent, "image/jpeg") })).status).toBe(201)
      const meta = await sharp(imageOf(await newest())).metadata()
      expect([meta.width, meta.height, meta.orientation]).toEqual([40, 80, undefined])
    })

    it("refuses every image that does not decode with its own code and text, and stores nothing", async () => {
      const before = [(await rows()).length, (await files()).length]
      for (const [what, bytes] of Object.entries(await undecodable())) {
        const res = await upload({ type: "TAX", document: dataUrl(bytes, bytes[0] === 0xff ? "image/jpeg" : "image/png") })
        expect(res.status, what).toBe(400)
        expect(res.body, what).toMatchObject({ code: ErrorCodes.documentUnreadable, error: UNREADABLE_IMAGE, message: { document: UNREADABLE_IMAGE } })
      }
      // A PNG signature with text after it is refused the same way.
      const fakeSignature = await upload({ type: "TAX", document: dataUrl(Buffer.concat([png().subarray(0, 8), Buffer.from("text after a PNG signature")])) })
      expect(fakeSignature.body).toMatchObject({ code: ErrorCodes.documentUnreadable })
      expect([(await rows()).length, (await files()).length]).toEqual(before)
    })

    it("refuses an image above 40 megapixels however small its file, naming its size and the limit", async () => {
      const bomb = greyPng(8000, 5001)
      expect(bomb.length).toBeLessThan(100_000)
      const before = (await rows()).length
      const res = await upload({ type: "TAX", document: dataUrl(bomb) })
      expect(res.status).toBe(400)
      expect(res.body).toMatchObject({ code: ErrorCodes.documentTooManyPixels, error: tooManyPixelsText(41), values: { megapixels: "41", limit: "40" } })
      expect((await rows()).length).toBe(before)
    })

    it("refuses a text file named as an image, a non-image data URL, a missing file and a missing category", async () => {
      const before = (await rows()).length
      const renamedText = await upload({ type: "TAX", document: dataUrl(Buffer.from("This is a text file renamed to id.png\n")) })
      expect(renamedText.status).toBe(400)
      expect(renamedText.body.message).toEqual({ document: "Invalid File Selection" })
      expect((await upload({ type: "TAX", document: "data:text/plain;base64,aGVsbG8=" })).body.message).toEqual({ document: "Invalid File Selection" })
      expect((await upload({ type: "TAX" })).body.message).toEqual({ document: "Select document File" })
      expect((await upload({ document: dataUrl(png()) })).body.message).toEqual({ type: "Please provide document Category" })
      expect((await rows()).length).toBe(before)
    })

    it("takes an image of exactly 10,000,000 bytes (stored as the image alone) and refuses one of 10,000,001 bytes", async () => {
      const atLimit = await upload({ type: "TRUST_DOCUMENTS", document: dataUrl(pngOfSize(MAX_UPLOAD_BYTES)) })
      expect(atLimit.status).toBe(201)
      expect((await rows())[0]!.type).toBe("TRUST_DOCUMENTS")
      // The private chunk that padded the file is not image data: the stored file is the 1x1 pixel alone.
      const stored = imageOf(await newest())
      expect(stored.length).toBeLessThan(200)
      expect(await sharp(stored).metadata()).toMatchObject({ width: 1, height: 1 })
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
})

describe("per-user upload limits (2 at once, 50 a day)", () => {
  let h: ApiHarness
  beforeAll(async () => {
    h = await startApiHarness({ env: { UPLOADS_PER_USER_AT_ONCE: "2", UPLOADS_PER_USER_PER_DAY: "50" } })
  }, 60_000)
  afterAll(() => h?.close())
  const { upload, rows, files } = client(() => h)
  const attempts = () => h.database.db.selectFrom("documentUploadAttempts")
  /** Upload attempts of the demo user started `msAgo` before the harness clock, running (no end) or finished. */
  const recordAttempts = async (count: number, msAgo: number, running: boolean) => {
    const startedAt = new Date(h.clock.now() - msAgo)
    await h.database.db
      .insertInto("documentUploadAttempts")
      .values(Array.from({ length: count }, () => ({ userId: SEEDED.users.demo, startedAt, finishedAt: running ? null : startedAt })))
      .execute()
  }
  const clearAttempts = () => h.database.db.deleteFrom("documentUploadAttempts").execute()

  it("a third upload while two of the user's uploads run (on any server process) answers 429 and stores nothing; another user is not affected", async () => {
    await clearAttempts()
    await recordAttempts(2, 2_000, true)
    const before = [(await rows()).length, (await files()).length]
    const refused = await upload({ type: "TAX", document: dataUrl(png()) })
    expect(refused.status).toBe(429)
    expect(refused.body).toMatchObject({ code: ErrorCodes.documentUploadsAtOnce, error: UPLOADS_AT_ONCE_TEXT(2), values: { limit: "2" } })
    expect(refused.headers.get("Retry-After")).toBe("5")
    expect([(await rows()).length, (await files()).length]).toEqual(before)
    expect((await upload({ type: "TAX", document: dataUrl(png()) }, "app")).status).toBe(201)
    // Once one of them finishes, the upload goes through.
    await h.database.db
      .updateTable("documentUploadAttempts")
      .set({ finishedAt: new Date(h.clock.now()) })
      .where("userId", "=", SEEDED.users.demo)
      .execute()
    expect((await upload({ type: "TAX", document: dataUrl(png()) })).status).toBe(201)
    expect((await rows()).length).toBe(before[0]! + 1)
  })

  it("an upload left running by a process that stopped stops counting after 10 minutes", async () => {
    await clearAttempts()
    await recordAttempts(2, STALE_AFTER_MS + 1_000, true)
    expect((await upload({ type: "TAX", document: dataUrl(png()) })).status).toBe(201)
  })

  it("each upload counts once, running while it runs and for the day once finished, a refused image too", async () => {
    await clearAttempts()
    expect((await upload({ type: "TAX", document: dataUrl(png()) })).status).toBe(201)
    expect((await upload({ type: "TAX", document: dataUrl((await undecodable())["a cut-short PNG"]!) })).status).toBe(400)
    const counted = await attempts().select(["finishedAt"]).where("userId", "=", SEEDED.users.demo).execute()
    expect(counted).toHaveLength(2)
    expect(counted.every((a) => a.finishedAt !== null)).toBe(true)
  })

  it("the 51st upload within 24 hours answers 429 until the oldest is a day old; older uploads do not count", async () => {
    await clearAttempts()
    await recordAttempts(5, UPLOAD_DAY_MS + 60_000, false) // yesterday's: not counted
    await recordAttempts(49, 3 * 60 * 60_000, false) // three hours ago
    expect((await upload({ type: "TAX", document: dataUrl(png()) })).status).toBe(201) // the 50th
    const before = (await rows()).length
    const refused = await upload({ type: "TAX", document: dataUrl(png()) })
    expect(refused.status).toBe(429)
    expect(refused.body).toMatchObject({ code: ErrorCodes.documentDailyLimit, error: DAILY_LIMIT_TEXT(50), values: { limit: "50" } })
    // The oldest counted upload (three hours and two seconds ago: each upload moves the clock a second) leaves the window in 21 hours less two seconds.
    expect(Number(refused.headers.get("Retry-After"))).toBe((UPLOAD_DAY_MS - 3 * 60 * 60_000 - 2_000) / 1_000)
    expect((await rows()).length).toBe(before)
    // A refused upload is not recorded; yesterday's were deleted.
    expect(await attempts().select("id").where("userId", "=", SEEDED.users.demo).execute()).toHaveLength(50)
    // 21 hours later (the recorded uploads moved back, so the session stays valid): the oldest 49 no longer count.
    await h.database.db
      .updateTable("documentUploadAttempts")
      .set((eb) => ({ startedAt: sql<string>`${eb.ref("startedAt")} - interval '21 hours'` }))
      .execute()
    expect((await upload({ type: "TAX", document: dataUrl(png()) })).status).toBe(201)
  })
})
