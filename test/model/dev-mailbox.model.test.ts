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
      loaded: (snap) => expect(snap.context.error).toBeNull(),
      failed: (snap) => {
        expect(snap.hasTag("failed")).toBe(true)
        expect(snap.context.error).toEqual({ _tag: "NetworkError", text: "The server could not be reached." })
      },
    },
  }),
)
