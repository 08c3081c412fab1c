import { assign, sendTo, setup, type AnyActorRef } from "xstate"
import type { AccountNameAnswer, AddBankAccountRequest, Bank, BankList } from "../contract/bank-accounts"
import type { Message } from "../contract/common"
import {
  FOREIGN_BANK_CURRENCY,
  isDigitsDraft,
  isForeignBank,
  LOCAL_BANK_CURRENCY,
  shouldLookUpAccountName,
  validateForeignBankAccount,
  validateLocalBankAccount,
  type BankAccountType,
  type ForeignBankAccountForm,
} from "../domain/bank-account"
import { isCountryCode } from "../domain/countries"
import { isFormValid, type FormIssues } from "../domain/validation"
import type { Failure, Notice } from "./failure"
import { intentKey, loadWithRetry, NO_INTENT_KEY, shownFailure, notifyFailure, TAG, type Tag, providedCall, providedAction } from "./kit"
import { NO_STEP_UP, STEP_UP_ACTORS, STEP_UP_GUARDS, STEP_UP_META, STEP_UP_REFUSAL, stepUpStates, type StepUpContext, type StepUpEvent } from "./step-up"

/** The typed fields of the foreign form besides the account number (which starts the lookup of a local one). */
export const FOREIGN_TEXT_FIELDS = ["bankName", "accountName", "bankAddress", "bankCity", "bankProvince", "bankZipCode", "swiftAba"] as const
export type ForeignTextField = (typeof FOREIGN_TEXT_FIELDS)[number]

export interface AddBankAccountContext extends StepUpContext {
  /** GET /users/banks, loaded each time the modal opens; null until loaded. */
  readonly banks: BankList | null
  readonly bankRef: string | null
  readonly accountNumber: string
  /** Whether the last keystroke in a local account number was refused (not a digit). */
  readonly refused: boolean
  /** Local: the looked-up name (read-only; "" until found). Foreign: as typed. */
  readonly accountName: string
  readonly accountType: BankAccountType | null
  /** Foreign only. */
  readonly bankName: string
  readonly bankAddress: string
  readonly bankCity: string
  readonly bankProvince: string
  readonly bankZipCode: string
  readonly swiftAba: string
  readonly bankCountryCode: string | null
  /** Why the last name lookup failed (shown with a retry); null otherwise. */
  readonly lookupFailure: Failure | null
  /** Whether the form's issues are shown (after a submit attempt); reset when the modal closes. */
  readonly showIssues: boolean
  /** Why the last add failed, shown in the modal; null otherwise. */
  readonly failure: Failure | null
  readonly idempotencyKey: string | null
  readonly newKey: () => string
  /** The bank-accounts list's actor, told to reload after an account was added. */
  readonly list: AnyActorRef
}

export interface AddBankAccountInput {
  readonly newKey: () => string
  readonly list: AnyActorRef
}

export type AddBankAccountEvent =
  | { type: "modal.open" }
  | { type: "modal.close" }
  | { type: "banks.retry" }
  | { type: "bank.change"; ref: string | null }
  | { type: "accountNumber.change"; accountNumber: string }
  | { type: "field.change"; field: ForeignTextField; value: string }
  | { type: "accountType.change"; accountType: BankAccountType | null }
  | { type: "country.change"; code: string | null }
  | { type: "lookup.retry" }
  | { type: "form.submit" }
  | StepUpEvent

/** The chosen bank-list entry. */
export const chosenBank = (c: Pick<AddBankAccountContext, "banks" | "bankRef">): Bank | null => c.banks?.find((b) => b.ref === c.bankRef) ?? null

/** Whether the chosen bank is the 'Foreign' entry (foreign fields, USD). */
export const isForeignChoice = (c: Pick<AddBankAccountContext, "banks" | "bankRef">): boolean => isForeignBank(chosenBank(c))

/** The fixed currency of the chosen bank: USD for 'Foreign', NGN for a local bank. */
export const currencyOf = (c: Pick<AddBankAccountContext, "banks" | "bankRef">): string => (isForeignChoice(c) ? FOREIGN_BANK_CURRENCY : LOCAL_BANK_CURRENCY)

const foreignForm = (c: AddBankAccountContext): ForeignBankAccountForm => ({
  bankRef: c.bankRef,
  accountNumber: c.accountNumber,
  accountName: c.accountName,
  bankAddress: c.bankAddress,
  bankCity: c.bankCity,
  bankName: c.bankName,
  bankZipCode: c.bankZipCode,
  bankProvince: c.bankProvince,
  swiftAba: c.swiftAba,
  bankCountryCode: c.bankCountryCode,
  accountType: c.accountType,
})

/** The form's issues (spec part 2 section 5): the local rules, or the foreign ones for the 'Foreign' entry (country from the ISO 3166-1 alpha-3 list). */
export const addBankAccountIssues = (c: AddBankAccountContext): FormIssues<keyof ForeignBankAccountForm> =>
  isForeignChoice(c) ? validateForeignBankAccount(foreignForm(c), isCountryCode) : validateLocalBankAccount(c)

/** The request body of the current form (a local account sends only the local fields). */
export const addBankAccountBody = (c: AddBankAccountContext): AddBankAccountRequest => {
  const base = { bankRef: c.bankRef ?? "", accountNumber: c.accountNumber.trim(), accountName: c.accountName.trim(), accountType: c.accountType ?? "Saving" }
  if (!isForeignChoice(c)) return { ...base, bankName: chosenBank(c)?.bankName ?? "", currency: LOCAL_BANK_CURRENCY }
  return {
    ...base,
    bankName: c.bankName.trim(),
    currency: FOREIGN_BANK_CURRENCY,
    bankAddress: c.bankAddress.trim(),
    bankCity: c.bankCity.trim(),
    bankProvince: c.bankProvince.trim(),
    bankZipCode: c.bankZipCode.trim(),
    bankCountryCode: c.bankCountryCode ?? "",
    swiftAba: c.swiftAba.trim(),
  }
}

const CLEAN_FORM = {
  bankRef: null,
  accountNumber: "",
  refused: false,
  accountName: "",
  accountType: null,
  bankName: "",
  bankAddress: "",
  bankCity: "",
  bankProvince: "",
  bankZipCode: "",
  swiftAba: "",
  bankCountryCode: null,
  lookupFailure: null,
  showIssues: false,
  failure: null,
  ...NO_INTENT_KEY,
} as const

/** The chart's id, also the root of the code step's targets below. */
const CHART_ID = "add-bank-account"

const CLOSE = { "modal.close": { target: "#modal-closed", actions: "resetValidation" } } as const

/**
 * The add-bank-account modal of the bank-accounts page (spec part 2 sections 5 and 7). Opening
 * loads the bank list (GET /users/banks; a failure toasts and offers a retry). A bank is required.
 * A local bank: the account number is exactly 10 digits ('Enter a valid Account Number'); once 10
 * digits are there, the holder's name is looked up (GET /users/bank-account/{bankRef}/{number})
 * and shown read-only; a change of the number or the bank starts a new lookup, which cancels the
 * one in flight (leaving the state aborts its request); a failed lookup says so and offers a
 * retry; account type Saving or Checking; currency NGN. The 'Foreign' entry: the spec's minimum
 * lengths, a country ('Select Bank Country'), an account type, currency USD. Add sends POST
 * /users/bank-account with the intent's Idempotency-Key (kept by a retry, dropped by any change);
 * success toasts the server's message, tells the list to reload and closes with a clean form; a
 * failure keeps every field and shows its text. Closing (not while the request runs) resets the
 * validation display and keeps what was typed.
 *
 * Step-up (issue 35): the server refuses the add without a fresh one-time code of the session (403
 * step_up.required); the chart then shows the code step (./step-up.ts) and, once the code is
 * verified, sends the same request with the same key; Back returns to the form as it was.
 *
 * Provide the actors `loadBanks` (void -> BankList), `lookUpAccountName` ({ bankRef,
 * accountNumber } -> AccountNameAnswer), `addBankAccount` ({ body, idempotencyKey } -> Message),
 * `startStepUp` (void -> StepUpStart) and `verifyStepUp` ({ otp } -> Message), and the action
 * `notify` (params: Notice).
 */
export const addBankAccountMachine = setup({
  types: {
    tags: {} as Tag | "lookup.busy" | "lookup.failed" | "stepUp" | "stepUp.sending",
    context: {} as AddBankAccountContext,
    events: {} as AddBankAccountEvent,
    input: {} as AddBankAccountInput,
  },
  actors: {
    loadBanks: providedCall<BankList>("loadBanks"),
    lookUpAccountName: providedCall<AccountNameAnswer, { bankRef: string; accountNumber: string }>("lookUpAccountName"),
    addBankAccount: providedCall<Message, { body: AddBankAccountRequest; idempotencyKey: string }>("addBankAccount"),
    ...STEP_UP_ACTORS,
  },
  actions: {
    notify: providedAction<Notice>("notify"),
    notifyFailure: notifyFailure(),
    reloadList: sendTo(({ context }) => context.list, { type: "list.reload" }),
    resetValidation: assign({ showIssues: false, failure: null, refused: false }),
  },
  guards: {
    isFormValid: ({ context }) => isFormValid(addBankAccountIssues(context)),
    isForeign: ({ context }) => isForeignChoice(context),
    isRefusedAccountNumber: ({ context }, params: { text: string }) => context.bankRef !== null && !isForeignChoice(context) && !isDigitsDraft(params.text),
    // Reopened with the name of the number already found: shown again without asking twice.
    hasLookedUpName: ({ context }) =>
      context.bankRef !== null && !isForeignChoice(context) && shouldLookUpAccountName(context.accountNumber) && context.accountName !== "",
    needsLookup: ({ context }) => context.bankRef !== null && !isForeignChoice(context) && shouldLookUpAccountName(context.accountNumber),
    // The account name of a local bank is the lookup's, never typed.
    isTypedField: ({ context, event }) => event.type === "field.change" && (isForeignChoice(context) || event.field !== "accountName"),
    ...STEP_UP_GUARDS,
  },
}).createMachine({
  id: CHART_ID,
  // What the chart's events and guards mean (English; the workflows namespace translates them).
  meta: {
    title: "Add a bank account",
    purpose: "The modal that saves a payout bank account: bank list, account-name lookup or foreign details, and the idempotent save.",
    events: {
      "modal.open": "The user opens the add-bank-account modal.",
      "modal.close": "The user closes the modal; what was typed is kept.",
      "banks.retry": "The user asks to load the bank list again.",
      "bank.change": "The user chooses a bank (or the 'Foreign' entry).",
      "accountNumber.change": "The user types the account number.",
      "field.change": "The user types one of the text fields of the form.",
      "accountType.change": "The user chooses Saving or Checking.",
      "country.change": "The user chooses the foreign bank's country.",
      "lookup.retry": "The user asks to look up the account name again.",
      "form.submit": "The user presses Add.",
      ...STEP_UP_META.events,
    },
    guards: {
      isFormValid: "Every field of the form is valid.",
      isForeign: "The chosen bank is the 'Foreign' entry.",
      isRefusedAccountNumber: "A local bank is chosen and the typed account number holds something other than digits.",
      hasLookedUpName: "The name of this local account number was already looked up.",
      needsLookup: "A local bank is chosen and the account number has 10 digits.",
      isTypedField: "The field may be typed (a local account's name comes from the lookup).",
      ...STEP_UP_META.guards,
    },
    guardRequirements: {
      isFormValid: ["BA-3", "BA-4", "BA-6", "BA-7"],
      isForeign: ["BA-7"],
      isRefusedAccountNumber: ["BA-4"],
      hasLookedUpName: ["BA-5"],
      needsLookup: ["BA-5"],
      isTypedField: ["BA-5"],
      ...STEP_UP_META.guardRequirements,
    },
  },
  context: ({ input }) => ({ newKey: input.newKey, list: input.list, banks: null, ...CLEAN_FORM, ...NO_STEP_UP }),
  initial: "closed",
  states: {
    closed: {
      // Its own id: transitions deep in "open" close the modal by it.
      id: "modal-closed",
      meta: { description: "The modal is closed; what was typed is kept, its validation display is reset" },
      on: { "modal.open": { target: "open", meta: { requirements: ["BA-1"] } } },
    },
    open: {
      tags: [TAG.open],
      meta: { description: "The add-bank-account modal is open" },
      initial: "loadingBanks",
      states: {
        ...loadWithRetry<AddBankAccountContext, BankList>()({
          call: "loadBanks",
          // A chosen bank that is no longer listed is chosen no more.
          loaded: { target: "editing", take: (banks, context) => ({ banks, bankRef: banks.some((b) => b.ref === context.bankRef) ? context.bankRef : null }) },
          loading: { name: "loadingBanks", description: "Loading the bank list (GET /users/banks)", on: CLOSE },
          failed: { name: "banksFailed", description: "The bank list could not be loaded; Retry loads it again", on: CLOSE },
          retry: ["banks.retry"],
        }),
        editing: {
          meta: { description: "Filling in the form; the account name of a local account is looked up" },
          initial: "checking",
          on: {
            ...CLOSE,
            "bank.change": {
              target: ".checking",
              actions: assign({ bankRef: ({ event }) => event.ref, accountName: "", lookupFailure: null, failure: null, refused: false, ...NO_INTENT_KEY }),
            },
            "accountNumber.change": [
              // A local account number takes digits only: a letter or sign is refused as it is typed.
              {
                guard: { type: "isRefusedAccountNumber", params: ({ event }) => ({ text: event.accountNumber }) },
                actions: assign({ refused: true }),
              },
              {
                target: ".checking",
                // A local account's name belongs to the number it was looked up for.
                actions: assign({
                  refused: false,
                  accountNumber: ({ event }) => event.accountNumber,
                  accountName: ({ context }) => (isForeignChoice(context) ? context.accountName : ""),
                  lookupFailure: null,
                  failure: null,
                  ...NO_INTENT_KEY,
                }),
              },
            ],
            "field.change": {
              guard: "isTypedField",
              actions: assign(({ context, event }) => ({ ...context, [event.field]: event.value, failure: null, ...NO_INTENT_KEY })),
            },
            "accountType.change": { actions: assign({ accountType: ({ event }) => event.accountType, failure: null, ...NO_INTENT_KEY }) },
            "country.change": { actions: assign({ bankCountryCode: ({ event }) => event.code, failure: null, ...NO_INTENT_KEY }) },
            "form.submit": [
              {
                guard: "isFormValid",
                target: "submitting",
                actions: assign({ showIssues: false, failure: null, idempotencyKey: ({ context }) => intentKey(context) }),
              },
              { actions: assign({ showIssues: true }), meta: { requirements: ["BA-3", "BA-4", "BA-6", "BA-7"] } },
            ],
          },
          states: {
            checking: {
              meta: { description: "Deciding whether the account name must be looked up (a local bank and 10 digits, no name yet)" },
              always: [{ guard: "hasLookedUpName", target: "named" }, { guard: "needsLookup", target: "lookingUp" }, { target: "idle" }],
            },
            idle: {
              meta: { description: "No lookup: a foreign bank, no bank yet, or the number is not 10 digits" },
            },
            lookingUp: {
              tags: ["lookup.busy"],
              meta: { description: "GET /users/bank-account/{bankRef}/{accountNumber}; a newer number or bank cancels it" },
              invoke: {
                id: "lookUpAccountName",
                src: "lookUpAccountName",
                input: ({ context }) => ({ bankRef: context.bankRef ?? "", accountNumber: context.accountNumber.trim() }),
                onDone: { target: "named", actions: assign({ accountName: ({ event }) => event.output.accountName }) },
                onError: { target: "lookupFailed", actions: assign({ lookupFailure: ({ event }) => shownFailure(event.error) }) },
              },
            },
            named: {
              meta: { description: "The looked-up account name is shown read-only" },
            },
            lookupFailed: {
              tags: ["lookup.failed"],
              meta: { description: "The lookup failed: its text and a retry are shown" },
              on: { "lookup.retry": { target: "lookingUp", actions: assign({ lookupFailure: null }) } },
            },
          },
        },
        submitting: {
          tags: [TAG.busy],
          meta: { description: "POST /users/bank-account with the Idempotency-Key of this intent; the modal cannot be closed" },
          invoke: {
            id: "addBankAccount",
            src: "addBankAccount",
            input: ({ context }) => ({ body: addBankAccountBody(context), idempotencyKey: context.idempotencyKey ?? "" }),
            onDone: {
              target: "#modal-closed",
              actions: [{ type: "notify", params: ({ event }) => ({ kind: "success", text: event.output.message }) }, "reloadList", assign({ ...CLEAN_FORM })],
              meta: { requirements: ["BA-2"] },
            },
            // Back to the form with every field; a valid local form had its name, a foreign one needs no lookup.
            onError: [
              // No fresh one-time code of this session: the code step, then the same request again.
              { guard: STEP_UP_REFUSAL, target: "stepUp" },
              { guard: "isForeign", target: "editing.idle", actions: assign({ failure: ({ event }) => shownFailure(event.error) }) },
              { target: "editing.named", actions: assign({ failure: ({ event }) => shownFailure(event.error) }) },
            ],
          },
        },
        ...stepUpStates<AddBankAccountContext>()({ retry: `#${CHART_ID}.open.submitting`, back: `#${CHART_ID}.open.editing`, on: CLOSE }),
      },
    },
  },
})
