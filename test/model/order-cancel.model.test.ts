import { expect, vi, type Mock } from "vitest"
import { createActor } from "xstate"
import { orderCancelMachine } from "../../src/machines/order-cancel.machine"
import { portfoliosMachine } from "../../src/machines/portfolios.machine"
import { defineChartModel, describeModel } from "./harness"

const refused = { _tag: "ApiError", status: 409, code: "order_not_cancellable", text: "Only PENDING or PROCESSING orders can be cancelled" }
const network = { _tag: "NetworkError", text: "The server could not be reached." }
const cancelled = { _tag: "RequestCancelled", text: "Cancel Request" }
const target = { orderId: "O-1", symbol: "DANGCEM", side: "BUY" } as const

describeModel(
  defineChartModel({
    chart: "order-cancel",
    machine: orderCancelMachine,
    // The portfolios actor it tells to refetch (the refetch itself is a spy below).
    input: { portfolios: createActor(portfoliosMachine, { input: {} }) },
    serialize: (snap) => snap.context.target,
    // An open order's Cancel, and one of a filled order, which the chart refuses (the guard that says why).
    events: [
      { type: "cancel.request", ...target, status: "PENDING" },
      { type: "cancel.request", ...target, status: "FILLED" },
      { type: "cancel.confirm" },
      { type: "cancel.dismiss" },
    ],
    invocations: {
      cancelOrder: { done: [{ message: "Order Cancelled Successfully" }, { message: "  " }], error: [refused, network, cancelled] },
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
          // The server's message as a success toast (the app's own text when it sent none), then a refetch.
          const message = (taken.output as { message: string }).message
          expect(notify).toEqual([
            [expect.anything(), message.trim() ? { kind: "success", text: message } : { kind: "success", key: "portfolio:orders.cancel.done" }],
          ])
          expect(refetch).toHaveBeenCalledOnce()
        } else if (taken?.kind === "error") {
          const error = taken.error as { _tag: string; text: string; code?: string }
          if (error._tag === "RequestCancelled") {
            // A request the client cancelled shows nothing; it may have reached the server before it
            // was cancelled, so the list is refetched to show whatever the order's status now is.
            expect(notify).toEqual([])
            expect(refetch).toHaveBeenCalledOnce()
          } else {
            // The server's text as an error toast; the list is refetched, the order may have moved on.
            // (A connection failure carries the code the app translates it by.)
            const code = error.code ?? (error._tag === "NetworkError" ? "network" : undefined)
            expect(notify).toEqual([[expect.anything(), { kind: "error", text: error.text, ...(code ? { code } : {}) }]])
            expect(refetch).toHaveBeenCalledOnce()
          }
        } else {
          // Dismissing (or never asking) sends nothing.
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
        expect(inputOf("cancelOrder")).toEqual({ orderId: "O-1" })
      },
    },
  }),
)
