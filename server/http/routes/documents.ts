/**
 * Identity documents (spec part 2 sections 2, 3, 5 and 7; issue 11), for the signed-in user's own
 * documents only (another user's documentId is a 404):
 *   GET  /users/document               DocumentList, newest first, without image bytes (`document: null`)
 *   GET  /users/document/:documentId   Document with its image as a data URL (not in the spec: the details modal)
 *   POST /users/document               UploadDocumentRequest -> Message, 201 (Idempotency-Key required).
 *                                      The image is judged by its decoded bytes, never a name: a real JPEG
 *                                      or PNG (../../documents/image-metadata.ts) of at most MAX_UPLOAD_BYTES,
 *                                      stored without its metadata (EXIF/GPS, text chunks) in the database
 *                                      under a name the server makes. The route's body limit is
 *                                      UPLOAD_BODY_LIMIT (the data URL of a 10,000,000-byte image and its JSON).
 */
import { randomUUID } from "node:crypto"
import type { Message } from "../../../src/contract/common"
import { UploadDocumentRequest, type Document, type DocumentList } from "../../../src/contract/documents"
import { MAX_UPLOAD_BYTES, UPLOAD_BODY_LIMIT } from "../../../src/domain/upload"
import { requireSession } from "../../auth/session"
import { isUuid } from "../../auth/users"
import { cleanImage } from "../../documents/image-metadata"
import { decodeOrBadRequest, parseJsonBody } from "../body"
import type { ApiRoutes } from "../context"
import { ApiErrors } from "../errors"
import { idempotent } from "../idempotency"

/** The answer of a stored upload. */
export const DOCUMENT_UPLOADED_MESSAGE = "Document Uploaded Successfully"
/** A documentId that is not one of the user's. */
export const DOCUMENT_NOT_FOUND = "No such document."
/** The status of a document that waits for review. */
export const NEW_DOCUMENT_STATUS = "PENDING"

const INVALID_FILE = "Invalid File Selection"
const TOO_LARGE = "File too large (10mb Max)"

export const documentRoutes: ApiRoutes = {
  name: "documents",
  bodyLimits: [{ method: "POST", path: "/users/document", maxBytes: UPLOAD_BODY_LIMIT }],
  mount: (api, deps) => {
    const { db } = deps.database
    const signedIn = requireSession(deps, { satisfied: true })
    const once = idempotent(deps)
    const listed = ["id", "type", "status", "idType", "idValue", "rejectionReason", "createdAt"] as const
    type Listed = { id: string; type: Document["type"]; status: string; idType: string | null; idValue: string | null; rejectionReason: string | null; createdAt: Date | string }
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
      const rows = await db.selectFrom("documents").select(listed).where("userId", "=", c.get("session").userId).orderBy("createdAt", "desc").orderBy("id").execute()
      const answer: DocumentList = rows.map((r) => toDocument(r, null))
      return c.json(answer)
    })

    api.get("/users/document/:documentId", signedIn, async (c) => {
      const documentId = c.req.param("documentId")
      if (!isUuid(documentId)) throw ApiErrors.notFound(DOCUMENT_NOT_FOUND)
      const row = await db
        .selectFrom("documents")
        .select([...listed, "contentType", "content"])
        .where("id", "=", documentId)
        .where("userId", "=", c.get("session").userId)
        .executeTakeFirst()
      if (!row) throw ApiErrors.notFound(DOCUMENT_NOT_FOUND)
      const answer: Document = toDocument(row, `data:${row.contentType};base64,${Buffer.from(row.content).toString("base64")}`)
      return c.json(answer)
    })

    api.post("/users/document", signedIn, once, async (c) => {
      const body = decodeOrBadRequest(UploadDocumentRequest, parseJsonBody(c.get("rawBody")))
      const bytes = Buffer.from(body.document.slice(body.document.indexOf(",") + 1), "base64")
      if (bytes.length > MAX_UPLOAD_BYTES) throw ApiErrors.badRequest(TOO_LARGE, { document: TOO_LARGE })
      const image = cleanImage(bytes)
      if (!image) throw ApiErrors.badRequest(INVALID_FILE, { document: INVALID_FILE })
      const blank = (v: string | undefined) => (v === undefined || v.trim() === "" ? null : v.trim())
      await db
        .insertInto("documents")
        .values({
          userId: c.get("session").userId,
          type: body.type,
          status: NEW_DOCUMENT_STATUS,
          idType: blank(body.idType),
          idValue: blank(body.idValue),
          rejectionReason: null,
          contentType: image.contentType,
          fileName: `${randomUUID()}.${image.kind === "png" ? "png" : "jpg"}`,
          content: image.bytes,
          createdAt: new Date(deps.now()),
          updatedAt: new Date(deps.now()),
        })
        .execute()
      const answer: Message = { message: DOCUMENT_UPLOADED_MESSAGE }
      return c.json(answer, 201)
    })
  },
}
