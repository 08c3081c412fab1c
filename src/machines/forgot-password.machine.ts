import { assign, setup } from "xstate"
import type { ForgotPasswordRequest } from "../contract/auth"
import type { Message } from "../contract/common"
import { validateForgotPassword } from "../domain/auth-forms"
import { isFormValid, type FormIssues } from "../domain/validation"
import { isSilentFailure, toFailure, type Failure, type Notice } from "./failure"
import { type Tag, TAG, providedCall, providedAction } from "./kit"

/**
 * What the form's alert shows after a failed request: for a 404, the spec's 'The requested {name}
 * is not found' with the e-mail that was sent; otherwise the failure's own text.
 */
export type ForgotPasswordAlert = { readonly kind: "notFound"; readonly email: string } | { readonly kind: "failure"; readonly failure: Failure }

export interface ForgotPasswordContext {
  readonly email: string
  /** Whether the e-mail's issue is shown (after blur or a submit attempt). */
  readonly touched: boolean
  readonly alert: ForgotPasswordAlert | null
}

export type ForgotPasswordEvent = { type: "email.change"; value: string } | { type: "email.blur" } | { type: "form.submit" }

/** The form's issues (spec part 1 section 5, Forgot password: e-mail valid, 3 to 50 characters, required). */
export const forgotPasswordIssues = (c: Pick<ForgotPasswordContext, "email">): FormIssues<"email"> => validateForgotPassword({ email: c.email })

/**
 * Forgot password (/forgot-password, spec part 1 sections 4, 5, 7 and 8): the e-mail form;
 * requesting (POST /auth/forgot-password with the trimmed e-mail); on success the server's message
 * as a success toast, then /login. A failure stays on the form with its alert; a request the
 * client cancelled shows nothing.
 *
 * Provide the actor `requestReset` ({ email } -> Message) and the actions `notify` (params:
 * Notice, a toast) and `goToLogin` (navigate to /login).
 */
export const forgotPasswordMachine = setup({
  types: {
    tags: {} as Tag,
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
  },
  actors: {
    requestReset: providedCall<Message, ForgotPasswordRequest>("requestReset"),
  },
  actions: {
    notify: providedAction<Notice>("notify"),
    goToLogin: providedAction("goToLogin"),
  },
  guards: {
    isFormValid: ({ context }) => isFormValid(forgotPasswordIssues(context)),
    isSilent: (_, params: { error: unknown }) => isSilentFailure(toFailure(params.error)),
    isNotFound: (_, params: { error: unknown }) => toFailure(params.error).status === 404,
  },
}).createMachine({
  id: "forgot-password",
  // What the chart's events and guards mean (English; the workflows namespace translates them).
  meta: {
    title: "Forgot password",
    purpose: "Asking for a password reset link by e-mail.",
    events: {
      "email.change": "The user types the e-mail.",
      "email.blur": "The user leaves the e-mail field.",
      "form.submit": "The user asks for the reset link.",
    },
    guards: {
      isFormValid: "The e-mail is valid.",
      isSilent: "The request was cancelled, so nothing is shown.",
      isNotFound: "The server knows no account with this e-mail.",
    },
  },
  context: { email: "", touched: false, alert: null },
  initial: "editing",
  states: {
    editing: {
      meta: { description: "The e-mail form (/forgot-password)" },
      on: {
        "email.change": { actions: assign({ email: ({ event }) => event.value }) },
        "email.blur": { actions: assign({ touched: true }) },
        "form.submit": [
          { guard: "isFormValid", target: "requesting", actions: assign({ touched: true, alert: null }) },
          { actions: assign({ touched: true }) },
        ],
      },
    },
    requesting: {
      tags: [TAG.busy],
      meta: { description: "POST /auth/forgot-password with the e-mail" },
      invoke: {
        id: "requestReset",
        src: "requestReset",
        input: ({ context }) => ({ email: context.email.trim() }),
        onDone: {
          target: "done",
          actions: { type: "notify", params: ({ event }) => successNotice(event.output, "auth:forgotPassword.sent") },
        },
        onError: [
          { guard: { type: "isSilent", params: ({ event }) => ({ error: event.error }) }, target: "editing" },
          {
            guard: { type: "isNotFound", params: ({ event }) => ({ error: event.error }) },
            target: "editing",
            actions: assign({ alert: ({ context }) => ({ kind: "notFound", email: context.email.trim() }) }),
          },
          { target: "editing", actions: assign({ alert: ({ event }) => ({ kind: "failure", failure: toFailure(event.error) }) }) },
        ],
      },
    },
    done: {
      type: "final",
      meta: { description: "The reset link is on its way: the toast was shown, on to /login" },
      entry: "goToLogin",
    },
  },
})

/** The server's message as a success toast; the app's own text (`fallbackKey`) when it sent none. */
export const successNotice = (answer: Message, fallbackKey: string): Notice =>
  answer.message.trim() !== "" ? { kind: "success", text: answer.message } : { kind: "success", key: fallbackKey }
