import { expect } from "vitest"
import { workflowCoverageMachine, type CoverageReports } from "../../src/machines/workflow-coverage.machine"
import { defineChartModel, describeModel } from "./harness"

const held: CoverageReports = {
  charts: [
    {
      chart: "order-cancel",
      model: { coveredKeys: ["confirming: cancel.confirm -> cancelling"], scenarios: null, samples: null, writtenAt: "2026-11-27T10:00:00.000Z" },
      e2e: null,
    },
  ],
}
const none: CoverageReports = { charts: [] }
const offline = { _tag: "NetworkError", text: "Network Error" }

describeModel(
  defineChartModel({
    chart: "workflow-coverage",
    machine: workflowCoverageMachine,
    events: [{ type: "reports.retry" }],
    invocations: {
      loadCoverage: { done: [held, none], error: [offline] },
    },
    states: {
      loading: (snap) => expect(snap.hasTag("loading")).toBe(true),
      failed: (snap) => {
        expect(snap.hasTag("failed")).toBe(true)
        expect(snap.context.failure?.text).toBe(offline.text)
      },
      ready: (snap) => {
        expect(snap.context.reports).toEqual(held)
        expect(snap.context.failure).toBeNull()
      },
      none: (snap) => {
        expect(snap.context.reports).toEqual(none)
        expect(snap.context.failure).toBeNull()
      },
    },
  }),
)
