import { expect, vi, type Mock } from "vitest"
import { resetPasswordIssues, resetPasswordMachine } from "../../src/machines/reset-password.machine"
import { defineChartModel, describeModel } from "./harness"

const STRONG = "New#Pass2026"
const invalidLink = { _tag: "ApiError", status: 400, code: "reset.invalid", text: "This reset link is invalid or has expired." }
const cancelled = { _tag: "RequestCancelled", text: "Cancel Request" }
// The failure each sample error leaves in the alert (a cancelled request shows nothing).
const failureAfter: Record<string, unknown> = {
  [invalidLink.text]: { tag: "ApiError", status: 400, code: "reset.invalid", text: invalidLink.text },
  [cancelled.text]: null,
}

describeModel(
  defineChartModel({
    chart: "reset-password",
    machine: resetPasswordMachine,
    input: { resetRef: "ref-7f3a" },
    implementations: () => ({
      actions: { notify: vi.fn<(_: unknown, p: unknown) => void>(), goToLogin: vi.fn<() => void>() },
    }),
    events: [
      { type: "field.change", field: "password", value: "weakpass" },
      { type: "field.change", field: "password", value: STRONG },
      { type: "field.change", field: "confirmPassword", value: STRONG },
      { type: "field.blur", field: "password" },
      { type: "form.submit" },
    ],
    invocations: {
      resetPassword: { done: [{ message: "Your password was changed. Sign in with the new one." }], error: [invalidLink, cancelled] },
    },
    states: {
      editing: (snap, { path, step }) => {
        expect(snap.hasTag("busy")).toBe(false)
        const taken = path.steps[step]?.event
        if (taken?.kind === "error") {
          expect(snap.context.failure).toEqual(failureAfter[(taken.error as { text: string }).text])
          // What the user typed survives a failure.
          expect(snap.context.password).toBe(STRONG)
        }
        if (taken?.kind === "event" && taken.event.type === "form.submit") {
          // An invalid submit shows both fields' issues and stays.
          expect([...snap.context.touched].sort()).toEqual(["confirmPassword", "password"])
          expect(Object.keys(resetPasswordIssues(snap.context))).not.toHaveLength(0)
        }
      },
      submitting: (snap) => {
        expect(snap.hasTag("busy")).toBe(true)
        expect(snap.context.failure).toBeNull()
      },
      // The request goes out only after the 1-second delay (the harness advances the clock by it).
      "submitting.requesting": (_snap, { path, step, inputOf }) => {
        expect(path.steps[step]?.event).toMatchObject({ kind: "timer", after: 1000 })
        expect(inputOf("resetPassword")).toEqual({ ref: "ref-7f3a", password: STRONG })
      },
      done: (snap, { implementations }) => {
        expect(snap.status).toBe("done")
        expect((implementations.actions?.notify as Mock).mock.calls).toEqual([
          [expect.anything(), { kind: "success", text: "Your password was changed. Sign in with the new one." }],
        ])
        expect(implementations.actions?.goToLogin).toHaveBeenCalledOnce()
        expect(snap.context.password).toBe("")
      },
    },
  }),
)
