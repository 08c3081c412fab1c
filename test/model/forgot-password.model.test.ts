import { expect, vi, type Mock } from "vitest"
import { forgotPasswordIssues, forgotPasswordMachine } from "../../src/machines/forgot-password.machine"
import { defineChartModel, describeModel } from "./harness"

const notFound = { _tag: "ApiError", status: 404, code: "not_found", text: "Not found" }
const network = { _tag: "NetworkError", text: "The server could not be reached." }
const cancelled = { _tag: "RequestCancelled", text: "Cancel Request" }
// The alert each sample failure leaves: a 404 names the e-mail sent; a cancelled request shows nothing.
const alertAfter: Record<string, unknown> = {
  [notFound.text]: { kind: "notFound", email: "someone@chartfolio.test" },
  [network.text]: { kind: "failure", failure: { tag: "NetworkError", text: network.text } },
  [cancelled.text]: null,
}

describeModel(
  defineChartModel({
    chart: "forgot-password",
    machine: forgotPasswordMachine,
    implementations: () => ({
      actions: { notify: vi.fn<(_: unknown, p: unknown) => void>(), goToLogin: vi.fn<() => void>() },
    }),
    events: [
      { type: "email.change", value: "not-an-email" },
      { type: "email.change", value: "  someone@chartfolio.test " },
      { type: "email.blur" },
      { type: "form.submit" },
    ],
    invocations: {
      requestReset: {
        done: [{ message: "If the address is registered, a reset link is on its way." }, { message: " " }],
        error: [notFound, network, cancelled],
      },
    },
    states: {
      editing: (snap, { path, step }) => {
        expect(snap.hasTag("busy")).toBe(false)
        const taken = path.steps[step]?.event
        if (taken?.kind === "error") expect(snap.context.alert).toEqual(alertAfter[(taken.error as { text: string }).text])
        if (taken?.kind === "event" && taken.event.type === "form.submit") {
          // An invalid submit shows the e-mail's issue and stays.
          expect(snap.context.touched).toBe(true)
          expect(forgotPasswordIssues(snap.context).email).toBeDefined()
        }
      },
      requesting: (snap, { inputOf }) => {
        expect(snap.hasTag("busy")).toBe(true)
        expect(snap.context.alert).toBeNull()
        expect(inputOf("requestReset")).toEqual({ email: "someone@chartfolio.test" })
      },
      done: (snap, { path, step, implementations }) => {
        expect(snap.status).toBe("done")
        const taken = path.steps[step]?.event
        const message = taken?.kind === "done" ? (taken.output as { message: string }).message : ""
        // The server's message as a success toast (the app's own text when it sent none), then /login.
        expect((implementations.actions?.notify as Mock).mock.calls).toEqual([
          [expect.anything(), message.trim() ? { kind: "success", text: message } : { kind: "success", key: "auth:forgotPassword.sent" }],
        ])
        expect(implementations.actions?.goToLogin).toHaveBeenCalledOnce()
      },
    },
  }),
)
