import { expect, vi } from "vitest"
import type { RecoveryCodeSet, RecoveryCodeStatus } from "../../src/contract/security"
import { confirmIssues, recoveryCodesMachine } from "../../src/machines/recovery-codes.machine"
import { defineChartModel, describeModel, type ModelEvent } from "./harness"

// An authenticator-app user with 3 codes left, and an e-mail-code user (no codes offered).
const appUser: RecoveryCodeStatus = { available: true, left: 3, total: 10, generatedAt: "2026-03-01T09:00:00.000Z", lastUsedAt: "2026-03-02T09:00:00.000Z" }
const emailUser: RecoveryCodeStatus = { available: false, left: 0, total: 10, generatedAt: null, lastUsedAt: null }
const codes = [
  "7kq2m-x9d4p",
  "0a1b2-c3d4e",
  "f5g6h-j7k8m",
  "n9p0q-r1s2t",
  "v3w4x-y5z6a",
  "b7c8d-e9f0g",
  "h1j2k-m3n4p",
  "q5r6s-t7v8w",
  "x9y0z-a1b2c",
  "d3e4f-g5h6j",
]
const made: RecoveryCodeSet = { codes, generatedAt: "2026-03-03T10:00:00.000Z" }
const wrongPassword = { _tag: "ApiError", status: 400, code: "recovery.password_invalid", text: "The password is not correct." }
const cancelled = { _tag: "RequestCancelled", text: "Cancel Request" }
const offline = { _tag: "NetworkError", text: "Network Error" }
const HEAD = ["Chartfolio recovery codes for app@chartfolio.test", "Made on 3 March 2026"]

const taken = (path: { steps: ReadonlyArray<{ event: ModelEvent }> }, step: number): ModelEvent | undefined => path.steps[step]?.event
type Spy = ReturnType<typeof vi.fn<(_: unknown, p: unknown) => void>>

describeModel(
  defineChartModel({
    chart: "recovery-codes",
    machine: recoveryCodesMachine,
    events: [
      { type: "list.retry" },
      { type: "codes.start" },
      { type: "form.change", field: "password", value: "Chartfolio#2026" },
      { type: "form.change", field: "otp", value: "123456" },
      { type: "form.change", field: "otp", value: "12ab" },
      { type: "form.blur", field: "otp" },
      { type: "form.submit" },
      { type: "form.cancel" },
      { type: "codes.download", head: HEAD },
      { type: "codes.done" },
    ],
    invocations: {
      loadRecoveryCodes: { done: [appUser, emailUser], error: [offline] },
      regenerateRecoveryCodes: { done: [made], error: [wrongPassword, cancelled] },
    },
    implementations: () => ({ actions: { notify: vi.fn<(_: unknown, p: unknown) => void>(), saveCodes: vi.fn<(_: unknown, p: unknown) => void>() } }),
    // What decides a transition: the availability, which fields are invalid, a failure, the new set.
    serialize: (snap) => ({
      available: snap.context.status?.available ?? null,
      issues: Object.keys(confirmIssues(snap.context)).sort(),
      failure: snap.context.failure !== null,
      created: snap.context.created !== null,
    }),
    states: {
      loading: (snap, { path, step, implementations }) => {
        expect(snap.hasTag("loading")).toBe(true)
        expect(snap.context.created).toBeNull()
        // Done with the new set: it is forgotten, a toast says the set was made, and the count reloads.
        if (path.steps[step - 1]?.state.machineSnapshot.matches({ ready: "showing" }))
          expect(implementations.actions?.notify).toHaveBeenLastCalledWith(expect.anything(), { kind: "success", key: "account:security.recovery.toast.made" })
      },
      failed: (snap, { implementations }) => {
        expect([snap.hasTag("failed"), snap.context.status]).toEqual([true, null])
        expect(implementations.actions?.notify).toHaveBeenLastCalledWith(expect.anything(), { kind: "error", text: offline.text, code: "network" })
      },
      ready: (snap) => expect(snap.context.status).not.toBeNull(),
      "ready.idle": (snap, { path, step }) => {
        expect([snap.hasTag("open"), snap.context.password, snap.context.otp, snap.context.created]).toEqual([false, "", "", null])
        // A user whose code comes by e-mail is offered no set: the start is refused.
        const event = taken(path, step)
        if (event?.kind === "event" && event.type === "codes.start") expect(snap.context.status?.available).toBe(false)
      },
      "ready.confirming": (snap, { path, step }) => {
        expect([snap.hasTag("confirm"), snap.hasTag("busy"), snap.context.status?.available]).toEqual([true, false, true])
        const event = taken(path, step)
        if (event?.kind === "error") {
          // Refused: the reason on the form, what was typed kept (a cancelled request shows nothing).
          const error = event.error as { _tag: string; text: string }
          expect(snap.context.failure?.text ?? null).toBe(error._tag === "RequestCancelled" ? null : error.text)
          expect([snap.context.password, snap.context.otp]).toEqual(["Chartfolio#2026", "123456"])
        }
        if (event?.kind === "event" && event.type === "form.submit") {
          // An invalid form is not sent: every field's issue is shown.
          expect(snap.context.touched).toEqual(["password", "otp"])
          expect(Object.keys(confirmIssues(snap.context)).length).toBeGreaterThan(0)
        }
      },
      "ready.generating": (snap, { inputOf }) => {
        expect([snap.hasTag("confirm"), snap.hasTag("busy")]).toEqual([true, true])
        expect(inputOf("regenerateRecoveryCodes")).toEqual({ password: "Chartfolio#2026", otp: "123456" })
      },
      "ready.showing": (snap, { path, step, implementations }) => {
        // The new set, shown once; the count is the full set; the password and code are forgotten.
        expect([snap.hasTag("codes"), snap.context.created, snap.context.password, snap.context.otp]).toEqual([true, made, "", ""])
        expect(snap.context.status).toMatchObject({ left: 10, generatedAt: made.generatedAt, lastUsedAt: null })
        const event = taken(path, step)
        if (event?.kind === "event" && event.type === "codes.download")
          expect(implementations.actions?.saveCodes as Spy).toHaveBeenLastCalledWith(expect.anything(), {
            fileName: "chartfolio-recovery-codes-2026-03-03.txt",
            text: [...HEAD, "", ...codes, ""].join("\r\n"),
          })
      },
    },
  }),
)
