import { assign, setup } from "xstate"
import type { ResetPasswordRequest } from "../contract/auth"
import type { Message } from "../contract/common"
import { validateResetPassword, type ResetPasswordForm } from "../domain/auth-forms"
import { isFormValid, type FormIssues } from "../domain/validation"
import type { Failure, Notice } from "./failure"
import { shownFailure, type Tag, TAG, providedCall, providedAction } from "./kit"
import { successNotice } from "./forgot-password.machine"

type ResetField = keyof ResetPasswordForm

export interface ResetPasswordContext extends ResetPasswordForm {
  /** The one-time reference from the e-mailed link (/reset-password/:ref). */
  readonly resetRef: string
  /** Fields whose issues are shown (after blur or a submit attempt). */
  readonly touched: ReadonlyArray<ResetField>
  /** The failed request, shown in the form's alert (an invalid or expired link: code `reset.invalid`). */
  readonly failure: Failure | null
}

export type ResetPasswordEvent =
  { type: "field.change"; field: ResetField; value: string } | { type: "field.blur"; field: ResetField } | { type: "form.submit" }

export interface ResetPasswordInput {
  /** The route's :ref. */
  readonly resetRef: string
}

/** The form's issues (spec part 1 section 5, Reset password: the complexity message and 'Passwords must match'). */
export const resetPasswordIssues = (c: ResetPasswordForm): FormIssues<ResetField> =>
  validateResetPassword({ password: c.password, confirmPassword: c.confirmPassword })

const touch = (touched: ResetPasswordContext["touched"], field: ResetField) => (touched.includes(field) ? touched : [...touched, field])

/**
 * Reset password (/reset-password/:ref, spec part 1 sections 4, 5 and 7): the new password and its
 * confirmation; submitting (the spec's 1-second delay, then POST /auth/reset-password with the ref
 * and the password); on success the server's message as a success toast, then /login. A failure
 * (an invalid or expired link among them) stays on the form with its text in the alert; a request
 * the client cancelled shows nothing.
 *
 * Start it with input `{ resetRef }`. Provide the actor `resetPassword` (ResetPasswordRequest ->
 * Message) and the actions `notify` (params: Notice, a toast) and `goToLogin` (navigate to /login).
 */
export const resetPasswordMachine = setup({
  types: {
    tags: {} as Tag,
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
    input: {} as ResetPasswordInput,
  },
  actors: {
    resetPassword: providedCall<Message, ResetPasswordRequest>("resetPassword"),
  },
  actions: {
    notify: providedAction<Notice>("notify"),
    goToLogin: providedAction("goToLogin"),
    touchAll: assign({ touched: ["password", "confirmPassword"] satisfies ReadonlyArray<ResetField> }),
  },
  guards: {
    isFormValid: ({ context }) => isFormValid(resetPasswordIssues(context)),
  },
  delays: {
    submitDelay: 1000,
  },
}).createMachine({
  id: "reset-password",
  // What the chart's events and guards mean (English; the workflows namespace translates them).
  meta: {
    title: "Reset password",
    purpose: "Choosing a new password from a reset link.",
    events: {
      "field.change": "The user types the new password or its confirmation.",
      "field.blur": "The user leaves a password field.",
      "form.submit": "The user presses the reset button.",
    },
    guards: {
      isFormValid: "The password is strong enough and both entries match.",
    },
  },
  context: ({ input }) => ({ resetRef: input.resetRef, password: "", confirmPassword: "", touched: [], failure: null }),
  initial: "editing",
  states: {
    editing: {
      meta: { description: "The new password and its confirmation (/reset-password/:ref)" },
      on: {
        "field.change": {
          actions: assign(({ event }) => (event.field === "password" ? { password: event.value } : { confirmPassword: event.value })),
        },
        "field.blur": { actions: assign({ touched: ({ context, event }) => touch(context.touched, event.field) }) },
        "form.submit": [{ guard: "isFormValid", target: "submitting", actions: ["touchAll", assign({ failure: null })] }, { actions: "touchAll" }],
      },
    },
    submitting: {
      tags: [TAG.busy],
      meta: { description: "The spec's 1-second delay, then POST /auth/reset-password" },
      initial: "delaying",
      states: {
        delaying: { meta: { description: "The 1-second submit delay" }, after: { submitDelay: "requesting" } },
        requesting: {
          meta: { description: "POST /auth/reset-password with the ref and the new password" },
          invoke: {
            id: "resetPassword",
            src: "resetPassword",
            input: ({ context }) => ({ ref: context.resetRef, password: context.password }),
            onDone: {
              target: "#reset-password.done",
              actions: [
                assign({ password: "", confirmPassword: "" }),
                { type: "notify", params: ({ event }) => successNotice(event.output, "auth:resetPassword.done") },
              ],
            },
            onError: { target: "#reset-password.editing", actions: assign({ failure: ({ event }) => shownFailure(event.error) }) },
          },
        },
      },
    },
    done: {
      type: "final",
      meta: { description: "The password is changed: the toast was shown, on to /login" },
      entry: "goToLogin",
    },
  },
})
