import { mkdtemp, readFile, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { assign, fromPromise, setup } from "xstate"
import { routeProgressMachine } from "../../src/machines/route-progress.machine"
import { formatCoverage } from "./coverage-summary"
import {
  assertFullCoverage,
  assertMutantsAccounted,
  mutationReport,
  coverageReport,
  createCoverage,
  defineChartModel,
  generatePaths,
  planPaths,
  predictedCoverage,
  ModelConfigError,
  ModelCoverageError,
  ModelDivergenceError,
  replayPath,
  sampleJson,
  writeReport,
  type ChartModel,
  type ModelPath,
} from "./harness"

/** A load-and-retry chart with one invoked actor, like every workflow chart has. */
const loader = setup({
  types: {
    context: {} as { query: string; result: string | null; failures: number },
    events: {} as { type: "load"; query: string } | { type: "retry" },
  },
  actors: {
    fetchThing: fromPromise<string, { query: string }>(async () => {
      throw new Error("the fetchThing actor is not implemented, add it with provide(...)")
    }),
  },
  guards: {
    mayRetry: ({ context }) => context.failures < 2,
  },
}).createMachine({
  id: "loader",
  context: { query: "", result: null, failures: 0 },
  initial: "idle",
  states: {
    idle: {
      meta: { description: "Nothing asked yet" },
      on: { load: { target: "loading", actions: assign({ query: ({ event }) => event.query }) } },
    },
    loading: {
      meta: { description: "Fetching" },
      invoke: {
        id: "fetchThing",
        src: "fetchThing",
        input: ({ context }) => ({ query: context.query }),
        onDone: { target: "loaded", actions: assign({ result: ({ event }) => event.output }) },
        onError: { target: "failed", actions: assign({ failures: ({ context }) => context.failures + 1 }) },
      },
    },
    loaded: { meta: { description: "Result shown" } },
    failed: {
      meta: { description: "Error shown with a retry while retries are left" },
      on: { retry: { guard: "mayRetry", target: "loading" } },
    },
  },
})

/** Two timers in a parent and a child, plus a tie, to check that time only moves forward. */
const timed = setup({
  types: { context: {} as { log: string[] }, events: {} as { type: "poke" } },
  delays: { short: 100, long: 250, same: 100 },
}).createMachine({
  id: "timed",
  context: { log: [] },
  initial: "waiting",
  states: {
    waiting: {
      meta: { description: "Two clocks run" },
      after: { long: { target: "late", actions: assign({ log: ({ context }) => [...context.log, "long"] }) } },
      initial: "ticking",
      states: {
        ticking: {
          meta: { description: "Short timer and a tie" },
          after: {
            short: { target: "ticked", actions: assign({ log: ({ context }) => [...context.log, "short"] }) },
            same: { actions: assign({ log: ({ context }) => [...context.log, "same"] }) },
          },
          on: { poke: { target: "ticking", reenter: true } },
        },
        ticked: { meta: { description: "The short timer fired" } },
      },
    },
    late: { meta: { description: "The long timer fired" } },
  },
})

const loaderModel = (overrides: Partial<Parameters<typeof defineChartModel<typeof loader>>[0]> = {}) =>
  defineChartModel({
    chart: "self-loader",
    machine: loader,
    events: [{ type: "load", query: "ngn" }, { type: "retry" }],
    invocations: { fetchThing: { done: ["found"], error: [new Error("offline")] } },
    states: {
      loaded: (snap) => expect(snap.context.result).toBe("found"),
      loading: (snap, { inputOf }) => expect(inputOf("fetchThing")).toEqual({ query: snap.context.query }),
    },
    ...overrides,
  })

const replayAll = async (model: ChartModel, paths: ModelPath[] = generatePaths(model)) => {
  const coverage = createCoverage()
  for (const path of paths) await replayPath(model, path, coverage)
  return coverageReport(model, coverage)
}

describe("the model harness", () => {
  it("replays every path of a chart with an invoked actor and covers all of it", async () => {
    const report = await replayAll(loaderModel())
    expect(report.states).toMatchObject({ total: 4, covered: 4, uncovered: [] })
    expect(report.transitions).toMatchObject({ total: 4, covered: 4, uncovered: [] })
    expect(() => assertFullCoverage(report)).not.toThrow()
  })

  it("reports, for every state, the shortest replayed path there as scenario steps, and the payloads it used", async () => {
    const report = await replayAll(loaderModel())
    expect(report.scenarios.map((s) => s.state)).toEqual(["idle", "loading", "loaded", "failed"])
    const failed = report.scenarios.find((s) => s.state === "failed")
    expect(failed?.steps).toEqual([
      { kind: "event", type: "load", payload: { query: "ngn" }, states: ["loading"], transitions: ["idle: load -> loading"] },
      { kind: "error", actor: "fetchThing", reason: "offline", states: ["failed"], transitions: ["loading: xstate.error.actor.fetchThing -> failed"] },
    ])
    // The start itself is no step: the initial state's scenario is empty.
    expect(report.scenarios.find((s) => s.state === "idle")?.steps).toEqual([])
    // Every scenario ends in its state.
    for (const s of report.scenarios.slice(1)) expect(s.steps.at(-1)?.states).toContain(s.state)
    expect(report.samples).toEqual({
      events: { load: { query: "ngn" }, retry: {} },
      outputs: { fetchThing: "found" },
      errors: { fetchThing: { error: "Error", message: "offline" } },
    })
  })

  it("keeps timers as waits in scenarios and JSON stand-ins for functions and actors in samples", async () => {
    const report = await replayAll(defineChartModel({ chart: "self-timed", machine: timed, events: [{ type: "poke" }] }))
    expect(report.scenarios.find((s) => s.state === "late")?.steps.map((s) => (s.kind === "timer" ? [s.timer, s.after] : s.kind))).toEqual([
      ["after short", 100],
      ["after long", 150],
    ])
    const actor = { sessionId: "x:1", id: "portfolios", send: () => undefined }
    expect(sampleJson({ newKey: () => "k", portfolios: actor, rows: [1, 2, 3, 4, 5, 6, 7] })).toEqual({
      newKey: { $function: "newKey" },
      portfolios: { $actor: "portfolios" },
      rows: [1, 2, 3, 4, 5],
    })
  })

  it("fails coverage when the generator is not given an event the chart handles", async () => {
    const report = await replayAll(loaderModel({ events: [{ type: "load", query: "ngn" }] }))
    expect(report.transitions.uncovered).toEqual(["failed: retry [mayRetry] -> loading"])
    expect(() => assertFullCoverage(report)).toThrow(ModelCoverageError)
    expect(() => assertFullCoverage(report)).toThrow(/transition never taken: failed: retry \[mayRetry\] -> loading/)
  })

  it("fails coverage when no sample lets a guard pass", async () => {
    const gated = setup({
      types: { context: {} as { amount: number }, events: {} as { type: "amount.set"; amount: number } },
      guards: { isPositive: ({ event }) => event.amount > 0 },
    }).createMachine({
      id: "gated",
      context: { amount: 0 },
      initial: "empty",
      states: {
        empty: {
          meta: { description: "No amount" },
          on: { "amount.set": { guard: "isPositive", target: "ready", actions: assign({ amount: ({ event }) => event.amount }) } },
        },
        ready: { meta: { description: "A positive amount" } },
      },
    })
    const model = defineChartModel({ chart: "self-gated", machine: gated, events: [{ type: "amount.set", amount: -5 }] })
    const report = await replayAll(model)
    expect(report.states.uncovered).toEqual(["ready"])
    expect(report.transitions.uncovered).toEqual(["empty: amount.set [isPositive] -> ready"])
    expect(() => assertFullCoverage(report)).toThrow(/state never reached: ready/)
  })

  it("kills a guard mutant a path notices and keeps one no path can tell apart; a strict chart fails on the survivor", async () => {
    const gated = setup({
      types: { context: {} as { amount: number }, events: {} as { type: "amount.set"; amount: number } },
      guards: { isPositive: ({ event }) => event.amount > 0 },
    }).createMachine({
      id: "gated",
      context: { amount: 0 },
      initial: "empty",
      states: {
        empty: {
          meta: { description: "No amount" },
          on: { "amount.set": { guard: "isPositive", target: "ready", actions: assign({ amount: ({ event }) => event.amount }) } },
        },
        ready: { meta: { description: "A positive amount" } },
      },
    })
    // Only a positive amount is offered: negated and forced false stop the path; forced true takes the same transition.
    const onlyPositive = defineChartModel({ chart: "self-gated", machine: gated, events: [{ type: "amount.set", amount: 5 }] })
    const some = await mutationReport([onlyPositive], planPaths([onlyPositive]))
    expect(some.mutants.map((m) => [m.guard, m.kind, m.killed])).toEqual([
      ["isPositive", "negated", true],
      ["isPositive", "true", false],
      ["isPositive", "false", true],
    ])
    expect(some).toMatchObject({ total: 3, killed: 2, sampled: false })
    expect(some.mutants[0]?.by).toMatch(/^path 1: /)
    expect(() => assertMutantsAccounted("order-ticket", some)).toThrow(/isPositive forced true/)
    expect(() => assertMutantsAccounted("self-gated", some)).not.toThrow()
    // A refused amount too: the ignored event tells forced true apart.
    const both = defineChartModel({
      chart: "self-gated",
      machine: gated,
      events: [
        { type: "amount.set", amount: 5 },
        { type: "amount.set", amount: -5 },
      ],
    })
    const all = await mutationReport([both], planPaths([both]))
    expect(all).toMatchObject({ total: 3, killed: 3 })
  })

  it("fails when a state has no meta description", async () => {
    const bare = setup({ types: { events: {} as { type: "go" } } }).createMachine({
      id: "bare",
      initial: "a",
      states: { a: { meta: { description: "Start" }, on: { go: "b" } }, b: {} },
    })
    const report = await replayAll(defineChartModel({ chart: "self-bare", machine: bare, events: [{ type: "go" }] }))
    expect(report.states.undescribed).toEqual(["b"])
    expect(() => assertFullCoverage(report)).toThrow(/state without meta.description: b/)
  })

  it("fails a replay whose stub resolves where the path expected an error", async () => {
    const model = loaderModel()
    const path = generatePaths(model).find((p) => p.steps.some((s) => s.event.kind === "error"))
    const at = path?.steps.findIndex((s) => s.event.kind === "error") ?? -1
    const failing = path?.steps[at]
    if (!path || !failing) throw new Error("expected a path on which the invocation fails")
    const diverging: ModelPath = {
      description: `${path.description} (stub resolves instead)`,
      steps: [
        ...path.steps.slice(0, at),
        { ...failing, event: { type: "xstate.done.actor.fetchThing", kind: "done", actorId: "fetchThing", output: "found" } },
      ],
    }
    await expect(replayPath(model, diverging)).rejects.toThrow(ModelDivergenceError)
    await expect(replayPath(model, diverging)).rejects.toThrow(/the actor is in[\s\S]*"loaded"[\s\S]*but the path expects[\s\S]*"failed"/)
  })

  it("fails a replay when a state's declared expectation does not hold", async () => {
    const model = loaderModel({ states: { loaded: (snap) => expect(snap.context.result).toBe("something else") } })
    const path = generatePaths(model).find((p) => p.steps.at(-1)?.state.machineSnapshot.value === "loaded")
    if (!path) throw new Error("expected a path to loaded")
    await expect(replayPath(model, path)).rejects.toThrow(/the check of state "loaded" failed/)
  })

  it("fails a replay when the real actor does something the model cannot see", async () => {
    let calls = 0
    const impure = setup({
      types: { context: {} as { n: number }, events: {} as { type: "tick" } },
    }).createMachine({
      id: "impure",
      context: { n: 0 },
      initial: "on",
      states: {
        on: {
          meta: { description: "Counts ticks from a global" },
          on: { tick: { guard: ({ context }) => context.n < 3, actions: assign({ n: () => (calls += 1) }) } },
        },
      },
    })
    const model = defineChartModel({ chart: "self-impure", machine: impure, events: [{ type: "tick" }] })
    const [path] = generatePaths(model)
    if (!path) throw new Error("expected a path")
    await expect(replayPath(model, path)).rejects.toThrow(/after "tick" the actor is in[\s\S]*but the path expects[\s\S]*"n":1\}/)
  })

  it("fails a replay that waits for a timer longer than the actor has it scheduled", async () => {
    const model = defineChartModel({ chart: "self-timed", machine: timed, events: [{ type: "poke" }] })
    const path = generatePaths(model).find((p) => p.steps.at(-1)?.state.machineSnapshot.value === "late")
    const at = path?.steps.findIndex((s) => s.event.kind === "timer") ?? -1
    const step = path?.steps[at]
    if (!path || !step || step.event.kind !== "timer") throw new Error("expected a path with a timer")
    const late = { ...step, event: { ...step.event, after: step.event.after + 50 } }
    const diverging: ModelPath = { description: "waits too long", steps: path.steps.map((s, i) => (i === at ? late : s)) }
    await expect(replayPath(model, diverging)).rejects.toThrow(/the path waits 150 ms for after short, but it is due in 100 ms/)
  })

  it("fails a replay when the real actor errors, and says why", async () => {
    const model = defineChartModel({ chart: "self-unwired", machine: routeProgressMachine, events: [{ type: "route.changed" }] })
    const [path] = generatePaths(model)
    if (!path) throw new Error("expected a path")
    await expect(replayPath(model, path)).rejects.toThrow(/"status":"error"[\s\S]*the actor failed with: the scrollToTop action is not implemented/)
  })

  it("fires competing timers in clock order only, and ties in scheduling order within one step", async () => {
    const model = defineChartModel({ chart: "self-timed", machine: timed, events: [{ type: "poke" }] })
    const paths = generatePaths(model)
    for (const path of paths) {
      for (const [i, step] of path.steps.entries()) {
        if (step.event.kind !== "timer" || i === 0) continue
        const before = path.steps[i - 1]?.state.timers ?? []
        // the fired timer is never later than any other pending timer
        expect(Math.min(...before.map((t) => t.remaining))).toBe(step.event.after)
      }
    }
    const toLate = paths.find((p) => p.steps.at(-1)?.state.machineSnapshot.value === "late")
    expect(toLate?.steps.at(-1)?.state.machineSnapshot.context.log).toEqual(["short", "long"])
    const report = await replayAll(model, paths)
    // `same` ties with `short` and is cancelled when `short` leaves the state first: never taken.
    expect(report.transitions.uncovered).toEqual(["waiting.ticking: after same -> (no target)"])
    expect(report.states.uncovered).toEqual([])
  })

  it("rejects a configuration that names an unknown state or leaves an invocation without samples", () => {
    expect(() => loaderModel({ states: { nowhere: () => undefined } })).toThrow(ModelConfigError)
    expect(() => loaderModel({ invocations: {} })).toThrow(/invoke "fetchThing" needs sample outcomes/)
  })

  it("stops on an unbounded state space with advice", () => {
    const counter = setup({ types: { context: {} as { n: number }, events: {} as { type: "inc" } } }).createMachine({
      id: "counter",
      context: { n: 0 },
      initial: "on",
      states: { on: { meta: { description: "Counting" }, on: { inc: { actions: assign({ n: ({ context }) => context.n + 1 }) } } } },
    })
    const model = defineChartModel({ chart: "self-counter", machine: counter, events: [{ type: "inc" }], limit: 50 })
    expect(() => generatePaths(model)).toThrow(/bound counters in `events`/)
    const bounded = defineChartModel({
      chart: "self-counter",
      machine: counter,
      events: (snap) => (snap.context.n < 3 ? [{ type: "inc" }] : []),
      limit: 50,
    })
    // Bounded, the graph has four states (n = 0..3) but one transition: one step takes it.
    expect(generatePaths(bounded).map((p) => p.description)).toEqual(["inc"])
  })

  it("picks a few paths that cover the chart, not one per context variant", async () => {
    // The context (how many failures so far, which query) makes many graph states; the chart has 4
    // transitions and 4 states, and the retry guard's two outcomes. Each path is the shortest way
    // to what it adds: to loaded, and through both retries to the refused third.
    const model = loaderModel({ events: [{ type: "load", query: "ngn" }, { type: "load", query: "usd" }, { type: "retry" }] })
    const paths = generatePaths(model)
    expect(paths.map((p) => p.description)).toEqual([
      'load {"query":"ngn"} → fetchThing done "found"',
      'load {"query":"ngn"} → fetchThing fails {"error":"Error","message":"offline"} → retry → fetchThing fails {"error":"Error","message":"offline"} → retry',
    ])
    const report = await replayAll(model, paths)
    expect(report.paths).toBe(2)
    expect(() => assertFullCoverage(report)).not.toThrow()
  })

  it("reports guard outcomes: a guard with an alternative must be seen false, a lone guard's refusal is shown where it can be", async () => {
    const loaded = await replayAll(loaderModel())
    // retry has no alternative: when mayRetry fails, the chart ignores retry (a refusal, shown on a path).
    expect(loaded.guards).toEqual({
      total: 1,
      covered: 1,
      uncovered: [],
      refusals: { total: 1, shown: 1, notShown: [] },
    })
    const routed = setup({
      types: { context: {} as { ok: boolean }, events: {} as { type: "go" } | { type: "jump" } },
      guards: { isOk: ({ context }) => context.ok },
    }).createMachine({
      id: "routed",
      context: { ok: true },
      initial: "a",
      // The parent's go is the alternative when isOk fails in a; here it is only ever taken from b.
      on: { go: ".c" },
      states: {
        a: { meta: { description: "Go is guarded" }, on: { go: { guard: "isOk", target: "b" } } },
        b: { meta: { description: "Go falls to the parent" }, on: { jump: "a" } },
        c: { meta: { description: "The parent's go" } },
      },
    })
    const model = defineChartModel({ chart: "self-routed", machine: routed, events: [{ type: "go" }, { type: "jump" }] })
    const report = await replayAll(model)
    expect(report.transitions.uncovered).toEqual([])
    expect(report.guards.uncovered).toEqual(["a: go [isOk] -> b (false)"])
    expect(() => assertFullCoverage(report)).toThrow(/guard outcome never taken: a: go \[isOk\] -> b \(false\)/)
  })

  it("predicts from the chart alone the coverage its replays prove, so the check needs no other test", async () => {
    const model = loaderModel()
    const plan = planPaths([model])
    const predicted = coverageReport(model, predictedCoverage(model, plan))
    const replayed = await replayAll(model, plan[0])
    expect(predicted).toEqual(replayed)
  })

  it("fails a replay when the real actor takes another transition than the path predicts", async () => {
    let flipped = false
    const twoWays = setup({ types: { events: {} as { type: "go" } } }).createMachine({
      id: "twoWays",
      initial: "a",
      states: {
        a: { meta: { description: "Two ways to b" }, on: { go: [{ guard: () => flipped, target: "b" }, { target: "b" }] } },
        b: { meta: { description: "Arrived" } },
      },
    })
    const model = defineChartModel({ chart: "self-two-ways", machine: twoWays, events: [{ type: "go" }] })
    const [path] = generatePaths(model)
    if (!path) throw new Error("expected a path")
    flipped = true
    await expect(replayPath(model, path)).rejects.toThrow(/"go" took\n  a: go \[guard\] -> b\nbut the path expects\n  a: go -> b/)
  })

  it("prints coverage per chart and in total, and counts a chart with a gap as incomplete", async () => {
    const loaded = await replayAll(loaderModel())
    const gapped = await replayAll(loaderModel({ chart: "self-gapped", events: [{ type: "load", query: "ngn" }] }))
    const lines = formatCoverage([loaded, gapped]).split("\n")
    expect(lines[0]).toBe("Model coverage per chart")
    expect(lines[1]?.split(/\s{2,}/)).toEqual(["chart", "paths", "states", "transitions", "guard outcomes", "refusals shown"])
    expect(lines[2]?.split(/\s{2,}/)).toEqual(["self-gapped", String(gapped.paths), "4/4", "3/4", "0/1", "0/1"])
    expect(lines[3]?.split(/\s{2,}/)).toEqual(["self-loader", String(loaded.paths), "4/4", "4/4", "1/1", "1/1"])
    expect(lines[4]?.split(/\s{2,}/)).toEqual(["all (1 of 2 complete)", String(loaded.paths + gapped.paths), "8/8", "7/8", "1/2", "1/2"])
  })

  it("writes the report as JSON named after the chart", async () => {
    const dir = await mkdtemp(join(tmpdir(), "model-report-"))
    try {
      const report = await replayAll(loaderModel())
      const file = await writeReport(report, dir)
      expect(file).toBe(join(dir, "self-loader.json"))
      expect(JSON.parse(await readFile(file, "utf8"))).toEqual({
        chart: "self-loader",
        paths: report.paths,
        states: { total: 4, covered: 4, uncovered: [], undescribed: [] },
        transitions: { total: 4, covered: 4, uncovered: [], coveredKeys: report.transitions.coveredKeys },
        guards: { total: 1, covered: 1, uncovered: [], refusals: { total: 1, shown: 1, notShown: [] } },
        scenarios: report.scenarios,
        samples: report.samples,
      })
      expect(report.transitions.coveredKeys).toHaveLength(4)
      expect(report.transitions.coveredKeys).toContain("failed: retry [mayRetry] -> loading")
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
