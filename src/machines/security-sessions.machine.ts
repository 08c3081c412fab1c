import { assign, setup } from "xstate"
import type { Message } from "../contract/common"
import type { EndedSessions, SessionInfo, TrustedDevice } from "../contract/security"
import type { Notice } from "./failure"
import { notifyFailure, TAG, type Tag, providedCall, providedAction } from "./kit"

/** What the Security page lists: the sessions (the caller's marked `current`) and the trusted devices. */
export interface SecurityLists {
  readonly sessions: ReadonlyArray<SessionInfo>
  readonly devices: ReadonlyArray<TrustedDevice>
}

export interface SecuritySessionsContext {
  /** The lists as last loaded; null until the first load. A list already shown stays while it reloads. */
  readonly lists: SecurityLists | null
  /** The session to end or the device to forget while it is confirmed or sent; null otherwise. */
  readonly selectedId: string | null
}

export type SecuritySessionsEvent =
  | { type: "list.retry" }
  | { type: "session.end"; id: string }
  | { type: "others.end" }
  | { type: "device.forget"; id: string }
  | { type: "confirm.cancel" }
  | { type: "confirm.accept" }

/** The session a confirmation is about, while it is still listed. */
export const selectedSession = (c: SecuritySessionsContext): SessionInfo | null => c.lists?.sessions.find((s) => s.id === c.selectedId) ?? null

/** The trusted device a confirmation is about, while it is still listed. */
export const selectedDevice = (c: SecuritySessionsContext): TrustedDevice | null => c.lists?.devices.find((d) => d.id === c.selectedId) ?? null

/** Whether any session other than the caller's is listed ("Sign out everywhere else" is offered). */
export const hasOtherSessions = (c: SecuritySessionsContext): boolean => (c.lists?.sessions ?? []).some((s) => !s.current)

/**
 * The Security page of the user-account area (issue 35): the customer's sessions and trusted
 * devices, loaded together on entry (a failure toasts and offers a retry). Ending one session
 * (never the caller's own: that is Sign out), ending every other session, and forgetting a trusted
 * device each ask to confirm first (an alert dialog that cannot be dismissed while the call runs);
 * success toasts and reloads the lists, a failure toasts its text and the lists stay.
 *
 * Provide the actors `loadSecurity` (void -> SecurityLists), `endSession` ({ id } -> Message),
 * `endOtherSessions` (void -> EndedSessions) and `forgetDevice` ({ id } -> Message), and the
 * action `notify` (params: Notice).
 */
export const securitySessionsMachine = setup({
  types: {
    tags: {} as Tag | "confirm-session" | "confirm-others" | "confirm-device",
    context: {} as SecuritySessionsContext,
    events: {} as SecuritySessionsEvent,
  },
  actors: {
    loadSecurity: providedCall<SecurityLists>("loadSecurity"),
    endSession: providedCall<Message, { id: string }>("endSession"),
    endOtherSessions: providedCall<EndedSessions>("endOtherSessions"),
    forgetDevice: providedCall<Message, { id: string }>("forgetDevice"),
  },
  guards: {
    isOtherSession: ({ context, event }) => event.type === "session.end" && (context.lists?.sessions ?? []).some((s) => s.id === event.id && !s.current),
    hasOtherSessions: ({ context }) => hasOtherSessions(context),
    isListedDevice: ({ context, event }) => event.type === "device.forget" && (context.lists?.devices ?? []).some((d) => d.id === event.id),
  },
  actions: {
    notify: providedAction<Notice>("notify"),
    notifyFailure: notifyFailure(),
  },
}).createMachine({
  id: "security-sessions",
  // What the chart's events and guards mean (English; the workflows namespace translates them).
  meta: {
    title: "Sessions and devices",
    purpose: "The customer's own sign-ins: the active sessions with sign-out one by one or everywhere else, and the trusted devices with forget.",
    events: {
      "list.retry": "The user asks to load the sessions and trusted devices again.",
      "session.end": "The user asks to sign out one session on another device.",
      "others.end": "The user asks to sign out every session but this one.",
      "device.forget": "The user asks to forget one trusted device.",
      "confirm.cancel": "The user keeps the session or device.",
      "confirm.accept": "The user confirms.",
    },
    guards: {
      isOtherSession: "The session is listed and is not this device's own session.",
      hasOtherSessions: "At least one session other than this one is listed.",
      isListedDevice: "The trusted device is listed.",
    },
  },
  context: { lists: null, selectedId: null },
  initial: "loading",
  states: {
    loading: {
      tags: [TAG.loading],
      meta: { description: "Loading the sessions and trusted devices (GET /users/sessions, /users/trusted-devices); lists already shown stay" },
      invoke: {
        id: "loadSecurity",
        src: "loadSecurity",
        onDone: { target: "shown", actions: assign({ lists: ({ event }) => event.output, selectedId: null }) },
        onError: { target: "failed", actions: { type: "notifyFailure", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      tags: [TAG.failed],
      meta: { description: "The lists could not be loaded (toasted); Retry loads them again" },
      on: { "list.retry": { target: "loading" } },
    },
    shown: {
      meta: { description: "The sessions and trusted devices are shown" },
      initial: "idle",
      states: {
        idle: {
          meta: { description: "No confirmation is open; Sign out, Sign out everywhere else and Forget are offered" },
          on: {
            "session.end": { guard: "isOtherSession", target: "confirmingSession", actions: assign({ selectedId: ({ event }) => event.id }) },
            "others.end": { guard: "hasOtherSessions", target: "confirmingOthers" },
            "device.forget": { guard: "isListedDevice", target: "confirmingDevice", actions: assign({ selectedId: ({ event }) => event.id }) },
          },
        },
        confirmingSession: {
          tags: [TAG.open, "confirm-session"],
          meta: { description: "Asking to confirm signing out one session (an alert dialog)" },
          on: { "confirm.cancel": { target: "idle", actions: assign({ selectedId: null }) }, "confirm.accept": { target: "endingSession" } },
        },
        endingSession: {
          tags: [TAG.open, TAG.busy, "confirm-session"],
          meta: { description: "DELETE /users/sessions/{id}: every token of that session is refused from now on; the dialog cannot be dismissed" },
          invoke: {
            id: "endSession",
            src: "endSession",
            input: ({ context }) => ({ id: context.selectedId ?? "" }),
            onDone: { target: "#security-sessions.loading", actions: { type: "notify", params: { kind: "success", key: "account:security.toast.ended" } } },
            onError: { target: "idle", actions: [{ type: "notifyFailure", params: ({ event }) => ({ error: event.error }) }, assign({ selectedId: null })] },
          },
        },
        confirmingOthers: {
          tags: [TAG.open, "confirm-others"],
          meta: { description: "Asking to confirm signing out every other session (an alert dialog)" },
          on: { "confirm.cancel": { target: "idle" }, "confirm.accept": { target: "endingOthers" } },
        },
        endingOthers: {
          tags: [TAG.open, TAG.busy, "confirm-others"],
          meta: { description: "POST /users/sessions/end-others: every session but this one ends; the dialog cannot be dismissed" },
          invoke: {
            id: "endOtherSessions",
            src: "endOtherSessions",
            onDone: {
              target: "#security-sessions.loading",
              actions: {
                type: "notify",
                params: ({ event }) => ({ kind: "success", key: "account:security.toast.endedOthers", values: { count: event.output.ended } }),
              },
            },
            onError: { target: "idle", actions: { type: "notifyFailure", params: ({ event }) => ({ error: event.error }) } },
          },
        },
        confirmingDevice: {
          tags: [TAG.open, "confirm-device"],
          meta: { description: "Asking to confirm forgetting one trusted device (an alert dialog)" },
          on: { "confirm.cancel": { target: "idle", actions: assign({ selectedId: null }) }, "confirm.accept": { target: "forgettingDevice" } },
        },
        forgettingDevice: {
          tags: [TAG.open, TAG.busy, "confirm-device"],
          meta: { description: "DELETE /users/trusted-devices/{id}: the code is asked for on that device again; the dialog cannot be dismissed" },
          invoke: {
            id: "forgetDevice",
            src: "forgetDevice",
            input: ({ context }) => ({ id: context.selectedId ?? "" }),
            onDone: { target: "#security-sessions.loading", actions: { type: "notify", params: { kind: "success", key: "account:security.toast.forgotten" } } },
            onError: { target: "idle", actions: [{ type: "notifyFailure", params: ({ event }) => ({ error: event.error }) }, assign({ selectedId: null })] },
          },
        },
      },
    },
  },
})
