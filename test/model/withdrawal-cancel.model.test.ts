import { expect, vi, type Mock } from "vitest"
import { createActor } from "xstate"
import { portfoliosMachine } from "../../src/machines/portfolios.machine"
import { withdrawalCancelMachine } from "../../src/machines/withdrawal-cancel.machine"
import { defineChartModel, describeModel } from "./harness"

const sent = {
  _tag: "ApiError",
  status: 409,
  code: "conflict",
  text: "This withdrawal has already been sent to the bank and can no longer be cancelled.",
  values: { reason: "withdrawal_sent", status: "SENT_TO_BANK" },
}
const network = { _tag: "NetworkError", text: "The server could not be reached." }
const cancelled = { _tag: "RequestCancelled", text: "Cancel Request" }
const target = { ref: "WDR-1", amount: "5000.00", currency: "NGN" } as const

describeModel(
  defineChartModel({
    chart: "withdrawal-cancel",
    machine: withdrawalCancelMachine,
    // The portfolios actor it tells to refetch (the refetch itself is a spy below).
    input: { portfolios: createActor(portfoliosMachine, { input: {} }) },
    serialize: (snap) => snap.context.target,
    // A queued withdrawal's Cancel, and one already sent to the bank, which the chart refuses (the guard that says why).
    events: [
      { type: "cancel.request", ...target, paymentType: "WITHDRAWAL", status: "QUEUED" },
      { type: "cancel.request", ...target, paymentType: "WITHDRAWAL", status: "SENT_TO_BANK" },
      { type: "cancel.confirm" },
      { type: "cancel.dismiss" },
    ],
    invocations: {
      cancelWithdrawal: {
        done: [{ message: "Withdrawal cancelled; the cash is back in the portfolio." }, { message: " " }],
        error: [sent, network, cancelled],
      },
    },
    implementations: () => ({
      actions: { notify: vi.fn<(_: unknown, p: unknown) => void>(), refetchAccount: vi.fn<() => void>() },
    }),
    states: {
      idle: (snap, { path, step, implementations }) => {
        expect(snap.context.target).toBeNull()
        expect(snap.hasTag("busy")).toBe(false)
        const notify = (implementations.actions?.notify as Mock).mock.calls
        const refetch = implementations.actions?.refetchAccount as Mock
        const taken = path.steps[step]?.event
        if (taken?.kind === "done") {
          // The server's message as a success toast (the app's own text when it sent none), then a refetch: the details show CANCELLED.
          const message = (taken.output as { message: string }).message
          expect(notify).toEqual([
            [expect.anything(), message.trim() ? { kind: "success", text: message } : { kind: "success", key: "portfolio:payments.cancel.done" }],
          ])
          expect(refetch).toHaveBeenCalledOnce()
        } else if (taken?.kind === "error") {
          const error = taken.error as { _tag: string; text: string; code?: string; values?: Record<string, string> }
          if (error._tag === "RequestCancelled") {
            // Nothing shown; the list is refetched, the cancel may have reached the server.
            expect(notify).toEqual([])
            expect(refetch).toHaveBeenCalledOnce()
          } else {
            // The refusal as an error toast with its code and reason (the app says it in the user's language); refetched: it shows SENT_TO_BANK.
            const code = error.code ?? (error._tag === "NetworkError" ? "network" : undefined)
            expect(notify).toEqual([[expect.anything(), expect.objectContaining({ kind: "error", text: error.text, ...(code ? { code } : {}) })]])
            expect(refetch).toHaveBeenCalledOnce()
          }
        } else {
          // Dismissing, asking for a withdrawal already sent, or never asking sends nothing.
          expect(notify).toEqual([])
          expect(refetch).not.toHaveBeenCalled()
        }
      },
      confirming: (snap, { implementations }) => {
        expect(snap.context.target).toEqual(target)
        expect(snap.hasTag("busy")).toBe(false)
        expect(implementations.actions?.notify).not.toHaveBeenCalled()
      },
      cancelling: (snap, { inputOf }) => {
        expect(snap.hasTag("busy")).toBe(true)
        expect(snap.context.target).toEqual(target)
        expect(inputOf("cancelWithdrawal")).toEqual({ ref: "WDR-1" })
      },
    },
  }),
)
