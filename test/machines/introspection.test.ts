import { describe, expect, it } from "vitest"
import { createActor, setup, type InspectionEvent } from "xstate"
import { activePaths, activeStateNodes, hasStopped, microstepTransitions, scheduledEvents } from "../../src/machines/introspection"

// A small chart with a nested and a parallel state, so the reads of src/machines/introspection.ts
// are checked against what XState does now: if XState renames or reorders what they read, these fail.
const chart = setup({ types: { events: {} as { type: "go" } | { type: "deeper" } } }).createMachine({
  id: "probe",
  initial: "idle",
  states: {
    idle: { on: { go: "busy" } },
    busy: {
      type: "parallel",
      states: {
        left: { initial: "one", states: { one: { on: { deeper: "two" } }, two: {} } },
        right: { initial: "only", states: { only: {} } },
      },
    },
  },
})

describe("XState introspection (the one adapter over XState's inner reads)", () => {
  it("lists the active states in document order (a parent before its children), without the root", () => {
    const actor = createActor(chart).start()
    expect(activeStateNodes(actor.getSnapshot()).map((n) => n.path.join("."))).toEqual(["idle"])
    actor.send({ type: "go" })
    expect(activeStateNodes(actor.getSnapshot()).map((n) => n.path.join("."))).toEqual(["busy", "busy.left", "busy.left.one", "busy.right", "busy.right.only"])
    expect(activeStateNodes(actor.getSnapshot())).toEqual(actor.getSnapshot()._nodes.filter((n) => n.path.length > 0))
    expect(activePaths(actor.getSnapshot())).toEqual(new Set(["busy", "busy.left", "busy.left.one", "busy.right", "busy.right.only"]))
  })

  it("names the transitions a microstep took, as the chart defines them", () => {
    const taken: string[] = []
    const actor = createActor(chart, {
      inspect: (event: InspectionEvent) => {
        for (const t of microstepTransitions(event))
          taken.push(`${t.source.path.join(".")} --${t.eventType}--> ${(t.target ?? []).map((n) => n.path.join(".")).join(",")}`)
      },
    }).start()
    actor.send({ type: "go" })
    actor.send({ type: "deeper" })
    expect(taken).toEqual(["idle --go--> busy", "busy.left.one --deeper--> busy.left.two"])
  })

  it("tells a stopped actor from a running one", () => {
    const actor = createActor(chart).start()
    expect(hasStopped(actor)).toBe(false)
    actor.stop()
    expect(hasStopped(actor)).toBe(true)
  })
})

describe("XState's scheduled events (the simulator's timers)", () => {
  it("lists a delayed transition's event with its source and delay, and forgets it once taken or left", () => {
    const timed = setup({}).createMachine({
      id: "timed",
      initial: "waiting",
      states: { waiting: { after: { 5000: "late" }, on: { leave: "gone" } }, late: {}, gone: {} },
    })
    const actor = createActor(timed).start()
    const events = scheduledEvents(actor.system)
    expect(events).toHaveLength(1)
    expect(events[0]!.source).toBe(actor)
    expect(events[0]!.delay).toBe(5000)
    actor.send({ type: "leave" })
    expect(scheduledEvents(actor.system)).toHaveLength(0)
  })
})
