import { expect, vi, type Mock } from "vitest"
import { createActor, type AnyStateMachine, type EventFromLogic } from "xstate"
import { portfoliosMachine } from "../../src/machines/portfolios.machine"
import { defineChartModel, type ChartModel, type InvocationSamples } from "./harness"

/**
 * The model of a chart built on the kit's confirmed cancel (src/machines/confirmed-cancel.ts: the
 * order-cancel and withdrawal-cancel charts), with the checks every such chart must pass in each
 * state: idle holds nothing and, after the call, has told the user once (the server's message, the
 * app's `doneKey` text when it sent none, or the failure with its code and values; nothing for a
 * request the client cancelled) and refetched the account once; confirming holds the target;
 * cancelling is busy and sends `callInput`. `requests` are the chart's `cancel.request` events, one
 * it lets through and one its guard refuses.
 */
export const confirmedCancelModel = <TMachine extends AnyStateMachine>(spec: {
  readonly chart: string
  readonly machine: TMachine
  readonly requests: ReadonlyArray<EventFromLogic<TMachine>>
  readonly target: object
  readonly call: string
  readonly callInput: object
  readonly outcomes: InvocationSamples
  readonly doneKey: string
}): ChartModel<TMachine> =>
  defineChartModel<AnyStateMachine>({
    chart: spec.chart,
    machine: spec.machine,
    // The portfolios actor it tells to refetch (the refetch itself is a spy below).
    input: { portfolios: createActor(portfoliosMachine, { input: {} }) },
    serialize: (snap) => snap.context.target,
    events: [...spec.requests, { type: "cancel.confirm" }, { type: "cancel.dismiss" }],
    invocations: { [spec.call]: spec.outcomes },
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
          expect(notify).toEqual([[expect.anything(), message.trim() ? { kind: "success", text: message } : { kind: "success", key: spec.doneKey }]])
          expect(refetch).toHaveBeenCalledOnce()
        } else if (taken?.kind === "error") {
          const error = taken.error as { _tag: string; text: string; code?: string; values?: Record<string, string> }
          if (error._tag === "RequestCancelled") {
            // A request the client cancelled shows nothing; it may have reached the server before it
            // was cancelled, so the account is refetched to show whatever the status now is.
            expect(notify).toEqual([])
          } else {
            // The refusal as an error toast with its code and reason (the app says it in the user's
            // language); refetched, the page shows what happened meanwhile.
            const code = error.code ?? (error._tag === "NetworkError" ? "network" : undefined)
            expect(notify).toEqual([
              [expect.anything(), { kind: "error", text: error.text, ...(code ? { code } : {}), ...(error.values ? { values: error.values } : {}) }],
            ])
          }
          expect(refetch).toHaveBeenCalledOnce()
        } else {
          // Dismissing, a request the guard refuses, or never asking sends nothing.
          expect(notify).toEqual([])
          expect(refetch).not.toHaveBeenCalled()
        }
      },
      confirming: (snap, { implementations }) => {
        expect(snap.context.target).toEqual(spec.target)
        expect(snap.hasTag("busy")).toBe(false)
        expect(implementations.actions?.notify).not.toHaveBeenCalled()
      },
      cancelling: (snap, { inputOf }) => {
        expect(snap.hasTag("busy")).toBe(true)
        expect(snap.context.target).toEqual(spec.target)
        expect(inputOf(spec.call)).toEqual(spec.callInput)
      },
    },
  }) as ChartModel<TMachine>
