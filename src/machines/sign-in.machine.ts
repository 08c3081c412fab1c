import { assign, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from "xstate"
import type { AdminUser, AuthUser, LoginAnswer, OtpMethod } from "../contract/auth"
import type { Message } from "../contract/common"
import { validateOtp, validateSignIn } from "../domain/auth-forms"
import { validateRecoveryCode } from "../domain/recovery-codes"
import type { FormIssues } from "../domain/validation"
import type { Failure, Notice } from "./failure"
import { notifyFailure, shownFailure, type Tag, TAG, providedCall, providedAction } from "./kit"
import { watchPeer } from "./peers"
import type { sessionMachine } from "./session.machine"

type CredentialField = "email" | "password"

export interface SignInContext {
  readonly session: ActorRefFrom<typeof sessionMachine>
  readonly now: () => number
  readonly email: string
  readonly password: string
  readonly otp: string
  readonly trusted: boolean
  /** Fields whose issues are shown (after blur or a submit attempt). */
  readonly touched: ReadonlyArray<CredentialField | "otp">
  /** How the code arrives: APP (authenticator) or EMAIL. */
  readonly otpMethod: OtpMethod
  /** The user from sign-in, whose userGroup completes the code step's answer. */
  readonly user: AuthUser | null
  readonly failure: Failure | null
  readonly notice: "codeSent" | null
  /** The code step takes one of the user's recovery codes instead of the app's code (APP users only). */
  readonly recovery: boolean
}

/** What the code step's call answers: the user, and after a recovery code how many are left. */
export type CodeAnswer = AuthUser & { readonly recoveryCodesLeft?: number }

export type SignInEvent =
  | { type: "credentials.change"; field: CredentialField; value: string }
  | { type: "credentials.blur"; field: CredentialField }
  | { type: "credentials.submit" }
  | { type: "code.change"; value: string }
  | { type: "code.blur" }
  | { type: "trusted.change"; value: boolean }
  | { type: "code.submit" }
  | { type: "code.resend" }
  | { type: "code.mode"; recovery: boolean }
  | SessionStanding

/**
 * Where the session stands (sent by the session watcher whenever that changes): signed out, and
 * the user whose one-time code is pending (null when none is), e.g. after a registration.
 */
type SessionStanding = { type: "session.standing"; signedOut: boolean; pendingUser: AuthUser | null }

/** What the sign-in chart reads of the session: whether it is signed out, and the user whose code is pending. */
export const readSessionStanding = (snapshot: SnapshotFrom<typeof sessionMachine>): SessionStanding => {
  const user = snapshot.context.user
  return {
    type: "session.standing",
    signedOut: snapshot.hasTag("signedOut"),
    pendingUser: snapshot.hasTag("codePending") && user !== null && !("userId" in user) ? user : null,
  }
}

export interface SignInInput {
  readonly session: ActorRefFrom<typeof sessionMachine>
  /** The session's user when its code is still pending (a reload on /2fa-otp): start at the code step. */
  readonly pendingUser: AuthUser | null
  readonly now: () => number
}

/** The credentials form's issues (spec part 1 section 5, Sign-in). */
export const credentialIssues = (c: Pick<SignInContext, "email" | "password">): FormIssues<CredentialField> =>
  validateSignIn({ email: c.email, password: c.password })
/** The code form's issues ('Only numbers allowed', 'Six Digit', required; for a recovery code: its shape). */
export const codeIssues = (c: Pick<SignInContext, "otp" | "recovery">): FormIssues<"otp"> => {
  if (!c.recovery) return validateOtp({ otp: c.otp })
  const found = validateRecoveryCode({ code: c.otp }).code
  return found ? { otp: found } : {}
}

/** The code step's answer as the user: the group from sign-in when the answer lacks it, without the recovery count. */
const codeUser = (answer: CodeAnswer, before: AuthUser | null): AuthUser => {
  const { recoveryCodesLeft: _left, ...user } = answer
  return { ...user, userGroup: user.userGroup ?? before?.userGroup ?? null }
}

const touch = (touched: SignInContext["touched"], field: SignInContext["touched"][number]) => (touched.includes(field) ? touched : [...touched, field])

/**
 * Signing in (spec part 1 sections 4, 5 and 7): credentials; submitting (a 1-second delay, then
 * POST /auth/login); the one-time code (APP = authenticator app, otherwise e-mailed, with resend
 * and the trusted-device checkbox); verifying (POST /auth/2fa-otp); completing the user with the
 * userGroup from sign-in; loading the current admin (GET /admins/me); done. A trusted device skips
 * the code step. An admin load failure still finishes (to /dashboard) with the error toasted.
 * When another workflow starts a session whose code is pending (a registration: the e-mailed
 * sign-up code), the chart follows the session from the credentials step to the code step.
 *
 * The chart tells the session actor (input `session`) what happened. Provide actors `logIn`,
 * `verifyCode`, `resendCode`, `loadAdmin`, and actions `goToCode`, `goToDashboard` (navigation) and
 * `notify` (params: Notice).
 */
export const signInMachine = setup({
  types: {
    tags: {} as Tag | "resending",
    context: {} as SignInContext,
    events: {} as SignInEvent,
    input: {} as SignInInput,
  },
  actors: {
    watchSession: watchPeer<ActorRefFrom<typeof sessionMachine>, SessionStanding>(),
    logIn: providedCall<LoginAnswer, { email: string; password: string }>("logIn"),
    verifyCode: providedCall<CodeAnswer, { otp: string; trusted: boolean; recovery: boolean }>("verifyCode"),
    resendCode: providedCall<Message, void>("resendCode"),
    loadAdmin: providedCall<AdminUser, void>("loadAdmin"),
  },
  actions: {
    goToCode: providedAction("goToCode"),
    goToDashboard: providedAction("goToDashboard"),
    notify: providedAction<Notice>("notify"),
    touchAllCredentials: assign({ touched: ({ context }) => touch(touch(context.touched, "email"), "password") }),
    touchCode: assign({ touched: ({ context }) => touch(context.touched, "otp") }),
    // A refused or replaced code empties the field for the next one; the field is not "touched"
    // again until the user leaves it or submits, so only the failure or the notice speaks.
    clearCode: assign({ otp: "", touched: ({ context }) => context.touched.filter((f) => f !== "otp") }),
    assignFailure: assign({ failure: (_, params: { error: unknown }) => shownFailure(params.error) }),
    clearFailure: assign({ failure: null, notice: null }),
    startAfresh: assign({
      email: "",
      password: "",
      otp: "",
      trusted: false,
      touched: [],
      otpMethod: "EMAIL",
      user: null,
      failure: null,
      notice: null,
      recovery: false,
    }),
    notifyFailure: notifyFailure(),
  },
  guards: {
    hasPendingUser: ({ context }) => context.user !== null,
    returnedToSignedOut: ({ event }) => event.type === "session.standing" && event.signedOut,
    isCodePending: ({ event }) => event.type === "session.standing" && event.pendingUser !== null,
    credentialsValid: ({ context }) => Object.keys(credentialIssues(context)).length === 0,
    codeValid: ({ context }) => Object.keys(codeIssues(context)).length === 0,
    isTrustedDevice: (_, params: { user: AuthUser }) => params.user.otpSatisfied,
    isEmailedCode: ({ context }) => context.otpMethod !== "APP",
    isAppCode: ({ context }) => context.otpMethod === "APP",
    usedRecoveryCode: (_, params: { answer: CodeAnswer }) => params.answer.recoveryCodesLeft !== undefined,
  },
  delays: {
    submitDelay: 1000,
  },
}).createMachine({
  id: "sign-in",
  // What the chart's events and guards mean (English; the workflows namespace translates them).
  meta: {
    title: "Sign-in",
    purpose: "Signing in with e-mail and password, then the one-time code.",
    events: {
      "credentials.change": "The user types the e-mail or password.",
      "credentials.blur": "The user leaves the e-mail or password field.",
      "credentials.submit": "The user presses Sign in.",
      "code.change": "The user types the one-time code.",
      "code.blur": "The user leaves the code field.",
      "trusted.change": "The user ticks or clears 'trust this device'.",
      "code.submit": "The user submits the one-time code.",
      "code.resend": "The user asks for a new e-mailed code.",
      "code.mode": "The user switches between the app's code and a recovery code.",
      "session.standing": "The session tells where it stands.",
    },
    guards: {
      hasPendingUser: "A signed-in user is waiting for the code step.",
      returnedToSignedOut: "The session is signed out again.",
      isCodePending: "The session holds a user whose one-time code is still to be entered.",
      credentialsValid: "The e-mail and password are valid.",
      codeValid: "The code has six digits (a recovery code: ten letters and digits).",
      isTrustedDevice: "The device is trusted, so no code is needed.",
      isEmailedCode: "The code comes by e-mail (not from an authenticator app).",
      isAppCode: "The code comes from an authenticator app, so a recovery code may stand in for it.",
      usedRecoveryCode: "The user got in with a recovery code.",
    },
    guardRequirements: {
      hasPendingUser: ["SI-1"],
      returnedToSignedOut: ["SES-4"],
      isCodePending: ["SI-1", "SES-2"],
      credentialsValid: ["SI-3"],
      codeValid: ["SI-4"],
      isTrustedDevice: ["SI-1", "SI-4"],
      isEmailedCode: ["SI-4"],
      isAppCode: ["SEC-5"],
      usedRecoveryCode: ["SEC-5"],
    },
  },
  // Each time the session returns to signed out (logout, "use another account", a forced logout)
  // the sign-in starts afresh; the pages around it (a half-typed forgot-password form) stay.
  invoke: { id: "watchSession", src: "watchSession", input: ({ context }) => ({ peer: context.session, read: readSessionStanding }) },
  on: {
    "session.standing": { guard: "returnedToSignedOut", target: ".credentials", actions: "startAfresh" },
  },
  context: ({ input }) => ({
    session: input.session,
    now: input.now,
    email: "",
    password: "",
    otp: "",
    trusted: false,
    touched: [],
    otpMethod: input.pendingUser?.otpMethod ?? "EMAIL",
    user: input.pendingUser,
    failure: null,
    notice: null,
    recovery: false,
  }),
  initial: "starting",
  states: {
    starting: {
      meta: { description: "A session with a pending code resumes at the code step" },
      always: [{ guard: "hasPendingUser", target: "code" }, { target: "credentials" }],
    },
    credentials: {
      meta: { description: "E-mail and password form (/login)" },
      on: {
        "credentials.change": {
          actions: assign(({ event }) => (event.field === "email" ? { email: event.value } : { password: event.value })),
        },
        "credentials.blur": { actions: assign({ touched: ({ context, event }) => touch(context.touched, event.field) }) },
        "credentials.submit": [
          { guard: "credentialsValid", target: "submitting", actions: ["touchAllCredentials", "clearFailure"] },
          { actions: "touchAllCredentials", meta: { requirements: ["SI-3"] } },
        ],
        // A registration started a session whose e-mailed sign-up code is pending: on to the code step.
        // (Any other standing falls through to the chart's own handler: back to signed out.)
        "session.standing": {
          guard: "isCodePending",
          target: "code",
          actions: [
            assign(({ event }) => {
              const user = event.pendingUser as AuthUser
              return { user, otpMethod: user.otpMethod, password: "", failure: null }
            }),
            "goToCode",
          ],
        },
      },
    },
    submitting: {
      tags: [TAG.busy],
      meta: { description: "The spec's 1-second delay, then POST /auth/login" },
      initial: "delaying",
      states: {
        delaying: { meta: { description: "The 1-second submit delay" }, after: { submitDelay: { target: "requesting", meta: { requirements: ["SI-2"] } } } },
        requesting: {
          meta: { description: "POST /auth/login with the e-mail and password" },
          invoke: {
            id: "logIn",
            src: "logIn",
            input: ({ context }) => ({ email: context.email.trim(), password: context.password }),
            onDone: [
              {
                guard: { type: "isTrustedDevice", params: ({ event }) => ({ user: event.output.user }) },
                target: "#sign-in.loadingAdmin",
                actions: [
                  assign({ user: ({ event }) => event.output.user, otpMethod: ({ event }) => event.output.user.otpMethod, password: "" }),
                  sendTo(
                    ({ context }) => context.session,
                    ({ context, event }) => ({ type: "session.signedIn", token: event.output.access_token, user: event.output.user, at: context.now() }),
                  ),
                ],
              },
              {
                target: "#sign-in.code",
                meta: { requirements: ["SI-1"] },
                actions: [
                  assign({ user: ({ event }) => event.output.user, otpMethod: ({ event }) => event.output.user.otpMethod, password: "" }),
                  sendTo(
                    ({ context }) => context.session,
                    ({ context, event }) => ({ type: "session.signedIn", token: event.output.access_token, user: event.output.user, at: context.now() }),
                  ),
                  "goToCode",
                ],
              },
            ],
            onError: { target: "#sign-in.credentials", actions: { type: "assignFailure", params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    code: {
      meta: { description: "The six-digit code form (/2fa-otp): authenticator app or e-mailed code" },
      on: {
        "code.change": { actions: assign({ otp: ({ event }) => event.value }) },
        "code.blur": { actions: "touchCode" },
        "trusted.change": { actions: assign({ trusted: ({ event }) => event.value }) },
        "code.submit": [
          { guard: "codeValid", target: "verifying", actions: ["touchCode", "clearFailure"] },
          { actions: "touchCode", meta: { requirements: ["SI-4"] } },
        ],
        "code.resend": { guard: "isEmailedCode", target: "resending", actions: "clearFailure" },
        // An authenticator-app user who lost the app types a recovery code instead (and back).
        "code.mode": {
          guard: "isAppCode",
          meta: { requirements: ["SEC-5"] },
          actions: [assign({ recovery: ({ event }) => event.recovery }), "clearCode", "clearFailure"],
        },
      },
    },
    resending: {
      tags: [TAG.busy, "resending"],
      meta: { description: "Asking for a new e-mailed code (the old one dies)" },
      invoke: {
        id: "resendCode",
        src: "resendCode",
        onDone: { target: "code", actions: [assign({ notice: "codeSent" }), "clearCode"] },
        onError: { target: "code", actions: { type: "assignFailure", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    verifying: {
      tags: [TAG.busy],
      meta: { description: "POST /auth/2fa-otp with the code and the trusted-device choice (a recovery code: POST /auth/2fa-otp/recovery)" },
      invoke: {
        id: "verifyCode",
        src: "verifyCode",
        input: ({ context }) => ({ otp: context.otp, trusted: context.trusted, recovery: context.recovery }),
        onDone: [
          {
            // In with a recovery code: it is spent, so say so and how many are left.
            guard: { type: "usedRecoveryCode", params: ({ event }) => ({ answer: event.output }) },
            target: "loadingAdmin",
            meta: { requirements: ["SI-1", "SEC-5"] },
            actions: [
              assign({ user: ({ context, event }) => codeUser(event.output, context.user) }),
              sendTo(
                ({ context }) => context.session,
                ({ context }) => ({ type: "session.codeSatisfied", user: { ...(context.user as AuthUser), otpSatisfied: true } }),
              ),
              {
                type: "notify",
                params: ({ event }) => ({ kind: "success", key: "auth:recovery.used", values: { count: event.output.recoveryCodesLeft ?? 0 } }),
              },
            ],
          },
          {
            target: "loadingAdmin",
            meta: { requirements: ["SI-1"] },
            actions: [
              assign({ user: ({ context, event }) => codeUser(event.output, context.user) }),
              sendTo(
                ({ context }) => context.session,
                ({ context }) => ({ type: "session.codeSatisfied", user: { ...(context.user as AuthUser), otpSatisfied: true } }),
              ),
            ],
          },
        ],
        onError: { target: "code", actions: [{ type: "assignFailure", params: ({ event }) => ({ error: event.error }) }, "clearCode"] },
      },
    },
    loadingAdmin: {
      tags: [TAG.busy],
      meta: { description: "GET /admins/me for the quick user panel" },
      invoke: {
        id: "loadAdmin",
        src: "loadAdmin",
        onDone: {
          target: "done",
          actions: sendTo(
            ({ context }) => context.session,
            ({ event }) => ({ type: "session.userLoaded", user: event.output }),
          ),
        },
        onError: {
          target: "done",
          actions: { type: "notifyFailure", params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    done: {
      type: "final",
      meta: { description: "Signed in: on to /dashboard" },
      entry: "goToDashboard",
    },
  },
})
