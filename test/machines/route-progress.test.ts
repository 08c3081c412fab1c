import { describe, expect, it, vi } from "vitest"
import { createActor, SimulatedClock } from "xstate"
import { routeProgressMachine } from "../../src/machines/route-progress.machine"

const start = () => {
  const clock = new SimulatedClock()
  const scrollToTop = vi.fn()
  const actor = createActor(routeProgressMachine.provide({ actions: { scrollToTop } }), { clock }).start()
  const shown: number[] = []
  actor.subscribe((s) => shown.push(s.context.progress))
  /** Moves the clock in 30 ms ticks (a timer scheduled during a jump would start late otherwise). */
  const wait = (ms: number) => {
    for (let t = 0; t < ms; t += 30) clock.increment(Math.min(30, ms - t))
  }
  return { actor, clock, scrollToTop, shown, wait }
}

describe("route progress bar", () => {
  it("is hidden until a route changes", () => {
    const { actor, wait } = start()
    wait(600)
    expect(actor.getSnapshot().context.progress).toBe(0)
    expect(actor.getSnapshot().hasTag("visible")).toBe(false)
  })

  it("steps 10, 20, ... 100 every 30 ms after a route change and resets at 300 ms", () => {
    const { actor, clock, shown } = start()
    actor.send({ type: "route.changed" })
    const timeline: Array<[number, number]> = [[clock.now(), actor.getSnapshot().context.progress]]
    for (let i = 0; i < 10; i++) {
      clock.increment(30)
      timeline.push([clock.now(), actor.getSnapshot().context.progress])
    }
    expect(timeline).toEqual([
      [0, 10],
      [30, 20],
      [60, 30],
      [90, 40],
      [120, 50],
      [150, 60],
      [180, 70],
      [210, 80],
      [240, 90],
      [270, 100],
      [300, 0],
    ])
    expect(shown).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 0])
    expect(actor.getSnapshot().matches("idle")).toBe(true)
  })

  it("shows the bar (visible tag) only while running", () => {
    const { actor, wait } = start()
    actor.send({ type: "route.changed" })
    expect(actor.getSnapshot().hasTag("visible")).toBe(true)
    wait(270)
    expect(actor.getSnapshot().hasTag("visible")).toBe(true)
    wait(30)
    expect(actor.getSnapshot().hasTag("visible")).toBe(false)
  })

  it("scrolls to top on every route change", () => {
    const { actor, scrollToTop, wait } = start()
    actor.send({ type: "route.changed" })
    expect(scrollToTop).toHaveBeenCalledTimes(1)
    wait(90)
    actor.send({ type: "route.changed" })
    wait(600)
    actor.send({ type: "route.changed" })
    expect(scrollToTop).toHaveBeenCalledTimes(3)
  })

  it("restarts from the first step when the route changes again while running", () => {
    const { actor, clock, wait } = start()
    actor.send({ type: "route.changed" })
    wait(150)
    expect(actor.getSnapshot().context.progress).toBe(60)
    actor.send({ type: "route.changed" })
    expect(actor.getSnapshot().context.progress).toBe(10)
    // the first change's reset (due at 300 ms) was cancelled: the bar keeps going until 450 ms
    wait(150)
    expect(clock.now()).toBe(300)
    expect(actor.getSnapshot().context.progress).toBe(60)
    wait(120)
    expect(actor.getSnapshot().context.progress).toBe(100)
    wait(30)
    expect(clock.now()).toBe(450)
    expect(actor.getSnapshot().context.progress).toBe(0)
  })

  it("never goes past 100 even when the reset is late to fire", () => {
    const { actor, clock } = start()
    actor.send({ type: "route.changed" })
    for (let i = 0; i < 9; i++) clock.increment(30)
    expect(actor.getSnapshot().matches({ running: "full" })).toBe(true)
    expect(actor.getSnapshot().context.progress).toBe(100)
  })

  it("fails loudly when started without a scrollToTop implementation", () => {
    const actor = createActor(routeProgressMachine, { clock: new SimulatedClock() })
    const errors: unknown[] = []
    actor.subscribe({ error: (e) => errors.push(e) })
    actor.start()
    actor.send({ type: "route.changed" })
    expect(actor.getSnapshot().status).toBe("error")
    expect(String(errors[0])).toMatch(/scrollToTop action is not implemented/)
  })
})
