import type { StateDetail, TransitionDetail } from "./anatomy"

/**
 * A reviewer's questions about a chart (issue 34), answered from its graph as src/machines/anatomy.ts
 * reads it: "can STATE be reached without passing STATE?" and "which events lead from STATE to
 * STATE?", each with a shortest path as evidence. Pure: states and transitions in, paths out.
 *
 * The graph is over the chart's leaf states (atomic and final ones): entering a compound state
 * enters its initial leaf (its initial child's, down the chain), entering a parallel state each
 * region's; a transition defined on a state is taken from every leaf inside it. A state "is passed"
 * when a leaf inside it (or it) is on the path. Every transition counts whatever its guard, so a
 * "no" holds for any context, and a "yes" is a path the chart's structure allows (the guards on it
 * are named, for the reviewer to judge).
 */

/** One step of a path: the transition taken, from a leaf to a leaf. */
export interface PathStep {
  readonly from: string
  readonly to: string
  readonly transition: TransitionDetail
}

/** A path from the chart's start (or a given state) to the state asked about; empty steps when it starts there. */
export interface ChartPath {
  readonly start: string
  readonly steps: ReadonlyArray<PathStep>
}

const within = (path: string, state: string) => state === "" || state === "(root)" || path === state || path.startsWith(`${state}.`)

interface Graph {
  readonly leaves: ReadonlyArray<string>
  /** The leaves a state's entry leads to. */
  readonly entered: (state: string) => ReadonlyArray<string>
  readonly edges: ReadonlyMap<string, ReadonlyArray<PathStep>>
}

const graphOf = (states: ReadonlyArray<StateDetail>, transitions: ReadonlyArray<TransitionDetail>): Graph => {
  const byPath = new Map(states.map((s) => [s.path, s]))
  const children = (path: string) => states.filter((s) => s.parent === path && s.path !== "")
  const entered = (state: string): string[] => {
    const node = byPath.get(state === "(root)" ? "" : state)
    if (!node) return []
    const kids = children(node.path)
    if (kids.length === 0) return [node.path]
    if (node.type === "parallel") return kids.flatMap((k) => entered(k.path))
    return entered(node.initial ?? kids[0]?.path ?? node.path)
  }
  const leaves = states.filter((s) => s.path !== "" && children(s.path).length === 0).map((s) => s.path)
  const edges = new Map<string, PathStep[]>()
  for (const leaf of leaves) {
    const out: PathStep[] = []
    for (const t of transitions) {
      if (t.target === undefined || !within(leaf, t.source)) continue
      for (const to of entered(t.target)) out.push({ from: leaf, to, transition: t })
    }
    edges.set(leaf, out)
  }
  return { leaves, entered, edges }
}

/** Breadth first from `starts` over leaves not inside `avoid`, to the first leaf inside `goal`. */
const shortest = (graph: Graph, starts: ReadonlyArray<string>, goal: (leaf: string) => boolean, avoid: (leaf: string) => boolean): ChartPath | null => {
  const came = new Map<string, PathStep | null>()
  const queue: string[] = []
  for (const s of starts)
    if (!avoid(s) && !came.has(s)) {
      came.set(s, null)
      queue.push(s)
    }
  for (let i = 0; i < queue.length; i++) {
    const leaf = queue[i] as string
    if (goal(leaf)) {
      const steps: PathStep[] = []
      for (let step = came.get(leaf); step; step = came.get(step.from)) steps.unshift(step)
      return { start: steps[0]?.from ?? leaf, steps }
    }
    for (const step of graph.edges.get(leaf) ?? []) {
      if (avoid(step.to) || came.has(step.to)) continue
      came.set(step.to, step)
      queue.push(step.to)
    }
  }
  return null
}

/**
 * Can `target` be reached from the chart's start without passing `avoided`? The shortest such path
 * (the counterexample when the answer should be no), or null when every path passes it.
 */
export const reachableWithout = (
  states: ReadonlyArray<StateDetail>,
  transitions: ReadonlyArray<TransitionDetail>,
  target: string,
  avoided: string,
): ChartPath | null => {
  const graph = graphOf(states, transitions)
  return shortest(
    graph,
    graph.entered(""),
    (leaf) => within(leaf, target),
    (leaf) => within(leaf, avoided),
  )
}

/** Which events lead from `from` to `to`: the transitions that go there in one step, and a shortest path (null when none). */
export const eventsBetween = (
  states: ReadonlyArray<StateDetail>,
  transitions: ReadonlyArray<TransitionDetail>,
  from: string,
  to: string,
): { readonly direct: ReadonlyArray<TransitionDetail>; readonly path: ChartPath | null } => {
  const graph = graphOf(states, transitions)
  const starts = graph.leaves.filter((leaf) => within(leaf, from))
  const direct = new Set<TransitionDetail>()
  for (const s of starts) for (const step of graph.edges.get(s) ?? []) if (within(step.to, to) && !within(step.to, from)) direct.add(step.transition)
  const path = shortest(
    graph,
    starts,
    (leaf) => within(leaf, to) && !within(leaf, from),
    () => false,
  )
  return { direct: [...direct], path }
}
