import { expect, vi } from "vitest"
import { createActor, fromCallback, type AnyEventObject } from "xstate"
import type { AdminUser, AuthUser } from "../../src/contract/auth"
import { signInMachine } from "../../src/machines/sign-in.machine"
import type { SignInInput } from "../../src/machines/sign-in.machine"
import { defineChartModel, describeModel } from "./harness"

const NOW = Date.UTC(2026, 10, 21, 10, 0, 0)
const group = { companyName: "Chartfolio Demo Partners", partner: [{ name: "Chartfolio Securities" }] }
const emailUser: AuthUser = { id: "u1", userGroup: group, otpMethod: "EMAIL", otpSatisfied: false }
const appUser: AuthUser = { ...emailUser, otpMethod: "APP" }
const trustedUser: AuthUser = { ...emailUser, otpSatisfied: true }
const admin: AdminUser = { userId: "u1", firstName: "Ada", lastName: "Obi", fullname: "Ada Obi", email: "demo@chartfolio.test", adminLevel: 2, otpSatisfied: true, userGroup: group }

// The session actor the chart reports to: records what it is told.
const told: AnyEventObject[] = []
const session = createActor(fromCallback<AnyEventObject>(({ receive }) => receive((e) => told.push(e)))).start()
const lastTold = () => told.at(-1)

const implementations = () => ({
  actions: {
    goToCode: vi.fn<() => void>(),
    goToDashboard: vi.fn<() => void>(),
    notify: vi.fn<(_: unknown, p: unknown) => void>(),
  },
})

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
      { type: "code.blur" },
      { type: "trusted.change", value: true },
      { type: "code.submit" },
      { type: "code.resend" },
      { type: "code.resume", user: emailUser },
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
        done: [{ ...trustedUser, userGroup: null }],
        error: [
          { _tag: "ApiError", status: 400, code: "otp.invalid", text: "The code is not valid" },
          { _tag: "RequestCancelled", text: "Cancel Request" },
        ],
      },
      resendCode: { done: [{ message: "A new code was sent" }], error: [{ _tag: "ApiError", status: 429, text: "Too many attempts" }] },
      loadAdmin: { done: [admin], error: [{ _tag: "ApiError", status: 500, text: "Something went wrong" }] },
    },
    serialize: (snap) => ({
      email: snap.context.email,
      password: snap.context.password !== "",
      otp: snap.context.otp,
      trusted: snap.context.trusted,
      touched: [...snap.context.touched].sort(),
      method: snap.context.otpMethod,
      user: snap.context.user?.otpSatisfied ?? null,
      group: snap.context.user?.userGroup?.companyName ?? null,
      failure: snap.context.failure?.text ?? null,
      notice: snap.context.notice,
    }),
    states: {
      credentials: (snap) => expect(snap.hasTag("busy")).toBe(false),
      submitting: (snap) => expect(snap.hasTag("busy")).toBe(true),
      "submitting.requesting": (snap, { inputOf }) =>
        expect(inputOf("logIn")).toEqual({ email: snap.context.email.trim(), password: snap.context.password }),
      code: (snap) => {
        expect(snap.context.user).not.toBeNull()
        expect(snap.context.password).toBe("")
      },
      resending: (snap) => {
        expect(snap.context.otpMethod).toBe("EMAIL")
        expect([snap.hasTag("busy"), snap.hasTag("resending")]).toEqual([true, true])
      },
      verifying: (snap, { inputOf }) => expect(inputOf("verifyCode")).toEqual({ otp: "123456", trusted: snap.context.trusted }),
      loadingAdmin: (snap) => {
        // The user is completed with the userGroup from sign-in, and the session was told.
        expect(snap.context.user?.userGroup).toEqual(group)
        expect(["session.signedIn", "session.codeSatisfied"]).toContain(lastTold()?.type)
      },
      done: (snap, { implementations: impl }) => {
        expect(snap.status).toBe("done")
        expect(impl.actions?.goToDashboard).toHaveBeenCalledOnce()
      },
    },
  })

describeModel([model(null), model(emailUser)])
