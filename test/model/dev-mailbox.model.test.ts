import { expect } from "vitest"
import { devMailboxMachine } from "../../src/machines/dev-mailbox.machine"
import { defineChartModel, describeModel } from "./harness"

const message = { id: 1, to: "demo@chartfolio.test", subject: "Your Chartfolio code", text: "123456", createdAt: "2026-11-21T10:00:00.000Z" }

describeModel(
  defineChartModel({
    chart: "dev-mailbox",
    machine: devMailboxMachine,
    input: { to: "demo@chartfolio.test" },
    events: [{ type: "mailbox.refresh" }],
    invocations: {
      listMailbox: { done: [[message], []], error: [{ _tag: "NetworkError", text: "The server could not be reached." }] },
    },
    states: {
      loading: (snap, { inputOf }) => {
        expect(snap.hasTag("loading")).toBe(true)
        expect(inputOf("listMailbox")).toEqual({ to: "demo@chartfolio.test" })
      },
      loaded: (snap, { path, step }) => {
        expect(snap.context.error).toBeNull()
        // Exactly the messages the last answer held (none is an empty list, not the old ones).
        const taken = path.steps[step]?.event as { kind: string; output?: unknown }
        expect(taken.kind).toBe("done")
        expect(snap.context.messages).toEqual(taken.output)
      },
      failed: (snap, { path, step }) => {
        expect(snap.hasTag("failed")).toBe(true)
        expect(snap.context.error).toEqual({ _tag: "NetworkError", text: "The server could not be reached." })
        // A failed refresh keeps the messages already shown.
        const before = path.steps[step - 1]?.state.machineSnapshot.context as { messages: unknown }
        expect(snap.context.messages).toEqual(before.messages)
      },
    },
  }),
)
