import { assign, sendTo, setup, type ActorRefFrom } from "xstate"
import type { RegisterAnswer, RegisterRequest } from "../contract/auth"
import { validateRegistration, type RegistrationForm } from "../domain/auth-forms"
import { isFormValid, type FormIssues } from "../domain/validation"
import { isSilentFailure, toFailure, type Failure } from "./failure"
import type { sessionMachine } from "./session.machine"
import { type Tag, TAG, providedCall } from "./kit"

/** The registration form's text fields. */
export type RegistrationTextField = "fullname" | "email" | "username" | "password" | "confirmPassword"
/** Every field of the registration form, the terms checkbox included. */
export type RegistrationField = keyof RegistrationForm

/**
 * What the form's alert shows after a failed registration: the spec's 'The login detail is
 * incorrect' (`rejected`), or, for a 429, the rate-limit failure as the server gave it.
 */
export type RegistrationAlert = { readonly kind: "rejected" } | { readonly kind: "rateLimited"; readonly failure: Failure }

export interface RegistrationContext extends RegistrationForm {
  readonly session: ActorRefFrom<typeof sessionMachine>
  readonly now: () => number
  /** Fields whose issues are shown (after blur, a change of the checkbox, or a submit attempt). */
  readonly touched: ReadonlyArray<RegistrationField>
  readonly alert: RegistrationAlert | null
}

export type RegistrationEvent =
  | { type: "field.change"; field: RegistrationTextField; value: string }
  | { type: "field.blur"; field: RegistrationTextField }
  | { type: "terms.change"; value: boolean }
  | { type: "form.submit" }

export interface RegistrationInput {
  readonly session: ActorRefFrom<typeof sessionMachine>
  readonly now: () => number
}

/** The form's issues (spec part 1 section 5, Registration); Submit stays disabled until there are none. */
export const registrationIssues = (c: RegistrationForm): FormIssues<RegistrationField> =>
  validateRegistration({
    fullname: c.fullname,
    email: c.email,
    username: c.username,
    password: c.password,
    confirmPassword: c.confirmPassword,
    acceptTerms: c.acceptTerms,
  })

/** True when the form may be submitted: every field valid and the terms ticked. */
export const canRegister = (c: RegistrationForm): boolean => isFormValid(registrationIssues(c))

const ALL_FIELDS: ReadonlyArray<RegistrationField> = ["fullname", "email", "username", "password", "confirmPassword", "acceptTerms"]

const touch = (touched: RegistrationContext["touched"], field: RegistrationField) => (touched.includes(field) ? touched : [...touched, field])

/**
 * Registration (/auth/registration, spec part 1 sections 4, 5, 7 and 8): the form (fullname,
 * e-mail, username, password, confirmation, terms); submitting (POST /api/auth/register with the
 * trimmed texts); on success the token starts a session whose e-mailed sign-up code is pending
 * (`session.registered` to the session actor, input `session`) and the chart finishes: the sign-in
 * chart follows the session to its code step (/2fa-otp), where the code is entered. A failure shows
 * 'The login detail is incorrect', except a 429 which shows its own text; a request the client
 * cancelled shows nothing.
 *
 * Provide the actor `register` (RegisterRequest -> RegisterAnswer).
 */
export const registrationMachine = setup({
  types: {
    tags: {} as Tag,
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
    input: {} as RegistrationInput,
  },
  actors: {
    register: providedCall<RegisterAnswer, RegisterRequest>("register"),
  },
  actions: {
    touchAll: assign({ touched: ALL_FIELDS }),
    clearAlert: assign({ alert: null }),
  },
  guards: {
    isFormValid: ({ context }) => canRegister(context),
    isSilent: (_, params: { error: unknown }) => isSilentFailure(toFailure(params.error)),
    isRateLimited: (_, params: { error: unknown }) => toFailure(params.error).status === 429,
  },
}).createMachine({
  id: "registration",
  // What the chart's events and guards mean (English; the workflows namespace translates them).
  meta: {
    title: "Registration",
    purpose: "Signing up: the form, its checks and the account created.",
    events: {
      "field.change": "The user types in a field of the form.",
      "field.blur": "The user leaves a field of the form.",
      "terms.change": "The user ticks or clears the terms checkbox.",
      "form.submit": "The user presses Submit.",
    },
    guards: {
      isFormValid: "Every field is valid and the terms are accepted.",
      isSilent: "The request was cancelled, so nothing is shown.",
      isRateLimited: "Too many attempts: the server asks to wait.",
    },
  },
  context: ({ input }) => ({
    session: input.session,
    now: input.now,
    fullname: "",
    email: "",
    username: "",
    password: "",
    confirmPassword: "",
    acceptTerms: false,
    touched: [],
    alert: null,
  }),
  initial: "editing",
  states: {
    editing: {
      meta: { description: "The registration form (/auth/registration); Submit is disabled until it is valid with the terms ticked" },
      on: {
        "field.change": { actions: assign(({ event }) => ({ [event.field]: event.value })) },
        "field.blur": { actions: assign({ touched: ({ context, event }) => touch(context.touched, event.field) }) },
        "terms.change": {
          actions: assign({ acceptTerms: ({ event }) => event.value, touched: ({ context }) => touch(context.touched, "acceptTerms") }),
        },
        "form.submit": [{ guard: "isFormValid", target: "submitting", actions: ["touchAll", "clearAlert"] }, { actions: "touchAll" }],
      },
    },
    submitting: {
      tags: [TAG.busy],
      meta: { description: "POST /api/auth/register with the e-mail, fullname, username and password" },
      invoke: {
        id: "register",
        src: "register",
        input: ({ context }) => ({
          email: context.email.trim(),
          fullname: context.fullname.trim(),
          username: context.username.trim(),
          password: context.password,
        }),
        onDone: {
          target: "done",
          actions: [
            assign({ password: "", confirmPassword: "" }),
            sendTo(
              ({ context }) => context.session,
              ({ context, event }) => ({ type: "session.registered", token: event.output.accessToken, at: context.now() }),
            ),
          ],
        },
        onError: [
          { guard: { type: "isSilent", params: ({ event }) => ({ error: event.error }) }, target: "editing" },
          {
            guard: { type: "isRateLimited", params: ({ event }) => ({ error: event.error }) },
            target: "editing",
            actions: assign({ alert: ({ event }) => ({ kind: "rateLimited", failure: toFailure(event.error) }) }),
          },
          { target: "editing", actions: assign({ alert: { kind: "rejected" } }) },
        ],
      },
    },
    done: {
      type: "final",
      meta: { description: "Registered: the session waits for the e-mailed sign-up code; the sign-in chart takes over at /2fa-otp" },
    },
  },
})
