import { expect, vi } from "vitest"
import { routeProgressMachine } from "../../src/machines/route-progress.machine"
import { defineChartModel, describeModel } from "./harness"

describeModel(
  defineChartModel({
    chart: "route-progress",
    machine: routeProgressMachine,
    events: [{ type: "route.changed" }],
    implementations: () => ({ actions: { scrollToTop: vi.fn<() => void>() } }),
    states: {
      idle: (snap) => {
        expect(snap.context.progress).toBe(0)
        expect(snap.hasTag("visible")).toBe(false)
      },
      running: (snap, { implementations }) => {
        expect(snap.hasTag("visible")).toBe(true)
        expect(snap.context.progress % 10).toBe(0)
        expect(implementations.actions?.scrollToTop).toHaveBeenCalled()
      },
      "running.advancing": (snap) => {
        expect(snap.context.progress).toBeGreaterThanOrEqual(10)
        expect(snap.context.progress).toBeLessThan(100)
      },
      "running.full": (snap) => expect(snap.context.progress).toBe(100),
    },
  }),
)
