import { describe, expect, it, vi, type Mock } from "vitest"
import { createActor, fromCallback, fromPromise } from "xstate"
import type { BankAccount } from "../../src/contract/bank-accounts"
import type { WithdrawalQuote, WithdrawRequest } from "../../src/contract/money-movement"
import { isFormValid } from "../../src/domain/validation"
import { portfoliosMachine } from "../../src/machines/portfolios.machine"
import {
  fittingQuote,
  needsQuote,
  offeredBankAccounts,
  readWithdrawalDraft,
  typingAmountProblem,
  withdrawalDraft,
  withdrawalFields,
  withdrawalIssues,
  withdrawalMachine,
  type WithdrawalContext,
  type WithdrawalDraft,
  type WithdrawalInput,
  type WithdrawalEvent,
} from "../../src/machines/withdrawal.machine"
import * as samples from "../unit/contract/samples"
import type { StepUpStart } from "../../src/contract/step-up"
import { defineChartModel, describeModel, type ModelEvent } from "./harness"

const bank = (ref: string, currency: string): BankAccount => ({
  ...samples.bankAccount,
  ref,
  bankName: currency === "NGN" ? "Lagos Commerce Bank" : "Hudson Harbor Bank",
  accountNumber: currency === "NGN" ? "0123456789" : "998877665544",
  currency,
  accountType: "Saving",
})
const banks = [bank("B-NGN", "NGN"), bank("B-USD", "USD")]
const submitted = { message: "Withdrawal Request Submitted Successfully" }
const refused = { _tag: "ApiError", status: 400, code: "bad_request", text: "The amount is more than the cash available (10.00 NGN)." }
// The rate of the naira portfolio's payout to the dollar account (issue 30), held for a minute.
const quote: WithdrawalQuote = {
  quoteId: "Q1",
  accountId: "A1",
  bankAccountRef: "B-USD",
  amount: "120.50",
  currency: "NGN",
  rate: "0.0006746773",
  payoutAmount: "0.08",
  payoutCurrency: "USD",
  expiresAt: "2026-03-16T12:01:00.000Z",
  validForMs: 60_000,
}
const noRate = {
  _tag: "ApiError",
  status: 400,
  code: "withdrawal.no_rate",
  text: "No exchange rate from NGN to USD is available right now.",
  values: { from: "NGN", to: "USD" },
}
const quoteExpired = {
  _tag: "ApiError",
  status: 400,
  code: "withdrawal.quote_expired",
  text: "The exchange rate quote has expired. Get a new rate and confirm again.",
}
const quoteInvalid = { _tag: "ApiError", status: 400, code: "withdrawal.quote_invalid", text: "This withdrawal needs a current rate quote." }
/** The chart's clock in the model: it stands still, so a quote holds exactly its validForMs of simulated time. */
const NOW = 1_000
const cancelled = { _tag: "RequestCancelled", text: "Cancel Request" }
// The first withdrawal to a bank account less than 24 hours old, without a fresh code (issue 35).
const stepUpRequired = { _tag: "ApiError", status: 403, code: "step_up.required", text: "Confirm it is you: enter a new one-time code to continue." }
const fromApp = { method: "APP" as const, message: "Enter the code from your authenticator app." }
const confirmed = { message: "Code confirmed." }
const expiredCode = { _tag: "ApiError", status: 400, code: "otp.expired", text: "This code has expired. Ask for a new one." }
const CODE = "654321"
/** The code step's events, offered while it shows: a complete code or half of one, confirm, a new code, back. */
const stepUpEvents = (snap: { hasTag: (tag: "stepUp") => boolean; context: WithdrawalContext }) =>
  snap.hasTag("stepUp")
    ? [
        { type: "stepUp.change" as const, code: snap.context.stepUpCode === CODE ? "654" : CODE },
        { type: "stepUp.submit" as const },
        { type: "stepUp.resend" as const },
        { type: "stepUp.cancel" as const },
      ]
    : []
const offline = { _tag: "NetworkError", text: "Network Error" }

const taken = (path: { steps: ReadonlyArray<{ event: ModelEvent }> }, step: number): ModelEvent | undefined => path.steps[step]?.event
const before = (path: { steps: ReadonlyArray<{ state: { machineSnapshot: { context: unknown } } }> }, step: number) =>
  path.steps[step - 1]?.state.machineSnapshot.context as WithdrawalContext | undefined

let keys = 0
const portfolios = createActor(portfoliosMachine, { input: {} })
/** The draft left on the payments page of A1 before a reload: the dollar account by WIRE, 120,50 typed. */
const DRAFT: WithdrawalDraft = { accountId: "A1", channel: "WIRE", bankAccountRef: "B-USD", amount: "120,50" }
/** Whether the path closed the modal up to this step, by Cancel or a sent withdrawal (the restored notice goes with the first close). */
const closedBefore = (path: { steps: ReadonlyArray<{ event: ModelEvent }> }, step: number) =>
  path.steps
    .slice(0, step + 1)
    .some((s) => (s.event.kind === "event" && s.event.event.type === "modal.close") || (s.event.kind === "done" && s.event.actorId === "withdraw"))
const lastCall = (mock: Mock) => mock.mock.invocationCallOrder.at(-1) ?? 0

const model = (input: WithdrawalInput) =>
  defineChartModel({
    chart: "withdrawal",
    machine: withdrawalMachine,
    // The portfolios actor it follows and tells to refetch (the watcher is a stub; the cash arrives as cash.change).
    // In German: the amount is typed with a decimal comma ("120,50" is 120.5).
    input,
    // Bounded samples, one per branch a guard distinguishes: the cash is unknown, ample, then too low
    // for the amount; the channel goes round NUBAN, WIRE, none; NUBAN pays the naira account (no
    // conversion), WIRE the dollar account (converted at a quote); the amount goes round valid, zero
    // and a sign (kept as typed and refused in words, never read as 5).
    events: (snap) => {
      const c = snap.context
      // Reopened from the draft: it is reviewed and sent as it was left (or cancelled and opened again).
      if (input.draft !== undefined)
        return [
          { type: "modal.open" as const },
          { type: "modal.close" as const },
          ...(c.cash === null ? [{ type: "cash.change" as const, cash: "500.00", currency: "NGN" }] : []),
          { type: "form.review" as const },
          { type: "review.confirm" as const },
          ...stepUpEvents(snap),
        ]
      return [
        { type: "modal.open" as const },
        { type: "modal.close" as const },
        ...(c.cash === null
          ? [{ type: "cash.change" as const, cash: "500.00", currency: "NGN" }]
          : c.cash === "500.00"
            ? [{ type: "cash.change" as const, cash: "10.00", currency: "NGN" }]
            : []),
        { type: "banks.retry" as const },
        { type: "channel.change" as const, channel: c.channel === null ? ("NUBAN" as const) : c.channel === "NUBAN" ? ("WIRE" as const) : null },
        ...(c.channel === "NUBAN" && c.bankAccountRef === null ? [{ type: "bankAccount.change" as const, ref: "B-NGN" }] : []),
        ...(c.channel === "WIRE" && c.bankAccountRef === null ? [{ type: "bankAccount.change" as const, ref: "B-USD" }] : []),
        ...(c.bankAccountRef !== null ? [{ type: "bankAccount.change" as const, ref: null }] : []),
        { type: "amount.change" as const, amount: c.amount === "120,50" ? "0" : c.amount === "0" ? "-5" : "120,50" },
        // A letter is refused as it is typed, an exponent's e after digits too: the amount keeps its text.
        ...(c.refused || c.amount === "" ? [] : [{ type: "amount.change" as const, amount: `${c.amount}e3` }]),
        { type: "form.review" as const },
        { type: "review.back" as const },
        { type: "review.confirm" as const },
        { type: "quote.refresh" as const },
        ...stepUpEvents(snap),
      ]
    },
    invocations: {
      loadBankAccounts: { done: [banks], error: [offline] },
      quoteWithdrawal: { done: [quote], error: [noRate, cancelled] },
      withdraw: { done: [submitted], error: [refused, cancelled, quoteExpired, quoteInvalid, stepUpRequired] },
      startStepUp: { done: [fromApp], error: [offline] },
      verifyStepUp: { done: [confirmed], error: [expiredCode] },
      // Follows the portfolios actor for the modal's life: no transition takes its end.
      watchPortfolios: { done: [undefined] },
    },
    implementations: () => ({
      actions: {
        notify: vi.fn<(_: unknown, p: unknown) => void>(),
        refetchAccount: vi.fn<() => void>(),
        storeDraft: vi.fn<(_: unknown, p: unknown) => void>(),
        dropDraft: vi.fn<() => void>(),
      },
    }),
    // The key is a fresh UUID in the app: what decides behaviour is whether one is held.
    // A quote matters only as one that fits the form or not (the chart's clock stands still, so a held
    // deadline is always its validity away).
    serialize: (snap) => ({
      ...snap.context,
      newKey: undefined,
      portfolios: undefined,
      now: undefined,
      idempotencyKey: snap.context.idempotencyKey !== null,
      quote: fittingQuote(snap.context) !== null,
      quoteDeadline: snap.context.quoteDeadline !== null,
    }),
    states: {
      closed: (snap, { path, step, implementations }) => {
        expect(snap.hasTag("open")).toBe(false)
        // The validation display is reset whenever the modal is closed.
        expect([snap.context.showIssues, snap.context.failure, snap.context.refused]).toEqual([false, null, false])
        const event = taken(path, step)
        const refetch = implementations.actions?.refetchAccount as Mock
        const storeDraft = implementations.actions?.storeDraft as Mock
        const dropDraft = implementations.actions?.dropDraft as Mock
        if (event?.kind === "done") {
          // Sent: the server's message as a toast, the account refetched (the payment and the cash show), a clean form.
          expect(implementations.actions?.notify).toHaveBeenLastCalledWith(expect.anything(), { kind: "success", text: submitted.message })
          expect(refetch).toHaveBeenCalledOnce()
          expect(snap.context).toMatchObject({ channel: null, bankAccountRef: null, amount: "", idempotencyKey: null, quote: null, restored: false })
          // The draft went when the withdrawal was confirmed and was never kept again.
          expect(lastCall(dropDraft)).toBeGreaterThan(lastCall(storeDraft))
        } else {
          // Refetched only for a withdrawal sent earlier on the path.
          expect(refetch).toHaveBeenCalledTimes(path.steps.slice(0, step + 1).filter((s) => s.event.kind === "done" && s.event.actorId === "withdraw").length)
          if (event?.kind === "event" && event.event.type === "modal.close") {
            // Closing keeps what was typed on the page, and drops the session's draft.
            const prior = before(path, step)
            expect([snap.context.channel, snap.context.bankAccountRef, snap.context.amount]).toEqual([prior?.channel, prior?.bankAccountRef, prior?.amount])
            expect(lastCall(dropDraft)).toBeGreaterThan(lastCall(storeDraft))
            expect(snap.context.restored).toBe(false)
          }
        }
      },
      open: (snap, { path, step, implementations }) => {
        expect(snap.hasTag("open")).toBe(true)
        // Reopened from the draft: said so until the modal first closes; the form is the draft's.
        expect(snap.context.restored).toBe(input.draft !== undefined && !closedBefore(path, step))
        if (step === 0 && input.draft !== undefined) expect(withdrawalDraft(snap.context)).toEqual(DRAFT)
        // Every change of the form is kept as the session's draft at once (none when nothing is typed or chosen).
        const prior = before(path, step)
        const taken = path.steps[step]?.event
        if (prior !== undefined && taken?.kind === "event" && JSON.stringify(withdrawalDraft(prior)) !== JSON.stringify(withdrawalDraft(snap.context))) {
          expect(implementations.actions?.storeDraft as Mock).toHaveBeenLastCalledWith(expect.anything(), withdrawalDraft(snap.context))
        }
        // A letter (an exponent's e too) is refused as it is typed: the amount keeps its text and says why.
        if (
          prior !== undefined &&
          taken?.kind === "event" &&
          taken.event.type === "amount.change" &&
          /[a-z]/i.test((taken.event as WithdrawalEvent & { type: "amount.change" }).amount)
        )
          expect([snap.context.amount, snap.context.refused]).toEqual([prior.amount, true])
        // Reopened with what was kept after Cancel: the draft again.
        if (taken?.kind === "event" && taken.event.type === "modal.open")
          expect(implementations.actions?.storeDraft as Mock).toHaveBeenLastCalledWith(expect.anything(), withdrawalDraft(snap.context))
      },
      "open.loadingBanks": (snap) => expect([snap.hasTag("loading"), snap.hasTag("busy")]).toEqual([true, false]),
      "open.banksFailed": (snap, { path, step, implementations }) => {
        expect(snap.hasTag("failed")).toBe(true)
        // The failed load is toasted in the user's language (the notice carries the failure's code).
        if (taken(path, step)?.kind === "error")
          expect(implementations.actions?.notify).toHaveBeenLastCalledWith(expect.anything(), expect.objectContaining({ kind: "error" }))
      },
      "open.editing": (snap, { path, step, implementations }) => {
        expect([snap.hasTag("busy"), snap.hasTag("review")]).toEqual([false, false])
        expect(snap.context.bankAccounts).toEqual(banks)
        // A chosen bank account is always one the channel offers.
        if (snap.context.bankAccountRef !== null) expect(offeredBankAccounts(snap.context).map((a) => a.ref)).toContain(snap.context.bankAccountRef)
        const event = taken(path, step)
        const prior = before(path, step)
        if (event?.kind === "error") {
          // Refused: its text in the modal (nothing for a request the client cancelled), every field kept, no toast.
          const error = event.error as { _tag: string; text: string; code?: string }
          const expiredWhileCashFell = error.code === "withdrawal.quote_expired" && prior !== undefined && fittingQuote(prior) !== null
          if (expiredWhileCashFell) {
            // The rate ran out and the cash fell meanwhile: through the expired review back to the form, which says what is wrong now.
            expect(isFormValid(withdrawalIssues(snap.context))).toBe(false)
            expect([snap.context.showIssues, snap.context.failure]).toEqual([true, null])
          } else expect(snap.context.failure?.text ?? null).toBe(error._tag === "RequestCancelled" ? null : error.text)
          // Not sent: the form is the session's draft again.
          if (event.actorId === "withdraw")
            expect(implementations.actions?.storeDraft as Mock).toHaveBeenLastCalledWith(expect.anything(), withdrawalDraft(snap.context))
          expect([snap.context.channel, snap.context.bankAccountRef, snap.context.amount]).toEqual([prior?.channel, prior?.bankAccountRef, prior?.amount])
          expect(implementations.actions?.notify).not.toHaveBeenCalled()
          if (event.actorId === "withdraw") {
            // The withdrawal's key is kept for the retry; so is its quote, unless the server would not take it.
            expect(snap.context.idempotencyKey).not.toBeNull()
            if (!expiredWhileCashFell)
              expect(snap.context.quote).toEqual(error.code === "withdrawal.quote_invalid" || error.code === "withdrawal.quote_expired" ? null : prior?.quote)
            else expect(snap.context.quoteDeadline).toBeNull()
          } else {
            // No rate (or the quote call was cancelled): back to the form with nothing quoted.
            expect(event.actorId).toBe("quoteWithdrawal")
            expect([snap.context.quote, snap.context.quoteDeadline]).toEqual([null, null])
          }
        }
        const wasReviewing = path.steps[step - 1]?.state.machineSnapshot.matches({ open: "reviewing" }) === true
        if (event?.kind === "event" && (event.event.type === "form.review" || (event.event.type === "cash.change" && wasReviewing))) {
          // Not sent (or back from the review because the cash fell): the form has issues, and they show.
          expect(isFormValid(withdrawalIssues(snap.context))).toBe(false)
          expect(snap.context.showIssues).toBe(true)
          // An amount that is not a number the form takes says why: a sign is refused in words.
          if (snap.context.amount === "-5") expect(withdrawalIssues(snap.context).amount).toEqual({ code: "validation.number-sign" })
        }
        if (event?.kind === "event" && event.event.type === "review.back") {
          expect([snap.context.channel, snap.context.bankAccountRef, snap.context.amount]).toEqual([prior?.channel, prior?.bankAccountRef, prior?.amount])
        }
      },
      "open.reviewing": (snap) => {
        expect([snap.hasTag("review"), snap.hasTag("busy")]).toEqual([true, false])
        expect(isFormValid(withdrawalIssues(snap.context))).toBe(true)
      },
      "open.reviewing.direct": (snap) => {
        // The portfolio's own currency: rate 1, no quote asked for or sent.
        expect(needsQuote(snap.context)).toBe(false)
        expect([snap.hasTag("quoting"), snap.hasTag("expired")]).toEqual([false, false])
      },
      "open.reviewing.quoting": (snap, { inputOf }) => {
        expect(snap.hasTag("quoting")).toBe(true)
        expect(needsQuote(snap.context)).toBe(true)
        // The quote is asked for exactly the form as it stands.
        expect(inputOf("quoteWithdrawal")).toEqual(withdrawalFields(snap.context))
        expect(inputOf("quoteWithdrawal")).toEqual({ channel: "WIRE", bankAccountRef: "B-USD", amount: "120.5", accountId: "A1" })
      },
      "open.reviewing.quoted": (snap, { path, step }) => {
        // The rate and the amount that arrives are those of a quote for this very form, still holding.
        expect(fittingQuote(snap.context)).toEqual(quote)
        expect(snap.context.quoteDeadline).toBeGreaterThan(NOW)
        const event = taken(path, step)
        // A new rate is a new request: no key until Confirm makes one.
        if (event?.kind === "done" && event.actorId === "quoteWithdrawal") {
          expect(snap.context.quoteDeadline).toBe(NOW + quote.validForMs)
          expect(snap.context.idempotencyKey).toBeNull()
        }
      },
      "open.reviewing.expired": (snap) => {
        // Said so, with a new rate on offer; the old one is never sent again.
        expect(snap.hasTag("expired")).toBe(true)
        expect(snap.context.quote).toEqual(quote)
        expect(snap.context.quoteDeadline).toBeNull()
        expect(snap.can({ type: "review.confirm" })).toBe(false)
        expect(snap.can({ type: "quote.refresh" })).toBe(true)
      },
      // The code step (issue 35): the withdrawal stays as confirmed, with its key, and nothing is a draft.
      "open.stepUp": (snap, { path, step }) => {
        expect(snap.hasTag("stepUp")).toBe(true)
        const prior = before(path, step)!
        expect([snap.context.channel, snap.context.bankAccountRef, snap.context.amount]).toEqual([prior.channel, prior.bankAccountRef, prior.amount])
        expect(snap.context.idempotencyKey).not.toBeNull()
      },
      "open.stepUp.sending": (snap) => expect(snap.hasTag("stepUp.sending")).toBe(true),
      "open.stepUp.entering": (snap, { path, step }) => {
        const event = taken(path, step)
        if (event?.kind === "done" && event.actorId === "startStepUp") expect(snap.context.stepUpMethod).toBe("APP")
        // An expired code says so; the code typed stays.
        if (event?.kind === "error" && event.actorId === "verifyStepUp")
          expect([snap.context.stepUpFailure?.code, snap.context.stepUpCode]).toEqual([expiredCode.code, CODE])
        if (event?.kind === "event" && event.event.type === "stepUp.submit") expect(snap.context.stepUpShowIssue).toBe(true)
      },
      "open.stepUp.verifying": (snap, { inputOf }) => {
        expect(snap.hasTag("busy")).toBe(true)
        expect(inputOf("verifyStepUp")).toEqual({ otp: CODE })
      },
      "open.submitting": (snap, { inputOf, path, step, implementations }) => {
        expect([snap.hasTag("review"), snap.hasTag("busy")]).toEqual([true, true])
        // Confirmed: no longer a draft, so a reload never offers money that may have left again.
        expect(lastCall(implementations.actions?.dropDraft as Mock)).toBeGreaterThan(lastCall(implementations.actions?.storeDraft as Mock))
        const request = inputOf("withdraw") as { body: WithdrawRequest; idempotencyKey: string }
        // "120,50" typed in German is sent as the canonical decimal.
        const fields = withdrawalFields(snap.context)
        expect([
          { channel: "NUBAN", bankAccountRef: "B-NGN", amount: "120.5", accountId: "A1" },
          { channel: "WIRE", bankAccountRef: "B-USD", amount: "120.5", accountId: "A1" },
        ]).toContainEqual(fields)
        // As it was confirmed: same currency, no quote; another currency, the quote's id goes with the form it was given for.
        const event = taken(path, step)
        if (event?.kind === "event" && event.event.type === "review.confirm")
          expect(request.body).toEqual(needsQuote(snap.context) ? { ...fields, quoteId: quote.quoteId } : fields)
        expect(request.idempotencyKey).toBe(snap.context.idempotencyKey)
        expect(request.idempotencyKey).toMatch(/^key-\d+$/)
      },
    },
  })

describeModel([
  model({ locale: "de-DE", accountId: "A1", newKey: () => `key-${++keys}`, portfolios, now: () => NOW }),
  // Reopened after a reload from the draft left on this portfolio's payments page.
  model({ locale: "de-DE", accountId: "A1", newKey: () => `key-${++keys}`, portfolios, now: () => NOW, draft: DRAFT }),
])

describe("the withdrawal's draft", () => {
  const start = (draft: unknown) =>
    createActor(withdrawalMachine, { input: { locale: "de-DE", accountId: "A1", newKey: () => "k", portfolios, draft } }).getSnapshot()

  it("reopens the modal with the draft of this portfolio and says so", () => {
    const snap = start(DRAFT)
    expect(snap.hasTag("open")).toBe(true)
    expect(snap.context).toMatchObject({ channel: "WIRE", bankAccountRef: "B-USD", amount: "120,50", restored: true })
  })

  it("stays closed with a clean form for another portfolio's draft, no draft, or a stored value that is not one", () => {
    for (const draft of [undefined, null, { ...DRAFT, accountId: "A2" }, { ...DRAFT, channel: "CASH" }, { ...DRAFT, amount: 120.5 }, "x"]) {
      const snap = start(draft)
      expect(snap.matches("closed")).toBe(true)
      expect(snap.context).toMatchObject({ channel: null, bankAccountRef: null, amount: "", restored: false })
    }
    expect(readWithdrawalDraft(JSON.parse(JSON.stringify(DRAFT)), "A1")).toEqual(DRAFT)
  })

  it("is nothing while nothing is chosen or typed", () => {
    expect(withdrawalDraft({ accountId: "A1", channel: null, bankAccountRef: null, amount: "" })).toBeNull()
    expect(withdrawalDraft({ accountId: "A1", channel: "NUBAN", bankAccountRef: null, amount: "" })).toEqual({
      accountId: "A1",
      channel: "NUBAN",
      bankAccountRef: null,
      amount: "",
    })
  })
})

describe("withdrawal Idempotency-Key", () => {
  it("is reused when the same withdrawal is retried, and renewed when a field changes", async () => {
    const calls: Array<{ body: WithdrawRequest; idempotencyKey: string }> = []
    let fail = true
    let n = 0
    const actor = createActor(
      withdrawalMachine.provide({
        actors: {
          loadBankAccounts: fromPromise<ReadonlyArray<BankAccount>>(async () => banks),
          withdraw: fromPromise<{ message: string }, { body: WithdrawRequest; idempotencyKey: string }>(async ({ input }) => {
            calls.push(input)
            if (fail) throw offline
            return submitted
          }),
          watchPortfolios: fromCallback(({ sendBack }) => sendBack({ type: "cash.change", cash: "1000.00", currency: "NGN" })),
        },
        actions: { notify: vi.fn<() => void>(), refetchAccount: vi.fn<() => void>(), storeDraft: vi.fn<() => void>(), dropDraft: vi.fn<() => void>() },
      }),
      { input: { locale: "en-GB", accountId: "A1", newKey: () => `uuid-${++n}`, portfolios } },
    )
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
    const confirm = async () => {
      actor.send({ type: "form.review" })
      actor.send({ type: "review.confirm" })
      await settle()
    }
    actor.start()
    actor.send({ type: "modal.open" })
    await settle()
    actor.send({ type: "channel.change", channel: "NUBAN" })
    actor.send({ type: "bankAccount.change", ref: "B-NGN" })
    actor.send({ type: "amount.change", amount: "100" })
    await confirm()
    await confirm()
    actor.send({ type: "amount.change", amount: "150" })
    await confirm()
    fail = false
    await confirm()
    expect(calls.map((c) => [c.idempotencyKey, c.body.amount])).toEqual([
      ["uuid-1", "100"],
      ["uuid-1", "100"],
      ["uuid-2", "150"],
      ["uuid-2", "150"],
    ])
    expect(actor.getSnapshot().matches("closed")).toBe(true)
  })
})

describe("the withdrawal's code step (issue 35)", () => {
  it("sends the refused withdrawal again with the same body and key once the code is verified; Back returns to the review", async () => {
    const calls: Array<{ body: WithdrawRequest; idempotencyKey: string }> = []
    const storeDraft = vi.fn<(_: unknown, draft: unknown) => void>()
    let stepUpDone = false
    let n = 0
    const actor = createActor(
      withdrawalMachine.provide({
        actors: {
          loadBankAccounts: fromPromise<ReadonlyArray<BankAccount>>(async () => banks),
          withdraw: fromPromise<{ message: string }, { body: WithdrawRequest; idempotencyKey: string }>(async ({ input }) => {
            calls.push(input)
            if (!stepUpDone) throw stepUpRequired
            return submitted
          }),
          startStepUp: fromPromise<StepUpStart>(async () => fromApp),
          verifyStepUp: fromPromise<{ message: string }, { otp: string }>(async ({ input }) => {
            if (input.otp !== CODE) throw expiredCode
            stepUpDone = true
            return confirmed
          }),
          watchPortfolios: fromCallback(({ sendBack }) => sendBack({ type: "cash.change", cash: "1000.00", currency: "NGN" })),
        },
        actions: { notify: vi.fn<() => void>(), refetchAccount: vi.fn<() => void>(), storeDraft, dropDraft: vi.fn<() => void>() },
      }),
      { input: { locale: "en-GB", accountId: "A1", newKey: () => `uuid-${++n}`, portfolios } },
    )
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
    actor.start()
    actor.send({ type: "modal.open" })
    await settle()
    actor.send({ type: "channel.change", channel: "NUBAN" })
    actor.send({ type: "bankAccount.change", ref: "B-NGN" })
    actor.send({ type: "amount.change", amount: "100" })
    actor.send({ type: "form.review" })
    actor.send({ type: "review.confirm" })
    await settle()
    expect(actor.getSnapshot().hasTag("stepUp")).toBe(true)
    // Back: the review as it was, and the form is the draft again; confirming again meets the code step again.
    actor.send({ type: "stepUp.cancel" })
    expect(actor.getSnapshot().hasTag("review")).toBe(true)
    expect(storeDraft).toHaveBeenLastCalledWith(expect.anything(), { accountId: "A1", channel: "NUBAN", bankAccountRef: "B-NGN", amount: "100" })
    actor.send({ type: "review.confirm" })
    await settle()
    actor.send({ type: "stepUp.change", code: "000000" })
    actor.send({ type: "stepUp.submit" })
    await settle()
    expect([actor.getSnapshot().hasTag("stepUp"), actor.getSnapshot().context.stepUpFailure?.code]).toEqual([true, "otp.expired"])
    actor.send({ type: "stepUp.change", code: CODE })
    actor.send({ type: "stepUp.submit" })
    await settle()
    await settle()
    expect(calls.map((c) => [c.idempotencyKey, c.body.amount])).toEqual([
      ["uuid-1", "100"],
      ["uuid-1", "100"],
      ["uuid-1", "100"],
    ])
    expect(actor.getSnapshot().matches("closed")).toBe(true)
  })
})

describe("the withdrawal's amount in the user's notation", () => {
  const form = (locale: string, amount: string) => ({
    locale,
    amount,
    channel: "NUBAN" as const,
    bankAccountRef: "B-NGN",
    accountId: "A1",
    cash: "2000000",
    currency: "NGN",
  })

  it("reads the amount as the user's language writes it and sends the canonical decimal", () => {
    expect(withdrawalFields(form("de-DE", "1.500,50")).amount).toBe("1500.5")
    expect(withdrawalFields(form("de-DE", "1500,50")).amount).toBe("1500.5")
    expect(withdrawalFields(form("fr-FR", "1\u202f500,5")).amount).toBe("1500.5")
    expect(withdrawalFields(form("en-GB", "1,500.50")).amount).toBe("1500.5")
    expect(isFormValid(withdrawalIssues(form("es-ES", "1.500,50")))).toBe(true)
  })

  it("refuses what is not a number in that notation in words, never as another number", () => {
    // English notation in German: not 150050, not 1500.5; said once the user presses Create.
    expect(withdrawalIssues(form("de-DE", "1500.50")).amount).toEqual({ code: "validation.number-notation", params: { example: "1.234,56" } })
    expect(typingAmountProblem(form("de-DE", "1500.50"))).toBeNull()
    // A sign, an exponent and a third decimal say why as they are typed.
    expect(typingAmountProblem(form("de-DE", "-5"))).toEqual({ code: "validation.number-sign" })
    expect(typingAmountProblem(form("en-GB", "1e3"))).toEqual({ code: "validation.number-exponent" })
    expect(typingAmountProblem(form("de-DE", "100,239"))).toEqual({ code: "validation.amount-decimals", params: { max: 2, currency: "NGN" } })
    expect(withdrawalIssues(form("de-DE", "100,239")).amount).toEqual({ code: "validation.amount-decimals", params: { max: 2, currency: "NGN" } })
  })
})
