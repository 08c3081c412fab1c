import type { AnyStateMachine } from "xstate"
import { chartTransitions, stateDetails, type TransitionDetail } from "../../machines/anatomy"

/**
 * Scenarios: for every state reachable from the chart's start, the shortest way there as numbered
 * steps (breadth first over the chart's transitions; entering a compound state enters its initial
 * children, a transition from a parent applies in each of its descendants).
 */
export interface Scenario {
  readonly state: string
  readonly steps: ReadonlyArray<TransitionDetail>
}

export const scenarios = (machine: AnyStateMachine): Scenario[] => {
  const states = stateDetails(machine).filter((s) => s.path !== "")
  const byPath = new Map(states.map((s) => [s.path, s]))
  const transitions = chartTransitions(machine)
  // Entering a state enters its initial descendants (and every region of a parallel state).
  const entered = (path: string): string[] => {
    const state = byPath.get(path)
    if (!state) return []
    if (state.type === "parallel") return [path, ...states.filter((s) => s.parent === path).flatMap((s) => entered(s.path))]
    return state.initial ? [path, ...entered(state.initial)] : [path]
  }
  const ancestors = (path: string): string[] => path.split(".").map((_, i, parts) => parts.slice(0, i + 1).join("."))
  const root = stateDetails(machine).find((s) => s.path === "")
  const start = root?.initial ? entered(root.initial) : states.filter((s) => s.parent === "").flatMap((s) => entered(s.path))
  const found = new Map<string, TransitionDetail[]>()
  for (const s of start) found.set(s, [])
  const queue = [...start]
  for (let at = queue.shift(); at !== undefined; at = queue.shift()) {
    const steps = found.get(at) ?? []
    const sources = new Set([...ancestors(at), "(root)"])
    for (const t of transitions) {
      if (!sources.has(t.source) || t.target === undefined || t.target === "(root)") continue
      for (const next of [...ancestors(t.target), ...entered(t.target)]) {
        if (found.has(next)) continue
        found.set(next, [...steps, t])
        queue.push(next)
      }
    }
  }
  return states.filter((s) => found.has(s.path)).map((s) => ({ state: s.path, steps: found.get(s.path) ?? [] }))
}

/** States no transition leads to from the start (none in a well-formed chart). */
export const unreachable = (machine: AnyStateMachine): string[] => {
  const reached = new Set(scenarios(machine).map((s) => s.state))
  return stateDetails(machine)
    .filter((s) => s.path !== "" && !reached.has(s.path))
    .map((s) => s.path)
}
