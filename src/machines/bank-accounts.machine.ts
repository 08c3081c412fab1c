import { assign, setup } from "xstate"
import type { BankAccount } from "../contract/bank-accounts"
import type { Message } from "../contract/common"
import type { Notice } from "./failure"
import { loadWithRetry, notifyFailure, TAG, type Tag, providedCall, providedAction } from "./kit"

export interface BankAccountsContext {
  /** The user's saved bank accounts, newest first (numbers masked by the server); null until loaded. */
  readonly accounts: ReadonlyArray<BankAccount> | null
  /** The account whose details dialog is open, or whose deletion is being confirmed or sent. */
  readonly selectedRef: string | null
}

export type BankAccountsEvent =
  | { type: "list.retry" }
  /** A bank account was added (the add modal's chart says so): load the list again. */
  | { type: "list.reload" }
  | { type: "details.open"; ref: string }
  | { type: "details.close" }
  | { type: "delete.request"; ref: string }
  | { type: "delete.cancel" }
  | { type: "delete.confirm" }

/** The account a dialog is about, while it is still listed. */
export const selectedAccount = (c: BankAccountsContext): BankAccount | null => c.accounts?.find((a) => a.ref === c.selectedRef) ?? null

/**
 * The bank-accounts page of the user-account area ('User Withdrawal Bank Account', spec part 2
 * sections 2, 4 and 7): GET /users/bank-account on entry (a failure toasts and offers a retry), a
 * details dialog for one account, deleting one after a confirmation (DELETE /users/bank-account/
 * {ref}; the dialog cannot be dismissed while it runs). A successful deletion toasts the server's
 * message and reloads the list; a failed one toasts its text and the list stays. `list.reload`
 * (sent by the add-bank-account chart after an account was added) reloads the list; the shown
 * list stays on screen while it reloads.
 *
 * Provide the actors `loadBankAccounts` (void -> BankAccount[]) and `deleteBankAccount` ({ ref }
 * -> Message), and the action `notify` (params: Notice).
 */
export const bankAccountsMachine = setup({
  types: {
    tags: {} as Tag | "details" | "confirm",
    context: {} as BankAccountsContext,
    events: {} as BankAccountsEvent,
  },
  actors: {
    loadBankAccounts: providedCall<ReadonlyArray<BankAccount>>("loadBankAccounts"),
    deleteBankAccount: providedCall<Message, { ref: string }>("deleteBankAccount"),
  },
  actions: {
    notify: providedAction<Notice>("notify"),
    notifyFailure: notifyFailure(),
  },
}).createMachine({
  id: "bank-accounts",
  // What the chart's events and guards mean (English; the workflows namespace translates them).
  meta: {
    title: "Bank accounts",
    purpose: "The saved payout bank accounts: the list, one account's details, and deleting one after a confirmation.",
    events: {
      "list.retry": "The user asks to load the bank accounts again.",
      "list.reload": "The add modal added an account: the list reloads.",
      "details.open": "The user opens the details of one bank account.",
      "details.close": "The user closes the details dialog.",
      "delete.request": "The user asks to delete one bank account.",
      "delete.cancel": "The user keeps the bank account.",
      "delete.confirm": "The user confirms the deletion.",
    },
    guards: {},
  },
  context: { accounts: null, selectedRef: null },
  initial: "loading",
  states: {
    ...loadWithRetry<BankAccountsContext, ReadonlyArray<BankAccount>>()({
      call: "loadBankAccounts",
      loaded: { target: "shown", take: (accounts) => ({ accounts }) },
      loading: { description: "Loading the saved bank accounts (GET /users/bank-account); a list already shown stays" },
      failed: { description: "The list could not be loaded (toasted); Retry loads it again" },
      retry: ["list.retry", "list.reload"],
    }),
    shown: {
      meta: { description: "The list is shown" },
      initial: "idle",
      states: {
        idle: {
          meta: { description: "No dialog is open; Add Bank Account, view and delete are offered" },
          on: {
            "list.reload": { target: "#bank-accounts.loading", meta: { requirements: ["BA-2"] } },
            "details.open": { target: "details", actions: assign({ selectedRef: ({ event }) => event.ref }), meta: { requirements: ["BA-1"] } },
            "delete.request": { target: "confirming", actions: assign({ selectedRef: ({ event }) => event.ref }), meta: { requirements: ["BA-1"] } },
          },
        },
        details: {
          tags: [TAG.open, "details"],
          meta: { description: "The details dialog of one bank account is open" },
          on: { "details.close": { target: "idle", actions: assign({ selectedRef: null }) } },
        },
        confirming: {
          tags: [TAG.open, "confirm"],
          meta: { description: "Asking to confirm the deletion of one bank account (an alert dialog)" },
          on: {
            "delete.cancel": { target: "idle", actions: assign({ selectedRef: null }) },
            "delete.confirm": { target: "deleting" },
          },
        },
        deleting: {
          tags: [TAG.open, TAG.busy, "confirm"],
          meta: { description: "DELETE /users/bank-account/{ref}; the confirmation stays open and cannot be dismissed" },
          invoke: {
            id: "deleteBankAccount",
            src: "deleteBankAccount",
            input: ({ context }) => ({ ref: context.selectedRef ?? "" }),
            onDone: {
              target: "#bank-accounts.loading",
              actions: [{ type: "notify", params: ({ event }) => ({ kind: "success", text: event.output.message }) }, assign({ selectedRef: null })],
              meta: { requirements: ["BA-2"] },
            },
            onError: { target: "idle", actions: [{ type: "notifyFailure", params: ({ event }) => ({ error: event.error }) }, assign({ selectedRef: null })] },
          },
        },
      },
    },
  },
})
