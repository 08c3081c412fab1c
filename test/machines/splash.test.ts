import { describe, expect, it } from "vitest"
import { createActor, SimulatedClock } from "xstate"
import { splashMachine } from "../../src/machines/splash.machine"

const start = () => {
  const clock = new SimulatedClock()
  const actor = createActor(splashMachine, { clock }).start()
  const hidden = () => actor.getSnapshot().matches("hidden")
  return { actor, clock, hidden }
}

describe("splash", () => {
  it("hides at 3000 ms when nothing is loading", () => {
    const { actor, clock, hidden } = start()
    expect(actor.getSnapshot().hasTag("visible")).toBe(true)
    clock.increment(2999)
    expect(hidden()).toBe(false)
    clock.increment(1)
    expect(hidden()).toBe(true)
    expect(actor.getSnapshot().hasTag("visible")).toBe(false)
  })

  it("hides as soon as the start-up load finishes, without waiting for 3000 ms", () => {
    const { actor, clock, hidden } = start()
    actor.send({ type: "loading.started" })
    clock.increment(400)
    expect(hidden()).toBe(false)
    actor.send({ type: "loading.finished" })
    expect(hidden()).toBe(true)
  })

  it("stays past 3000 ms while loads are pending and hides when the last one finishes", () => {
    const { actor, clock, hidden } = start()
    actor.send({ type: "loading.started" })
    actor.send({ type: "loading.started" })
    clock.increment(8000)
    expect(hidden()).toBe(false)
    actor.send({ type: "loading.finished" })
    expect(hidden()).toBe(false)
    expect(actor.getSnapshot().context.pending).toBe(1)
    actor.send({ type: "loading.finished" })
    expect(hidden()).toBe(true)
  })

  it("never counts below zero: an unmatched finish does not cancel a later start", () => {
    const { actor, clock, hidden } = start()
    actor.send({ type: "loading.finished" })
    actor.send({ type: "loading.finished" })
    expect(actor.getSnapshot().context.pending).toBe(0)
    actor.send({ type: "loading.started" })
    expect(actor.getSnapshot().context.pending).toBe(1)
    clock.increment(3000)
    expect(hidden()).toBe(false)
  })

  it("never comes back once hidden", () => {
    const { actor, clock, hidden } = start()
    clock.increment(3000)
    expect(hidden()).toBe(true)
    actor.send({ type: "loading.started" })
    clock.increment(3000)
    expect(hidden()).toBe(true)
    expect(actor.getSnapshot().hasTag("visible")).toBe(false)
  })
})
