import { expect, vi } from "vitest"
import type { Document } from "../../src/contract/documents"
import { documentsMachine } from "../../src/machines/documents.machine"
import { defineChartModel, describeModel } from "./harness"

const doc = (documentId: string, image: string | null): Document => ({
  documentId,
  type: "PICTURE_ID",
  status: "REJECTED",
  idType: "NIN",
  idValue: "70123456789",
  created: "2026-01-02T10:00:00.000Z",
  rejectionReason: "The scan is blurred.",
  document: image,
})
const listed = [doc("D1", null)]
const withImage = doc("D1", "data:image/png;base64,iVBORw0KGgo=")
const failure = { _tag: "ApiError", status: 500, code: "internal", text: "Something broke" }
const notFound = { _tag: "ApiError", status: 404, code: "not_found", text: "No such document." }
const cancelled = { _tag: "RequestCancelled", text: "Cancel Request" }

describeModel(
  defineChartModel({
    chart: "documents",
    machine: documentsMachine,
    implementations: () => ({ actions: { notify: vi.fn<(_: unknown, p: unknown) => void>() } }),
    events: [
      { type: "documents.retry" },
      { type: "documents.reload" },
      { type: "details.open", documentId: "D1" },
      { type: "details.close" },
      { type: "details.retry" },
    ],
    invocations: {
      loadDocuments: { done: [listed, []], error: [failure, cancelled] },
      loadDocument: { done: [withImage], error: [notFound, cancelled] },
    },
    states: {
      "list.loading": (snap) => expect(snap.hasTag("list.loading")).toBe(true),
      "list.shown": (snap) => {
        expect(snap.hasTag("list.loading")).toBe(false)
        expect(snap.context.documents).not.toBeNull()
        // The list never carries image bytes.
        expect(snap.context.documents?.every((d) => d.document === null)).toBe(true)
      },
      "list.failed": (snap, { path, step, implementations }) => {
        expect(snap.hasTag("list.failed")).toBe(true)
        const event = path.steps[step]?.event
        // A failed load is toasted, a request the client cancelled is not.
        if (event?.kind === "error") {
          const notify = implementations.actions?.notify
          if (event.error === cancelled) expect(notify).not.toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ text: cancelled.text }))
          else expect(notify).toHaveBeenLastCalledWith(expect.anything(), expect.objectContaining({ kind: "error" }))
        }
      },
      "details.closed": (snap) => {
        expect(snap.hasTag("details.open")).toBe(false)
        expect([snap.context.detailsId, snap.context.details]).toEqual([null, null])
      },
      "details.loading": (snap, { inputOf }) => {
        expect([snap.hasTag("details.open"), snap.hasTag("details.loading")]).toEqual([true, true])
        expect(inputOf("loadDocument")).toEqual({ documentId: "D1" })
      },
      "details.shown": (snap) => {
        expect(snap.hasTag("details.open")).toBe(true)
        expect(snap.context.details).toEqual(withImage)
      },
      "details.failed": (snap) => {
        expect([snap.hasTag("details.open"), snap.hasTag("details.failed")]).toEqual([true, true])
        expect(snap.context.details).toBeNull()
      },
    },
  }),
)
