import { assign, setup } from "xstate"
import type { Document, DocumentList } from "../contract/documents"
import type { Notice } from "./failure"
import { loadWithRetry, notifyFailure, regionTag, TAG, providedCall, providedAction } from "./kit"

export interface DocumentsContext {
  /** The user's documents (GET /users/document, newest first, without images); null until loaded. */
  readonly documents: DocumentList | null
  /** The document whose details modal is open; null when it is closed. */
  readonly detailsId: string | null
  /** That document with its image (GET /users/document/:documentId); null until loaded. */
  readonly details: Document | null
}

export type DocumentsEvent =
  | { type: "documents.retry" }
  /** Reload the list (a document was uploaded). */
  | { type: "documents.reload" }
  | { type: "details.open"; documentId: string }
  | { type: "details.close" }
  | { type: "details.retry" }

const LIST_TAGS = { loading: regionTag("list", TAG.loading), failed: regionTag("list", TAG.failed) } as const
const DETAILS_TAGS = { open: regionTag("details", TAG.open), loading: regionTag("details", TAG.loading), failed: regionTag("details", TAG.failed) } as const
/** The tags the documents page reads. */
export const DOCUMENTS_TAGS = { list: LIST_TAGS, details: DETAILS_TAGS } as const
type DocumentsTag = (typeof LIST_TAGS)[keyof typeof LIST_TAGS] | (typeof DETAILS_TAGS)[keyof typeof DETAILS_TAGS]

/**
 * /user-account/documents (spec part 2 "User account area", sections 3 and 4): the user's
 * documents, loaded on entry (a failure is an error toast and a retry) and reloaded after an
 * upload (the upload chart sends `documents.reload`); the details modal of one document, whose
 * image, status and rejection reason load through the signed GET /users/document/:documentId (the
 * list carries no image bytes); closing the modal aborts that request.
 *
 * Provide the actors `loadDocuments` (void -> DocumentList) and `loadDocument` ({ documentId } ->
 * Document), and the action `notify` (params: Notice).
 */
export const documentsMachine = setup({
  types: {
    tags: {} as DocumentsTag,
    context: {} as DocumentsContext,
    events: {} as DocumentsEvent,
  },
  actors: {
    loadDocuments: providedCall<DocumentList, void>("loadDocuments"),
    loadDocument: providedCall<Document, { documentId: string }>("loadDocument"),
  },
  actions: {
    notifyFailure: notifyFailure(),
    closeDetails: assign({ detailsId: null, details: null }),
    notify: providedAction<Notice>("notify"),
  },
}).createMachine({
  id: "documents",
  // What the chart's events and guards mean (English; the workflows namespace translates them).
  meta: {
    title: "Documents",
    purpose: "The user's uploaded documents and the details of one.",
    events: {
      "documents.retry": "The user asks to load the documents again.",
      "documents.reload": "A document was uploaded, or a notice links to one: the list reloads.",
      "details.open": "The user opens the details of one document.",
      "details.close": "The user closes the details modal.",
      "details.retry": "The user asks to load the document again.",
    },
    guards: {},
  },
  context: { documents: null, detailsId: null, details: null },
  type: "parallel",
  states: {
    list: {
      meta: { description: "The documents card: its list of the user's documents" },
      initial: "loading",
      states: {
        ...loadWithRetry<DocumentsContext, DocumentList>()({
          call: "loadDocuments",
          loaded: { target: "shown", take: (documents) => ({ documents }) },
          loading: {
            description: "GET /users/document; the card shows a skeleton on the first load, the last list while reloading",
            tags: [LIST_TAGS.loading],
          },
          failed: { description: "The list could not be loaded (an error toast unless cancelled); the card offers a retry", tags: [LIST_TAGS.failed] },
          retry: ["documents.retry", "documents.reload"],
        }),
        shown: {
          meta: { description: "The list (or its empty state) is shown" },
          on: { "documents.reload": { target: "loading" } },
        },
      },
    },
    details: {
      meta: { description: "The details modal of one document" },
      initial: "closed",
      states: {
        closed: {
          meta: { description: "No details modal is open" },
          on: { "details.open": { target: "loading", actions: assign({ detailsId: ({ event }) => event.documentId, details: null }) } },
        },
        ...loadWithRetry<DocumentsContext, Document>()({
          call: "loadDocument",
          input: ({ context }) => ({ documentId: context.detailsId ?? "" }),
          loaded: { target: "shown", take: (details) => ({ details }) },
          loading: {
            description: "The modal is open; GET /users/document/:documentId loads the image, status and rejection reason",
            tags: [DETAILS_TAGS.open, DETAILS_TAGS.loading],
            on: { "details.close": { target: "closed", actions: "closeDetails" } },
          },
          failed: {
            description: "The document could not be loaded (an error toast unless cancelled); the modal offers a retry",
            tags: [DETAILS_TAGS.open, DETAILS_TAGS.failed],
            on: { "details.close": { target: "closed", actions: "closeDetails" } },
          },
          retry: ["details.retry"],
        }),
        shown: {
          tags: [DETAILS_TAGS.open],
          meta: { description: "The modal shows the document's image, category, type, status, date and the rejection reason when there is one" },
          on: { "details.close": { target: "closed", actions: "closeDetails" } },
        },
      },
    },
  },
})
