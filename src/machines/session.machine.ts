import { assign, setup, type SnapshotFrom } from "xstate"
import type { AdminUser, AuthUser, LoginAnswer } from "../contract/auth"
import type { Message } from "../contract/common"
import { validateReauth } from "../domain/auth-forms"
import { toFailure, type Failure, type Notice } from "./failure"
import { notifyFailure, type Tag, TAG, providedCall, providedAction } from "./kit"

/** The user the session holds: the auth user during the code step, the admin once loaded. */
export type SessionUser = AuthUser | AdminUser

/** The signed-in user's id (the admin's `userId`, the auth user's `id` during the code step); null when signed out. */
export const sessionUserId = (user: SessionUser | null): string | null => (user === null ? null : "userId" in user ? user.userId : user.id)

/** What the session keeps in local storage between page loads (architecture.md, "Persisted client state"). */
export interface StoredSession {
  readonly token: string | null
  readonly user: SessionUser | null
  readonly active: boolean
  /** ms since the epoch */
  readonly expire: number
  /** minutes */
  readonly validity: number
}

export interface SessionContext extends StoredSession {
  readonly reauthFailure: Failure | null
  /** When the pending reauth was submitted: the new expiry counts from it. */
  readonly reauthAt: number
  /** The reauth dialog's form: e-mail (prefilled with the admin's), password, and whether to show its issues. */
  readonly reauthEmail: string
  readonly reauthPassword: string
  readonly reauthTouched: boolean
}

export type SessionEvent =
  /** Credentials accepted: the token starts the session; the code step may follow. */
  | { type: "session.signedIn"; token: string; user: AuthUser; at: number }
  /** Registration accepted: the token starts a session whose e-mailed code is pending. */
  | { type: "session.registered"; token: string; at: number }
  /** The one-time code was accepted: the user (completed with the existing userGroup) is satisfied. */
  | { type: "session.codeSatisfied"; user: AuthUser }
  /** The current admin was loaded. */
  | { type: "session.userLoaded"; user: AdminUser }
  /** A request went out while active and unexpired: the expiry moves to now plus the validity. */
  | { type: "session.extend"; expire: number }
  /** A request found the session active but expired (or the server refused the token). */
  | { type: "session.expired" }
  /** Session update: replaces token and session timing. */
  | { type: "session.updated"; token: string; expire: number; validity?: number }
  | { type: "reauth.change"; field: "email" | "password"; value: string }
  | { type: "reauth.submit"; at: number }
  | { type: "session.logout" }
  /** Another tab of this browser signed out (the persisted session was removed): this tab ends too. */
  | { type: "session.endedElsewhere" }

export interface SessionInput {
  /** What local storage held at start-up, already decoded (null when nothing or garbage). */
  readonly stored: StoredSession | null
  /** The time at start-up, ms since the epoch. */
  readonly now: number
  /** Session validity in minutes (spec: 30). */
  readonly validityMinutes: number
}

const signedOutContext = (validity: number): SessionContext => ({
  token: null,
  user: null,
  active: false,
  expire: 0,
  validity,
  reauthFailure: null,
  reauthAt: 0,
  reauthEmail: "",
  reauthPassword: "",
  reauthTouched: false,
})

const isSatisfied = (user: SessionUser | null): boolean => user?.otpSatisfied === true

/** The reauth dialog's issues ('Kindly provide a valid email', 'Kindly provide your password'). */
export const reauthIssues = (c: Pick<SessionContext, "reauthEmail" | "reauthPassword">) => validateReauth({ email: c.reauthEmail, password: c.reauthPassword })

/** The stored part of the context. */
export const storedOf = (c: StoredSession): StoredSession => ({
  token: c.token,
  user: c.user,
  active: c.active,
  expire: c.expire,
  validity: c.validity,
})

// Every transition that changes the stored part ends with this, after its assign.
const persistNow = { type: "persist", params: ({ context }: { context: SessionContext }) => storedOf(context) } as const

const renewedContext = (context: SessionContext, answer: LoginAnswer): Partial<SessionContext> => ({
  token: answer.access_token,
  // Reauth answers with the user's standing; an admin keeps its data, with the new standing.
  user:
    context.user && "userId" in context.user
      ? { ...context.user, otpSatisfied: answer.user.otpSatisfied }
      : { ...answer.user, userGroup: answer.user.userGroup ?? context.user?.userGroup ?? null },
  active: true,
  expire: context.reauthAt + context.validity * 60_000,
  reauthFailure: null,
})

/** Where a session stands, for route guards (spec part 1 section 2). */
export type Access = "restoring" | "signedOut" | "codePending" | "satisfied"

/**
 * The session (spec part 1 section 4): signed out; active (code pending, or satisfied) where every
 * request extends the expiry by the validity; expired when a request finds it past its expiry
 * (token cleared, the undismissable reauth dialog shows); reauthenticating; a forced logout 500 ms
 * after a 403 on reauth; logging out, which clears all persisted state but the device identifier
 * and the language. On start, stored state whose expiry has passed is purged.
 *
 * Start one at the app root with the stored state as input, and provide:
 * - actors `reauthenticate` ({ email, password, userId } -> LoginAnswer) and `endSession` (tells
 *   the server to kill the token; its failure is ignored);
 * - actions `persist` (write the stored part of the context), `purge` (clear persisted state but
 *   the device id and language), `notify` (params: Notice, shown as a toast).
 *
 * The request pipeline talks to it through the SessionPort: `session.extend`, `session.expired`.
 * Route guards read `access` from the snapshot: see `accessOf`.
 */
export const sessionMachine = setup({
  types: {
    tags: {} as Tag | "reauth" | "signedOut" | "codePending",
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    reauthenticate: providedCall<LoginAnswer, { email: string; password: string; userId: string }>("reauthenticate"),
    endSession: providedCall<Message, { token: string }>("endSession"),
  },
  actions: {
    persist: providedAction<StoredSession>("persist"),
    purge: providedAction("purge"),
    notify: providedAction<Notice>("notify"),
    clearSession: assign(({ context }) => signedOutContext(context.validity)),
    notifyFailure: notifyFailure(),
  },
  guards: {
    hasNoStoredSession: ({ context }) => context.token === null || context.user === null,
    isStoredExpired: ({ context }) => !context.active,
    isStoredSatisfied: ({ context }) => isSatisfied(context.user),
    isUserSatisfied: (_, params: { user: AuthUser }) => params.user.otpSatisfied,
    isForbidden: (_, params: { failure: Failure }) => params.failure.status === 403,
    reauthFormValid: ({ context }) => Object.keys(reauthIssues(context)).length === 0,
  },
  delays: {
    forcedLogout: 500,
  },
}).createMachine({
  id: "session",
  // What the chart's events and guards mean (English; the workflows namespace translates them).
  meta: {
    title: "Session",
    purpose: "The signed-in session: its token and expiry, re-authentication when it expires, and signing out.",
    events: {
      "session.signedIn": "The user signed in with e-mail and password.",
      "session.registered": "A new user registered.",
      "session.codeSatisfied": "The one-time code was accepted.",
      "session.userLoaded": "The signed-in admin was loaded.",
      "session.extend": "A request moved the session's expiry.",
      "session.expired": "A request found the session expired.",
      "session.updated": "The server issued a new token or validity.",
      "reauth.change": "The user types in the re-authentication dialog.",
      "reauth.submit": "The user signs in again in the dialog.",
      "session.logout": "The user logs out.",
      "session.endedElsewhere": "The user signed out in another tab of this browser.",
    },
    guards: {
      hasNoStoredSession: "Nothing usable was stored.",
      isStoredExpired: "The stored session has expired.",
      isStoredSatisfied: "The stored user had entered the one-time code.",
      isUserSatisfied: "The device is trusted, so no code is needed.",
      isForbidden: "The server refused the re-authentication (403).",
      reauthFormValid: "The e-mail and password of the dialog are valid.",
    },
    guardRequirements: {
      hasNoStoredSession: ["SES-5"],
      isStoredExpired: ["SES-5"],
      isStoredSatisfied: ["SI-1"],
      isUserSatisfied: ["SES-1", "SI-1"],
      isForbidden: ["SEC-2"],
      reauthFormValid: ["SES-8"],
    },
  },
  context: ({ input }) => {
    const stored = input.stored
    if (!stored || stored.token === null || stored.user === null) return signedOutContext(input.validityMinutes)
    // A stored session whose expiry has passed (or that was already inactive) is purged on start.
    const live = stored.active && stored.expire > input.now
    return { ...stored, active: live, reauthFailure: null, reauthAt: 0, reauthEmail: "", reauthPassword: "", reauthTouched: false }
  },
  initial: "restoring",
  states: {
    restoring: {
      meta: { description: "Reading what local storage held at start-up" },
      always: [
        { guard: "hasNoStoredSession", target: "signedOut" },
        { guard: "isStoredExpired", target: "signedOut", actions: ["clearSession", "purge"] },
        { guard: "isStoredSatisfied", target: "active.satisfied" },
        { target: "active.codePending" },
      ],
    },
    signedOut: {
      tags: ["signedOut"],
      meta: { description: "Nobody is signed in; the signed-out area shows" },
      on: {
        "session.signedIn": [
          {
            guard: { type: "isUserSatisfied", params: ({ event }) => ({ user: event.user }) },
            target: "active.satisfied",
            actions: [
              assign(({ context, event }) => ({ token: event.token, user: event.user, active: true, expire: event.at + context.validity * 60_000 })),
              persistNow,
            ],
          },
          {
            target: "active.codePending",
            meta: { requirements: ["SES-1", "SI-1"] },
            actions: [
              assign(({ context, event }) => ({ token: event.token, user: event.user, active: true, expire: event.at + context.validity * 60_000 })),
              persistNow,
            ],
          },
        ],
        "session.registered": {
          target: "active.codePending",
          meta: { requirements: ["SES-2"] },
          actions: [
            assign(({ context, event }) => ({
              token: event.token,
              user: { id: "", userGroup: null, otpMethod: "EMAIL", otpSatisfied: false } satisfies AuthUser,
              active: true,
              expire: event.at + context.validity * 60_000,
            })),
            persistNow,
          ],
        },
      },
    },
    active: {
      meta: { description: "Signed in with a token; every request extends the expiry" },
      initial: "codePending",
      on: {
        "session.extend": { actions: [assign({ expire: ({ event }) => event.expire }), persistNow], meta: { requirements: ["SES-6"] } },
        "session.expired": {
          target: "expired",
          meta: { requirements: ["SES-7"] },
          actions: [
            assign(({ context }) => ({
              active: false,
              token: null,
              reauthFailure: null,
              reauthEmail: context.user && "email" in context.user ? context.user.email : "",
              reauthPassword: "",
              reauthTouched: false,
            })),
            persistNow,
          ],
        },
        "session.updated": {
          meta: { requirements: ["SES-3"] },
          actions: [
            assign(({ context, event }) => ({ token: event.token, expire: event.expire, validity: event.validity ?? context.validity, active: true })),
            persistNow,
          ],
        },
        "session.logout": { target: "loggingOut", meta: { requirements: ["SES-4"] } },
        "session.endedElsewhere": { target: "signedOut", actions: ["clearSession", "purge"] },
      },
      states: {
        codePending: {
          tags: ["codePending"],
          meta: { description: "Signed in, the one-time code is still to be entered (/2fa-otp)" },
          on: {
            "session.codeSatisfied": {
              target: "satisfied",
              actions: [assign({ user: ({ event }) => event.user }), persistNow],
              meta: { requirements: ["SI-1"] },
            },
          },
        },
        satisfied: {
          meta: { description: "The one-time code is satisfied: the signed-in area is open" },
          on: {
            "session.userLoaded": { actions: [assign({ user: ({ event }) => event.user }), persistNow] },
          },
        },
      },
    },
    expired: {
      tags: ["reauth"],
      meta: { description: "A request found the session expired: token cleared, the reauth dialog cannot be dismissed" },
      on: {
        "reauth.change": {
          actions: assign(({ event }) => (event.field === "email" ? { reauthEmail: event.value } : { reauthPassword: event.value })),
        },
        "reauth.submit": [
          {
            guard: "reauthFormValid",
            target: "reauthenticating",
            actions: assign({ reauthAt: ({ event }) => event.at, reauthFailure: null, reauthTouched: true }),
          },
          { actions: assign({ reauthTouched: true }), meta: { requirements: ["SES-8"] } },
        ],
        "session.logout": { target: "loggingOut", meta: { requirements: ["SES-4"] } },
        "session.endedElsewhere": { target: "signedOut", actions: ["clearSession", "purge"] },
      },
    },
    reauthenticating: {
      tags: ["reauth", TAG.busy],
      meta: { description: "POST /auth/login?action=reauth with the dialog's e-mail and password" },
      invoke: {
        id: "reauthenticate",
        src: "reauthenticate",
        input: ({ context }) => {
          const user = context.user
          const userId = sessionUserId(user) ?? ""
          return { email: context.reauthEmail.trim(), password: context.reauthPassword, userId }
        },
        onDone: [
          {
            guard: { type: "isUserSatisfied", params: ({ event }) => ({ user: event.output.user }) },
            target: "active.satisfied",
            actions: [assign(({ context, event }) => renewedContext(context, event.output)), persistNow],
          },
          { target: "active.codePending", actions: [assign(({ context, event }) => renewedContext(context, event.output)), persistNow] },
        ],
        onError: [
          {
            guard: { type: "isForbidden", params: ({ event }) => ({ failure: toFailure(event.error) }) },
            target: "forcedLogout",
            actions: [
              assign({ reauthFailure: ({ event }) => toFailure(event.error) }),
              { type: "notifyFailure", params: ({ event }) => ({ error: event.error }) },
            ],
          },
          {
            target: "expired",
            meta: { requirements: ["SEC-2"] },
            actions: [
              assign({ reauthFailure: ({ event }) => toFailure(event.error) }),
              { type: "notifyFailure", params: ({ event }) => ({ error: event.error }) },
            ],
          },
        ],
      },
    },
    forcedLogout: {
      tags: ["reauth", TAG.busy],
      meta: { description: "Reauth answered 403: the user is logged out after 500 ms" },
      after: { forcedLogout: { target: "signedOut", actions: ["clearSession", "purge"], meta: { requirements: ["SEC-2", "SES-4"] } } },
    },
    loggingOut: {
      tags: [TAG.busy],
      meta: { description: "Telling the server to end the token, then clearing persisted state" },
      invoke: {
        id: "endSession",
        src: "endSession",
        input: ({ context }) => ({ token: context.token ?? "" }),
        onDone: { target: "signedOut", actions: ["clearSession", "purge"], meta: { requirements: ["SES-4"] } },
        onError: { target: "signedOut", actions: ["clearSession", "purge"], meta: { requirements: ["SES-4"] } },
      },
    },
  },
})

/**
 * Where a session snapshot stands for the route guards: an expired or reauthenticating session
 * keeps its place (the reauth dialog shows over the page); a forced logout or logging out does not.
 */
export const accessOf = (snapshot: SnapshotFrom<typeof sessionMachine>): Access => {
  if (snapshot.matches("restoring")) return "restoring"
  if (snapshot.matches("active") || snapshot.matches("expired") || snapshot.matches("reauthenticating"))
    return isSatisfied(snapshot.context.user) ? "satisfied" : "codePending"
  return "signedOut"
}
