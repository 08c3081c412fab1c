import { Effect } from "effect"
import { DocumentEndpoints as Endpoints } from "../contract/endpoints/documents"
import type { UploadDocumentRequest } from "../contract/documents"
import type { ApiClient } from "./api-client"

/** The live Documents service: its calls through the ApiClient (loaded with its first call, `lazyLayer`, which checks it against the service's shape). */
export default (api: ApiClient["Service"]) => {
  return {
    list: Effect.fn("Documents.list")(function* () {
      return yield* api.call(Endpoints.listDocuments)
    }),
    details: Effect.fn("Documents.details")(function* (documentId: string) {
      return yield* api.call(Endpoints.getDocument, { params: { documentId } })
    }),
    upload: Effect.fn("Documents.upload")(function* (body: UploadDocumentRequest, idempotencyKey: string) {
      return yield* api.call(Endpoints.uploadDocument, { body, idempotencyKey })
    }),
  }
}
