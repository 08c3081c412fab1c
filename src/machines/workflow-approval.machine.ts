import { assign, setup } from "xstate"
import type { Approval, ApprovalList, ApproveChartRequest } from "../contract/workflows"
import type { Failure, Notice } from "./failure"
import { loadWithRetry, notifyFailure, shownFailure, TAG, type Tag, providedCall, providedAction } from "./kit"

/** One recorded approval of a chart's fingerprint (GET /workflows/approvals). */
export type ChartApproval = Approval

export interface WorkflowApprovalContext {
  /** Every approval, newest first; null until loaded. */
  readonly approvals: ReadonlyArray<ChartApproval> | null
  /** The canonical definitions of the versions the charts' latest approvals approved, by fingerprint (issue 34). */
  readonly definitions: Readonly<Record<string, string>>
  /** The note being written for the next approval. */
  readonly note: string
  /** Why the last approval was refused, shown beside the button; null when none. */
  readonly failure: Failure | null
}

export type WorkflowApprovalEvent =
  { type: "list.retry" } | { type: "note.change"; note: string } | { type: "approve.submit"; chart: string; fingerprint: string }

/** The last approval of a chart, or undefined when it was never approved. */
export const lastApproval = (approvals: ReadonlyArray<ChartApproval>, chart: string): ChartApproval | undefined => approvals.find((a) => a.chart === chart)

/**
 * Where a chart stands: approved (a reviewer approved its running fingerprint), changed since its
 * last approval (no approval of this version), or never approved.
 */
export type ApprovalStanding = "approved" | "changed" | "never"
export const approvalStanding = (approvals: ReadonlyArray<ChartApproval>, chart: string, fingerprint: string): ApprovalStanding => {
  const last = lastApproval(approvals, chart)
  return last === undefined ? "never" : approvals.some((a) => a.chart === chart && a.fingerprint === fingerprint) ? "approved" : "changed"
}

/**
 * The workflow explorer's approval trail (issue 13): the approvals recorded so far (GET
 * /workflows/approvals, newest first; a failure toasts and offers a retry), a reviewer's note, and
 * approving a chart's current fingerprint with it (POST /workflows/approvals). A recorded approval
 * goes on top of the list (a reviewer's repeat approval of the same version is the one record the
 * server already had, so the list stays as it is), the note clears and a toast confirms; a refused one shows its reason and
 * keeps the note.
 *
 * Provide the actors `loadApprovals` (void -> ApprovalList) and `approve` (ApproveChartRequest ->
 * ChartApproval), and the actions `notify` (params: Notice) and `approved` (params: { chart }).
 */
export const workflowApprovalMachine = setup({
  types: {
    tags: {} as Tag,
    context: {} as WorkflowApprovalContext,
    events: {} as WorkflowApprovalEvent,
  },
  actors: {
    loadApprovals: providedCall<ApprovalList>("loadApprovals"),
    approve: providedCall<ChartApproval, ApproveChartRequest>("approve"),
  },
  actions: {
    notify: providedAction<Notice>("notify"),
    /** The approval was recorded (a toast in the reviewer's language). */
    approved: providedAction<{ chart: string }>("approved"),
    notifyFailure: notifyFailure(),
  },
  guards: {
    // A note is required (an approval says why the reviewer accepts the chart); its longest length is the server's check (400).
    hasNote: ({ context }) => context.note.trim().length > 0,
  },
}).createMachine({
  id: "workflow-approval",
  context: { approvals: null, definitions: {}, note: "", failure: null },
  initial: "loading",
  meta: {
    title: "Workflow approvals",
    purpose: "The approval trail of the workflow explorer: the approvals recorded and approving a chart's version with a note.",
    events: {
      "list.retry": "The reviewer asks to load the approvals again",
      "note.change": "The reviewer types the approval note",
      "approve.submit": "The reviewer approves the chart's current fingerprint",
    },
    guards: { hasNote: "A note is written" },
  },
  states: {
    ...loadWithRetry<WorkflowApprovalContext, ApprovalList>()({
      call: "loadApprovals",
      loaded: { target: "ready", take: (list) => ({ approvals: list.approvals, definitions: list.definitions }) },
      loading: { description: "Loading the approvals recorded so far (GET /workflows/approvals)" },
      failed: { description: "The approvals could not be loaded (toasted); Retry loads them again" },
      retry: ["list.retry"],
    }),
    ready: {
      meta: { description: "The approvals are shown; the reviewer may write a note and approve" },
      on: {
        "note.change": { actions: assign({ note: ({ event }) => event.note, failure: null }) },
        "approve.submit": { guard: "hasNote", target: "approving" },
      },
    },
    approving: {
      tags: [TAG.busy],
      meta: { description: "Recording the approval of the chart's fingerprint with the note (POST /workflows/approvals)" },
      invoke: {
        id: "approve",
        src: "approve",
        input: ({ context, event }) => {
          const e = event as Extract<WorkflowApprovalEvent, { type: "approve.submit" }>
          return { chart: e.chart, fingerprint: e.fingerprint, note: context.note.trim() }
        },
        onDone: {
          target: "ready",
          actions: [
            assign({
              approvals: ({ context, event }) => {
                const known = context.approvals ?? []
                return known.some((a) => a.id === event.output.id) ? known : [event.output, ...known]
              },
              note: "",
              failure: null,
            }),
            { type: "approved", params: ({ event }) => ({ chart: event.output.chart }) },
          ],
        },
        onError: { target: "ready", actions: assign({ failure: ({ event }) => shownFailure(event.error) }) },
      },
    },
  },
})
