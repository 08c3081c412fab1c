import { assign, setup } from "xstate"
import type { RecoveryCodeSet, RecoveryCodesRequest, RecoveryCodeStatus } from "../contract/security"
import { recoveryCodesFileName, recoveryCodesFileText, validateRecoveryConfirm, type RecoveryConfirmForm } from "../domain/recovery-codes"
import type { FormIssues } from "../domain/validation"
import type { Failure, Notice } from "./failure"
import { notifyFailure, shownFailure, TAG, type Tag, providedCall, providedAction } from "./kit"

type ConfirmField = keyof RecoveryConfirmForm

export interface RecoveryCodesContext {
  /** The user's set as last loaded (how many are left); null until the first load. */
  readonly status: RecoveryCodeStatus | null
  readonly password: string
  readonly otp: string
  /** Fields whose issues are shown (after blur or a submit attempt). */
  readonly touched: ReadonlyArray<ConfirmField>
  /** The refusal of the last attempt (wrong password or code), shown on the form; null otherwise. */
  readonly failure: Failure | null
  /** The new set while it is shown, the only time; null otherwise. */
  readonly created: RecoveryCodeSet | null
}

export type RecoveryCodesEvent =
  | { type: "list.retry" }
  | { type: "codes.start" }
  | { type: "form.change"; field: ConfirmField; value: string }
  | { type: "form.blur"; field: ConfirmField }
  | { type: "form.submit" }
  | { type: "form.cancel" }
  /** `head`: the file's first lines in the user's language (what the codes are, whose, when made). */
  | { type: "codes.download"; head: ReadonlyArray<string> }
  | { type: "codes.done" }

/** What the `saveCodes` action gets: the file's name and text. */
export interface SavedCodes {
  readonly fileName: string
  readonly text: string
}

/** The confirmation form's issues: password required, the app's code of six digits. */
export const confirmIssues = (c: Pick<RecoveryCodesContext, "password" | "otp">): FormIssues<ConfirmField> =>
  validateRecoveryConfirm({ password: c.password, otp: c.otp })

const touch = (touched: RecoveryCodesContext["touched"], field: ConfirmField) => (touched.includes(field) ? touched : [...touched, field])
const emptyForm = { password: "", otp: "", touched: [], failure: null } as const

/**
 * Recovery codes on the Security page (issue 35, decision 0221): how many of the user's ten
 * single-use codes are left (loaded on entry; a failure toasts and offers a retry). Making a new
 * set asks, inside the flow, for the password and the authenticator app's current code (a dialog);
 * a refusal (wrong password or code) says so on the form and keeps what was typed. The new set is
 * shown once, with a download as a text file; Done forgets it and reloads the count. Only a user
 * whose code comes from an authenticator app is offered a set.
 *
 * Provide the actors `loadRecoveryCodes` (void -> RecoveryCodeStatus) and `regenerateRecoveryCodes`
 * (RecoveryCodesRequest -> RecoveryCodeSet), and the actions `saveCodes` (params: SavedCodes) and
 * `notify` (params: Notice).
 */
export const recoveryCodesMachine = setup({
  types: {
    tags: {} as Tag | "confirm" | "codes",
    context: {} as RecoveryCodesContext,
    events: {} as RecoveryCodesEvent,
  },
  actors: {
    loadRecoveryCodes: providedCall<RecoveryCodeStatus>("loadRecoveryCodes"),
    regenerateRecoveryCodes: providedCall<RecoveryCodeSet, RecoveryCodesRequest>("regenerateRecoveryCodes"),
  },
  guards: {
    isAvailable: ({ context }) => context.status?.available === true,
    formValid: ({ context }) => Object.keys(confirmIssues(context)).length === 0,
  },
  actions: {
    saveCodes: providedAction<SavedCodes>("saveCodes"),
    notify: providedAction<Notice>("notify"),
    notifyFailure: notifyFailure(),
  },
}).createMachine({
  id: "recovery-codes",
  // What the chart's events and guards mean (English; the workflows namespace translates them).
  meta: {
    title: "Recovery codes",
    purpose: "Single-use codes that stand in for the authenticator app at sign-in: how many are left, and a new set after a fresh password and code.",
    events: {
      "list.retry": "The user asks to load the recovery codes' count again.",
      "codes.start": "The user asks for a new set of recovery codes.",
      "form.change": "The user types the password or the app's code.",
      "form.blur": "The user leaves the password or code field.",
      "form.submit": "The user confirms with the password and the app's code.",
      "form.cancel": "The user closes the form without a new set.",
      "codes.download": "The user downloads the new codes as a text file.",
      "codes.done": "The user has kept the new codes and closes them.",
    },
    guards: {
      isAvailable: "The user's code comes from an authenticator app, so recovery codes are offered.",
      formValid: "A password is typed and the app's code has six digits.",
    },
  },
  context: { status: null, ...emptyForm, created: null },
  initial: "loading",
  states: {
    loading: {
      tags: [TAG.loading],
      meta: { description: "Loading how many recovery codes are left (GET /users/recovery-codes); a count already shown stays" },
      invoke: {
        id: "loadRecoveryCodes",
        src: "loadRecoveryCodes",
        onDone: { target: "ready", actions: assign({ status: ({ event }) => event.output }) },
        onError: { target: "failed", actions: { type: "notifyFailure", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      tags: [TAG.failed],
      meta: { description: "The count could not be loaded (toasted); Retry loads it again" },
      on: { "list.retry": { target: "loading" } },
    },
    ready: {
      meta: { description: "How many codes are left is shown" },
      initial: "idle",
      states: {
        idle: {
          meta: { description: "No dialog is open; a new set is offered to an authenticator-app user" },
          on: { "codes.start": { guard: "isAvailable", target: "confirming", actions: assign(emptyForm) } },
        },
        confirming: {
          tags: [TAG.open, "confirm"],
          meta: { description: "The password and the app's current code are asked before a new set is made (a dialog)" },
          on: {
            "form.change": { actions: assign(({ event }) => (event.field === "password" ? { password: event.value } : { otp: event.value })) },
            "form.blur": { actions: assign({ touched: ({ context, event }) => touch(context.touched, event.field) }) },
            "form.submit": [
              { guard: "formValid", target: "generating", actions: assign({ touched: ["password", "otp"], failure: null }) },
              { actions: assign({ touched: ["password", "otp"] }) },
            ],
            "form.cancel": { target: "idle", actions: assign(emptyForm) },
          },
        },
        generating: {
          tags: [TAG.open, TAG.busy, "confirm"],
          meta: { description: "POST /users/recovery-codes with the password and code: the old set stops working; the dialog cannot be dismissed" },
          invoke: {
            id: "regenerateRecoveryCodes",
            src: "regenerateRecoveryCodes",
            input: ({ context }) => ({ password: context.password, otp: context.otp }),
            onDone: {
              target: "showing",
              actions: assign({
                created: ({ event }) => event.output,
                status: ({ context, event }) =>
                  context.status && { ...context.status, left: event.output.codes.length, generatedAt: event.output.generatedAt, lastUsedAt: null },
                ...emptyForm,
              }),
            },
            // Refused (wrong password or code): said on the form, what was typed stays.
            onError: { target: "confirming", actions: assign({ failure: ({ event }) => shownFailure(event.error) }) },
          },
        },
        showing: {
          tags: [TAG.open, "codes"],
          meta: { description: "The new codes are shown this once, with a download as a text file" },
          on: {
            "codes.download": {
              actions: {
                type: "saveCodes",
                params: ({ context, event }) => ({
                  fileName: recoveryCodesFileName(context.created?.generatedAt ?? ""),
                  text: recoveryCodesFileText(event.head, context.created?.codes ?? []),
                }),
              },
            },
            "codes.done": {
              target: "#recovery-codes.loading",
              actions: [assign({ created: null }), { type: "notify", params: { kind: "success", key: "account:security.recovery.toast.made" } }],
            },
          },
        },
      },
    },
  },
})
