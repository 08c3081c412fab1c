import { describe, expect, it, vi, type Mock } from "vitest"
import { createActor, fromPromise } from "xstate"
import type { AddBankAccountRequest, BankList } from "../../src/contract/bank-accounts"
import { isFormValid } from "../../src/domain/validation"
import { addBankAccountIssues, addBankAccountMachine, FOREIGN_TEXT_FIELDS, type AddBankAccountContext } from "../../src/machines/add-bank-account.machine"
import { bankAccountsMachine } from "../../src/machines/bank-accounts.machine"
import { defineChartModel, describeModel, type ModelEvent } from "./harness"

const banks: BankList = [
  { ref: "LCB", bankName: "Lekki Commercial Bank" },
  { ref: "FOREIGN", bankName: "Foreign" },
]
const NUMBER = "0000014579"
const SHORT = "12345"
const FILLED: Record<(typeof FOREIGN_TEXT_FIELDS)[number], string> = {
  bankName: "Pacific Coast Bank",
  accountName: "Ada Okafor",
  bankAddress: "1 Market Street",
  bankCity: "San Francisco",
  bankProvince: "California",
  bankZipCode: "94105",
  swiftAba: "PCBKUS66",
}
const named = { accountName: "ADA OBI" }
const added = { message: "Bank account added" }
const duplicate = { _tag: "ApiError", status: 409, code: "conflict", text: "This bank account is already saved." }
const invalid = { _tag: "ApiError", status: 400, code: "bad_request", text: "This is not a valid account number for the chosen bank (NUBAN check digit)." }
const cancelled = { _tag: "RequestCancelled", text: "Cancel Request" }
const offline = { _tag: "NetworkError", text: "Network Error" }

const taken = (path: { steps: ReadonlyArray<{ event: ModelEvent }> }, step: number): ModelEvent | undefined => path.steps[step]?.event
const before = (path: { steps: ReadonlyArray<{ state: { machineSnapshot: { context: unknown } } }> }, step: number) =>
  path.steps[step - 1]?.state.machineSnapshot.context as AddBankAccountContext | undefined
const typed = (c: AddBankAccountContext) => [c.bankRef, c.accountNumber, c.accountType, c.bankCountryCode, ...FOREIGN_TEXT_FIELDS.map((f) => c[f])]

let keys = 0
const list = createActor(bankAccountsMachine)

describeModel(
  defineChartModel({
    chart: "add-bank-account",
    machine: addBankAccountMachine,
    input: { newKey: () => `key-${++keys}`, list },
    // Bounded samples: the bank goes between local and Foreign; the number is 10 digits or short
    // (a foreign one stays once valid); the foreign fields are filled one after the other; type
    // and country are set once.
    events: (snap) => {
      const c = snap.context
      const foreign = c.bankRef === "FOREIGN"
      const nextEmpty = FOREIGN_TEXT_FIELDS.find((f) => c[f] === "")
      return [
        { type: "modal.open" as const },
        { type: "modal.close" as const },
        { type: "banks.retry" as const },
        { type: "lookup.retry" as const },
        { type: "bank.change" as const, ref: c.bankRef === "LCB" ? "FOREIGN" : "LCB" },
        ...(foreign && c.accountNumber === NUMBER
          ? []
          : [{ type: "accountNumber.change" as const, accountNumber: c.accountNumber === NUMBER ? SHORT : NUMBER }]),
        // A letter typed into a local number is refused (the number keeps its text); a foreign one may hold letters.
        ...(c.bankRef === "LCB" && !c.refused ? [{ type: "accountNumber.change" as const, accountNumber: `${c.accountNumber}A` }] : []),
        // The account name of a local account is not typed (the chart refuses it).
        ...(!foreign && c.accountName === "" ? [{ type: "field.change" as const, field: "accountName" as const, value: "TYPED" }] : []),
        ...(foreign && nextEmpty ? [{ type: "field.change" as const, field: nextEmpty, value: FILLED[nextEmpty] }] : []),
        ...(c.accountType === null ? [{ type: "accountType.change" as const, accountType: "Saving" as const }] : []),
        ...(foreign && c.bankCountryCode === null ? [{ type: "country.change" as const, code: "USA" }] : []),
        { type: "form.submit" as const },
      ]
    },
    invocations: {
      loadBanks: { done: [banks], error: [offline] },
      lookUpAccountName: { done: [named], error: [invalid] },
      addBankAccount: { done: [added], error: [duplicate, cancelled] },
    },
    implementations: () => ({ actions: { notify: vi.fn<(_: unknown, p: unknown) => void>(), reloadList: vi.fn<() => void>() } }),
    serialize: (snap) => ({ ...snap.context, newKey: undefined, list: undefined, idempotencyKey: snap.context.idempotencyKey !== null }),
    limit: 200_000,
    states: {
      closed: (snap, { path, step, implementations }) => {
        expect(snap.hasTag("open")).toBe(false)
        expect([snap.context.showIssues, snap.context.failure, snap.context.refused]).toEqual([false, null, false])
        const event = taken(path, step)
        const reload = implementations.actions?.reloadList as Mock
        if (event?.kind === "done") {
          // Added: the server's message as a toast, the list reloads, a clean form.
          expect(implementations.actions?.notify).toHaveBeenLastCalledWith(expect.anything(), { kind: "success", text: added.message })
          expect(reload).toHaveBeenCalledOnce()
          expect(typed(snap.context).every((v) => v === null || v === "")).toBe(true)
        } else {
          expect(reload).not.toHaveBeenCalled()
          // Closing keeps what was typed and chosen.
          if (event?.kind === "event" && event.event.type === "modal.close") expect(typed(snap.context)).toEqual(typed(before(path, step)!))
        }
      },
      open: (snap) => expect(snap.hasTag("open")).toBe(true),
      "open.loadingBanks": (snap) => expect([snap.hasTag("loading"), snap.hasTag("busy")]).toEqual([true, false]),
      "open.banksFailed": (snap, { path, step, implementations }) => {
        expect(snap.hasTag("failed")).toBe(true)
        if (taken(path, step)?.kind === "error")
          expect(implementations.actions?.notify).toHaveBeenLastCalledWith(expect.anything(), { kind: "error", text: offline.text, code: "network" })
      },
      "open.editing": (snap, { path, step }) => {
        expect(snap.hasTag("busy")).toBe(false)
        expect(snap.context.banks).toEqual(banks)
        // A local account's name is never typed: it is the lookup's or empty.
        if (snap.context.bankRef !== "FOREIGN") expect(["", named.accountName]).toContain(snap.context.accountName)
        const event = taken(path, step)
        if (event?.kind === "event" && event.event.type === "form.submit") {
          expect(isFormValid(addBankAccountIssues(snap.context))).toBe(false)
          expect(snap.context.showIssues).toBe(true)
        }
        if (event?.kind === "error" && path.steps[step - 1]?.state.machineSnapshot.matches({ open: "submitting" })) {
          // Refused: its text in the modal (nothing for a cancelled request), every field and the key kept.
          const error = event.error as { _tag: string; text: string }
          expect(snap.context.failure?.text ?? null).toBe(error._tag === "RequestCancelled" ? null : error.text)
          expect(typed(snap.context)).toEqual(typed(before(path, step)!))
          expect(snap.context.idempotencyKey).not.toBeNull()
        }
      },
      "open.editing.idle": (snap) => expect([snap.hasTag("lookup.busy"), snap.hasTag("lookup.failed")]).toEqual([false, false]),
      "open.editing.lookingUp": (snap, { inputOf }) => {
        expect(snap.hasTag("lookup.busy")).toBe(true)
        expect(snap.context.accountName).toBe("")
        expect(inputOf("lookUpAccountName")).toEqual({ bankRef: "LCB", accountNumber: NUMBER })
      },
      "open.editing.named": (snap) =>
        expect([snap.context.bankRef, snap.context.accountNumber, snap.context.accountName]).toEqual(["LCB", NUMBER, named.accountName]),
      "open.editing.lookupFailed": (snap) => {
        expect(snap.hasTag("lookup.failed")).toBe(true)
        expect(snap.context.lookupFailure?.text).toBe(invalid.text)
      },
      "open.submitting": (snap, { inputOf }) => {
        expect(snap.hasTag("busy")).toBe(true)
        const request = inputOf("addBankAccount") as { body: AddBankAccountRequest; idempotencyKey: string }
        expect(request.idempotencyKey).toBe(snap.context.idempotencyKey)
        if (snap.context.bankRef === "LCB") {
          expect(request.body).toEqual({
            bankRef: "LCB",
            bankName: "Lekki Commercial Bank",
            accountNumber: NUMBER,
            accountName: named.accountName,
            accountType: "Saving",
            currency: "NGN",
          })
        } else {
          expect(request.body).toEqual({ bankRef: "FOREIGN", accountNumber: NUMBER, accountType: "Saving", currency: "USD", bankCountryCode: "USA", ...FILLED })
        }
      },
    },
  }),
)

describe("add-bank-account lookup", () => {
  it("a newer number cancels the lookup in flight: only the newest answer is shown", async () => {
    const signals: AbortSignal[] = []
    const actor = createActor(
      addBankAccountMachine.provide({
        actors: {
          loadBanks: fromPromise<BankList>(async () => banks),
          lookUpAccountName: fromPromise<{ accountName: string }, { bankRef: string; accountNumber: string }>(async ({ input, signal }) => {
            signals.push(signal)
            await new Promise((resolve) => setTimeout(resolve, 5))
            return { accountName: `NAME ${input.accountNumber}` }
          }),
        },
        actions: { notify: vi.fn<() => void>(), reloadList: vi.fn<() => void>() },
      }),
      { input: { newKey: () => "k", list } },
    )
    actor.start()
    actor.send({ type: "modal.open" })
    await new Promise((resolve) => setTimeout(resolve, 0))
    actor.send({ type: "bank.change", ref: "LCB" })
    actor.send({ type: "accountNumber.change", accountNumber: "1111111111" })
    actor.send({ type: "accountNumber.change", accountNumber: "2222222222" })
    expect(signals.map((s) => s.aborted)).toEqual([true, false])
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(actor.getSnapshot().context.accountName).toBe("NAME 2222222222")
  })
})
