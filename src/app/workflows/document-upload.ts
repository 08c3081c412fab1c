import { fromPromise } from "xstate"
import { documentUploadMachine } from "../../machines/document-upload.machine"
import { defineWorkflow } from "../workflow"

/** Reads a chosen file as a data URL (FileReader); a failed read rejects with the reader's error message. */
export const readFileAsDataUrl = ({ input, signal }: { input: { file: Blob }; signal: AbortSignal }): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader()
    const abort = () => reader.abort()
    signal.addEventListener("abort", abort, { once: true })
    reader.onload = () => (typeof reader.result === "string" ? resolve(reader.result) : reject(new Error("The file could not be read.")))
    reader.onerror = () => reject(new Error(reader.error?.message || "The file could not be read."))
    reader.onabort = () => reject(new Error("The file read was cancelled."))
    reader.onloadend = () => signal.removeEventListener("abort", abort)
    reader.readAsDataURL(input.file)
  })

/** The upload modal of /user-account/documents: the form, the file read as a data URL, the idempotent upload. */
export default defineWorkflow({
  chart: documentUploadMachine,
  texts: ["account", "forms"],
  actors: { readFile: fromPromise(readFileAsDataUrl) },
  calls: {
    uploadDocument:
      ({ Documents }) =>
      (input) =>
        Documents.use((d) => d.upload(input.body, input.idempotencyKey)),
  },
  effects: ({ notify }) => ({ notify: (_, notice) => notify(notice) }),
  input: ({ newKey }) => ({ newKey }),
})
