/**
 * Identity documents: the list entry and the upload body (spec part 2 sections 2, 3, 5 and 9).
 */
import { Schema } from "effect"
import { DOCUMENT_CATEGORIES, isImageDataUrl, MAX_ID_FIELD_LENGTH, MAX_UPLOAD_BYTES } from "../domain/upload"
import { IsoDate, requiredLiterals } from "./common"

export { DOCUMENT_CATEGORIES, MAX_UPLOAD_BYTES }

/** A document category (shown with underscores as spaces). */
export const DocumentCategory = Schema.Literals(DOCUMENT_CATEGORIES)
export type DocumentCategory = typeof DocumentCategory.Type

/**
 * An uploaded document. `type` is the category; `document` is the image as a data URL in the
 * details (GET /users/document/:documentId) and null in the list (GET /users/document carries no
 * image bytes); `rejectionReason` is set when the status is rejected.
 */
export const Document = Schema.Struct({
  documentId: Schema.String,
  type: DocumentCategory,
  status: Schema.String,
  idType: Schema.NullOr(Schema.String),
  idValue: Schema.NullOr(Schema.String),
  created: IsoDate,
  rejectionReason: Schema.NullOr(Schema.String),
  document: Schema.NullOr(Schema.String),
})
export type Document = typeof Document.Type

/** The answer of GET /users/document, newest first. */
export const DocumentList = Schema.Array(Document)
export type DocumentList = typeof DocumentList.Type

/** Decoded size of base64 text, without decoding it. */
const base64Bytes = (b64: string): number => {
  const padding = b64.endsWith("==") ? 2 : b64.endsWith("=") ? 1 : 0
  return Math.floor((b64.length * 3) / 4) - padding
}

/**
 * A file as the upload sends it: a base64 data URL of a JPEG or PNG image
 * ("data:image/png;base64,..."), at most `MAX_UPLOAD_BYTES` once decoded. Missing: 'Select
 * document File'; another kind: 'Invalid File Selection'; too big: 'File too large (10mb Max)'.
 * The server also checks the decoded bytes' magic numbers.
 */
export const ImageDataUrl = Schema.String.annotate({ message: "Select document File" })
  .check(
    Schema.makeFilter<string>((s) => s.trim() !== "" || "Select document File"),
    Schema.makeFilter<string>((s) => isImageDataUrl(s) || "Invalid File Selection", {
      // Guides generated test values only (effect's Arbitrary): a data URL of a few base64 bytes.
      arbitraryConstraint: { patterns: [{ source: "^data:image/(jpeg|png);base64,[A-Za-z0-9+/]{4,64}$", flags: "" }] },
    }),
    Schema.makeFilter<string>((s) => base64Bytes(s.slice(s.indexOf(",") + 1)) <= MAX_UPLOAD_BYTES || "File too large (10mb Max)"),
  )
  .pipe(Schema.annotateKey({ messageMissingKey: "Select document File" }))
export type ImageDataUrl = typeof ImageDataUrl.Type

/** An optional ID type or value: at most `MAX_ID_FIELD_LENGTH` characters (so the upload's body limit holds). */
const idField = Schema.String.check(Schema.makeFilter<string>((s) => s.length <= MAX_ID_FIELD_LENGTH || `At most ${MAX_ID_FIELD_LENGTH} characters.`))

/**
 * POST /users/document body (send an Idempotency-Key): the category ('Please provide document
 * Category'), optional ID type and value, and the image as a data URL. Answer: `Message`.
 */
export const UploadDocumentRequest = Schema.Struct({
  type: requiredLiterals(DOCUMENT_CATEGORIES, "Please provide document Category"),
  idType: Schema.optionalKey(idField),
  idValue: Schema.optionalKey(idField),
  document: ImageDataUrl,
})
export type UploadDocumentRequest = typeof UploadDocumentRequest.Type
