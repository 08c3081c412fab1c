import { expect, vi, type Mock } from "vitest"
import { createActor } from "xstate"
import { canUpdate, instantDepositMachine } from "../../src/machines/instant-deposit.machine"
import { portfoliosMachine } from "../../src/machines/portfolios.machine"
import { defineChartModel, describeModel, type ModelEvent } from "./harness"

const refused = { _tag: "ApiError", status: 404, code: "not_found", text: "The reserved account was not found." }
const cancelled = { _tag: "RequestCancelled", text: "Cancel Request" }
const updated = { message: "Instant deposit updated" }

const taken = (path: { steps: ReadonlyArray<{ event: ModelEvent }> }, step: number): ModelEvent | undefined => path.steps[step]?.event

describeModel(
  defineChartModel({
    chart: "instant-deposit",
    machine: instantDepositMachine,
    // The portfolios actor it follows and tells to refetch (the watcher is a stub here; its
    // changes arrive as current.change).
    input: { accountId: "A1", ref: "NUBAN-1", current: false, portfolios: createActor(portfoliosMachine, { input: {} }) },
    serialize: (snap) => ({
      current: snap.context.current,
      chosen: snap.context.chosen,
      issue: snap.context.issue !== null,
      failure: snap.context.failure !== null,
    }),
    events: [
      { type: "choice.change", value: true },
      { type: "choice.change", value: false },
      { type: "choice.change", value: null },
      { type: "update.submit" },
      { type: "current.change", value: true },
    ],
    invocations: {
      updateReserveAccount: { done: [updated], error: [refused, cancelled] },
      // Follows the portfolios actor for the control's life: no transition takes its end.
      watchPortfolios: { done: [undefined] },
    },
    implementations: () => ({
      actions: { notify: vi.fn<(_: unknown, p: unknown) => void>(), refetchAccount: vi.fn<() => void>() },
    }),
    states: {
      editing: (snap, { path, step, implementations }) => {
        expect(snap.hasTag("busy")).toBe(false)
        const notify = implementations.actions?.notify as Mock
        const refetch = implementations.actions?.refetchAccount as Mock
        const event = taken(path, step)
        const before = path.steps[step - 1]?.state.machineSnapshot.context as { chosen: boolean | null; current: boolean } | undefined
        if (event?.kind === "done") {
          // Updated: the server's message as a toast, the account refetched, the choice now the stored status.
          expect(notify).toHaveBeenLastCalledWith(expect.anything(), { kind: "success", text: updated.message })
          expect(refetch).toHaveBeenCalled()
          expect(snap.context.current).toBe(before?.chosen)
          expect(snap.context.chosen).toBeNull()
        } else if (event?.kind === "error") {
          // Refused: its text on the control (nothing for a cancelled request), the choice kept, no toast, no refetch.
          const error = event.error as { _tag: string; text: string }
          expect(snap.context.failure?.text ?? null).toBe(error._tag === "RequestCancelled" ? null : error.text)
          expect(snap.context.chosen).toBe(before?.chosen)
          expect(notify).not.toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ kind: "success" }))
        } else if (event?.kind === "event" && event.event.type === "update.submit") {
          // A submit that sends nothing: no choice ('Select Instant Deposit Status'), or the same as stored.
          if (before?.chosen === null) expect(snap.context.issue).toEqual({ code: "validation.instant-deposit-status" })
          else expect(canUpdate(snap.context)).toBe(false)
        }
      },
      updating: (snap, { path, step, inputOf }) => {
        expect(snap.hasTag("busy")).toBe(true)
        // Sent only for a choice that differed from the stored status (which may change meanwhile).
        const event = taken(path, step)
        if (event?.kind === "event" && event.event.type === "update.submit") expect(canUpdate(snap.context)).toBe(true)
        expect(inputOf("updateReserveAccount")).toEqual({ ref: "NUBAN-1", body: { accountId: "A1", instantDeposit: snap.context.chosen } })
      },
    },
  }),
)
