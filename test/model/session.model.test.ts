import { expect, vi } from "vitest"
import type { AdminUser, AuthUser } from "../../src/contract/auth"
import { accessOf, reauthIssues, sessionMachine, type StoredSession } from "../../src/machines/session.machine"
import { defineChartModel, describeModel } from "./harness"

const NOW = Date.UTC(2026, 10, 21, 10, 0, 0)
const group = { companyName: "Chartfolio Demo Partners", partner: [{ name: "Chartfolio Securities" }] }
const pendingUser: AuthUser = { id: "u1", userGroup: group, otpMethod: "EMAIL", otpSatisfied: false }
const trustedUser: AuthUser = { ...pendingUser, otpSatisfied: true }
const admin: AdminUser = {
  userId: "u1",
  firstName: "Ada",
  lastName: "Obi",
  fullname: "Ada Obi",
  email: "demo@chartfolio.test",
  adminLevel: 2,
  otpSatisfied: true,
  userGroup: group,
  reviewer: false,
}
const stored = (s: Partial<StoredSession>): StoredSession => ({ token: "t0", user: admin, active: true, expire: NOW + 60_000, validity: 30, ...s })

const implementations = () => ({
  actions: {
    persist: vi.fn<(_: unknown, p: StoredSession) => void>(),
    purge: vi.fn<() => void>(),
    notify: vi.fn<(_: unknown, p: unknown) => void>(),
  },
})

const forbidden = { _tag: "ApiError", status: 403, code: "auth.forbidden", text: "Your account cannot be re-authenticated." }
const wrongPassword = { _tag: "ApiError", status: 401, code: "auth.unauthorized", text: "The login detail is incorrect" }

const model = (input: { stored: StoredSession | null }) =>
  defineChartModel({
    chart: "session",
    machine: sessionMachine,
    input: { stored: input.stored, now: NOW, validityMinutes: 30 },
    implementations,
    events: [
      { type: "session.signedIn", token: "t1", user: pendingUser, at: NOW },
      { type: "session.signedIn", token: "t1", user: trustedUser, at: NOW },
      { type: "session.registered", token: "t2", at: NOW },
      { type: "session.codeSatisfied", user: trustedUser },
      { type: "session.userLoaded", user: admin },
      { type: "session.extend", expire: NOW + 30 * 60_000 },
      { type: "session.updated", token: "t3", expire: NOW + 30 * 60_000 },
      { type: "session.expired" },
      { type: "reauth.change", field: "email", value: "demo@chartfolio.test" },
      { type: "reauth.change", field: "email", value: "not-an-email" },
      { type: "reauth.change", field: "password", value: "Chartfolio#2026" },
      { type: "reauth.submit", at: NOW + 60 * 60_000 },
      { type: "session.logout" },
      { type: "session.endedElsewhere" },
    ],
    invocations: {
      reauthenticate: {
        done: [
          { access_token: "t4", user: trustedUser },
          { access_token: "t5", user: pendingUser },
        ],
        error: [forbidden, wrongPassword],
      },
      endSession: { done: [{ message: "Signed out" }], error: [{ _tag: "NetworkError", text: "offline" }] },
    },
    // What decides behaviour: where the token and user stand, not their exact values.
    // (Not the token's value, nor the typed texts and touched fields of the reauth form: which of
    // its fields are invalid is what decides a submit.)
    serialize: (snap) => ({
      token: snap.context.token !== null,
      satisfied: snap.context.user?.otpSatisfied ?? null,
      admin: snap.context.user !== null && "userId" in snap.context.user,
      active: snap.context.active,
      failure: snap.context.reauthFailure?.status ?? null,
      form: Object.keys(reauthIssues(snap.context)).sort(),
    }),
    states: {
      signedOut: (snap) => {
        expect(snap.context.token).toBeNull()
        expect(snap.context.user).toBeNull()
        expect(accessOf(snap)).toBe("signedOut")
        expect(snap.hasTag("signedOut")).toBe(true)
      },
      active: (snap, { implementations: impl }) => {
        expect(snap.context.token).not.toBeNull()
        expect(snap.context.active).toBe(true)
        expect(snap.context.expire).toBeGreaterThan(NOW)
        const persist = impl.actions?.persist as ReturnType<typeof vi.fn> | undefined
        const last = persist?.mock.calls.at(-1)?.[1] as StoredSession | undefined
        // Whatever was last persisted matches the session (restored sessions may not persist yet).
        if (last) expect(last.token).toBe(snap.context.token)
      },
      "active.codePending": (snap) => {
        expect(accessOf(snap)).toBe("codePending")
        expect(snap.hasTag("codePending")).toBe(true)
      },
      "active.satisfied": (snap) => {
        expect(accessOf(snap)).toBe("satisfied")
        expect(snap.hasTag("codePending")).toBe(false)
      },
      expired: (snap) => {
        expect(snap.hasTag("reauth")).toBe(true)
        expect(snap.context.token).toBeNull()
        expect(snap.context.active).toBe(false)
      },
      reauthenticating: (snap, { inputOf }) => {
        expect(snap.hasTag("busy")).toBe(true)
        expect(inputOf("reauthenticate")).toMatchObject({ email: "demo@chartfolio.test", password: "Chartfolio#2026" })
      },
      forcedLogout: (snap, { implementations: impl }) => {
        expect(snap.context.reauthFailure?.status).toBe(403)
        // The reauth dialog stays, frozen, until the logout.
        expect([snap.hasTag("reauth"), snap.hasTag("busy")]).toEqual([true, true])
        expect(impl.actions?.notify).toHaveBeenCalled()
      },
      loggingOut: (snap) => expect(snap.hasTag("busy")).toBe(true),
    },
  })

describeModel([
  model({ stored: null }),
  model({ stored: stored({ expire: NOW - 1 }) }),
  model({ stored: stored({}) }),
  model({ stored: stored({ user: pendingUser }) }),
])
