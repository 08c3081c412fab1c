import { expect, vi } from "vitest"
import type { BankAccount } from "../../src/contract/bank-accounts"
import { bankAccountsMachine, selectedAccount } from "../../src/machines/bank-accounts.machine"
import * as samples from "../unit/contract/samples"
import { defineChartModel, describeModel, type ModelEvent } from "./harness"

// The contract's sample, as the list answers it (the number masked but its last four).
const account: BankAccount = { ...samples.bankAccount, ref: "B1", bankName: "Lekki Commercial Bank", accountNumber: "******6789", accountType: "Saving" }
const deleted = { message: "Bank account deleted" }
const notFound = { _tag: "ApiError", status: 404, code: "not_found", text: "The bank account was not found." }
const cancelled = { _tag: "RequestCancelled", text: "Cancel Request" }
const offline = { _tag: "NetworkError", text: "Network Error" }

const taken = (path: { steps: ReadonlyArray<{ event: ModelEvent }> }, step: number): ModelEvent | undefined => path.steps[step]?.event

describeModel(
  defineChartModel({
    chart: "bank-accounts",
    machine: bankAccountsMachine,
    events: [
      { type: "list.retry" },
      { type: "list.reload" },
      { type: "details.open", ref: "B1" },
      { type: "details.close" },
      { type: "delete.request", ref: "B1" },
      { type: "delete.cancel" },
      { type: "delete.confirm" },
    ],
    invocations: {
      loadBankAccounts: { done: [[account]], error: [offline] },
      deleteBankAccount: { done: [deleted], error: [notFound, cancelled] },
    },
    implementations: () => ({ actions: { notify: vi.fn<(_: unknown, p: unknown) => void>() } }),
    states: {
      loading: (snap, { path, step, implementations }) => {
        expect([snap.hasTag("loading"), snap.hasTag("open")]).toEqual([true, false])
        // A successful deletion toasts the server's message and reloads the list.
        if (taken(path, step)?.kind === "done" && path.steps[step - 1]?.state.machineSnapshot.matches({ shown: "deleting" })) {
          expect(implementations.actions?.notify).toHaveBeenLastCalledWith(expect.anything(), { kind: "success", text: deleted.message })
          expect(snap.context.selectedRef).toBeNull()
        }
      },
      failed: (snap, { path, step, implementations }) => {
        expect(snap.hasTag("failed")).toBe(true)
        if (taken(path, step)?.kind === "error")
          expect(implementations.actions?.notify).toHaveBeenLastCalledWith(expect.anything(), { kind: "error", text: offline.text, code: "network" })
      },
      shown: (snap) => expect(snap.context.accounts).toEqual([account]),
      "shown.idle": (snap, { path, step, implementations }) => {
        expect([snap.hasTag("open"), snap.context.selectedRef]).toEqual([false, null])
        const event = taken(path, step)
        if (event?.kind === "error") {
          // A refused deletion is toasted with its text (a cancelled one shows nothing); the list stays.
          const error = event.error as { _tag: string; text: string }
          if (error._tag === "RequestCancelled") expect(implementations.actions?.notify).not.toHaveBeenCalled()
          else expect(implementations.actions?.notify).toHaveBeenLastCalledWith(expect.anything(), { kind: "error", text: error.text, code: "not_found" })
        }
      },
      "shown.details": (snap) => {
        expect(snap.hasTag("open")).toBe(true)
        expect(selectedAccount(snap.context)).toEqual(account)
      },
      "shown.confirming": (snap) => expect([snap.hasTag("open"), snap.hasTag("busy"), snap.context.selectedRef]).toEqual([true, false, "B1"]),
      "shown.deleting": (snap, { inputOf }) => {
        expect([snap.hasTag("open"), snap.hasTag("busy")]).toEqual([true, true])
        expect(inputOf("deleteBankAccount")).toEqual({ ref: "B1" })
      },
    },
  }),
)
