import { expect } from "vitest"
import { createActor, fromCallback, type AnyEventObject } from "xstate"
import { canRegister, registrationMachine, type RegistrationInput, type RegistrationTextField } from "../../src/machines/registration.machine"
import { defineChartModel, describeModel } from "./harness"

const NOW = Date.UTC(2026, 10, 21, 10, 0, 0)

// The session actor the chart reports to: records what it is told.
const told: AnyEventObject[] = []
const session = createActor(fromCallback<AnyEventObject>(({ receive }) => receive((e) => told.push(e)))).start()

// The form is filled in this order, each text with spaces around it where trimming matters.
const filled: Record<RegistrationTextField, string> = {
  fullname: "  Ada Obi ",
  email: " new.user@chartfolio.test ",
  username: " adaobi ",
  password: " Secret#2026",
  confirmPassword: " Secret#2026",
}
const order = Object.keys(filled) as RegistrationTextField[]

const rateLimited = { _tag: "ApiError", status: 429, code: "rate_limited", text: "Too many attempts. Wait a few minutes and try again." }
const rejected = { _tag: "ApiError", status: 400, code: "auth.invalid_credentials", text: "The login detail is incorrect" }
const cancelled = { _tag: "RequestCancelled", text: "Cancel Request" }
// The alert each sample failure leaves (a cancelled request leaves none).
const alertAfter: Record<string, unknown> = {
  [rejected.text]: { kind: "rejected" },
  [rateLimited.text]: { kind: "rateLimited", failure: { tag: "ApiError", status: 429, code: "rate_limited", text: rateLimited.text } },
  [cancelled.text]: null,
}

describeModel(
  defineChartModel({
    chart: "registration",
    machine: registrationMachine,
    input: { session, now: () => NOW } as unknown as RegistrationInput,
    // Fields are filled one after the other (a wrong e-mail first, then the right one), so the
    // state space stays a line; the terms can be ticked and unticked once the texts are in.
    events: (snap) => {
      const c = snap.context
      const next = order.find((f) => c[f] !== filled[f])
      const events: Parameters<typeof registrationMachine.transition>[1][] = [{ type: "form.submit" }]
      if (next === "email" && c.email === "") events.push({ type: "field.change", field: "email", value: "not-an-email" })
      if (next) events.push({ type: "field.change", field: next, value: filled[next] })
      else events.push({ type: "terms.change", value: !c.acceptTerms })
      if (!c.touched.includes("email")) events.push({ type: "field.blur", field: "email" })
      return events
    },
    invocations: {
      register: { done: [{ accessToken: "t-new" }], error: [rejected, rateLimited, cancelled] },
    },
    serialize: (snap) => ({
      ...Object.fromEntries(order.map((f) => [f, snap.context[f]])),
      acceptTerms: snap.context.acceptTerms,
      touched: [...snap.context.touched].sort(),
      alert: snap.context.alert,
    }),
    states: {
      editing: (snap, { path, step }) => {
        expect(snap.hasTag("busy")).toBe(false)
        const taken = path.steps[step]?.event
        // What a failed submit leaves in the form's alert.
        if (taken?.kind === "error") {
          expect(snap.context.alert).toEqual(alertAfter[(taken.error as { text: string }).text])
        }
        // A submit attempt shows every field's issue.
        if (taken?.kind === "event" && taken.event.type === "form.submit") expect(snap.context.touched).toHaveLength(6)
      },
      submitting: (snap, { inputOf }) => {
        expect(snap.hasTag("busy")).toBe(true)
        expect(canRegister(snap.context)).toBe(true)
        expect(snap.context.alert).toBeNull()
        expect(inputOf("register")).toEqual({
          email: "new.user@chartfolio.test",
          fullname: "Ada Obi",
          username: "adaobi",
          password: " Secret#2026",
        })
      },
      done: (snap) => {
        expect(snap.status).toBe("done")
        expect(told.at(-1)).toEqual({ type: "session.registered", token: "t-new", at: NOW })
        expect(snap.context.password).toBe("")
      },
    },
  }),
)
