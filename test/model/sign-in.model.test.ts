import { expect, vi } from "vitest"
import { createActor, fromCallback, type AnyEventObject } from "xstate"
import type { AdminUser, AuthUser } from "../../src/contract/auth"
import { codeIssues, credentialIssues, signInMachine } from "../../src/machines/sign-in.machine"
import type { SignInInput } from "../../src/machines/sign-in.machine"
import { defineChartModel, describeModel } from "./harness"

const NOW = Date.UTC(2026, 10, 21, 10, 0, 0)
const group = { companyName: "Chartfolio Demo Partners", partner: [{ name: "Chartfolio Securities" }] }
const emailUser: AuthUser = { id: "u1", userGroup: group, otpMethod: "EMAIL", otpSatisfied: false }
const appUser: AuthUser = { ...emailUser, otpMethod: "APP" }
const trustedUser: AuthUser = { ...emailUser, otpSatisfied: true }
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

// The session actor the chart reports to: records what it is told.
const told: AnyEventObject[] = []
const session = createActor(fromCallback<AnyEventObject>(({ receive }) => receive((e) => told.push(e)))).start()
const lastTold = () => told.at(-1)

// Fresh per path (the harness calls this once per replayed path), so what the session was told is this path's.
const implementations = () => {
  told.length = 0
  return {
    actions: {
      goToCode: vi.fn<() => void>(),
      goToDashboard: vi.fn<() => void>(),
      notify: vi.fn<(_: unknown, p: unknown) => void>(),
    },
  }
}

const RECOVERY_CODE = "7kq2m-x9d4p"
const RECOVERY_NOTICE = { kind: "success", key: "auth:recovery.used", values: { count: 9 } }
/** Whether the path got past the code step with a recovery code (the answer carries the count left). */
const usedRecoveryCode = (path: { steps: ReadonlyArray<{ event?: unknown }> }) =>
  path.steps.some((s) => {
    const e = s.event as { kind?: string; actorId?: string; output?: { recoveryCodesLeft?: number } } | undefined
    return e?.kind === "done" && e.actorId === "verifyCode" && e.output?.recoveryCodesLeft !== undefined
  })

/** The error the step into this state carried, when it was a failed call. */
const failedCall = (path: { steps: ReadonlyArray<{ event?: unknown }> }, step: number) => {
  const taken = path.steps[step]?.event as { kind?: string; actorId?: string; error?: { _tag: string; text: string } } | undefined
  return taken?.kind === "error" ? { actorId: taken.actorId, error: taken.error as { _tag: string; text: string } } : null
}
/** The failure a form shows for a failed call: its text, nothing for a request the client cancelled. */
const shownText = (error: { _tag: string; text: string }) => (error._tag === "RequestCancelled" ? null : error.text)

const model = (pendingUser: AuthUser | null) =>
  defineChartModel({
    chart: "sign-in",
    machine: signInMachine,
    input: { session, pendingUser, now: () => NOW } as unknown as SignInInput,
    implementations,
    events: [
      { type: "credentials.change", field: "email", value: "demo@chartfolio.test" },
      { type: "credentials.change", field: "email", value: "not-an-email" },
      { type: "credentials.change", field: "password", value: "Chartfolio#2026" },
      { type: "credentials.blur", field: "email" },
      { type: "credentials.submit" },
      { type: "code.change", value: "123456" },
      { type: "code.change", value: "12ab" },
      // A recovery code in place of the app's (typed as shown: two groups of five).
      { type: "code.change", value: RECOVERY_CODE },
      { type: "code.mode", recovery: true },
      { type: "code.mode", recovery: false },
      { type: "code.blur" },
      { type: "trusted.change", value: true },
      { type: "code.submit" },
      { type: "code.resend" },
      // The session watcher's reports: back to signed out (start afresh), signed in with nothing
      // pending, or a session whose code is pending (a registration: on to the code step).
      { type: "session.standing", signedOut: true, pendingUser: null },
      { type: "session.standing", signedOut: false, pendingUser: null },
      { type: "session.standing", signedOut: false, pendingUser: emailUser },
    ],
    invocations: {
      logIn: {
        done: [
          { access_token: "t1", user: emailUser },
          { access_token: "t1", user: appUser },
          { access_token: "t1", user: trustedUser },
        ],
        error: [
          { _tag: "ApiError", status: 401, text: "The login detail is incorrect" },
          { _tag: "RequestCancelled", text: "Cancel Request" },
        ],
      },
      verifyCode: {
        done: [
          { ...trustedUser, userGroup: null },
          { ...trustedUser, userGroup: null, recoveryCodesLeft: 9 },
        ],
        error: [
          { _tag: "ApiError", status: 400, code: "otp.invalid", text: "The code is not valid" },
          { _tag: "RequestCancelled", text: "Cancel Request" },
        ],
      },
      resendCode: { done: [{ message: "A new code was sent" }], error: [{ _tag: "ApiError", status: 429, text: "Too many attempts" }] },
      loadAdmin: { done: [admin], error: [{ _tag: "ApiError", status: 500, text: "Something went wrong" }] },
      // Follows the session for the chart's life: no transition takes its end, so it is never offered.
      watchSession: { done: [undefined] },
    },
    // What decides a transition: which fields are invalid (not the exact texts), the trusted
    // choice, the method, the pending user; whether a failure or notice is shown. Touched fields
    // and the texts only change what is displayed, so paths differing only in them are one path.
    serialize: (snap) => ({
      // Per field, so a path can reach a valid form one field at a time.
      fields: Object.keys(credentialIssues(snap.context)).sort(),
      code: Object.keys(codeIssues(snap.context)).length === 0,
      trusted: snap.context.trusted,
      method: snap.context.otpMethod,
      user: snap.context.user?.otpSatisfied ?? null,
      group: snap.context.user?.userGroup !== null && snap.context.user?.userGroup !== undefined,
      failure: snap.context.failure !== null,
      notice: snap.context.notice,
      recovery: snap.context.recovery,
    }),
    states: {
      credentials: (snap, { path, step, implementations: impl }) => {
        expect(snap.hasTag("busy")).toBe(false)
        // Back to signed out: a fresh form, nothing of the previous attempt kept.
        const taken = path.steps[step]?.event as { kind?: string; event?: { type: string; signedOut?: boolean } } | undefined
        if (taken?.kind === "event" && taken.event?.type === "session.standing" && taken.event.signedOut) {
          expect(snap.context).toMatchObject({ email: "", password: "", otp: "", touched: [], user: null, failure: null, notice: null })
        }
        // A refused sign-in shows the server's text on the form (nothing when the client cancelled); no toast.
        const failed = failedCall(path, step)
        if (failed) {
          expect(failed.actorId).toBe("logIn")
          expect(snap.context.failure?.text ?? null).toBe(shownText(failed.error))
          expect(impl.actions?.notify).not.toHaveBeenCalled()
        }
      },
      submitting: (snap) => expect(snap.hasTag("busy")).toBe(true),
      "submitting.requesting": (snap, { inputOf }) => expect(inputOf("logIn")).toEqual({ email: snap.context.email.trim(), password: snap.context.password }),
      code: (snap, { path, step, implementations: impl }) => {
        expect(snap.context.user).not.toBeNull()
        expect(snap.context.password).toBe("")
        // Followed the session from the credentials (a registration's pending code): its user, and on to /2fa-otp.
        const came = path.steps[step]?.event as { kind?: string; event?: { type: string; pendingUser?: AuthUser | null } } | undefined
        if (came?.kind === "event" && came.event?.type === "session.standing" && came.event.pendingUser) {
          expect(snap.context.user).toBe(came.event.pendingUser)
          expect(snap.context.otpMethod).toBe(came.event.pendingUser.otpMethod)
          expect(impl.actions?.goToCode).toHaveBeenCalledOnce()
        }
        const failed = failedCall(path, step)
        if (failed?.actorId === "verifyCode") {
          // A refused code: its text on the form, and the code field emptied for a new try.
          expect(snap.context.failure?.text ?? null).toBe(shownText(failed.error))
          expect(snap.context.otp).toBe("")
        } else if (failed?.actorId === "resendCode") {
          expect(snap.context.failure?.text).toBe(failed.error.text)
          expect(snap.context.notice).toBeNull()
        }
        const taken = path.steps[step]?.event as { kind?: string; actorId?: string; event?: { type: string } } | undefined
        // Switching between the app's code and a recovery code (an APP user only) starts the field afresh.
        if (taken?.kind === "event" && taken.event?.type === "code.mode" && path.steps[step - 1]?.state.machineSnapshot.context.otpMethod === "APP") {
          expect([snap.context.otp, snap.context.failure]).toEqual(["", null])
        }
        if (snap.context.recovery) expect(snap.context.otpMethod).toBe("APP")
        if (taken?.kind === "done" && taken.actorId === "resendCode") {
          expect(snap.context.notice).toBe("codeSent")
          expect(snap.context.otp).toBe("")
        }
      },
      resending: (snap) => {
        expect(snap.context.otpMethod).toBe("EMAIL")
        expect([snap.hasTag("busy"), snap.hasTag("resending")]).toEqual([true, true])
      },
      verifying: (snap, { inputOf }) =>
        expect(inputOf("verifyCode")).toEqual({
          otp: snap.context.recovery ? RECOVERY_CODE : "123456",
          trusted: snap.context.trusted,
          recovery: snap.context.recovery,
        }),
      loadingAdmin: (snap, { path, implementations: impl }) => {
        // The user is completed with the userGroup from sign-in (without the recovery count), and the session was told.
        expect(snap.context.user?.userGroup).toEqual(group)
        expect(snap.context.user).not.toHaveProperty("recoveryCodesLeft")
        if (usedRecoveryCode(path)) expect(impl.actions?.notify).toHaveBeenCalledWith(expect.anything(), RECOVERY_NOTICE)
        expect(["session.signedIn", "session.codeSatisfied"]).toContain(lastTold()?.type)
      },
      done: (snap, { path, step, implementations: impl }) => {
        expect(snap.status).toBe("done")
        expect(impl.actions?.goToDashboard).toHaveBeenCalledOnce()
        const failed = failedCall(path, step)
        if (failed) {
          // The admin could not be loaded: signed in all the same, with the failure as a toast.
          expect(impl.actions?.notify).toHaveBeenCalledWith(expect.anything(), { kind: "error", text: failed.error.text })
        } else {
          // In with a recovery code: a notice says it is spent and how many are left; otherwise no toast.
          if (usedRecoveryCode(path)) expect(impl.actions?.notify).toHaveBeenCalledWith(expect.anything(), RECOVERY_NOTICE)
          else expect(impl.actions?.notify).not.toHaveBeenCalled()
          expect(lastTold()).toEqual({ type: "session.userLoaded", user: admin })
        }
      },
    },
  })

describeModel([model(null), model(emailUser)])
