import { assign, not, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from "xstate"
import type { BankAccount } from "../contract/bank-accounts"
import type { Message } from "../contract/common"
import type { WithdrawalQuote, WithdrawalQuoteRequest, WithdrawRequest } from "../contract/money-movement"
import { equals, parseDecimal } from "../domain/decimal"
import { FX_ERROR_CODES, needsConversion } from "../domain/fx"
import { isNumberDraft, numberTextIssue, readNumberText, showsWhileTyping } from "../domain/number-text"
import { isFormValid, type FormIssues, type ValidationIssue } from "../domain/validation"
import {
  bankAccountsForChannel,
  validateWithdrawal,
  WITHDRAWAL_CHANNELS,
  WITHDRAWAL_DECIMALS,
  type WithdrawalChannel,
  type WithdrawalForm,
} from "../domain/withdrawal"
import { toFailure, type Failure, type Notice } from "./failure"
import { intentKey, loadWithRetry, NO_INTENT_KEY, notifyFailure, shownFailure, TAG, type Tag, providedCall, providedAction } from "./kit"
import { watchPeer } from "./peers"
import { NO_STEP_UP, STEP_UP_ACTORS, STEP_UP_GUARDS, STEP_UP_META, STEP_UP_REFUSAL, stepUpStates, type StepUpContext, type StepUpEvent } from "./step-up"
import type { portfoliosMachine } from "./portfolios.machine"

/** The shared portfolios actor: the modal follows the portfolio's cash and tells it to refetch after a withdrawal. */
export type PortfoliosPeer = ActorRefFrom<typeof portfoliosMachine>

/** The portfolio's cash and currency as the portfolios actor holds them (null while its details load). */
type CashChange = { type: "cash.change"; cash: string | null; currency: string | null }

/** What the modal reads of the portfolios actor: the cash of its portfolio. */
export const readCash =
  (accountId: string) =>
  (snapshot: SnapshotFrom<PortfoliosPeer>): CashChange => {
    const details = snapshot.context.details
    return details?.accountId === accountId
      ? { type: "cash.change", cash: details.cashBalance, currency: details.currency }
      : { type: "cash.change", cash: null, currency: null }
  }

export interface WithdrawalContext extends StepUpContext {
  /** The user's locale (Intl): the amount is typed, read and shown in its notation. */
  readonly locale: string
  /** The portfolio the cash leaves. */
  readonly accountId: string
  /** Its available cash (decimal string) and currency, followed on the portfolios actor; null while unknown. */
  readonly cash: string | null
  readonly currency: string | null
  /** The user's saved bank accounts (loaded each time the modal opens); null until loaded. */
  readonly bankAccounts: ReadonlyArray<BankAccount> | null
  readonly channel: WithdrawalChannel | null
  readonly bankAccountRef: string | null
  /** The amount as typed, in the user's notation ("1.500,50" in German). */
  readonly amount: string
  /** Whether the last keystroke in the amount was refused (a character no number has: a letter, a symbol). */
  readonly refused: boolean
  /** Whether the form's issues are shown (after a review attempt); reset when the modal closes. */
  readonly showIssues: boolean
  /** Why the last withdrawal failed, shown in the modal; null otherwise. */
  readonly failure: Failure | null
  readonly idempotencyKey: string | null
  readonly newKey: () => string
  readonly portfolios: PortfoliosPeer
  /** The rate quoted for a payout in another currency (issue 30); it goes with the form it was given for. */
  readonly quote: WithdrawalQuote | null
  /** Until when (the client's clock, ms) the quote holds; null once it ran out. */
  readonly quoteDeadline: number | null
  /** The client's clock (Date.now in the app). */
  readonly now: () => number
  /** Reopened from the user's unsent draft (after a reload or coming back to the page): the modal says so until it closes. */
  readonly restored: boolean
}

export interface WithdrawalInput {
  /** The user's locale (Intl), whose notation the amount takes. */
  readonly locale: string
  readonly accountId: string
  readonly newKey: () => string
  readonly portfolios: PortfoliosPeer
  /** The client's clock; Date.now when not given. */
  readonly now?: () => number
  /** The user's unsent draft (as stored: read with `readWithdrawalDraft`); one of this portfolio reopens the modal with it. */
  readonly draft?: unknown
}

/**
 * The unsent withdrawal kept for the session (issue 31): the portfolio, the channel, the bank
 * account and the amount as typed. Always the form: a review reopens as the form (a rate must be
 * quoted again) and a withdrawal being sent or sent is never a draft.
 */
export interface WithdrawalDraft {
  readonly accountId: string
  readonly channel: WithdrawalChannel | null
  readonly bankAccountRef: string | null
  readonly amount: string
}

/** The draft of the form as it stands; null when nothing was chosen or typed. */
export const withdrawalDraft = (c: Pick<WithdrawalContext, "accountId" | "channel" | "bankAccountRef" | "amount">): WithdrawalDraft | null =>
  c.channel === null && c.bankAccountRef === null && c.amount === ""
    ? null
    : { accountId: c.accountId, channel: c.channel, bankAccountRef: c.bankAccountRef, amount: c.amount }

const isText = (value: unknown): value is string => typeof value === "string" && value.length <= 64

/** A stored draft read back (storage is untrusted) for this portfolio: null unless every field has its type and it is this portfolio's. */
export const readWithdrawalDraft = (value: unknown, accountId: string): WithdrawalDraft | null => {
  if (typeof value !== "object" || value === null) return null
  const d = value as Record<string, unknown>
  const channel = d["channel"]
  const ok =
    d["accountId"] === accountId &&
    (channel === null || (typeof channel === "string" && (WITHDRAWAL_CHANNELS as ReadonlyArray<string>).includes(channel))) &&
    (d["bankAccountRef"] === null || isText(d["bankAccountRef"])) &&
    isText(d["amount"])
  return ok
    ? { accountId, channel: channel as WithdrawalChannel | null, bankAccountRef: d["bankAccountRef"] as string | null, amount: d["amount"] as string }
    : null
}

/** Confirm: the withdrawal is sent with the intent's key, and is no longer a draft (money that may have left is never offered again after a reload). */
const CONFIRM = { target: "#withdrawal.open.submitting", actions: ["startIntent", "dropDraft"], meta: { requirements: ["SEC-1"] } } as const

/** Keeps the form as it stands (after the change its transition made) as the draft. */
const KEEP_DRAFT = { type: "storeDraft", params: ({ context }: { context: WithdrawalContext }) => withdrawalDraft(context) } as const

export type WithdrawalEvent =
  | { type: "modal.open" }
  | { type: "modal.close" }
  | CashChange
  | { type: "banks.retry" }
  | { type: "channel.change"; channel: WithdrawalChannel | null }
  | { type: "bankAccount.change"; ref: string | null }
  | { type: "amount.change"; amount: string }
  /** Create: check the form, then show the review step. */
  | { type: "form.review" }
  /** Back from the review step to the form, every field kept. */
  | { type: "review.back" }
  /** Confirm on the review step: send the withdrawal. */
  | { type: "review.confirm" }
  /** On the review step of an expired rate: ask for a new one. */
  | { type: "quote.refresh" }
  | StepUpEvent

/** The amount typed, read in the user's notation with the payout's decimals rule (src/domain/number-text). */
const readAmount = (c: Pick<WithdrawalContext, "amount" | "locale">) => readNumberText(c.amount, c.locale, WITHDRAWAL_DECIMALS)

/**
 * Why the amount typed is not a number the withdrawal takes (a sign, an exponent, not the user's
 * notation, more than two decimals), as an issue in the user's notation; null when it reads or is empty.
 */
export const amountProblem = (c: Pick<WithdrawalContext, "amount" | "locale" | "currency">): ValidationIssue | null => {
  const read = readAmount(c)
  return read.kind === "problem" ? numberTextIssue(read.problem, c.locale, { max: WITHDRAWAL_DECIMALS, currency: c.currency ?? "" }) : null
}

/** The amount's problem as the form shows it while typing (what typing on cannot mend); the rest shows with the form's issues. */
export const typingAmountProblem = (c: Pick<WithdrawalContext, "amount" | "locale" | "currency">): ValidationIssue | null => {
  const read = readAmount(c)
  return read.kind === "problem" && showsWhileTyping(read.problem) ? amountProblem(c) : null
}

/** The form as the domain's rules read it: the amount is the canonical decimal of what was typed ("1.500,50" in German is "1500.5"), else the text. */
export const withdrawalForm = (c: Pick<WithdrawalContext, "channel" | "bankAccountRef" | "amount" | "locale">): WithdrawalForm => {
  const read = readAmount(c)
  return { channel: c.channel, bankAccountRef: c.bankAccountRef, amount: read.kind === "number" ? read.value : c.amount }
}

/** The form's issues (spec part 2 section 5): an amount that is not a number the form takes says why; one above the portfolio's cash is refused before sending. */
export const withdrawalIssues = (
  c: Pick<WithdrawalContext, "channel" | "bankAccountRef" | "amount" | "locale" | "cash" | "currency">,
): FormIssues<keyof WithdrawalForm> => {
  const issues = validateWithdrawal(withdrawalForm(c), c.cash)
  const problem = amountProblem(c)
  return problem === null ? issues : { ...issues, amount: problem }
}

/** The bank accounts the chosen channel offers (NUBAN: NGN accounts; WIRE: the others). */
export const offeredBankAccounts = (c: Pick<WithdrawalContext, "bankAccounts" | "channel">): BankAccount[] =>
  bankAccountsForChannel(c.bankAccounts ?? [], c.channel)

/** The chosen bank account, when it is one the channel offers. */
export const chosenBankAccount = (c: Pick<WithdrawalContext, "bankAccounts" | "channel" | "bankAccountRef">): BankAccount | null =>
  offeredBankAccounts(c).find((a) => a.ref === c.bankAccountRef) ?? null

/** The fields of the current form as the withdrawal and its quote send them; the amount is the canonical decimal of what was typed. */
export const withdrawalFields = (c: Pick<WithdrawalContext, "channel" | "bankAccountRef" | "amount" | "locale" | "accountId">): WithdrawalQuoteRequest => ({
  channel: c.channel ?? "NUBAN",
  bankAccountRef: c.bankAccountRef ?? "",
  amount: withdrawalForm(c).amount,
  accountId: c.accountId,
})

type QuoteView = Pick<WithdrawalContext, "channel" | "bankAccountRef" | "amount" | "locale" | "accountId" | "bankAccounts" | "currency" | "quote">

/** Whether the withdrawal goes to a bank account in another currency than the portfolio's, so it is paid at a quoted rate (issue 30). */
export const needsQuote = (c: Pick<WithdrawalContext, "bankAccounts" | "channel" | "bankAccountRef" | "currency">): boolean =>
  needsConversion(c.currency, chosenBankAccount(c)?.currency)

/** The quote held, when it was given for exactly this form (portfolio, bank account, currency and amount); else null. */
export const fittingQuote = (c: QuoteView): WithdrawalQuote | null => {
  const quote = c.quote
  const fields = withdrawalFields(c)
  const amount = parseDecimal(fields.amount)
  if (quote === null || amount === null || !needsQuote(c)) return null
  const fits =
    quote.accountId === fields.accountId && quote.bankAccountRef === fields.bankAccountRef && quote.currency === c.currency && equals(quote.amount, amount)
  return fits ? quote : null
}

/** The request body of the current form: with the quote's id when the payout is converted. */
export const withdrawalBody = (c: QuoteView): WithdrawRequest => {
  const quote = fittingQuote(c)
  return quote ? { ...withdrawalFields(c), quoteId: quote.quoteId } : withdrawalFields(c)
}

/** The refusals that end a quote's use: ran out (the review says so), or not one for this withdrawal. */
const QUOTE_REFUSALS: ReadonlyArray<string> = [FX_ERROR_CODES.quoteExpired, FX_ERROR_CODES.quoteInvalid]

const CLEAN_FORM = {
  channel: null,
  bankAccountRef: null,
  amount: "",
  refused: false,
  showIssues: false,
  failure: null,
  quote: null,
  quoteDeadline: null,
  restored: false,
  ...NO_INTENT_KEY,
} as const

/** Cancel, in every open state but while the withdrawal is being sent (its answer must reach the user). */
const CLOSE = { "modal.close": { target: "#withdrawal.closed", actions: ["resetValidation", "dropDraft"], meta: { requirements: ["WD-2", "WD-3"] } } } as const

/**
 * The withdraw modal of the payments page (spec part 2 sections 2, 4, 5 and 7): static (closed
 * only by its Cancel button, never by Escape or the backdrop), its validation display reset when
 * it closes. Opening loads the saved bank accounts (a failure offers a retry). The form: channel
 * NUBAN or WIRE ('Select Withdrawal Channel'), a bank account the channel offers ('Select Bank
 * Account'; a channel change drops a choice that no longer fits), an amount typed in the user's
 * notation (input `locale`: "1.500,50" in German; a letter, an exponent's e included, refused as
 * it is typed; a sign, another notation or more than two decimals refused in words) that is a
 * positive decimal ('Enter Valid Amount') and not above the portfolio's cash,
 * followed on the portfolios actor. Create shows the review step (amount, fees, total, bank
 * account, cash after); Back returns with every field kept; Confirm sends POST /users/withdraw with
 * the intent's Idempotency-Key (kept by a retry, dropped by any change). Success toasts the
 * server's message, tells the portfolios actor to refetch (the new payment and the lower cash
 * show) and closes with a clean form; a failure returns to the form with its text and every field.
 *
 * A bank account in another currency than the portfolio's (issue 30): the review step first gets
 * the rate (POST /users/withdraw/quote; a refusal such as no rate returns to the form with its
 * text), then shows the rate and the amount that arrives, and Confirm sends the quote's id. The
 * quote holds for its `validForMs` on the client's clock: when it runs out (or the server says it
 * did) the review says so and offers a new rate instead of Confirm. A quote is reused while the
 * form is unchanged and it holds (Back and Create again, or a retry after a failure, which keeps
 * the same request and key); a new quote is a new request, so it takes a new key.
 *
 * The unsent form is the session's draft (issue 31): every change (and reopening with what was
 * kept) stores `withdrawalDraft`; Cancel and Confirm drop it; a failed withdrawal stores it again.
 * Input `draft` of this portfolio (read with `readWithdrawalDraft`) starts the modal open with it,
 * `restored` set so the modal says so until it closes.
 *
 * Step-up (issue 35): the first withdrawal to a bank account less than 24 hours old is refused by
 * the server without a fresh one-time code of the session (403 step_up.required); the chart then
 * shows the code step (./step-up.ts) and, once the code is verified, sends the same withdrawal with
 * the same key; Back returns to the review, every field kept, and the form is the draft again.
 *
 * Provide the actors `loadBankAccounts` (void -> BankAccount[]), `quoteWithdrawal`
 * (WithdrawalQuoteRequest -> WithdrawalQuote), `withdraw` ({ body, idempotencyKey } ->
 * Message), `startStepUp` (void -> StepUpStart) and `verifyStepUp` ({ otp } -> Message), and the actions `notify` (params: Notice), `storeDraft` (params: WithdrawalDraft |
 * null) and `dropDraft`.
 */
export const withdrawalMachine = setup({
  types: {
    tags: {} as Tag | "review" | "quoting" | "expired" | "stepUp" | "stepUp.sending",
    context: {} as WithdrawalContext,
    events: {} as WithdrawalEvent,
    input: {} as WithdrawalInput,
  },
  actors: {
    watchPortfolios: watchPeer<PortfoliosPeer, CashChange>(),
    loadBankAccounts: providedCall<ReadonlyArray<BankAccount>>("loadBankAccounts"),
    quoteWithdrawal: providedCall<WithdrawalQuote, WithdrawalQuoteRequest>("quoteWithdrawal"),
    withdraw: providedCall<Message, { body: WithdrawRequest; idempotencyKey: string }>("withdraw"),
    ...STEP_UP_ACTORS,
  },
  actions: {
    notify: providedAction<Notice>("notify"),
    notifyFailure: notifyFailure(),
    /** Keeps the unsent draft for the session (null: nothing typed, none is kept); the app's storage. */
    storeDraft: providedAction<WithdrawalDraft | null>("storeDraft"),
    /** Drops the draft (Cancel, or the withdrawal is being sent). */
    dropDraft: providedAction("dropDraft"),
    refetchAccount: sendTo(({ context }) => context.portfolios, { type: "account.refetch" }),
    /** The validation display resets when the modal closes (spec part 2 section 4); so does the restored notice. */
    resetValidation: assign({ showIssues: false, failure: null, refused: false, restored: false }),
    /** Confirm: the intent's Idempotency-Key (kept by a retry), no failure shown. */
    startIntent: assign({ failure: null, idempotencyKey: ({ context }) => intentKey(context) }),
    /** The quote ran out: it is shown as expired and never sent again. */
    expireQuote: assign({ quoteDeadline: null }),
  },
  guards: {
    isRestored: ({ context }) => context.restored,
    isFormValid: ({ context }) => isFormValid(withdrawalIssues(context)),
    isNotDecimal: (_, params: { text: string }) => !isNumberDraft(params.text),
    needsQuote: ({ context }) => needsQuote(context),
    hasLiveQuote: ({ context }) => fittingQuote(context) !== null && context.quoteDeadline !== null && context.quoteDeadline > context.now(),
    isQuoteExpiredRefusal: ({ context }, params: { error: unknown }) =>
      fittingQuote(context) !== null && toFailure(params.error).code === FX_ERROR_CODES.quoteExpired,
    ...STEP_UP_GUARDS,
  },
  delays: {
    /** What is left of the quote's validity on the client's clock. */
    quoteExpiry: ({ context }) => Math.max(0, (context.quoteDeadline ?? 0) - context.now()),
  },
}).createMachine({
  id: "withdrawal",
  // What the chart's events and guards mean (English; the workflows namespace translates them).
  meta: {
    title: "Withdrawal",
    purpose: "Withdrawing cash to a saved bank account: amount against the portfolio's cash, the review step with a quoted rate, and the idempotent payout.",
    events: {
      "modal.open": "The user opens the withdraw modal.",
      "modal.close": "The user presses Cancel; what was typed is kept on the page, its draft is dropped.",
      "banks.retry": "The user asks to load the bank accounts again.",
      "channel.change": "The user chooses NUBAN or WIRE.",
      "bankAccount.change": "The user chooses the bank account.",
      "amount.change": "The user types the amount.",
      "cash.change": "The portfolio's available cash changed.",
      "form.review": "The user presses Create to review the withdrawal.",
      "review.back": "The user goes back from the review to the form.",
      "review.confirm": "The user confirms the withdrawal.",
      "quote.refresh": "The user asks for a new exchange rate after the last one expired.",
      ...STEP_UP_META.events,
    },
    guards: {
      isRestored: "The user left an unsent withdrawal of this portfolio in this tab: the modal reopens with it.",
      isFormValid: "Every field is valid and the amount is within the available cash.",
      isNotDecimal: "The typed text has a character no number has (a letter or a symbol).",
      needsQuote: "The bank account's currency differs from the portfolio's, so the withdrawal is converted at a quoted rate.",
      hasLiveQuote: "A rate quoted for exactly this withdrawal is held and has not expired.",
      isQuoteExpiredRefusal: "The server refused the withdrawal because its rate quote expired.",
      ...STEP_UP_META.guards,
    },
    guardRequirements: {
      isRestored: ["DR-1"],
      isFormValid: ["WD-4", "WD-5", "WD-6", "SEC-3"],
      isNotDecimal: ["WD-6"],
      needsQuote: ["FX-1"],
      hasLiveQuote: ["FX-1"],
      isQuoteExpiredRefusal: ["FX-1"],
      ...STEP_UP_META.guardRequirements,
    },
  },
  context: ({ input }) => {
    const draft = readWithdrawalDraft(input.draft, input.accountId)
    return {
      locale: input.locale,
      accountId: input.accountId,
      newKey: input.newKey,
      portfolios: input.portfolios,
      now: input.now ?? (() => Date.now()),
      cash: null,
      currency: null,
      bankAccounts: null,
      ...CLEAN_FORM,
      ...NO_STEP_UP,
      ...(draft ? { channel: draft.channel, bankAccountRef: draft.bankAccountRef, amount: draft.amount, restored: true } : {}),
    }
  },
  // The portfolio's cash follows the portfolios actor for the modal's whole life.
  invoke: { id: "watchPortfolios", src: "watchPortfolios", input: ({ context }) => ({ peer: context.portfolios, read: readCash(context.accountId) }) },
  on: {
    "cash.change": { actions: assign({ cash: ({ event }) => event.cash, currency: ({ event }) => event.currency }) },
  },
  initial: "closed",
  states: {
    closed: {
      meta: { description: "The modal is closed; what was typed is kept, its validation display is reset" },
      // Started from the user's unsent draft of this portfolio: the modal reopens with it.
      always: { guard: "isRestored", target: "open" },
      // Reopened with what was kept: unsent input again, so the draft again.
      on: { "modal.open": { target: "open", actions: KEEP_DRAFT, meta: { requirements: ["WD-1"] } } },
    },
    open: {
      tags: [TAG.open],
      meta: { description: "The withdraw modal is open (static: only Cancel closes it)" },
      initial: "loadingBanks",
      states: {
        ...loadWithRetry<WithdrawalContext, ReadonlyArray<BankAccount>>()({
          call: "loadBankAccounts",
          loaded: {
            target: "editing",
            // A chosen account that is gone (deleted meanwhile) is chosen no more.
            take: (bankAccounts, context) => ({
              bankAccounts,
              bankAccountRef: bankAccounts.some((a) => a.ref === context.bankAccountRef) ? context.bankAccountRef : null,
            }),
            actions: [KEEP_DRAFT],
          },
          loading: { name: "loadingBanks", description: "Loading the user's saved bank accounts (GET /users/bank-account)", on: CLOSE },
          failed: { name: "banksFailed", description: "The bank accounts could not be loaded; Retry loads them again", on: CLOSE },
          retry: ["banks.retry"],
        }),
        editing: {
          meta: { description: "Choosing the channel and bank account and typing the amount; Create checks the form and shows the review" },
          on: {
            ...CLOSE,
            "channel.change": {
              actions: [
                assign({
                  channel: ({ event }) => event.channel,
                  // The chosen bank account stays only if the new channel still offers it.
                  bankAccountRef: ({ context, event }) =>
                    offeredBankAccounts({ bankAccounts: context.bankAccounts, channel: event.channel }).some((a) => a.ref === context.bankAccountRef)
                      ? context.bankAccountRef
                      : null,
                  failure: null,
                  ...NO_INTENT_KEY,
                }),
                KEEP_DRAFT,
              ],
              meta: { requirements: ["WD-4", "WD-5", "SEC-1"] },
            },
            "bankAccount.change": {
              actions: [assign({ bankAccountRef: ({ event }) => event.ref, failure: null, ...NO_INTENT_KEY }), KEEP_DRAFT],
              meta: { requirements: ["WD-5", "SEC-1"] },
            },
            // A character no number has (a letter, a symbol) is refused as it is typed: the amount keeps its text and says why.
            "amount.change": [
              { guard: { type: "isNotDecimal", params: ({ event }) => ({ text: event.amount }) }, actions: assign({ refused: true }) },
              {
                actions: [assign({ amount: ({ event }) => event.amount, refused: false, failure: null, ...NO_INTENT_KEY }), KEEP_DRAFT],
                meta: { requirements: ["WD-6", "SEC-1"] },
              },
            ],
            "form.review": [
              { guard: "isFormValid", target: "reviewing", actions: assign({ showIssues: false }) },
              { actions: assign({ showIssues: true }), meta: { requirements: ["WD-4", "WD-5", "WD-6"] } },
            ],
          },
        },
        reviewing: {
          tags: ["review"],
          meta: {
            description:
              "The review step: amount, fees, total, bank account and the cash after, and for another currency the rate and the amount that arrives; Back edits",
          },
          // The cash fell below the total meanwhile (another withdrawal or an order): back to the form with the reason.
          always: { guard: not("isFormValid"), target: "editing", actions: assign({ showIssues: true }), meta: { requirements: ["SEC-3"] } },
          on: {
            ...CLOSE,
            "review.back": { target: "editing" },
          },
          initial: "deciding",
          states: {
            deciding: {
              meta: { description: "Whether the payout is converted: a rate held for this form is reused, else one is asked for; same currency needs none" },
              always: [{ guard: "hasLiveQuote", target: "quoted" }, { guard: "needsQuote", target: "quoting" }, { target: "direct" }],
            },
            quoting: {
              tags: ["quoting"],
              meta: { description: "Getting the reference market's rate for the bank account's currency (POST /users/withdraw/quote)" },
              invoke: {
                id: "quoteWithdrawal",
                src: "quoteWithdrawal",
                input: ({ context }) => withdrawalFields(context),
                onDone: {
                  target: "quoted",
                  // A new rate is a new request: it takes a new Idempotency-Key.
                  actions: assign({
                    quote: ({ event }) => event.output,
                    quoteDeadline: ({ context, event }) => context.now() + event.output.validForMs,
                    failure: null,
                    ...NO_INTENT_KEY,
                  }),
                },
                onError: {
                  target: "#withdrawal.open.editing",
                  actions: assign({ failure: ({ event }) => shownFailure(event.error), quote: null, quoteDeadline: null }),
                },
              },
            },
            quoted: {
              meta: { description: "The rate and the amount that arrives are shown while the quote holds; Confirm sends the withdrawal with it" },
              after: { quoteExpiry: { target: "expired", actions: "expireQuote" } },
              on: { "review.confirm": CONFIRM },
            },
            expired: {
              tags: ["expired"],
              meta: { description: "The rate expired: the review says so and offers a new rate instead of Confirm" },
              on: { "quote.refresh": { target: "quoting" } },
            },
            direct: {
              meta: { description: "Paid in the portfolio's own currency (rate 1, no quote); Confirm sends the withdrawal" },
              // The portfolio's currency arrived only now and differs from the bank account's: get the rate.
              always: { guard: "needsQuote", target: "quoting" },
              on: { "review.confirm": CONFIRM },
            },
          },
        },
        submitting: {
          tags: [TAG.busy, "review"],
          meta: { description: "POST /users/withdraw with the Idempotency-Key of this intent; the modal stays open" },
          invoke: {
            id: "withdraw",
            src: "withdraw",
            input: ({ context }) => ({ body: withdrawalBody(context), idempotencyKey: context.idempotencyKey ?? "" }),
            onDone: {
              target: "#withdrawal.closed",
              actions: [
                { type: "notify", params: ({ event }) => ({ kind: "success", text: event.output.message }) },
                "refetchAccount",
                assign({ ...CLEAN_FORM }),
              ],
            },
            onError: [
              // No fresh one-time code of this session for a new bank account: the code step, then the same withdrawal again.
              { guard: STEP_UP_REFUSAL, target: "stepUp" },
              // The server says the rate ran out: the review says so and offers a new one.
              {
                guard: { type: "isQuoteExpiredRefusal", params: ({ event }) => ({ error: event.error }) },
                target: "reviewing.expired",
                actions: "expireQuote",
              },
              {
                target: "editing",
                meta: { requirements: ["SEC-1"] },
                actions: [
                  assign({
                    failure: ({ event }) => shownFailure(event.error),
                    // A quote the server would not take is dropped; any other failure keeps it, so a retry sends the same request.
                    quote: ({ context, event }) => (QUOTE_REFUSALS.includes(toFailure(event.error).code ?? "") ? null : context.quote),
                  }),
                  // Not sent: the form is unsent input again, so the draft again.
                  KEEP_DRAFT,
                ],
              },
            ],
          },
        },
        // Back: the withdrawal is unsent input again, so the draft again.
        ...stepUpStates<WithdrawalContext>()({
          retry: "#withdrawal.open.submitting",
          back: "#withdrawal.open.reviewing",
          backActions: [KEEP_DRAFT],
          on: CLOSE,
        }),
      },
    },
  },
})
