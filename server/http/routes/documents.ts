/**
 * Identity documents (spec part 2 sections 2, 3, 5 and 7; issues 11 and 30), for the signed-in
 * user's own documents only (another user's documentId is a 404):
 *   GET  /users/document               DocumentList, newest first, without image bytes (`document: null`)
 *   GET  /users/document/:documentId   Document with its image as a data URL (not in the spec: the details modal)
 *   POST /users/document               UploadDocumentRequest -> Message, 201 (Idempotency-Key required).
 *                                      The image is judged by its decoded bytes, never a name: a JPEG or
 *                                      PNG of at most MAX_UPLOAD_BYTES that decodes in full to at most
 *                                      MAX_IMAGE_PIXELS pixels (../../documents/images.ts), oriented and
 *                                      written afresh without any metadata, stored as a file under a name
 *                                      the server makes (../../documents/files.ts); the row holds the
 *                                      metadata. Per-user limits (../../documents/upload-limits.ts): a
 *                                      few uploads at once and a daily number, else 429 with Retry-After.
 *                                      The route's body limit is UPLOAD_BODY_LIMIT (the data URL of a
 *                                      10,000,000-byte image and its JSON).
 */
import type { Message } from "../../../src/contract/common"
import { UploadDocumentRequest, type Document, type DocumentList } from "../../../src/contract/documents"
import { ErrorCodes } from "../../../src/contract/errors"
import { MAX_IMAGE_PIXELS, MAX_UPLOAD_BYTES, UPLOAD_BODY_LIMIT } from "../../../src/domain/upload"
import { requireSession } from "../../auth/session"
import { isUuid } from "../../auth/users"
import { documentFiles, newDocumentFileName } from "../../documents/files"
import { NEW_DOCUMENT_STATUS } from "../../documents/review"
import { cleanImage } from "../../documents/images"
import { finishUpload, startUpload, UploadLimitedError } from "../../documents/upload-limits"
import { decodeOrBadRequest, parseJsonBody } from "../body"
import type { ApiRoutes } from "../context"
import { ApiError, ApiErrors } from "../errors"
import { idempotent } from "../idempotency"
import { yieldIfLarge } from "../yield"

/** The answer of a stored upload. */
export const DOCUMENT_UPLOADED_MESSAGE = "Document Uploaded Successfully"
/** A documentId that is not one of the user's. */
export const DOCUMENT_NOT_FOUND = "No such document."

const INVALID_FILE = "Invalid File Selection"
const TOO_LARGE = "File too large (10mb Max)"
/** An image that starts like a JPEG or PNG but does not decode. */
export const UNREADABLE_IMAGE = "This image could not be read: it is damaged or not a complete JPEG or PNG. Choose another photo or scan."
/** An image above the pixel limit. */
export const tooManyPixelsText = (megapixels: number) =>
  `This image is too large: ${megapixels} megapixels, at most ${MAX_IMAGE_PIXELS / 1_000_000} are accepted. Choose a smaller photo or scan.`

export const documentRoutes: ApiRoutes = {
  name: "documents",
  bodyLimits: [{ method: "POST", path: "/users/document", maxBytes: UPLOAD_BODY_LIMIT }],
  mount: (api, deps) => {
    const { db } = deps.database
    const signedIn = requireSession(deps, { satisfied: true })
    const once = idempotent(deps)
    const files = documentFiles(deps.config.documentsDir)
    const limits = { atOnce: deps.config.uploadsPerUserAtOnce, perDay: deps.config.uploadsPerUserPerDay }
    const listed = ["id", "type", "status", "idType", "idValue", "rejectionReason", "createdAt"] as const
    type Listed = {
      id: string
      type: Document["type"]
      status: string
      idType: string | null
      idValue: string | null
      rejectionReason: string | null
      createdAt: Date | string
    }
    const toDocument = (r: Listed, image: string | null): Document => ({
      documentId: r.id,
      type: r.type,
      status: r.status,
      idType: r.idType,
      idValue: r.idValue,
      created: new Date(r.createdAt).toISOString(),
      rejectionReason: r.rejectionReason,
      document: image,
    })

    api.get("/users/document", signedIn, async (c) => {
      const rows = await db
        .selectFrom("documents")
        .select(listed)
        .where("userId", "=", c.get("session").userId)
        .orderBy("createdAt", "desc")
        .orderBy("id")
        .execute()
      const answer: DocumentList = rows.map((r) => toDocument(r, null))
      return c.json(answer)
    })

    api.get("/users/document/:documentId", signedIn, async (c) => {
      const documentId = c.req.param("documentId")
      if (!isUuid(documentId)) throw ApiErrors.notFound(DOCUMENT_NOT_FOUND)
      const row = await db
        .selectFrom("documents")
        .select([...listed, "contentType", "fileName"])
        .where("id", "=", documentId)
        .where("userId", "=", c.get("session").userId)
        .executeTakeFirst()
      if (!row) throw ApiErrors.notFound(DOCUMENT_NOT_FOUND)
      const bytes = await files.read(row.fileName)
      const answer: Document = toDocument(row, `data:${row.contentType};base64,${bytes.toString("base64")}`)
      return c.json(answer)
    })

    api.post("/users/document", signedIn, once, async (c) => {
      const userId = c.get("session").userId
      let attempt: string
      try {
        attempt = await startUpload(db, userId, deps.now, limits)
      } catch (error) {
        if (error instanceof UploadLimitedError) c.header("Retry-After", String(error.retryAfterSeconds))
        throw error
      }
      try {
        // Parsing, checking and decoding 13 MB of text take a few tens of milliseconds each: other requests get a turn in between.
        const raw = c.get("rawBody")
        await yieldIfLarge(raw)
        const json = parseJsonBody(raw)
        await yieldIfLarge(raw)
        const body = decodeOrBadRequest(UploadDocumentRequest, json)
        await yieldIfLarge(raw)
        const bytes = Buffer.from(body.document.slice(body.document.indexOf(",") + 1), "base64")
        if (bytes.length > MAX_UPLOAD_BYTES) throw ApiErrors.badRequest(TOO_LARGE, { document: TOO_LARGE })
        const checked = await cleanImage(bytes)
        if (!checked.ok) {
          if (checked.reason === "not_an_image") throw ApiErrors.badRequest(INVALID_FILE, { document: INVALID_FILE })
          if (checked.reason === "unreadable") throw new ApiError(400, ErrorCodes.documentUnreadable, UNREADABLE_IMAGE, { document: UNREADABLE_IMAGE })
          const megapixels = Math.ceil(checked.pixels / 1_000_000)
          const text = tooManyPixelsText(megapixels)
          throw new ApiError(
            400,
            ErrorCodes.documentTooManyPixels,
            text,
            { document: text },
            { megapixels: String(megapixels), limit: String(MAX_IMAGE_PIXELS / 1_000_000) },
          )
        }
        const { image } = checked
        const fileName = newDocumentFileName(image.kind)
        await files.write(fileName, image.bytes)
        const blank = (v: string | undefined) => (v === undefined || v.trim() === "" ? null : v.trim())
        try {
          await db
            .insertInto("documents")
            .values({
              userId,
              type: body.type,
              status: NEW_DOCUMENT_STATUS,
              idType: blank(body.idType),
              idValue: blank(body.idValue),
              rejectionReason: null,
              contentType: image.contentType,
              fileName,
              content: null,
              createdAt: new Date(deps.now()),
              updatedAt: new Date(deps.now()),
            })
            .execute()
        } catch (error) {
          await files.remove(fileName)
          throw error
        }
      } finally {
        await finishUpload(db, attempt, deps.now())
      }
      const answer: Message = { message: DOCUMENT_UPLOADED_MESSAGE }
      return c.json(answer, 201)
    })
  },
}
