import { Message } from "../common"
import { Document, DocumentList, UploadDocumentRequest } from "../documents"
import { endpoint, pathParams } from "../endpoint"

/** The identity documents (spec part 2). */
export const DocumentEndpoints = {
  listDocuments: endpoint({ name: "listDocuments", method: "GET", path: "/users/document", response: DocumentList }),
  /** Not in the spec ("document detail retrieval beyond the list: not shown"): one document with its image as a data URL. */
  getDocument: endpoint({ name: "getDocument", method: "GET", path: "/users/document/:documentId", params: pathParams("documentId"), response: Document }),
  uploadDocument: endpoint({
    name: "uploadDocument",
    method: "POST",
    path: "/users/document",
    request: UploadDocumentRequest,
    response: Message,
    idempotent: true,
  }),
} as const
