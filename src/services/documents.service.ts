import { Context, Effect, Layer } from "effect"
import type { Message } from "../contract/common"
import type { Document, DocumentList, UploadDocumentRequest } from "../contract/documents"
import type { ApiClient } from "./api-client"
import type { ApiFailure } from "./api-errors"
import { lazyLayer } from "./lazy-service"

type Call<A> = Effect.Effect<A, ApiFailure>

interface DocumentsShape {
  /** GET /users/document: the user's documents, newest first, without their images. */
  list(): Call<DocumentList>
  /** GET /users/document/:documentId: one document with its image as a data URL. */
  details(documentId: string): Call<Document>
  /** POST /users/document; `idempotencyKey` is one per user intent, reused on retry. */
  upload(body: UploadDocumentRequest, idempotencyKey: string): Call<Message>
}

/**
 * The identity-document calls of spec part 2 section 7 (list, upload) and the details call the
 * reference server adds for the details modal. Layers: `layer` (through the ApiClient).
 */
export class Documents extends Context.Service<Documents, DocumentsShape>()("chartfolio/services/Documents") {
  static readonly layer: Layer.Layer<Documents, never, ApiClient> = lazyLayer(Documents, () => import("./documents.live"))
}
