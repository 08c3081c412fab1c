import { expect, vi, type Mock } from "vitest"
import type { Profile } from "../../src/contract/profile"
import { userProfileMachine } from "../../src/machines/user-profile.machine"
import { defineChartModel, describeModel } from "./harness"

const profile: Profile = {
  status: "verified",
  basic: { username: "adaeze.demo", email: "demo@chartfolio.test", firstName: "Adaeze", middleName: null, lastName: "Okafor", phone: null, riskProfile: null },
  personalData: null,
  identificationData: { type: "nin", value: "70123456789" },
  employmentData: null,
  trustData: null,
  addressData: null,
  disclosuresData: null,
  investmentData: null,
  complianceData: null,
}
const failure = { _tag: "ApiError", status: 500, code: "internal", text: "Something broke" }
const network = { _tag: "NetworkError", text: "The server could not be reached." }
const cancelled = { _tag: "RequestCancelled", text: "Cancel Request" }

/** The toast each sample failure shows: the server's text and code, `network` for the connection, none when cancelled. */
const toastFor = (error: unknown): unknown =>
  error === failure
    ? { kind: "error", text: failure.text, code: failure.code }
    : error === network
      ? { kind: "error", text: network.text, code: "network" }
      : null

describeModel(
  defineChartModel({
    chart: "user-profile",
    machine: userProfileMachine,
    implementations: () => ({ actions: { notify: vi.fn<(_: unknown, p: unknown) => void>() } }),
    events: [{ type: "profile.retry" }],
    invocations: {
      loadProfile: { done: [profile], error: [failure, network, cancelled] },
    },
    states: {
      loading: (snap, { path, step, implementations }) => {
        expect(snap.hasTag("loading")).toBe(true)
        const toasts = path.steps.slice(0, step + 1).filter((s) => s.event.kind === "error" && toastFor(s.event.error) !== null).length
        expect(implementations.actions?.notify).toHaveBeenCalledTimes(toasts)
      },
      shown: (snap) => {
        expect(snap.hasTag("loading")).toBe(false)
        expect(snap.context.profile).toEqual(profile)
        expect(snap.can({ type: "profile.retry" })).toBe(false)
      },
      failed: (snap, { path, step, implementations }) => {
        expect(snap.hasTag("failed")).toBe(true)
        expect(snap.context.profile).toBeNull()
        expect(snap.can({ type: "profile.retry" })).toBe(true)
        const taken = path.steps[step]?.event
        const notify = implementations.actions?.notify as Mock
        if (taken?.kind === "error") {
          const expected = toastFor(taken.error)
          const earlier = path.steps.slice(0, step).filter((s) => s.event.kind === "error" && toastFor(s.event.error) !== null).length
          if (expected === null) expect(notify.mock.calls.length).toBe(earlier)
          else expect(notify).toHaveBeenLastCalledWith(expect.anything(), expected)
        }
      },
    },
  }),
)
