import { mkdir, writeFile } from "node:fs/promises"
import { fileURLToPath } from "node:url"
import { getAdjacencyMap, type AdjacencyMap } from "@xstate/graph"
import {
  createActor,
  fromCallback,
  fromPromise,
  pathToStateValue,
  SimulatedClock,
  type ActorLogic,
  type ActorScope,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventFromLogic,
  type EventObject,
  type ExecutableActionObject,
  type InputFrom,
  type InspectionEvent,
  type SnapshotFrom,
  type Snapshot,
} from "xstate"
import { describe, it } from "vitest"
import { activeStateNodes, microstepTransitions, scheduledEvents } from "../../src/machines/introspection"
import explorerEn from "../../src/i18n/locales/en/explorer.json"
import { guardNamesOf } from "../../src/machines/requirements"
import {
  chartInvokes,
  chartStates,
  chartTransitions,
  eventLabel,
  pathOf,
  transitionIndex,
  type ChartState,
  type ChartTransition,
} from "../../src/machines/anatomy"

// ---------------------------------------------------------------------------------------------
// Configuration
// ---------------------------------------------------------------------------------------------

/** The implementations a chart is started with (`machine.provide(...)`), as its own type. */
export type ImplementationsOf<TMachine extends AnyStateMachine> = Parameters<TMachine["provide"]>[0]

/** Sample outcomes of one invoked actor (by invoke id): each output and each error is a branch. */
export interface InvocationSamples {
  readonly done?: ReadonlyArray<unknown>
  readonly error?: ReadonlyArray<unknown>
}

/** What a per-state assertion gets besides the actor's snapshot. */
export interface StateCheckInfo<TMachine extends AnyStateMachine> {
  /** The path being replayed. */
  readonly path: ModelPath
  /** Index of the step just taken (0 is the initial state). */
  readonly step: number
  /** The implementations this path's actor was started with (fresh per path, so spies count per path). */
  readonly implementations: ImplementationsOf<TMachine>
  /** The input the chart gave the latest invocation of an invoked actor, by invoke id. */
  readonly inputOf: (invokeId: string) => unknown
}

/** An assertion that must hold whenever the actor is in a given state (throw to fail). */
export type StateCheck<TMachine extends AnyStateMachine> = (snapshot: SnapshotFrom<TMachine>, info: StateCheckInfo<TMachine>) => void

/**
 * How one chart plugs into the harness (see test/model/README.md):
 * - `chart`: the report name, the machine file's name without `.machine.ts`;
 * - `events`: user events with sample payloads, or a function of the snapshot (to bound counters);
 *   an event is offered only where the chart takes a transition for it;
 * - `invocations`: for every invoke id of the chart, sample outputs (`done`) and errors (`error`);
 *   the harness stubs every invoked actor and settles the stubs on command;
 * - `implementations`: a factory for the side-effect actions (and any non-promise actors) the
 *   real actor is started with, called once per path;
 * - `serialize`: the part of the context that decides behaviour (default: all of it). It must only
 *   drop what never changes a transition; bound counters with `events` instead;
 * - `states`: per-state assertions, keyed by state path (`"running.full"`), checked after every
 *   step that leaves the actor in (or under) that state;
 * - `input`: the chart's input; `limit`: how many traversal steps before the state space counts as
 *   unbounded (default 20,000).
 */
export interface ChartModelConfig<TMachine extends AnyStateMachine> {
  readonly chart: string
  readonly machine: TMachine
  readonly input?: InputFrom<TMachine>
  readonly events: NoInfer<ReadonlyArray<EventFromLogic<TMachine>> | ((snapshot: SnapshotFrom<TMachine>) => ReadonlyArray<EventFromLogic<TMachine>>)>
  readonly invocations?: Readonly<Record<string, InvocationSamples>>
  readonly implementations?: NoInfer<() => ImplementationsOf<TMachine>>
  readonly serialize?: NoInfer<(snapshot: SnapshotFrom<TMachine>) => unknown>
  readonly states?: NoInfer<Readonly<Record<string, StateCheck<TMachine>>>>
  readonly limit?: number
}

/** A validated chart model; make it with `defineChartModel`. */
export interface ChartModel<TMachine extends AnyStateMachine = AnyStateMachine> {
  readonly chart: string
  readonly config: ChartModelConfig<TMachine>
  /** Every state of the chart by path, with its `meta.description` (or `description`). */
  readonly states: ReadonlyArray<ChartState>
  /** Every transition of the chart, one entry per target. */
  readonly transitions: ReadonlyArray<ChartTransition>
  /** The chart's guard outcomes: those the model test must take, and the refusals it shows where it can. */
  readonly guards: ChartGuardOutcomes
}

export type { ChartState, ChartTransition } from "../../src/machines/anatomy"

// ---------------------------------------------------------------------------------------------
// Model states and steps
// ---------------------------------------------------------------------------------------------

/** A timer the chart has scheduled (an `after` transition or a delayed raise) and how far off it is. */
export interface PendingTimer {
  readonly id: string
  readonly event: EventObject
  readonly remaining: number
}

/**
 * A state of the model: the chart's snapshot plus its pending timers, so the traversal only
 * fires the timer that is due first, as a clock would.
 */
export type ModelState = Snapshot<unknown> & {
  readonly machineSnapshot: AnyMachineSnapshot
  readonly timers: ReadonlyArray<PendingTimer>
  /** What the step into this state did to the chart (predicted by the pure traversal, checked by the replay). */
  readonly effect: StepEffect
}

/** What one step does to the chart, computed from the chart's own transition function. */
export interface StepEffect {
  /** Keys of the transitions it takes (eventless ones included), in the order taken. */
  readonly transitions: ReadonlyArray<string>
  /** Every state it enters or passes through (ancestors and transient states included). */
  readonly states: ReadonlyArray<string>
  /** Guard outcomes it evaluates (`<transition key> (true)` / `(false)`), see `chartGuardOutcomes`. */
  readonly guards: ReadonlyArray<string>
}

/** What happens at one step of a path, and how the replay makes it happen. */
export type ModelStep =
  | { readonly kind: "init" }
  | { readonly kind: "event"; readonly event: EventObject }
  | { readonly kind: "timer"; readonly timerId: string; readonly event: EventObject; readonly after: number }
  | { readonly kind: "done"; readonly actorId: string; readonly output: unknown }
  | { readonly kind: "error"; readonly actorId: string; readonly error: unknown }

/** A step as the graph traversal sees it: an event object whose `type` is the chart event's type. */
export type ModelEvent = ModelStep & { readonly type: string }

/** One generated path: the steps from the initial state, each with the model state it leads to. */
export interface ModelPath {
  readonly description: string
  readonly steps: ReadonlyArray<{ readonly event: ModelEvent; readonly state: ModelState }>
}

/** A replay that did not follow its path: the chart and the real actor disagree. */
export class ModelDivergenceError extends Error {
  override readonly name = "ModelDivergenceError"
}

/** Some state or transition of a chart is on no replayed path. */
export class ModelCoverageError extends Error {
  override readonly name = "ModelCoverageError"
}

/** The chart model's configuration is wrong (unknown state key, invoke without samples, ...). */
export class ModelConfigError extends Error {
  override readonly name = "ModelConfigError"
}

// ---------------------------------------------------------------------------------------------
// Chart structure
// ---------------------------------------------------------------------------------------------

const invokeSources = (machine: AnyStateMachine): Map<string, string> => {
  const out = new Map<string, string>()
  for (const invoke of chartInvokes(machine)) {
    if (invoke.src === undefined) {
      throw new ModelConfigError(`invoke "${invoke.id}" in ${invoke.state} uses inline logic; name the actor in setup({ actors })`)
    }
    out.set(invoke.id, invoke.src)
  }
  return out
}

/**
 * Checks a chart model's configuration against its machine and returns the model the other
 * functions take: every invoke id needs samples, every `states` key must name a state.
 */
export function defineChartModel<TMachine extends AnyStateMachine>(config: ChartModelConfig<TMachine>): ChartModel<TMachine> {
  const states = chartStates(config.machine)
  const paths = new Set(states.map((s) => s.path))
  for (const key of Object.keys(config.states ?? {})) {
    if (!paths.has(key)) throw new ModelConfigError(`${config.chart}: states["${key}"] names no state (known: ${[...paths].join(", ")})`)
  }
  for (const id of invokeSources(config.machine).keys()) {
    const samples = config.invocations?.[id]
    if (!samples || (!samples.done?.length && !samples.error?.length)) {
      throw new ModelConfigError(`${config.chart}: invoke "${id}" needs sample outcomes in invocations["${id}"]`)
    }
  }
  return {
    chart: config.chart,
    config,
    states,
    transitions: chartTransitions(config.machine).map(({ key, source, event, guard, target }) => ({ key, source, event, guard, target })),
    guards: chartGuardOutcomes(config.machine),
  }
}

/** A chart's guard outcomes, as `<transition key> (true)` / `<transition key> (false)`. */
export interface ChartGuardOutcomes {
  /**
   * What the model test must take: every guarded transition taken (true) and, where the chart has an
   * alternative for it (a later candidate for the same event in the same state, or a handler in an
   * ancestor state), passed over for that alternative (false).
   */
  readonly required: ReadonlyArray<string>
  /**
   * The false outcomes of guards the chart has no alternative for: the event is then ignored (or,
   * for an eventless transition, the state stays). Paths show them where the samples allow;
   * reported, not required (a guard may be a safety net no sample can fail).
   */
  readonly refusals: ReadonlyArray<string>
}

/** The guard outcomes of a chart (see `ChartGuardOutcomes`), in definition order. */
export function chartGuardOutcomes(machine: AnyStateMachine): ChartGuardOutcomes {
  const required: string[] = []
  const refusals: string[] = []
  for (const [t, entries] of transitionIndex(machine)) {
    const key = entries[0]?.key
    if (t.guard === undefined || key === undefined) continue
    required.push(guardOutcome(key, true))
    const listOf = (node: AnyStateNode) => (t.eventType === "" ? (node.always ?? []) : (node.transitions.get(t.eventType) ?? [])) as AnyTransitionDefinition[]
    const own = listOf(t.source)
    let alternative = own.indexOf(t) < own.length - 1
    for (let node = t.source.parent; node && !alternative; node = node.parent) alternative = listOf(node).length > 0
    ;(alternative ? required : refusals).push(guardOutcome(key, false))
  }
  return { required, refusals }
}

// ---------------------------------------------------------------------------------------------
// Stubs for invoked actors
// ---------------------------------------------------------------------------------------------

interface LiveInvocation {
  readonly input: unknown
  readonly resolve: (output: unknown) => void
  readonly reject: (error: unknown) => void
}

/** Promise actors that wait until the replay settles them; one registry per replayed actor. */
class InvocationStubs {
  readonly live = new Map<string, LiveInvocation>()
  readonly inputs = new Map<string, unknown>()
  readonly logic = fromPromise<unknown, unknown>(
    ({ input, self }) =>
      new Promise((resolve, reject) => {
        this.live.set(self.id, { input, resolve, reject })
        this.inputs.set(self.id, input)
      }),
  )

  settle(id: string, outcome: "done" | "error", value: unknown): void {
    const live = this.live.get(id)
    if (!live) throw new ModelDivergenceError(`the path expects invocation "${id}" to ${outcome === "done" ? "finish" : "fail"}, but it never started`)
    this.live.delete(id)
    if (outcome === "done") live.resolve(value)
    else live.reject(value)
  }
}

const provideMachine = <TMachine extends AnyStateMachine>(
  model: ChartModel<TMachine>,
  implementations: ImplementationsOf<TMachine>,
  stubs: InvocationStubs,
): AnyStateMachine => {
  const given = (implementations ?? {}) as { actors?: Record<string, unknown> }
  const actors: Record<string, unknown> = {}
  for (const src of invokeSources(model.config.machine).values()) actors[src] = stubs.logic
  return model.config.machine.provide({ ...given, actors: { ...actors, ...given.actors } } as ImplementationsOf<TMachine>)
}

// ---------------------------------------------------------------------------------------------
// Path generation
// ---------------------------------------------------------------------------------------------

type TimerOp = { op: "schedule"; id: string; event: EventObject; delay: number } | { op: "cancel"; id: string }

/**
 * Runs one pure transition of the chart with a scope that records what a real actor would hand to
 * its clock: delayed raises (every `after` is one) and their cancellations. Custom actions are not
 * executed, invoked actors are created but never started.
 */
const recordTimers = (run: (scope: ActorScope<AnyMachineSnapshot, EventObject>) => AnyMachineSnapshot) => {
  const ops: TimerOp[] = []
  const microsteps: Microstep[] = []
  // The scope's system hands the chart's microsteps (with the transition definitions that fired) to
  // the inspectors of the actor it belongs to, as it does for a running actor.
  const self = createActor(
    fromCallback(() => undefined),
    {
      inspect: (ev: InspectionEvent) => {
        if (ev.type !== "@xstate.microstep") return
        microsteps.push({ event: ev.event, snapshot: ev.snapshot as AnyMachineSnapshot, transitions: [...microstepTransitions(ev)] })
      },
    },
  )
  let anonymous = 0
  const scope = {
    self,
    id: "",
    sessionId: "model",
    logger: () => undefined,
    defer: () => undefined,
    emit: () => undefined,
    system: self.system,
    stopChild: () => undefined,
    actionExecutor: (action: ExecutableActionObject) => {
      const params = action.params as { delay?: unknown; id?: string; event?: EventObject; sendId?: string } | undefined
      if (action.type === "xstate.raise" && typeof params?.delay === "number" && params.event) {
        ops.push({ op: "schedule", id: params.id ?? `anonymous-${anonymous++}`, event: params.event, delay: params.delay })
      } else if (action.type === "xstate.cancel" && params?.sendId !== undefined) {
        ops.push({ op: "cancel", id: params.sendId })
      } else if (action.type === "xstate.sendTo" && typeof params?.delay === "number") {
        throw new ModelConfigError("a delayed sendTo is not modelled by the harness; use after or a delayed raise")
      }
    },
  } as unknown as ActorScope<AnyMachineSnapshot, EventObject>
  const snapshot = run(scope)
  return { snapshot, ops, microsteps }
}

const applyTimerOps = (timers: ReadonlyArray<PendingTimer>, ops: ReadonlyArray<TimerOp>): PendingTimer[] => {
  let next = [...timers]
  for (const op of ops) {
    next = next.filter((t) => t.id !== op.id)
    if (op.op === "schedule") next.push({ id: op.id, event: op.event, remaining: op.delay })
  }
  return next
}

/** One microstep of the chart as the inspection reports it. */
interface Microstep {
  readonly event: EventObject
  readonly snapshot: AnyMachineSnapshot
  readonly transitions: ReadonlyArray<AnyTransitionDefinition>
}

const NO_EFFECT: StepEffect = { transitions: [], states: [], guards: [] }

const modelState = (machineSnapshot: AnyMachineSnapshot, timers: ReadonlyArray<PendingTimer>, effect: StepEffect = NO_EFFECT): ModelState => ({
  status: "active",
  output: undefined,
  error: undefined,
  machineSnapshot,
  timers: machineSnapshot.status === "active" ? timers : [],
  effect,
})

type StateValueLike = string | { readonly [key: string]: StateValueLike } | undefined

/** The state value a node is entered with by default (its initial child, or every region). */
const defaultValue = (node: AnyStateNode): StateValueLike => {
  if (node.type === "compound") {
    const initial = node.initial?.target?.[0] as AnyStateNode | undefined
    if (!initial) return undefined
    const inner = defaultValue(initial)
    return inner === undefined ? initial.key : { [initial.key]: inner }
  }
  if (node.type === "parallel") return Object.fromEntries((Object.values(node.states) as AnyStateNode[]).map((c) => [c.key, defaultValue(c) ?? {}]))
  return undefined
}

/** The active children of a node for its part of a state value. */
const activeChildren = (node: AnyStateNode, value: StateValueLike): Array<[AnyStateNode, StateValueLike]> => {
  if (value === undefined) return []
  if (typeof value === "string") {
    const child = node.states[value] as AnyStateNode | undefined
    return child ? [[child, undefined]] : []
  }
  return Object.entries(value).flatMap(([key, inner]) => {
    const child = node.states[key] as AnyStateNode | undefined
    return child ? [[child, inner] as [AnyStateNode, StateValueLike]] : []
  })
}

/** Every active state of a chart for a state value, by path (ancestors included, root excluded). */
const activePaths = (root: AnyStateNode, value: StateValueLike): string[] => {
  const out: string[] = []
  const walk = (node: AnyStateNode, v: StateValueLike) => {
    for (const [child, inner] of activeChildren(node, v)) {
      out.push(pathOf(child))
      walk(child, inner)
    }
  }
  walk(root, value)
  return out
}

/** The transition candidates of a node for an event type, in the order the chart tries them. */
const candidatesFor = (node: AnyStateNode, eventType: string): AnyTransitionDefinition[] => {
  const exact = node.transitions.get(eventType) as AnyTransitionDefinition[] | undefined
  if (exact) return exact
  return [...node.transitions.keys()]
    .filter((d) => d === "*" || (d.endsWith(".*") && eventType.startsWith(d.slice(0, -1))))
    .sort((a, b) => b.length - a.length)
    .flatMap((d) => (node.transitions.get(d) ?? []) as AnyTransitionDefinition[])
}

/** The label of a guard outcome: the transition's key (its first target's) and the outcome. */
const guardOutcome = (key: string, outcome: boolean) => `${key} (${outcome})`

/**
 * The guard outcomes one selection of transitions evaluated, in the chart's own order: from each
 * active atomic state up through its ancestors, a node's candidates in definition order until one
 * is enabled (regions of a parallel state each, the parallel state itself only when no region
 * took one). Which candidate was enabled is read from the transitions the chart took, so a
 * guarded candidate passed over is false and the one taken is true.
 */
const evaluatedGuards = (
  root: AnyStateNode,
  value: StateValueLike,
  candidates: (node: AnyStateNode) => ReadonlyArray<AnyTransitionDefinition>,
  taken: ReadonlySet<AnyTransitionDefinition>,
  keyOf: (t: AnyTransitionDefinition) => string | undefined,
  out: Set<string>,
): void => {
  const visit = (node: AnyStateNode, v: StateValueLike): boolean => {
    let selected = false
    for (const [child, inner] of activeChildren(node, v)) if (visit(child, inner)) selected = true
    if (selected) return true
    for (const t of candidates(node)) {
      const key = keyOf(t)
      if (taken.has(t)) {
        if (t.guard !== undefined && key) out.add(guardOutcome(key, true))
        return true
      }
      // An enabled candidate that was not taken lost a conflict: nothing after it was tried.
      if (t.guard === undefined) return true
      if (key) out.add(guardOutcome(key, false))
    }
    return false
  }
  visit(root, value)
}

/**
 * What one run of the chart's transition function did: the transitions of its microsteps, the
 * states it went through and the guard outcomes it evaluated (eventless candidates are evaluated
 * after every microstep and once more where the chart comes to rest).
 */
const effectOf = (
  machine: AnyStateMachine,
  index: ReadonlyMap<AnyTransitionDefinition, ReadonlyArray<ChartTransition>>,
  before: StateValueLike,
  restedBefore: boolean,
  microsteps: ReadonlyArray<Microstep>,
  after: AnyMachineSnapshot,
): StepEffect => {
  const root = machine.root
  const keyOf = (t: AnyTransitionDefinition) => index.get(t)?.[0]?.key
  const always = (node: AnyStateNode) => (node.always ?? []) as AnyTransitionDefinition[]
  const transitions: string[] = []
  const states = new Set<string>()
  const guards = new Set<string>()
  let value = before
  for (const [k, step] of microsteps.entries()) {
    const taken = new Set(step.transitions)
    for (const t of step.transitions) {
      for (const entry of index.get(t) ?? []) transitions.push(entry.key)
      if (t.source.path.length > 0) states.add(pathOf(t.source))
    }
    const eventless = step.transitions.length > 0 && step.transitions.every((t) => t.eventType === "")
    if (eventless) evaluatedGuards(root, value, always, taken, keyOf, guards)
    else {
      if (k > 0 || !restedBefore) evaluatedGuards(root, value, always, new Set(), keyOf, guards)
      evaluatedGuards(root, value, (node) => candidatesFor(node, step.event.type), taken, keyOf, guards)
    }
    for (const path of activePaths(root, step.snapshot.value as StateValueLike)) states.add(path)
    value = step.snapshot.value as StateValueLike
  }
  if (after.status === "active") evaluatedGuards(root, after.value as StateValueLike, always, new Set(), keyOf, guards)
  for (const path of activePaths(root, after.value as StateValueLike)) states.add(path)
  return { transitions, states: [...states], guards: [...guards].sort() }
}

const mergeEffects = (effects: ReadonlyArray<StepEffect>): StepEffect => ({
  transitions: effects.flatMap((e) => e.transitions),
  states: [...new Set(effects.flatMap((e) => e.states))],
  guards: [...new Set(effects.flatMap((e) => e.guards))].sort(),
})

/** The chart as actor logic over model states; timers advance only when one fires. */
const timedLogic = (machine: AnyStateMachine, input: unknown): ActorLogic<ModelState, ModelEvent, unknown> => {
  const index = transitionIndex(machine)
  const send = (snapshot: AnyMachineSnapshot, timers: ReadonlyArray<PendingTimer>, chartEvent: EventObject) => {
    const { snapshot: next, ops, microsteps } = recordTimers((scope) => machine.transition(snapshot, chartEvent, scope))
    return {
      snapshot: next,
      timers: applyTimerOps(timers, ops),
      effect: effectOf(machine, index, snapshot.value as StateValueLike, true, microsteps, next),
    }
  }
  return {
    getInitialSnapshot: () => {
      const { snapshot, ops, microsteps } = recordTimers((scope) => machine.getInitialSnapshot(scope, input))
      // The initial microstep enters the default states without an inspection event: the first
      // reported microstep starts from them.
      const effect = effectOf(machine, index, defaultValue(machine.root), false, microsteps, snapshot)
      const entered = activePaths(machine.root, defaultValue(machine.root))
      return modelState(snapshot, applyTimerOps([], ops), { ...effect, states: [...new Set([...entered, ...effect.states])] })
    },
    transition: (state, event) => {
      switch (event.kind) {
        case "init":
          return state
        case "event":
          return toModel(send(state.machineSnapshot, state.timers, event.event))
        case "done":
          return toModel(send(state.machineSnapshot, state.timers, doneEvent(event.actorId, event.output)))
        case "error":
          return toModel(send(state.machineSnapshot, state.timers, errorEvent(event.actorId, event.error)))
        case "timer": {
          // The clock moves to the first due timer, then fires every timer due at that instant in
          // scheduling order (including ones scheduled on the way with no delay), as SimulatedClock does.
          let snapshot = state.machineSnapshot
          let timers: PendingTimer[] = state.timers.map((t) => ({ ...t, remaining: t.remaining - event.after }))
          const effects: StepEffect[] = []
          for (let due = timers.find((t) => t.remaining <= 0); due; due = timers.find((t) => t.remaining <= 0)) {
            const fired = due
            timers = timers.filter((t) => t !== fired)
            if (snapshot.status !== "active") break
            const r = send(snapshot, timers, fired.event)
            ;({ snapshot, timers } = r)
            effects.push(r.effect)
          }
          return modelState(snapshot, timers, mergeEffects(effects))
        }
      }
    },
    getPersistedSnapshot: (state) => state,
  }
}

const toModel = (r: { snapshot: AnyMachineSnapshot; timers: ReadonlyArray<PendingTimer>; effect: StepEffect }) => modelState(r.snapshot, r.timers, r.effect)

const doneEvent = (actorId: string, output: unknown): EventObject => ({ type: `xstate.done.actor.${actorId}`, output, actorId }) as EventObject
const errorEvent = (actorId: string, error: unknown): EventObject => ({ type: `xstate.error.actor.${actorId}`, error, actorId }) as EventObject

const jsonSafe = (_key: string, value: unknown): unknown => {
  if (value instanceof Error) return { error: value.name, message: value.message }
  if (typeof value === "object" && value !== null && "sessionId" in value && "send" in value) return { actor: (value as AnyActorRef).id }
  if (typeof value === "bigint") return `${value}n`
  return value
}

const stateKey = (model: ChartModel, state: ModelState): string => {
  const snap = state.machineSnapshot
  const context = model.config.serialize ? model.config.serialize(snap as never) : snap.context
  return JSON.stringify({ value: snap.value, status: snap.status, context, timers: state.timers.map((t) => [t.event.type, t.remaining]) }, jsonSafe)
}

const stepLabel = (event: ModelEvent): string => {
  switch (event.kind) {
    case "init":
      return "start"
    case "event": {
      const { type, ...payload } = event.event
      return Object.keys(payload).length ? `${type} ${JSON.stringify(payload, jsonSafe)}` : type
    }
    case "timer":
      return `${eventLabel(event.event.type)} (+${event.after} ms)`
    case "done":
      return `${event.actorId} done${event.output === undefined ? "" : ` ${JSON.stringify(event.output, jsonSafe)}`}`
    case "error":
      return `${event.actorId} fails ${JSON.stringify(event.error, jsonSafe)}`
  }
}

/** A path's events in order, repeats folded (`after step (+30 ms) ×9`). */
const describeSteps = (steps: ModelPath["steps"]): string => {
  const runs: Array<{ label: string; count: number }> = []
  for (const step of steps.slice(1)) {
    const label = stepLabel(step.event)
    const last = runs.at(-1)
    if (last?.label === label) last.count += 1
    else runs.push({ label, count: 1 })
  }
  return runs.map((r) => (r.count > 1 ? `${r.label} ×${r.count}` : r.label)).join(" → ") || "start"
}

/**
 * Whether an active state has a transition for the event type, enabled or not: a sample the guards
 * refuse is still offered, so a path can show that the chart ignores it (the guard's false outcome).
 */
const handles = (state: ModelState, eventType: string): boolean => {
  const snap = state.machineSnapshot
  const visit = (node: AnyStateNode, v: StateValueLike): boolean =>
    candidatesFor(node, eventType).length > 0 || activeChildren(node, v).some(([child, inner]) => visit(child, inner))
  return visit(snap.machine.root, snap.value as StateValueLike)
}

/** The model events offered in a state: sample user events, settling live invocations, the next timer. */
const offeredEvents = (model: ChartModel, state: ModelState): ModelEvent[] => {
  const snap = state.machineSnapshot
  if (snap.status !== "active") return []
  const { events, invocations } = model.config
  const samples = typeof events === "function" ? events(snap as never) : events
  const out: ModelEvent[] = []
  for (const event of samples) if (snap.can(event) || handles(state, event.type)) out.push({ type: event.type, kind: "event", event })
  for (const [id, outcomes] of Object.entries(invocations ?? {})) {
    if (!(id in snap.children)) continue
    for (const output of outcomes.done ?? []) {
      if (snap.can(doneEvent(id, output))) out.push({ type: `xstate.done.actor.${id}`, kind: "done", actorId: id, output })
    }
    for (const error of outcomes.error ?? []) {
      if (snap.can(errorEvent(id, error))) out.push({ type: `xstate.error.actor.${id}`, kind: "error", actorId: id, error })
    }
  }
  const soonest = state.timers.reduce<PendingTimer | undefined>((best, t) => (!best || t.remaining < best.remaining ? t : best), undefined)
  if (soonest) out.push({ type: soonest.event.type, kind: "timer", timerId: soonest.id, event: soonest.event, after: soonest.remaining })
  return out
}

const DEFAULT_LIMIT = 20_000

type Steps = ModelPath["steps"]

/** What a chart's model test must cover, as item keys: `state:<path>`, `transition:<key>`, `guard:<outcome>`. */
const requiredItems = (model: ChartModel): string[] => [
  ...model.states.map((s) => `state:${s.path}`),
  ...model.transitions.map((t) => `transition:${t.key}`),
  ...model.guards.required.map((g) => `guard:${g}`),
]

/** The items one step covers. */
const itemsOf = (effect: StepEffect): string[] => [
  ...effect.states.map((s) => `state:${s}`),
  ...effect.transitions.map((t) => `transition:${t}`),
  ...effect.guards.map((g) => `guard:${g}`),
]

/**
 * Explores the chart's state graph (state plus serialised context plus pending timers) with
 * @xstate/graph and returns the candidate paths: for every edge, the shortest path to its source
 * followed by that edge, with the items the path covers.
 */
const candidatePaths = (model: ChartModel): Array<{ steps: Steps; items: ReadonlySet<string> }> => {
  const logic = timedLogic(model.config.machine, model.config.input)
  let lastKey = ""
  const serializeState = (state: ModelState) => (lastKey = stateKey(model, state))
  let adjacency: AdjacencyMap<ModelState, ModelEvent>
  try {
    adjacency = getAdjacencyMap(logic, {
      events: (state) => offeredEvents(model, state),
      serializeState,
      serializeEvent: (event) => JSON.stringify(event, jsonSafe) as never,
      limit: model.config.limit ?? DEFAULT_LIMIT,
    })
  } catch (e) {
    if (e instanceof Error && e.message === "Traversal limit exceeded") {
      throw new ModelConfigError(
        `${model.chart}: the traversal took more than ${model.config.limit ?? DEFAULT_LIMIT} steps; bound counters in \`events\` or drop context that never changes a transition in \`serialize\` (last state explored: ${lastKey})`,
      )
    }
    throw e
  }

  const [initialKey] = Object.keys(adjacency)
  if (initialKey === undefined) throw new ModelConfigError(`${model.chart}: the traversal found no initial state`)
  const initialEntry = adjacency[initialKey as keyof typeof adjacency]
  if (!initialEntry) throw new ModelConfigError(`${model.chart}: the traversal found no initial state`)
  const shortest = new Map<string, { steps: Steps; items: ReadonlySet<string> }>([
    [initialKey, { steps: [{ event: { type: "xstate.init", kind: "init" }, state: initialEntry.state }], items: new Set(itemsOf(initialEntry.state.effect)) }],
  ])
  const queue = [initialKey]
  const candidates: Array<{ steps: Steps; items: ReadonlySet<string> }> = []
  for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
    const entry = adjacency[key as keyof typeof adjacency]
    const here = shortest.get(key)
    if (!entry || !here) continue
    for (const { event, state } of Object.values(entry.transitions)) {
      const path = { steps: [...here.steps, { event, state }], items: new Set([...here.items, ...itemsOf(state.effect)]) }
      candidates.push(path)
      const next = serializeState(state)
      if (shortest.has(next)) continue
      shortest.set(next, path)
      queue.push(next)
    }
  }
  if (candidates.length === 0) candidates.push(...shortest.values())
  return candidates
}

/**
 * Picks a transition cover: a small set of paths that together take every transition, reach every
 * state and take every guard outcome of the chart that the samples can reach, each path as short
 * as it can be, so a failing path reads quickly and the explorer's scenarios are the shortest ways
 * to each state:
 * - for every state, the shortest candidate that reaches it soonest;
 * - then for every item still uncovered (the farthest first), the shortest candidate that covers
 *   it (ties: the one covering most of what is still open, then the one found first);
 * - then every path the others make redundant is dropped (its items covered, no state reached
 *   sooner than on the others).
 * Deterministic: the same chart and samples give the same paths. Several models of one chart
 * (input variants) share one cover.
 */
export function planPaths(models: ReadonlyArray<ChartModel>): ModelPath[][] {
  const first = models[0]
  if (!first) return []
  const required = new Set(requiredItems(first))
  // Refusals are not required, but a path shows each one the samples can reach.
  const wanted = new Set([...required, ...first.guards.refusals.map((g) => `guard:${g}`)])
  type Candidate = ReturnType<typeof candidatePaths>[number] & { variant: number; order: number; arrivals: ReadonlyMap<string, number> }
  const candidates: Candidate[] = models.flatMap((model, variant) =>
    candidatePaths(model).map((c, order) => {
      const arrivals = new Map<string, number>()
      for (const [i, step] of c.steps.entries()) for (const state of step.state.effect.states) if (!arrivals.has(state)) arrivals.set(state, i)
      return { ...c, variant, order, arrivals }
    }),
  )
  const soonest = new Map<string, number>()
  for (const c of candidates) for (const [state, at] of c.arrivals) if (at < (soonest.get(state) ?? Infinity)) soonest.set(state, at)

  const chosen = new Set<Candidate>()
  const open = new Set([...wanted].filter((item) => candidates.some((c) => c.items.has(item))))
  const take = (c: Candidate) => {
    chosen.add(c)
    for (const item of c.items) open.delete(item)
  }
  const gain = (c: Candidate) => [...c.items].filter((item) => open.has(item)).length
  /** The shortest candidate passing the test; ties: most still open, then the first found. */
  const shortest = (test: (c: Candidate) => boolean): Candidate | undefined => {
    let best: Candidate | undefined
    let bestGain = -1
    for (const c of candidates) {
      if (!test(c)) continue
      if (best && c.steps.length > best.steps.length) continue
      const g = gain(c)
      if (!best || c.steps.length < best.steps.length || g > bestGain) {
        best = c
        bestGain = g
      }
    }
    return best
  }
  for (const s of first.states) {
    const at = soonest.get(s.path)
    if (at === undefined) continue
    const c = shortest((c) => c.arrivals.get(s.path) === at)
    if (c) take(c)
  }
  const reach = new Map([...open].map((item) => [item, shortest((c) => c.items.has(item))?.steps.length ?? 0]))
  for (const item of [...open].sort((a, b) => (reach.get(b) ?? 0) - (reach.get(a) ?? 0))) {
    if (!open.has(item)) continue
    const c = shortest((c) => c.items.has(item))
    if (c) take(c)
  }
  // Drop what the others make redundant, the shortest paths first.
  const kept = [...chosen].sort((a, b) => a.steps.length - b.steps.length || a.variant - b.variant || a.order - b.order)
  for (const path of [...kept]) {
    const others = kept.filter((c) => c !== path)
    const items = new Set(others.flatMap((c) => [...c.items]))
    const coversItems = [...path.items].every((item) => !wanted.has(item) || items.has(item))
    const soonestElsewhere = [...path.arrivals].every(
      ([state, at]) => at > (soonest.get(state) ?? Infinity) || others.some((c) => c.arrivals.get(state) === at),
    )
    if (coversItems && soonestElsewhere) kept.splice(kept.indexOf(path), 1)
  }
  kept.sort((a, b) => a.variant - b.variant || a.order - b.order)
  return models.map((_, v) => kept.filter((c) => c.variant === v).map((c) => ({ description: describeSteps(c.steps), steps: c.steps })))
}

/** The transition cover of one chart model (see `planPaths`). */
export function generatePaths(model: ChartModel): ModelPath[] {
  return planPaths([model])[0] ?? []
}

// ---------------------------------------------------------------------------------------------
// Replay and coverage
// ---------------------------------------------------------------------------------------------

/** What the replays of one chart have exercised; create with `createCoverage`, fill with `replayPath`. */
export interface Coverage {
  readonly states: Set<string>
  readonly transitions: Set<string>
  /** Guard outcomes the paths took (predicted by the traversal; a replay proves its path's transitions). */
  readonly guards: Set<string>
  paths: number
  /** Every replayed path, step by step: the states the actor was in after it and the transitions it took. */
  readonly replays: Array<ReadonlyArray<ReplayedStep>>
  /** The input the replays started the chart with (the first variant's). */
  input?: unknown
}

/** One step of a replayed path as the real actor took it. */
export interface ReplayedStep {
  readonly event: ModelEvent
  /** Every state the actor was in after the step (ancestors included), by path. */
  readonly states: ReadonlyArray<string>
  /** The keys of the transitions the step took (eventless ones included). */
  readonly transitions: ReadonlyArray<string>
}

/** An empty coverage record for one chart's replays. */
export const createCoverage = (): Coverage => ({ states: new Set(), transitions: new Set(), guards: new Set(), paths: 0, replays: [] })

/** The active states after a model step, ancestors included. */
const statesAfter = (state: ModelState): string[] => activePaths(state.machineSnapshot.machine.root, state.machineSnapshot.value as StateValueLike)

/**
 * The coverage of a set of paths as the chart's transition function predicts it, without running
 * them: what `describeModel` reports, so the figure does not depend on which tests ran or in what
 * order. Each path's replay test proves its prediction on a real actor, step by step.
 */
export function predictedCoverage(
  model: ChartModel,
  pathsByVariant: ReadonlyArray<ReadonlyArray<ModelPath>>,
  inputs: ReadonlyArray<unknown> = [model.config.input],
): Coverage {
  const coverage = createCoverage()
  for (const [v, paths] of pathsByVariant.entries()) {
    for (const path of paths) {
      for (const { state } of path.steps) {
        for (const s of state.effect.states) coverage.states.add(s)
        for (const t of state.effect.transitions) coverage.transitions.add(t)
        for (const g of state.effect.guards) coverage.guards.add(g)
      }
      coverage.paths += 1
      coverage.replays.push(path.steps.map(({ event, state }) => ({ event, states: statesAfter(state), transitions: [...new Set(state.effect.transitions)] })))
      if (!("input" in coverage) && paths.length > 0) coverage.input = inputs[v]
    }
  }
  return coverage
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * The actor's pending timers with the time left on each, in clock time. The system records wall
 * time in `startedAt`, so the clock time a timer was scheduled at is noted when it first shows up
 * (timers are only scheduled while a step runs, at the clock time the step leaves behind).
 */
const timerWatch = (actor: AnyActorRef, clock: SimulatedClock) => {
  const scheduledAt = new WeakMap<object, number>()
  const pending = () => scheduledEvents(actor.system).filter((e) => e.source === actor)
  return {
    note: () => {
      for (const e of pending()) if (!scheduledAt.has(e)) scheduledAt.set(e, clock.now())
    },
    remaining: (): Array<[string, number]> =>
      pending()
        .map((e): [string, number] => [e.event.type, (scheduledAt.get(e) ?? clock.now()) + e.delay - clock.now()])
        .sort(([a, x], [b, y]) => (a === b ? x - y : a < b ? -1 : 1)),
  }
}

const timerList = (timers: ReadonlyArray<[string, number]>) => `[${timers.map(([t, ms]) => `${eventLabel(t)} in ${ms} ms`).join(", ")}]`

/**
 * Replays one path on a real actor: the chart provided with stub invoked actors and the model's
 * implementations, on a SimulatedClock. A user event is sent, a timer step advances the clock by
 * the time left on that timer, a done/error step settles the stub. After every step the actor must
 * be in the path's state (value, status, serialised context, pending timers) and every per-state
 * assertion of the states it is in must hold; otherwise this throws a ModelDivergenceError (or the
 * assertion's error). States and transitions taken are added to `coverage`.
 */
export async function replayPath<TMachine extends AnyStateMachine>(
  model: ChartModel<TMachine>,
  path: ModelPath,
  coverage: Coverage = createCoverage(),
): Promise<void> {
  const implementations = (model.config.implementations?.() ?? {}) as ImplementationsOf<TMachine>
  const stubs = new InvocationStubs()
  const machine = provideMachine(model, implementations, stubs)
  const index = transitionIndex(machine)
  const record = (snapshot: AnyMachineSnapshot) => {
    for (const node of activeStateNodes(snapshot)) coverage.states.add(pathOf(node))
  }
  const clock = new SimulatedClock()
  let taken: string[] = []
  const actor = createActor(machine, {
    clock,
    input: model.config.input,
    inspect: (ev: InspectionEvent) => {
      if (ev.type !== "@xstate.microstep") return
      const snapshot = ev.snapshot as AnyMachineSnapshot
      if (snapshot.machine !== machine) return
      record(snapshot)
      for (const t of microstepTransitions(ev)) {
        // A transient state (left at once by an eventless transition) never shows in a snapshot;
        // a transition taken from it proves it was entered.
        const source = (t as { source?: AnyStateNode }).source
        if (source && source.path.length > 0) coverage.states.add(pathOf(source))
        for (const entry of index.get(t) ?? []) {
          coverage.transitions.add(entry.key)
          taken.push(entry.key)
        }
      }
    },
  })
  const replayed: ReplayedStep[] = []
  const info: StateCheckInfo<TMachine> = { path, step: 0, implementations, inputOf: (id) => stubs.inputs.get(id) }
  let actorError: unknown
  actor.subscribe({ error: (e) => (actorError = e) })
  const fail = (step: number, message: string): never => {
    const trail = path.steps.map((s, i) => `${i === step ? ">" : " "} ${i}. ${stepLabel(s.event)}`).join("\n")
    const cause = actorError === undefined ? "" : `\nthe actor failed with: ${actorError instanceof Error ? actorError.message : String(actorError)}`
    throw new ModelDivergenceError(`${model.chart}: ${message}${cause}\npath:\n${trail}`)
  }
  const timers = timerWatch(actor, clock)
  try {
    actor.start()
    for (const [i, step] of path.steps.entries()) {
      const event = step.event
      if (i > 0) taken = []
      switch (event.kind) {
        case "init":
          break
        case "event":
          actor.send(event.event)
          break
        case "timer": {
          const due = timers.remaining().find(([type]) => type === event.event.type)
          if (!due) fail(i, `the path waits for ${eventLabel(event.event.type)}, but the actor has no such timer: ${timerList(timers.remaining())}`)
          else if (due[1] !== event.after) fail(i, `the path waits ${event.after} ms for ${eventLabel(event.event.type)}, but it is due in ${due[1]} ms`)
          clock.increment(event.after)
          break
        }
        case "done":
        case "error":
          if (!(event.actorId in actor.getSnapshot().children)) fail(i, `the actor has no running invocation "${event.actorId}"`)
          try {
            stubs.settle(event.actorId, event.kind, event.kind === "done" ? event.output : event.error)
          } catch (e) {
            fail(i, e instanceof Error ? e.message : String(e))
          }
          await flush()
          break
      }
      const actual = actor.getSnapshot() as AnyMachineSnapshot
      record(actual)
      replayed.push({
        event,
        states: activeStateNodes(actual).map(pathOf),
        transitions: [...new Set(taken)],
      })
      const expected = step.state
      const actualKey = stateKey(model, modelState(actual, []))
      const expectedKey = stateKey(model, modelState(expected.machineSnapshot, []))
      if (actualKey !== expectedKey) fail(i, `after "${stepLabel(event)}" the actor is in\n  ${actualKey}\nbut the path expects\n  ${expectedKey}`)
      timers.note()
      const actualTimers = actual.status === "active" ? timers.remaining() : []
      const expectedTimers = expected.timers
        .map((t): [string, number] => [t.event.type, t.remaining])
        .sort(([a, x], [b, y]) => (a === b ? x - y : a < b ? -1 : 1))
      if (JSON.stringify(actualTimers) !== JSON.stringify(expectedTimers)) {
        fail(i, `after "${stepLabel(event)}" the pending timers are ${timerList(actualTimers)} but the path expects ${timerList(expectedTimers)}`)
      }
      const predicted = [...new Set(expected.effect.transitions)]
      const tookNow = [...new Set(taken)]
      if (i > 0 && JSON.stringify(tookNow) !== JSON.stringify(predicted)) {
        fail(
          i,
          `"${stepLabel(event)}" took\n  ${tookNow.join("\n  ") || "no transition"}\nbut the path expects\n  ${predicted.join("\n  ") || "no transition"}`,
        )
      }
      const stepInfo = { ...info, step: i }
      for (const [state, check] of Object.entries(model.config.states ?? {})) {
        if (!actual.matches(pathToStateValue(state.split(".")))) continue
        try {
          check(actual as SnapshotFrom<TMachine>, stepInfo)
        } catch (e) {
          fail(i, `the check of state "${state}" failed after "${stepLabel(event)}": ${e instanceof Error ? e.message : String(e)}`)
        }
      }
    }
    coverage.paths += 1
    for (const { state } of path.steps) for (const g of state.effect.guards) coverage.guards.add(g)
    coverage.replays.push(replayed)
    if (!("input" in coverage)) coverage.input = model.config.input
  } finally {
    actor.stop()
  }
}

/** Coverage of one chart as written to reports/model/<chart>.json. */
export interface ModelReport {
  readonly chart: string
  readonly paths: number
  readonly states: { readonly total: number; readonly covered: number; readonly uncovered: string[]; readonly undescribed: string[] }
  readonly transitions: { readonly total: number; readonly covered: number; readonly uncovered: string[]; readonly coveredKeys: string[] }
  /**
   * Guard outcomes (`<transition key> (true)` / `(false)`, see `ChartGuardOutcomes`): the required
   * ones, and the refusals (false where the chart then does nothing) the paths show and do not.
   */
  readonly guards: {
    readonly total: number
    readonly covered: number
    readonly uncovered: string[]
    readonly refusals: { readonly total: number; readonly shown: number; readonly notShown: string[] }
  }
  /** For every state a replay reached, the shortest replayed path there (the workflow explorer's scenarios). */
  readonly scenarios: ReadonlyArray<ScenarioReport>
  /** Payloads the replays used, first seen first: the workflow explorer's simulator offers them. */
  readonly samples: SampleReport
  /** The paths of the cover by their test's name, each with the transitions it takes (the explorer's traceability). */
  readonly walks?: ReadonlyArray<PathWalk>
  /** The guard mutants and which of them the paths kill (`mutationReport`). */
  readonly mutation?: MutationReport
}

/** One path of the cover: its vitest test's name and the transitions it takes, by key. */
export interface PathWalk {
  readonly name: string
  readonly transitions: ReadonlyArray<string>
}

/** The name of a path's vitest test (as `describeModel` registers it). */
const pathName = (variants: number, v: number, n: number, path: ModelPath) => `${variants > 1 ? `input ${v + 1}, ` : ""}path ${n + 1}: ${path.description}`

/** Every path of a cover with its test's name and the transitions it takes. */
export const pathWalks = (plan: ReadonlyArray<ReadonlyArray<ModelPath>>): PathWalk[] =>
  plan.flatMap((paths, v) =>
    paths.map((path, n) => ({ name: pathName(plan.length, v, n, path), transitions: [...new Set(path.steps.flatMap((s) => s.state.effect.transitions))] })),
  )

/** One step of a scenario as the report keeps it (payloads JSON-safe, see `sampleJson`). */
export type ScenarioStep = (
  | { readonly kind: "event"; readonly type: string; readonly payload?: Readonly<Record<string, unknown>> }
  | { readonly kind: "timer"; readonly after: number; readonly timer: string }
  | { readonly kind: "done"; readonly actor: string }
  | { readonly kind: "error"; readonly actor: string; readonly reason: string }
) & {
  /** The innermost states the actor was in after the step. */
  readonly states: ReadonlyArray<string>
  /** The transitions the step took, by key. */
  readonly transitions: ReadonlyArray<string>
}

/** The replayed way to one state: its steps after the start, numbered from 1 by the reader. */
export interface ScenarioReport {
  readonly state: string
  readonly steps: ReadonlyArray<ScenarioStep>
}

/** Sample payloads from the replays, by event type and by invoke id, and the chart's input. */
export interface SampleReport {
  readonly input?: unknown
  readonly events: Readonly<Record<string, unknown>>
  readonly outputs: Readonly<Record<string, unknown>>
  readonly errors: Readonly<Record<string, unknown>>
}

/** How many items of a sample list the report keeps (a sample, not a data set). */
const SAMPLE_LIST_LIMIT = 5

/**
 * A payload as the report keeps it, JSON only: a function becomes `{ "$function": "<its key>" }`
 * and an actor `{ "$actor": "<id>" }` (the explorer's simulator gives stand-ins for both), an
 * Error its name and message, a list its first few items.
 */
export const sampleJson = (value: unknown): unknown => {
  const text = JSON.stringify(value, (key: string, v: unknown) => {
    if (typeof v === "function") return { $function: key }
    // An actor ref serialises through its toJSON (`{ xstate$$type, id }`) before it reaches here.
    if (typeof v === "object" && v !== null && (("sessionId" in v && "send" in v) || "xstate$$type" in v)) return { $actor: key }
    if (v instanceof Error) return { error: v.name, message: v.message }
    if (typeof v === "bigint") return `${v}`
    if (Array.isArray(v) && v.length > SAMPLE_LIST_LIMIT) return v.slice(0, SAMPLE_LIST_LIMIT)
    return v
  })
  return text === undefined ? undefined : JSON.parse(text)
}

const failureReason = (error: unknown): string => {
  if (error instanceof Error) return error.message
  if (typeof error === "object" && error !== null) {
    const { text, message, _tag } = error as { text?: unknown; message?: unknown; _tag?: unknown }
    for (const v of [text, message, _tag]) if (typeof v === "string" && v !== "") return v
  }
  return typeof error === "string" ? error : (JSON.stringify(sampleJson(error)) ?? "error")
}

const innermost = (states: ReadonlyArray<string>): string[] => states.filter((s) => !states.some((o) => o.startsWith(`${s}.`)))

const scenarioStep = (step: ReplayedStep): ScenarioStep => {
  const at = { states: innermost(step.states), transitions: step.transitions }
  const event = step.event
  switch (event.kind) {
    case "event": {
      const { type, ...payload } = event.event
      return Object.keys(payload).length
        ? { kind: "event", type, payload: sampleJson(payload) as Record<string, unknown>, ...at }
        : { kind: "event", type, ...at }
    }
    case "timer":
      return { kind: "timer", after: event.after, timer: eventLabel(event.event.type), ...at }
    case "done":
      return { kind: "done", actor: event.actorId, ...at }
    case "error":
      return { kind: "error", actor: event.actorId, reason: failureReason(event.error), ...at }
    case "init":
      throw new ModelConfigError("a scenario step is never the start")
  }
}

/** For every state the replays reached, the shortest replayed path that reached it (ties: the first replayed). */
export function scenarioReport(model: ChartModel, coverage: Coverage): ScenarioReport[] {
  const best = new Map<string, { replay: ReadonlyArray<ReplayedStep>; step: number }>()
  for (const replay of coverage.replays) {
    for (const [i, step] of replay.entries()) {
      for (const state of step.states) {
        const known = best.get(state)
        if (!known || known.step > i) best.set(state, { replay, step: i })
      }
    }
  }
  return model.states.flatMap((s) => {
    const found = best.get(s.path)
    return found ? [{ state: s.path, steps: found.replay.slice(1, found.step + 1).map(scenarioStep) }] : []
  })
}

/**
 * The payloads the replays used: per event type the one on the earliest scenario that sends it
 * (else the first replayed), per invocation the first output and the first failure that is not a
 * cancellation (else the first).
 */
export function sampleReport(coverage: Coverage, scenarios: ReadonlyArray<ScenarioReport> = []): SampleReport {
  const events: Record<string, unknown> = {}
  const outputs: Record<string, unknown> = {}
  const errors: Record<string, unknown> = {}
  for (const step of scenarios.flatMap((s) => s.steps)) if (step.kind === "event" && !(step.type in events)) events[step.type] = step.payload ?? {}
  const cancelled = (e: unknown) => typeof e === "object" && e !== null && (e as { _tag?: unknown })._tag === "RequestCancelled"
  for (const replay of coverage.replays) {
    for (const { event } of replay) {
      if (event.kind === "event" && !(event.event.type in events)) {
        const { type, ...payload } = event.event
        events[type] = sampleJson(payload)
      } else if (event.kind === "done" && !(event.actorId in outputs)) outputs[event.actorId] = sampleJson(event.output) ?? null
      else if (event.kind === "error" && (!(event.actorId in errors) || (cancelled(errors[event.actorId]) && !cancelled(event.error))))
        errors[event.actorId] = sampleJson(event.error) ?? null
    }
  }
  return { ...(coverage.input === undefined ? {} : { input: sampleJson(coverage.input) }), events, outputs, errors }
}

/** Compares what the replays exercised with every state and transition of the chart. */
export function coverageReport(model: ChartModel, coverage: Coverage): ModelReport {
  const uncoveredStates = model.states.filter((s) => !coverage.states.has(s.path)).map((s) => s.path)
  const uncoveredTransitions = model.transitions.filter((t) => !coverage.transitions.has(t.key)).map((t) => t.key)
  const uncoveredGuards = model.guards.required.filter((g) => !coverage.guards.has(g))
  const refusalsNotShown = model.guards.refusals.filter((g) => !coverage.guards.has(g))
  const scenarios = scenarioReport(model, coverage)
  return {
    chart: model.chart,
    paths: coverage.paths,
    states: {
      total: model.states.length,
      covered: model.states.length - uncoveredStates.length,
      uncovered: uncoveredStates,
      undescribed: model.states.filter((s) => !s.description).map((s) => s.path),
    },
    transitions: {
      total: model.transitions.length,
      covered: model.transitions.length - uncoveredTransitions.length,
      uncovered: uncoveredTransitions,
      // The workflow explorer marks each transition covered by the model walk from this list.
      coveredKeys: model.transitions.filter((t) => coverage.transitions.has(t.key)).map((t) => t.key),
    },
    guards: {
      total: model.guards.required.length,
      covered: model.guards.required.length - uncoveredGuards.length,
      uncovered: uncoveredGuards,
      refusals: { total: model.guards.refusals.length, shown: model.guards.refusals.length - refusalsNotShown.length, notShown: refusalsNotShown },
    },
    scenarios,
    samples: sampleReport(coverage, scenarios),
  }
}

/** Throws a ModelCoverageError naming every uncovered state, transition and guard outcome and every state without a description. */
export function assertFullCoverage(report: ModelReport): void {
  const problems = [
    ...report.states.uncovered.map((s) => `state never reached: ${s}`),
    ...report.transitions.uncovered.map((t) => `transition never taken: ${t}`),
    ...report.guards.uncovered.map((g) => `guard outcome never taken: ${g}`),
    ...report.states.undescribed.map((s) => `state without meta.description: ${s}`),
  ]
  if (problems.length) throw new ModelCoverageError(`${report.chart}: ${problems.length} gap(s)\n  ${problems.join("\n  ")}`)
}

/** Where reports go: reports/model at the repository root (gitignored). */
export const REPORT_DIR = fileURLToPath(new URL("../../reports/model/", import.meta.url))

/** Writes `<dir>/<chart>.json` and returns its path. */
export async function writeReport(report: ModelReport, dir: string = REPORT_DIR): Promise<string> {
  await mkdir(dir, { recursive: true })
  const file = `${dir.replace(/\/$/, "")}/${report.chart}.json`
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`)
  return file
}

/**
 * The whole model test of a chart as vitest tests: one test per path of the chart's transition
 * cover (`planPaths`), each replayed on a real actor, then one that writes
 * reports/model/<chart>.json and fails unless the cover takes every transition, reaches every
 * state and takes every guard outcome. That last test reads the cover, not the other tests, so it
 * holds whatever order, shard or `-t` filter the tests run with. Call it at the top level of
 * test/model/<chart>.model.test.ts.
 *
 * A chart whose start depends on its input (a session restored from storage, a sign-in resumed at
 * the code step) passes one model per input variant, all of the same chart: they share one cover,
 * so a transition only one variant reaches still counts.
 */
export function describeModel<TMachine extends AnyStateMachine>(modelOrVariants: ChartModel<TMachine> | ReadonlyArray<ChartModel<TMachine>>): void {
  const variants = Array.isArray(modelOrVariants) ? (modelOrVariants as ReadonlyArray<ChartModel<TMachine>>) : [modelOrVariants as ChartModel<TMachine>]
  const first = variants[0]
  if (!first) throw new ModelConfigError("describeModel needs at least one model")
  if (variants.some((v) => v.chart !== first.chart || v.config.machine !== first.config.machine))
    throw new ModelConfigError("input variants must all model the same chart")
  const plan = planPaths(variants)
  describe(`${first.chart} chart model`, () => {
    variants.forEach((model, v) => {
      for (const [n, path] of (plan[v] ?? []).entries()) {
        it(pathName(variants.length, v, n, path), async () => {
          await replayPath(model, path)
        })
      }
    })
    it("covers every state, transition and guard outcome (report in reports/model)", async () => {
      const report = coverageReport(
        first,
        predictedCoverage(
          first,
          plan,
          variants.map((v) => v.config.input),
        ),
      )
      const mutation = await mutationReport(variants, plan)
      await writeReport({ ...report, walks: pathWalks(plan), mutation })
      assertFullCoverage(report)
      assertMutantsAccounted(first.chart, mutation)
    })
  })
}

// ---------------------------------------------------------------------------------------------
// Guard mutants
// ---------------------------------------------------------------------------------------------

/** How a guard is mutated: its outcome negated, or forced true or false. */
export type MutantKind = "negated" | "true" | "false"
export const MUTANT_KINDS: ReadonlyArray<MutantKind> = ["negated", "true", "false"]

/** One guard mutant and whether a path of the cover noticed it. */
export interface MutantResult {
  /** The named guard (`setup({ guards })`) that was replaced. */
  readonly guard: string
  readonly kind: MutantKind
  /** The transitions whose guard uses it, by key. */
  readonly transitions: ReadonlyArray<string>
  readonly killed: boolean
  /** The path whose replay failed on the mutant (its test's name), when killed. */
  readonly by?: string
  /** The first line of that failure. */
  readonly reason?: string
  /** How many paths of the cover evaluate the guard, and on how many the mutant was replayed (fewer: sampled). */
  readonly paths: number
  readonly tried: number
}

/** The guard mutants of a chart: every named guard a transition uses, three ways, replayed on the paths that evaluate it. */
export interface MutationReport {
  readonly total: number
  readonly killed: number
  /** Replays run (a mutant stops at its first failing path). */
  readonly replays: number
  /** Whether a surviving mutant was replayed on a sample of the paths evaluating its guard only (see MUTANT_PATH_LIMIT). */
  readonly sampled: boolean
  readonly mutants: ReadonlyArray<MutantResult>
}

/**
 * The charts whose every surviving guard mutant must be explained as equivalent (the explorer's
 * `mutation.equivalent.<chart>.<guard>.<kind>` text, six languages); a survivor that is not is a
 * test the suite is missing, and the model test fails.
 */
export const MUTATION_STRICT_CHARTS: ReadonlyArray<string> = ["order-ticket", "withdrawal", "add-bank-account", "session"]

/** The English explanation of an equivalent mutant, if the explorer has one. */
export const equivalentExplanation = (chart: string, guard: string, kind: MutantKind): string | undefined => {
  const texts = (explorerEn as { mutation?: { equivalent?: Record<string, Record<string, Record<string, string>>> } }).mutation?.equivalent
  return texts?.[chart]?.[guard]?.[kind]
}

/** Throws a ModelCoverageError naming every surviving mutant of a strict chart that is not explained as equivalent. */
export function assertMutantsAccounted(chart: string, mutation: MutationReport): void {
  if (!MUTATION_STRICT_CHARTS.includes(chart)) return
  const missing = mutation.mutants.filter((m) => !m.killed && equivalentExplanation(chart, m.guard, m.kind) === undefined)
  if (missing.length) {
    const list = missing.map((m) => `${m.guard} ${m.kind === "negated" ? "negated" : `forced ${m.kind}`} (${m.transitions.join("; ")})`)
    throw new ModelCoverageError(
      `${chart}: ${missing.length} guard mutant(s) survive every path: add a sample that kills each, or explain it as equivalent\n  ${list.join("\n  ")}`,
    )
  }
}

/** At most this many paths per mutant (the shortest that evaluate its guard); more are sampled. */
export const MUTANT_PATH_LIMIT = 40

/** A mutant guard that evaluates itself more often than this in one replay is looping (a forced-true `always` back to itself): it throws. */
const MUTANT_CALL_LIMIT = 2_000

type GuardFn = (args: unknown, params: unknown) => boolean

const mutantGuard = (original: GuardFn, kind: MutantKind): GuardFn => {
  let calls = 0
  return (args, params) => {
    if (++calls > MUTANT_CALL_LIMIT) throw new Error(`the mutant guard was evaluated more than ${MUTANT_CALL_LIMIT} times: the chart loops`)
    return kind === "negated" ? !original(args, params) : kind === "true"
  }
}

/**
 * Runs the cover's paths against each guard mutant: every named guard that a transition uses,
 * negated, forced true and forced false, provided in place of the real one (`machine.provide`).
 * A mutant is killed when a replay fails on it (the actor takes another transition, reaches
 * another state or context, or a state check fails). Only the paths whose steps evaluate the guard
 * can notice it, so only they are replayed (the shortest MUTANT_PATH_LIMIT of them).
 */
export async function mutationReport(variants: ReadonlyArray<ChartModel>, plan: ReadonlyArray<ReadonlyArray<ModelPath>>): Promise<MutationReport> {
  const first = variants[0]
  if (!first) return { total: 0, killed: 0, replays: 0, sampled: false, mutants: [] }
  const machine = first.config.machine
  const guards = (machine.implementations as { guards?: Record<string, GuardFn> }).guards ?? {}
  const byGuard = new Map<string, string[]>()
  for (const t of chartTransitions(machine)) {
    for (const name of guardNamesOf(t.guard)) if (name in guards) byGuard.set(name, [...(byGuard.get(name) ?? []), t.key])
  }
  const outcomeKey = (outcome: string) => outcome.replace(/ \((true|false)\)$/, "")
  const candidates = plan.flatMap((paths, v) => paths.map((path, n) => ({ v, path, name: pathName(plan.length, v, n, path) })))
  const mutants: MutantResult[] = []
  let replays = 0
  let sampled = false
  for (const [guard, transitions] of byGuard) {
    const keys = new Set(transitions)
    const evaluating = candidates
      .filter((c) => c.path.steps.some((s) => s.state.effect.guards.some((g) => keys.has(outcomeKey(g)))))
      .sort((a, b) => a.path.steps.length - b.path.steps.length)
    const tried = evaluating.slice(0, MUTANT_PATH_LIMIT)
    const paths = evaluating.length
    for (const kind of MUTANT_KINDS) {
      const mutated = (v: number): ChartModel => {
        const model = variants[v] ?? first
        const original = guards[guard] as GuardFn
        return { ...model, config: { ...model.config, machine: model.config.machine.provide({ guards: { [guard]: mutantGuard(original, kind) } }) } }
      }
      let result: MutantResult = { guard, kind, transitions, killed: false, paths, tried: tried.length }
      for (const [i, c] of tried.entries()) {
        replays += 1
        try {
          await replayPath(mutated(c.v), c.path)
        } catch (e) {
          const reason = (e instanceof Error ? e.message : String(e)).split("\n")[0]?.slice(0, 300) ?? ""
          result = { guard, kind, transitions, killed: true, by: c.name, reason, paths, tried: i + 1 }
          break
        }
      }
      if (!result.killed && tried.length < paths) sampled = true
      mutants.push(result)
    }
  }
  return { total: mutants.length, killed: mutants.filter((m) => m.killed).length, replays, sampled, mutants }
}
