import { describe, expect, it, vi, type Mock } from "vitest"
import { createActor, fromPromise } from "xstate"
import type { AddBankAccountRequest, BankList } from "../../src/contract/bank-accounts"
import { isFormValid } from "../../src/domain/validation"
import { addBankAccountIssues, addBankAccountMachine, FOREIGN_TEXT_FIELDS, type AddBankAccountContext } from "../../src/machines/add-bank-account.machine"
import { bankAccountsMachine } from "../../src/machines/bank-accounts.machine"
import type { StepUpStart } from "../../src/contract/step-up"
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
const stepUpRequired = { _tag: "ApiError", status: 403, code: "step_up.required", text: "Confirm it is you: enter a new one-time code to continue." }
const mailed = { method: "EMAIL" as const, message: "A code was sent to your e-mail." }
const confirmed = { message: "Code confirmed." }
const wrongCode = { _tag: "ApiError", status: 400, code: "otp.invalid", text: "The code is not valid." }
const CODE = "123456"
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
        // The code step: a complete code or half of one, confirm, a new code, back.
        ...(snap.hasTag("stepUp") ? [{ type: "stepUp.change" as const, code: c.stepUpCode === CODE ? "123" : CODE }] : []),
        { type: "stepUp.submit" as const },
        { type: "stepUp.resend" as const },
        { type: "stepUp.cancel" as const },
      ]
    },
    invocations: {
      loadBanks: { done: [banks], error: [offline] },
      lookUpAccountName: { done: [named], error: [invalid] },
      addBankAccount: { done: [added], error: [duplicate, cancelled, stepUpRequired] },
      startStepUp: { done: [mailed], error: [offline] },
      verifyStepUp: { done: [confirmed], error: [wrongCode] },
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
      // The code step (issue 35): the form stays as typed, with the refused intent's key.
      "open.stepUp": (snap, { path, step }) => {
        expect(snap.hasTag("stepUp")).toBe(true)
        expect(snap.context.idempotencyKey).not.toBeNull()
        expect(typed(snap.context)).toEqual(typed(before(path, step)!))
      },
      "open.stepUp.sending": (snap) => expect(snap.hasTag("stepUp.sending")).toBe(true),
      "open.stepUp.entering": (snap, { path, step }) => {
        const event = taken(path, step)
        if (event?.kind === "error" && event.actorId === "verifyStepUp") {
          // A wrong code says so; the code typed stays.
          expect(snap.context.stepUpFailure?.code).toBe(wrongCode.code)
          expect(snap.context.stepUpCode).toBe(CODE)
        }
        if (event?.kind === "done" && event.actorId === "startStepUp") expect(snap.context.stepUpMethod).toBe("EMAIL")
        if (event?.kind === "event" && event.event.type === "stepUp.submit") expect(snap.context.stepUpShowIssue).toBe(true)
      },
      "open.stepUp.verifying": (snap, { inputOf }) => {
        expect(snap.hasTag("busy")).toBe(true)
        expect(inputOf("verifyStepUp")).toEqual({ otp: CODE })
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

describe("add-bank-account code step (issue 35)", () => {
  it("sends the refused request again with the same body and key once the code is verified; a wrong code keeps the form and the code", async () => {
    const calls: Array<{ body: AddBankAccountRequest; idempotencyKey: string }> = []
    const codes: string[] = []
    let stepUpDone = false
    const actor = createActor(
      addBankAccountMachine.provide({
        actors: {
          loadBanks: fromPromise<BankList>(async () => banks),
          lookUpAccountName: fromPromise<{ accountName: string }, { bankRef: string; accountNumber: string }>(async () => named),
          addBankAccount: fromPromise<{ message: string }, { body: AddBankAccountRequest; idempotencyKey: string }>(async ({ input }) => {
            calls.push(input)
            if (!stepUpDone) throw stepUpRequired
            return added
          }),
          startStepUp: fromPromise<StepUpStart>(async () => mailed),
          verifyStepUp: fromPromise<{ message: string }, { otp: string }>(async ({ input }) => {
            codes.push(input.otp)
            if (input.otp !== CODE) throw wrongCode
            stepUpDone = true
            return confirmed
          }),
        },
        actions: { notify: vi.fn<() => void>(), reloadList: vi.fn<() => void>() },
      }),
      { input: { newKey: () => `uuid-${++keys}`, list } },
    )
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
    actor.start()
    actor.send({ type: "modal.open" })
    await settle()
    actor.send({ type: "bank.change", ref: "LCB" })
    actor.send({ type: "accountNumber.change", accountNumber: NUMBER })
    await settle()
    actor.send({ type: "accountType.change", accountType: "Saving" })
    actor.send({ type: "form.submit" })
    await settle()
    expect(actor.getSnapshot().hasTag("stepUp")).toBe(true)
    actor.send({ type: "stepUp.change", code: "111111" })
    actor.send({ type: "stepUp.submit" })
    await settle()
    const wrong = actor.getSnapshot()
    expect([wrong.hasTag("stepUp"), wrong.context.stepUpFailure?.code, wrong.context.stepUpCode]).toEqual([true, "otp.invalid", "111111"])
    expect([wrong.context.bankRef, wrong.context.accountNumber, wrong.context.accountName]).toEqual(["LCB", NUMBER, named.accountName])
    actor.send({ type: "stepUp.change", code: CODE })
    actor.send({ type: "stepUp.submit" })
    await settle()
    await settle()
    expect(codes).toEqual(["111111", CODE])
    expect(calls).toHaveLength(2)
    expect(calls[1]).toEqual(calls[0])
    expect(actor.getSnapshot().matches("closed")).toBe(true)
  })

  it("Back returns to the form with every field", async () => {
    const actor = createActor(
      addBankAccountMachine.provide({
        actors: {
          loadBanks: fromPromise<BankList>(async () => banks),
          addBankAccount: fromPromise<{ message: string }, { body: AddBankAccountRequest; idempotencyKey: string }>(async () => {
            throw stepUpRequired
          }),
          startStepUp: fromPromise<StepUpStart>(async () => mailed),
        },
        actions: { notify: vi.fn<() => void>(), reloadList: vi.fn<() => void>() },
      }),
      { input: { newKey: () => `uuid-${++keys}`, list } },
    )
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
    actor.start()
    actor.send({ type: "modal.open" })
    await settle()
    actor.send({ type: "bank.change", ref: "FOREIGN" })
    actor.send({ type: "accountNumber.change", accountNumber: NUMBER })
    for (const field of FOREIGN_TEXT_FIELDS) actor.send({ type: "field.change", field, value: FILLED[field] })
    actor.send({ type: "accountType.change", accountType: "Checking" })
    actor.send({ type: "country.change", code: "USA" })
    actor.send({ type: "form.submit" })
    await settle()
    expect(actor.getSnapshot().hasTag("stepUp")).toBe(true)
    actor.send({ type: "stepUp.cancel" })
    const back = actor.getSnapshot()
    expect(back.matches({ open: "editing" })).toBe(true)
    expect(typed(back.context)).toEqual(["FOREIGN", NUMBER, "Checking", "USA", ...FOREIGN_TEXT_FIELDS.map((f) => FILLED[f])])
  })
})
