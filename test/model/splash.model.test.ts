import { expect } from "vitest"
import { splashMachine } from "../../src/machines/splash.machine"
import { defineChartModel, describeModel } from "./harness"

describeModel(
  defineChartModel({
    chart: "splash",
    machine: splashMachine,
    // Two overlapping loads are enough to tell "the last one finished" from "one of them finished".
    events: (snap) => [...(snap.context.pending < 2 ? [{ type: "loading.started" } as const] : []), { type: "loading.finished" }],
    states: {
      visible: (snap) => {
        expect(snap.hasTag("visible")).toBe(true)
        expect(snap.status).toBe("active")
        expect(snap.context.pending).toBeGreaterThanOrEqual(0)
      },
      "visible.waiting": (snap) => expect(snap.context.pending).toBe(0),
      "visible.loading": (snap) => expect(snap.context.pending).toBeGreaterThan(0),
      hidden: (snap) => expect(snap.hasTag("visible")).toBe(false),
    },
  }),
)
