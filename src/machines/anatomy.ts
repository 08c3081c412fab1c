import { and, not, or, stateIn, type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition } from "xstate"

/**
 * The structure of a chart as the model harness (test/model/harness.ts) and the workflow explorer
 * read it: its state nodes, its transitions with stable keys, its invoked actors. Pure: xstate only.
 *
 * A transition's key is `"<source>: <event> [guard] -> <target>"` (one per target; a repeat of the
 * same text gets ` #2`, ` #3` in definition order), so the model reports, the browser tests'
 * coverage and the explorer name the same transition the same way.
 */

/** One state node of a chart. */
export interface ChartState {
  readonly path: string
  readonly description: string | undefined
}

/** One transition of a chart towards one target (a targetless transition has one entry too). */
export interface ChartTransition {
  /** Unique, stable and readable: `source: event [guard] -> target`. */
  readonly key: string
  readonly source: string
  readonly event: string
  readonly guard: string | undefined
  readonly target: string | undefined
}

/** A transition with what the explorer draws and writes besides its key. */
export interface TransitionDetail extends ChartTransition {
  /** The raw event type (`xstate.after.300.chart.state`, `xstate.done.actor.load`, `""` for always). */
  readonly eventType: string
  /** The delay of an `after` transition (a named delay or milliseconds). */
  readonly delay: string | undefined
  /** Named actions it runs (inline ones as `inline`). */
  readonly actions: ReadonlyArray<string>
  /** Whether it re-enters its source (`reenter: true`). */
  readonly reenter: boolean
}

/** One invocation of a state node. */
export interface ChartInvoke {
  readonly id: string
  /** The actor's name in `setup({ actors })`, or undefined for inline logic. */
  readonly src: string | undefined
  readonly state: string
}

/** A state node as the explorer draws it. */
export interface StateDetail extends ChartState {
  readonly key: string
  readonly type: "atomic" | "compound" | "parallel" | "final" | "history"
  readonly parent: string | undefined
  readonly initial: string | undefined
  readonly tags: ReadonlyArray<string>
  readonly invokes: ReadonlyArray<ChartInvoke>
  readonly entry: ReadonlyArray<string>
  readonly exit: ReadonlyArray<string>
}

/** A state node's path joined with dots (`""` for the root). */
export const pathOf = (node: AnyStateNode): string => node.path.join(".")

/** Every state node of a machine, the root first, depth first in definition order. */
export const allNodes = (machine: AnyStateMachine): AnyStateNode[] => {
  const out: AnyStateNode[] = []
  const walk = (node: AnyStateNode) => {
    out.push(node)
    for (const child of Object.values(node.states) as AnyStateNode[]) walk(child)
  }
  walk(machine.root)
  return out
}

// xstate's guard combinators are functions whose names a minifier may change; they are told apart by
// their `check`, which is shared by every guard a combinator makes.
const combinators: ReadonlyArray<[string, unknown]> = [
  ["and", (and([]) as unknown as { check: unknown }).check],
  ["or", (or([]) as unknown as { check: unknown }).check],
  ["not", (not("x") as unknown as { check: unknown }).check],
  ["stateIn", (stateIn("x") as unknown as { check: unknown }).check],
]

/** A guard's readable name: its type, or a combinator with its operands (`not(isMarket)`). */
export const guardLabel = (guard: unknown): string | undefined => {
  if (guard === undefined) return undefined
  if (typeof guard === "string") return guard
  if (typeof guard === "function") {
    const { guards: nested, check, stateValue } = guard as { guards?: unknown[]; check?: unknown; stateValue?: unknown }
    const combinator = check === undefined ? undefined : combinators.find(([, c]) => c === check)?.[0]
    if (combinator === "stateIn") return `stateIn(${typeof stateValue === "string" ? stateValue : JSON.stringify(stateValue)})`
    const name = combinator ?? (guard.name || "inline")
    return nested ? `${name}(${nested.map((g) => guardLabel(g) ?? "?").join(", ")})` : name
  }
  if (typeof guard === "object" && guard !== null && "type" in guard) return String(guard.type)
  return "guard"
}

/** An event type as a label: `after <delay>` for a delayed transition, else the type itself. */
export const eventLabel = (eventType: string): string => {
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType)
  return after ? `after ${after[1]}` : eventType
}

const actionLabel = (action: unknown): string => {
  if (typeof action === "string") return action
  if (typeof action === "function") {
    const type = (action as { type?: unknown }).type
    if (typeof type === "string") return type.replace(/^xstate\./, "")
    return "inline"
  }
  if (typeof action === "object" && action !== null && "type" in action) return String(action.type)
  return "action"
}

const actionsOf = (actions: unknown): string[] => (Array.isArray(actions) ? actions : actions === undefined ? [] : [actions]).map(actionLabel)

/** Every transition definition of a machine with its entries (one per target). */
export const transitionIndex = (machine: AnyStateMachine): Map<AnyTransitionDefinition, TransitionDetail[]> => {
  const index = new Map<AnyTransitionDefinition, TransitionDetail[]>()
  const seen = new Set<string>()
  for (const node of allNodes(machine)) {
    const candidates: AnyTransitionDefinition[] = [...node.transitions.values()].flat()
    candidates.push(...(node.always ?? []))
    for (const t of candidates) {
      const source = pathOf(node) || "(root)"
      const event = t.eventType === "" ? "always" : eventLabel(t.eventType)
      const guard = guardLabel(t.guard)
      const delay = /^xstate\.after\.([^.]+)\./.exec(t.eventType)?.[1]
      const actions = actionsOf(t.actions)
      const targets = t.target?.length ? t.target.map((n: AnyStateNode) => pathOf(n) || "(root)") : [undefined]
      index.set(
        t,
        targets.map((target) => {
          const base = `${source}: ${event}${guard ? ` [${guard}]` : ""} -> ${target ?? "(no target)"}`
          let key = base
          for (let n = 2; seen.has(key); n++) key = `${base} #${n}`
          seen.add(key)
          return { key, source, event, guard, target, eventType: t.eventType, delay, actions, reenter: Boolean(t.reenter) }
        }),
      )
    }
  }
  return index
}

/** Every transition of a machine, one entry per target, in definition order. */
export const chartTransitions = (machine: AnyStateMachine): TransitionDetail[] => [...transitionIndex(machine).values()].flat()

/** Every invocation of a machine. */
export const chartInvokes = (machine: AnyStateMachine): ChartInvoke[] =>
  allNodes(machine).flatMap((node) =>
    node.invoke.map((def) => ({ id: def.id, src: typeof def.src === "string" ? def.src : undefined, state: pathOf(node) || "(root)" })),
  )

/** Invoke id to actor name, for the invocations with named logic. */
export const invokeSources = (machine: AnyStateMachine): Map<string, string | undefined> => new Map(chartInvokes(machine).map((i) => [i.id, i.src]))

/** A state node's `meta.description` (or its `description`). */
export const describeNode = (node: AnyStateNode): string | undefined => {
  const meta = node.meta as { description?: unknown } | undefined
  if (typeof meta?.description === "string") return meta.description
  return node.description
}

/** Every state of a machine but the root (and history nodes), with its description. */
export const chartStates = (machine: AnyStateMachine): ChartState[] =>
  allNodes(machine)
    .filter((n) => n.path.length > 0 && n.type !== "history")
    .map((n) => ({ path: pathOf(n), description: describeNode(n) }))

/** Every state node (root included, as `""`) with what the explorer draws. */
export const stateDetails = (machine: AnyStateMachine): StateDetail[] =>
  allNodes(machine)
    .filter((n) => n.type !== "history")
    .map((n) => {
      const initial = n.type === "compound" ? (n.initial?.target?.[0] as AnyStateNode | undefined) : undefined
      return {
        key: n.id,
        path: pathOf(n),
        description: describeNode(n),
        type: n.type,
        parent: n.parent ? pathOf(n.parent) : undefined,
        initial: initial ? pathOf(initial) : undefined,
        tags: [...n.tags],
        invokes: n.invoke.map((def) => ({ id: def.id, src: typeof def.src === "string" ? def.src : undefined, state: pathOf(n) })),
        entry: actionsOf(n.entry),
        exit: actionsOf(n.exit),
      }
    })
