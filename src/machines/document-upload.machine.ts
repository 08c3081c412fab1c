import { assign, sendTo, setup, type ActorRefFrom } from "xstate"
import type { Message } from "../contract/common"
import type { UploadDocumentRequest } from "../contract/documents"
import { dataUrlHead, isDocumentCategory, validateUploadFile, type DocumentCategory } from "../domain/upload"
import { issue, ValidationCodes, type ValidationIssue } from "../domain/validation"
import type { documentsMachine } from "./documents.machine"
import type { Failure, Notice } from "./failure"
import { intentKey, NO_INTENT_KEY, shownFailure, TAG, type Tag, providedCall, providedAction } from "./kit"

/** The documents chart of the page: told to reload its list after an upload. */
export type DocumentsPeer = ActorRefFrom<typeof documentsMachine>

/** A file the user chose: the File itself (read by the `readFile` actor), its name and size. */
export interface ChosenFile {
  readonly name: string
  readonly size: number
  readonly blob: Blob
}

export interface DocumentUploadContext {
  readonly category: DocumentCategory | null
  readonly idType: string
  readonly idValue: string
  /** The chosen file; null when none (or it was refused). */
  readonly file: ChosenFile | null
  /** The chosen file read as a data URL (its preview and what is sent); null until read. */
  readonly dataUrl: string | null
  /** Why the chosen file was refused (kind, size, content); null otherwise. Shown at once. */
  readonly fileIssue: ValidationIssue | null
  /** The message of a file that could not be read; null otherwise. */
  readonly readError: string | null
  /** Whether the form's issues are shown (after an upload attempt). */
  readonly showIssues: boolean
  /** Why the last upload failed, shown in the modal; null otherwise. */
  readonly failure: Failure | null
  readonly idempotencyKey: string | null
  readonly newKey: () => string
  readonly documents: DocumentsPeer
}

export interface DocumentUploadInput {
  readonly newKey: () => string
  readonly documents: DocumentsPeer
}

export type DocumentUploadEvent =
  | { type: "modal.open" }
  | { type: "modal.close" }
  | { type: "category.change"; category: string }
  | { type: "idType.change"; idType: string }
  | { type: "idValue.change"; idValue: string }
  /** A file chosen in the file input (null: the choice was cleared). */
  | { type: "file.choose"; file: ChosenFile | null }
  | { type: "upload.submit" }

/** The form's issues (spec part 2 section 5): a category, and a file that was read and accepted. */
export const uploadIssues = (c: Pick<DocumentUploadContext, "category" | "dataUrl" | "fileIssue">): { category?: ValidationIssue; file?: ValidationIssue } => ({
  ...(c.category === null ? { category: issue(ValidationCodes.documentCategory) } : {}),
  ...(c.fileIssue ? { file: c.fileIssue } : c.dataUrl === null ? { file: issue(ValidationCodes.documentFile) } : {}),
})

/** The request body of the current form (blank ID fields are left out). */
export const uploadBody = (c: Pick<DocumentUploadContext, "category" | "idType" | "idValue" | "dataUrl">): UploadDocumentRequest => ({
  type: c.category ?? "PICTURE_ID",
  ...(c.idType.trim() !== "" ? { idType: c.idType.trim() } : {}),
  ...(c.idValue.trim() !== "" ? { idValue: c.idValue.trim() } : {}),
  document: c.dataUrl ?? "",
})

const CLEAN_FORM = {
  category: null,
  idType: "",
  idValue: "",
  file: null,
  dataUrl: null,
  fileIssue: null,
  readError: null,
  showIssues: false,
  failure: null,
  ...NO_INTENT_KEY,
} as const
/** A new file choice forgets the previous file and its outcome. */
const NO_FILE = { file: null, dataUrl: null, fileIssue: null, readError: null, failure: null, ...NO_INTENT_KEY } as const

/**
 * The upload modal of /user-account/documents (spec part 2 sections 2, 4, 5 and 7; issue 11): a
 * category from the five ('Please provide document Category'), optional ID type and value, and a
 * file ('Select document File'): only .jpg, .jpeg or .png ('Invalid File Selection'), at most
 * 10,000,000 bytes ('File too large (10mb Max)'), judged when chosen; an accepted file is read as
 * a data URL (the `readFile` actor; a read failure shows its message) and its first bytes must be a
 * JPEG or PNG as its name says ('Invalid File Selection'), so a renamed text file is refused before
 * sending. The preview is the data URL. Upload sends POST /users/document with the intent's
 * Idempotency-Key (kept by a retry, dropped by any change); progress is in stages (reading the
 * file, then sending: the fetch pipeline reports no upload progress). A session that expires while
 * sending is renewed by the pipeline, which then retries the request: the chart stays in
 * `uploading` with everything chosen. Success toasts the server's message, tells the documents
 * chart to reload and closes with a clean form; a failure returns to the form with its text.
 * Closing keeps what was chosen and hides the validation display; it is not offered while sending.
 *
 * Provide the actors `readFile` ({ file: Blob } -> data URL) and `uploadDocument` ({ body,
 * idempotencyKey } -> Message), and the action `notify` (params: Notice).
 */
export const documentUploadMachine = setup({
  types: {
    tags: {} as Tag | "reading",
    context: {} as DocumentUploadContext,
    events: {} as DocumentUploadEvent,
    input: {} as DocumentUploadInput,
  },
  actors: {
    readFile: providedCall<string, { file: Blob }>("readFile"),
    uploadDocument: providedCall<Message, { body: UploadDocumentRequest; idempotencyKey: string }>("uploadDocument"),
  },
  actions: {
    notify: providedAction<Notice>("notify"),
    reloadDocuments: sendTo(({ context }) => context.documents, { type: "documents.reload" }),
  },
  guards: {
    /** A file was chosen whose name and size are acceptable (its content is checked once read). */
    fileAcceptable: ({ event }) => event.type === "file.choose" && event.file !== null && validateUploadFile(event.file) === null,
    /** The file's first bytes are the image its name says. */
    contentAcceptable: ({ context, event }) =>
      context.file !== null &&
      "output" in event &&
      typeof event.output === "string" &&
      validateUploadFile({ ...context.file, bytes: dataUrlHead(event.output) }) === null,
    isFormValid: ({ context }) => Object.keys(uploadIssues(context)).length === 0,
  },
}).createMachine({
  id: "document-upload",
  // What the chart's events and guards mean (English; the workflows namespace translates them).
  meta: {
    title: "Upload a document",
    purpose: "The modal that uploads an identity document: category, ID, the file checked and previewed, and the idempotent upload.",
    events: {
      "modal.open": "The user opens the upload modal.",
      "modal.close": "The user closes the modal; the choices are kept.",
      "category.change": "The user chooses the document's category.",
      "idType.change": "The user chooses the ID type.",
      "idValue.change": "The user types the ID number.",
      "file.choose": "The user chooses a file.",
      "upload.submit": "The user presses Upload.",
    },
    guards: {
      fileAcceptable: "The file is a JPEG or PNG image of an accepted size.",
      contentAcceptable: "The file's content is the image its name says.",
      isFormValid: "Every field of the form is valid.",
    },
  },
  context: ({ input }) => ({ newKey: input.newKey, documents: input.documents, ...CLEAN_FORM }),
  initial: "closed",
  states: {
    closed: {
      meta: { description: "The modal is closed; what was chosen is kept, its validation display is hidden" },
      on: { "modal.open": { target: "open" } },
    },
    open: {
      tags: [TAG.open],
      meta: { description: "The upload modal is open" },
      initial: "editing",
      states: {
        editing: {
          meta: { description: "Choosing the category, ID type and value and the file; Upload checks the form and sends" },
          on: {
            "modal.close": { target: "#document-upload.closed", actions: assign({ showIssues: false, failure: null }) },
            "category.change": {
              actions: assign({ category: ({ event }) => (isDocumentCategory(event.category) ? event.category : null), failure: null, ...NO_INTENT_KEY }),
            },
            "idType.change": { actions: assign({ idType: ({ event }) => event.idType, failure: null, ...NO_INTENT_KEY }) },
            "idValue.change": { actions: assign({ idValue: ({ event }) => event.idValue, failure: null, ...NO_INTENT_KEY }) },
            "file.choose": [
              { guard: "fileAcceptable", target: "reading", actions: assign({ ...NO_FILE, file: ({ event }) => event.file }) },
              { actions: assign({ ...NO_FILE, fileIssue: ({ event }) => validateUploadFile(event.file) }) },
            ],
            "upload.submit": [
              {
                guard: "isFormValid",
                target: "uploading",
                actions: assign({ showIssues: false, failure: null, idempotencyKey: ({ context }) => intentKey(context) }),
              },
              { actions: assign({ showIssues: true }) },
            ],
          },
        },
        reading: {
          tags: ["reading"],
          meta: { description: "Reading the chosen file as a data URL (the first progress stage)" },
          on: { "modal.close": { target: "#document-upload.closed", actions: assign({ ...NO_FILE, showIssues: false }) } },
          invoke: {
            id: "readFile",
            src: "readFile",
            input: ({ context }) => ({ file: context.file?.blob ?? new Blob() }),
            onDone: [
              { guard: "contentAcceptable", target: "editing", actions: assign({ dataUrl: ({ event }) => event.output }) },
              { target: "editing", actions: assign({ ...NO_FILE, fileIssue: issue(ValidationCodes.invalidFile) }) },
            ],
            onError: {
              target: "editing",
              actions: assign({
                ...NO_FILE,
                readError: ({ event }) => (event.error instanceof Error && event.error.message !== "" ? event.error.message : String(event.error)),
              }),
            },
          },
        },
        uploading: {
          tags: [TAG.busy],
          meta: { description: "POST /users/document with the intent's Idempotency-Key (the second progress stage); the modal cannot be closed" },
          invoke: {
            id: "uploadDocument",
            src: "uploadDocument",
            input: ({ context }) => ({ body: uploadBody(context), idempotencyKey: context.idempotencyKey ?? "" }),
            onDone: {
              target: "#document-upload.closed",
              actions: [
                { type: "notify", params: ({ event }) => ({ kind: "success", text: event.output.message }) },
                "reloadDocuments",
                assign({ ...CLEAN_FORM }),
              ],
            },
            onError: { target: "editing", actions: assign({ failure: ({ event }) => shownFailure(event.error) }) },
          },
        },
      },
    },
  },
})
