import { describe, expect, it, vi, type Mock } from "vitest"
import { createActor, fromPromise } from "xstate"
import type { UploadDocumentRequest } from "../../src/contract/documents"
import { documentsMachine } from "../../src/machines/documents.machine"
import { documentUploadMachine, uploadIssues, type ChosenFile, type DocumentUploadContext } from "../../src/machines/document-upload.machine"
import { defineChartModel, describeModel, type ModelEvent } from "./harness"

const blob = new Blob(["bytes"])
const file = (name: string, size: number): ChosenFile => ({ name, size, blob })
const GOOD = file("id.png", 70)
const WRONG_KIND = file("notes.txt", 20)
const TOO_LARGE = file("scan.jpg", 11_000_000)
const PNG_DATA_URL = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAAB"
/** A text file renamed to .png: read fine, but its bytes are no PNG. */
const TEXT_DATA_URL = "data:image/png;base64,VGhpcyBpcyBhIHRleHQgZmlsZQ=="
const readFailure = new Error("The file could not be read: it changed on disk.")
const uploaded = { message: "Document Uploaded Successfully" }
const refused = { _tag: "ApiError", status: 400, code: "bad_request", text: "Invalid File Selection" }
/** The server's per-user limit: two uploads of this user already running. */
const limited = {
  _tag: "ApiError",
  status: 429,
  code: "document.uploads_at_once",
  text: "You are already uploading 2 documents. Wait until they finish, then try again.",
  values: { limit: "2" },
}
const cancelled = { _tag: "RequestCancelled", text: "Cancel Request" }

const taken = (path: { steps: ReadonlyArray<{ event: ModelEvent }> }, step: number): ModelEvent | undefined => path.steps[step]?.event
const before = (path: { steps: ReadonlyArray<{ state: { machineSnapshot: { context: unknown } } }> }, step: number) =>
  path.steps[step - 1]?.state.machineSnapshot.context as DocumentUploadContext | undefined
const chosen = (c: DocumentUploadContext | undefined) => c && [c.category, c.idType, c.idValue, c.file?.name ?? null, c.dataUrl]

let keys = 0
const documents = createActor(documentsMachine)

describeModel(
  defineChartModel({
    chart: "document-upload",
    machine: documentUploadMachine,
    input: { newKey: () => `key-${++keys}`, documents },
    // Bounded samples: the category goes set / cleared; the ID fields are typed once; a file of
    // each kind the rules tell apart (acceptable, wrong kind, too large, none).
    events: (snap) => {
      const c = snap.context
      return [
        { type: "modal.open" as const },
        { type: "modal.close" as const },
        { type: "category.change" as const, category: c.category === null ? "PICTURE_ID" : "" },
        ...(c.idType === "" ? [{ type: "idType.change" as const, idType: "NIN" }] : []),
        ...(c.idValue === "" ? [{ type: "idValue.change" as const, idValue: "70123456789" }] : []),
        { type: "file.choose" as const, file: GOOD },
        { type: "file.choose" as const, file: WRONG_KIND },
        { type: "file.choose" as const, file: TOO_LARGE },
        { type: "file.choose" as const, file: null },
        { type: "upload.submit" as const },
      ]
    },
    invocations: {
      readFile: { done: [PNG_DATA_URL, TEXT_DATA_URL], error: [readFailure] },
      uploadDocument: { done: [uploaded], error: [refused, limited, cancelled] },
    },
    implementations: () => ({ actions: { notify: vi.fn<(_: unknown, p: unknown) => void>(), reloadDocuments: vi.fn<() => void>() } }),
    serialize: (snap) => ({
      ...snap.context,
      newKey: undefined,
      documents: undefined,
      file: snap.context.file?.name ?? null,
      idempotencyKey: snap.context.idempotencyKey !== null,
    }),
    states: {
      closed: (snap, { path, step, implementations }) => {
        expect(snap.hasTag("open")).toBe(false)
        expect([snap.context.showIssues, snap.context.failure]).toEqual([false, null])
        const event = taken(path, step)
        const reload = implementations.actions?.reloadDocuments as Mock
        if (event?.kind === "done") {
          // Uploaded: the server's message as a toast, the list reloads, a clean form.
          expect(implementations.actions?.notify).toHaveBeenLastCalledWith(expect.anything(), { kind: "success", text: uploaded.message })
          expect(reload).toHaveBeenCalledOnce()
          expect(chosen(snap.context)).toEqual([null, "", "", null, null])
          expect(snap.context.idempotencyKey).toBeNull()
        } else {
          expect(reload).not.toHaveBeenCalled()
          const prior = before(path, step)
          // Closing keeps what was chosen (a file still being read is dropped with its read).
          if (event?.kind === "event" && event.event.type === "modal.close" && prior && prior.file !== null && prior.dataUrl === null) {
            expect(snap.context.file).toBeNull()
          } else if (event?.kind === "event" && event.event.type === "modal.close") {
            expect(chosen(snap.context)).toEqual(chosen(prior))
          }
        }
      },
      open: (snap) => expect(snap.hasTag("open")).toBe(true),
      "open.editing": (snap, { path, step, implementations }) => {
        expect([snap.hasTag("busy"), snap.hasTag("reading")]).toEqual([false, false])
        const event = taken(path, step)
        const prior = before(path, step)
        if (event?.kind === "event" && event.event.type === "file.choose") {
          // A refused file is dropped at once with the spec's text; nothing was read.
          const choice: unknown = "file" in event.event ? event.event.file : undefined
          const code = choice === null ? "validation.document-file" : choice === WRONG_KIND ? "validation.invalid-file" : "validation.file-too-large"
          expect(snap.context.fileIssue?.code).toBe(code)
          expect([snap.context.file, snap.context.dataUrl]).toEqual([null, null])
        }
        if (event?.kind === "done") {
          // Read: a PNG named .png is previewed; a text file named .png is refused by its bytes.
          if (event.output === PNG_DATA_URL) expect([snap.context.dataUrl, snap.context.fileIssue]).toEqual([PNG_DATA_URL, null])
          else expect([snap.context.dataUrl, snap.context.fileIssue?.code]).toEqual([null, "validation.invalid-file"])
        }
        if (event?.kind === "error" && event.error === readFailure) {
          expect(snap.context.readError).toBe(readFailure.message)
          expect(snap.context.file).toBeNull()
        } else if (event?.kind === "error") {
          // The upload failed (refused, or over the user's limit): its text and code for the view to say in the
          // user's language (nothing when cancelled), everything chosen and the key kept, no toast.
          if (event.error === cancelled) expect(snap.context.failure).toBeNull()
          else {
            const error = event.error as typeof refused | typeof limited
            expect(snap.context.failure).toMatchObject({
              text: error.text,
              code: error.code,
              status: error.status,
              ...("values" in error ? { values: error.values } : {}),
            })
          }
          expect(chosen(snap.context)).toEqual(chosen(prior))
          expect(snap.context.idempotencyKey).not.toBeNull()
          expect(implementations.actions?.notify).not.toHaveBeenCalled()
        }
        if (event?.kind === "event" && event.event.type === "upload.submit") {
          expect(Object.keys(uploadIssues(snap.context)).length).toBeGreaterThan(0)
          expect(snap.context.showIssues).toBe(true)
        }
      },
      "open.reading": (snap, { inputOf }) => {
        expect(snap.hasTag("reading")).toBe(true)
        expect(snap.context.file?.name).toBe(GOOD.name)
        expect(inputOf("readFile")).toEqual({ file: blob })
      },
      "open.uploading": (snap, { inputOf }) => {
        expect(snap.hasTag("busy")).toBe(true)
        const request = inputOf("uploadDocument") as { body: UploadDocumentRequest; idempotencyKey: string }
        expect(request.body.type).toBe("PICTURE_ID")
        expect(request.body.document).toBe(PNG_DATA_URL)
        expect([request.body.idType, request.body.idValue]).toEqual([snap.context.idType || undefined, snap.context.idValue || undefined])
        expect(request.idempotencyKey).toBe(snap.context.idempotencyKey)
      },
    },
  }),
)

describe("document upload Idempotency-Key", () => {
  it("is reused when the same upload is retried, and renewed when something changes", async () => {
    const keysSent: string[] = []
    let fail = true
    let n = 0
    const actor = createActor(
      documentUploadMachine.provide({
        actors: {
          readFile: fromPromise<string, { file: Blob }>(async () => PNG_DATA_URL),
          uploadDocument: fromPromise<{ message: string }, { body: UploadDocumentRequest; idempotencyKey: string }>(async ({ input }) => {
            keysSent.push(input.idempotencyKey)
            if (fail) throw refused
            return uploaded
          }),
        },
        actions: { notify: vi.fn<() => void>(), reloadDocuments: vi.fn<() => void>() },
      }),
      { input: { newKey: () => `uuid-${++n}`, documents } },
    )
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
    actor.start()
    actor.send({ type: "modal.open" })
    actor.send({ type: "category.change", category: "TAX" })
    actor.send({ type: "file.choose", file: GOOD })
    await settle()
    for (const change of [null, null, "TIN", null]) {
      if (change) actor.send({ type: "idType.change", idType: change })
      if (change === null && keysSent.length === 3) fail = false
      actor.send({ type: "upload.submit" })
      await settle()
    }
    expect(keysSent).toEqual(["uuid-1", "uuid-1", "uuid-2", "uuid-2"])
    expect(actor.getSnapshot().matches("closed")).toBe(true)
  })
})
