import { describe, expect, it } from "vitest"
import { carouselMachine, nextIndex, previousIndex } from "../../src/machines/dashboard-carousel.machine"
import { defineChartModel, describeModel, type ModelEvent } from "./harness"

const taken = (path: { steps: ReadonlyArray<{ event: ModelEvent }> }, step: number): ModelEvent | undefined => path.steps[step]?.event

const model = (autoplay: boolean) =>
  defineChartModel({
    chart: "dashboard-carousel",
    machine: carouselMachine,
    input: { autoplay },
    // Bounded: each flag is only set to its other value; two item sets (more than fit, all fit).
    events: (snap) => [
      ...(snap.context.count === 3 ? [] : [{ type: "items.change" as const, count: 3, perView: 1 }]),
      ...(snap.context.count === 2 ? [] : [{ type: "items.change" as const, count: 2, perView: 2 }]),
      { type: "carousel.next" },
      { type: "carousel.previous" },
      { type: "carousel.pause" },
      { type: "carousel.play" },
      snap.context.hovered ? { type: "pointer.leave" } : { type: "pointer.enter" },
      snap.context.focused ? { type: "focus.leave" } : { type: "focus.enter" },
    ],
    states: {
      starting: () => {
        throw new Error("starting is transient and never rests")
      },
      playing: (snap) => expect(snap.hasTag("playing")).toBe(true),
      "playing.idle": (snap) => expect(snap.context.count).toBeLessThanOrEqual(snap.context.perView),
      "playing.held": (snap) => {
        expect(snap.context.count).toBeGreaterThan(snap.context.perView)
        expect(snap.context.hovered || snap.context.focused).toBe(true)
      },
      "playing.ticking": (snap, { path, step }) => {
        expect(snap.context.count).toBeGreaterThan(snap.context.perView)
        expect(snap.context.hovered || snap.context.focused).toBe(false)
        // Each tick moves on by one, looping.
        const event = taken(path, step)
        if (event?.kind === "timer") {
          const before = path.steps[step - 1]?.state.machineSnapshot.context as { first: number; count: number }
          expect(event.after).toBe(2000)
          expect(snap.context.first).toBe(nextIndex(before.first, before.count))
        }
      },
      paused: (snap, { path, step }) => {
        expect(snap.hasTag("playing")).toBe(false)
        const event = taken(path, step)
        if (event?.kind === "init") expect(snap.context.autoplay).toBe(false)
      },
    },
  })

describeModel([model(true), model(false)])

describe("carousel indexes", () => {
  it("loop forwards and backwards", () => {
    expect([0, 1, 2].map((i) => nextIndex(i, 3))).toEqual([1, 2, 0])
    expect([0, 1, 2].map((i) => previousIndex(i, 3))).toEqual([2, 0, 1])
    expect(nextIndex(0, 0)).toBe(0)
    expect(previousIndex(0, 0)).toBe(0)
  })
})
