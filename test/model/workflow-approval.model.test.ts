import { expect, vi } from "vitest"
import { approvalStanding, workflowApprovalMachine, type ChartApproval } from "../../src/machines/workflow-approval.machine"
import { defineChartModel, describeModel } from "./harness"

const earlier: ChartApproval = {
  id: "A1",
  chart: "withdrawal",
  fingerprint: "f".repeat(64),
  note: "Reviewed the payout flow",
  reviewer: { id: "U9", email: "reviewer@chartfolio.test", name: "Rita Reviewer" },
  approvedAt: "2026-11-20T10:00:00.000Z",
}
const recorded: ChartApproval = { ...earlier, id: "A2", fingerprint: "a".repeat(64), note: "Looks right", approvedAt: "2026-11-25T10:00:00.000Z" }
/** The approved version's canonical definition, as the server keeps it (kept beside the list for the explorer's diff). */
const approvedDefinitions = { [earlier.fingerprint]: '{"id":"withdrawal","root":{}}' }
const offline = { _tag: "NetworkError", text: "Network Error" }
const refused = { _tag: "ApiError", status: 422, code: "validation", text: "The note is required." }

describeModel(
  defineChartModel({
    chart: "workflow-approval",
    machine: workflowApprovalMachine,
    events: (snap) => [
      { type: "list.retry" },
      ...(snap.context.note === ""
        ? [
            { type: "note.change" as const, note: "Looks right" },
            { type: "note.change" as const, note: "   " },
          ]
        : []),
      // One approval recorded is enough to show the list growing; more would be the same steps again.
      ...((snap.context.approvals?.length ?? 0) < 2 ? [{ type: "approve.submit" as const, chart: "withdrawal", fingerprint: "a".repeat(64) }] : []),
    ],
    invocations: {
      loadApprovals: { done: [{ approvals: [earlier], definitions: approvedDefinitions }], error: [offline] },
      approve: { done: [recorded], error: [refused] },
    },
    implementations: () => ({
      actions: { notify: vi.fn<(_: unknown, p: unknown) => void>(), approved: vi.fn<(_: unknown, p: unknown) => void>() },
    }),
    states: {
      loading: (snap) => expect(snap.hasTag("loading")).toBe(true),
      failed: (snap, { implementations }) => {
        expect(snap.hasTag("failed")).toBe(true)
        expect(implementations.actions?.notify).toHaveBeenLastCalledWith(expect.anything(), { kind: "error", text: offline.text, code: "network" })
      },
      ready: (snap, { implementations, path, step }) => {
        expect(snap.context.approvals).not.toBeNull()
        expect(snap.context.definitions).toEqual(approvedDefinitions)
        const taken = path.steps[step]?.event
        if (taken?.kind === "done" && taken.actorId === "approve") {
          // A recorded approval goes on top, the note clears, the reviewer is told.
          expect(snap.context.approvals?.[0]).toEqual(recorded)
          expect(snap.context.note).toBe("")
          expect(implementations.actions?.approved).toHaveBeenCalledWith(expect.anything(), { chart: "withdrawal" })
          expect(approvalStanding(snap.context.approvals ?? [], "withdrawal", "a".repeat(64))).toBe("approved")
        }
        if (taken?.kind === "error" && taken.actorId === "approve") {
          // A refused one shows its reason and keeps the note.
          expect(snap.context.failure?.text).toBe(refused.text)
          expect(snap.context.note).toBe("Looks right")
          expect(approvalStanding(snap.context.approvals ?? [], "withdrawal", "a".repeat(64))).toBe("changed")
        }
      },
      approving: (snap, { inputOf }) => {
        expect(snap.hasTag("busy")).toBe(true)
        expect(inputOf("approve")).toEqual({ chart: "withdrawal", fingerprint: "a".repeat(64), note: "Looks right" })
      },
    },
  }),
)
