import type { ElkExtendedEdge, ElkNode } from "elkjs/lib/elk-api"
import type { AnyStateMachine } from "xstate"
import { chartTransitions, stateDetails, type StateDetail, type TransitionDetail } from "../../machines/anatomy"

/**
 * A chart's diagram, laid out by ELK (elkjs, layered, hierarchical) in a web worker from the
 * machine definition itself: every state node is a box (compound and parallel ones hold their
 * children), every transition with a target an edge labelled with its event, guard and delay;
 * transitions without a target are listed inside their state's box. Coordinates are absolute.
 */

export interface DiagramNode {
  readonly state: StateDetail
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
  /** Lines written in the box under its name: tags, invocations, entry actions, targetless transitions. */
  readonly lines: ReadonlyArray<{ readonly text: string; readonly transition?: TransitionDetail }>
}

export interface DiagramEdge {
  readonly transition: TransitionDetail
  /** The polyline from source to target. */
  readonly points: ReadonlyArray<{ x: number; y: number }>
  readonly label: { readonly text: string; readonly x: number; readonly y: number; readonly width: number; readonly height: number } | undefined
}

export interface Diagram {
  readonly width: number
  readonly height: number
  readonly nodes: ReadonlyArray<DiagramNode>
  readonly edges: ReadonlyArray<DiagramEdge>
}

const CHAR = 6.6 // average width of a 11 px character
const LINE = 15
const HEADER = 24
const PAD = 10

export const transitionLabel = (t: TransitionDetail): string =>
  `${t.event}${t.guard ? ` [${t.guard}]` : ""}${t.reenter ? " ↻" : ""}`

const nodeId = (path: string) => `n:${path || "(root)"}`

const linesOf = (state: StateDetail, transitions: ReadonlyArray<TransitionDetail>): DiagramNode["lines"] => [
  ...(state.tags.length ? [{ text: `#${state.tags.join(" #")}` }] : []),
  ...state.invokes.map((i) => ({ text: `invoke ${i.src ?? "inline"} (${i.id})` })),
  ...(state.entry.length ? [{ text: `entry / ${state.entry.join(", ")}` }] : []),
  ...transitions
    .filter((t) => t.target === undefined && (t.source === state.path || (state.path === "" && t.source === "(root)")))
    .map((t) => ({ text: `${transitionLabel(t)} / ${t.actions.join(", ") || "—"}`, transition: t })),
]

const width = (text: string) => Math.ceil(text.length * CHAR) + 2 * PAD

/** The ELK graph of a chart (exported for tests). */
export const elkGraph = (machine: AnyStateMachine) => {
  const states = stateDetails(machine)
  const transitions = chartTransitions(machine)
  const lines = new Map(states.map((s) => [s.path, linesOf(s, transitions)]))
  const build = (state: StateDetail): ElkNode => {
    const children = states.filter((s) => s.parent === state.path && s.path !== "")
    const own = lines.get(state.path) ?? []
    const header = HEADER + own.length * LINE
    const minWidth = Math.max(width(state.path === "" ? machine.id : (state.path.split(".").at(-1) ?? "")) + 20, ...own.map((l) => width(l.text)))
    if (children.length === 0) return { id: nodeId(state.path), width: Math.max(minWidth, 90), height: header + 8 }
    return {
      id: nodeId(state.path),
      layoutOptions: {
        "elk.padding": `[top=${header + 6},left=${PAD},bottom=${PAD},right=${PAD}]`,
        "elk.nodeSize.constraints": "MINIMUM_SIZE",
        "elk.nodeSize.minimum": `(${minWidth}, ${header + 20})`,
        ...(state.type === "parallel" ? { "elk.direction": "RIGHT" } : {}),
      },
      children: children.map(build),
    }
  }
  const root = states.find((s) => s.path === "")
  if (!root) throw new Error(`chart ${machine.id} has no root`)
  const edges: ElkExtendedEdge[] = transitions
    .filter((t) => t.target !== undefined)
    .map((t) => {
      const text = transitionLabel(t)
      return {
        id: `e:${t.key}`,
        sources: [nodeId(t.source === "(root)" ? "" : t.source)],
        targets: [nodeId(t.target === "(root)" ? "" : (t.target ?? ""))],
        labels: [{ id: `l:${t.key}`, text, width: text.length * CHAR + 6, height: LINE }],
      }
    })
  const graph: ElkNode = {
    id: "graph",
    layoutOptions: {
      "elk.algorithm": "layered",
      "elk.direction": "DOWN",
      "elk.hierarchyHandling": "INCLUDE_CHILDREN",
      "elk.layered.spacing.nodeNodeBetweenLayers": "40",
      "elk.spacing.nodeNode": "30",
      "elk.spacing.edgeLabel": "4",
      "elk.edgeLabels.inline": "false",
      "elk.json.edgeCoords": "ROOT",
      "elk.json.shapeCoords": "ROOT",
    },
    children: [build(root)],
    edges,
  }
  return { graph, states, transitions, lines }
}

type Elk = { layout: (graph: ElkNode) => Promise<ElkNode> }
let elk: Promise<Elk> | null = null

/** ELK in a web worker, started on the first layout. */
const loadElk = (): Promise<Elk> =>
  (elk ??= Promise.all([import("elkjs/lib/elk-api.js"), import("elkjs/lib/elk-worker.min.js?url")]).then(
    ([api, worker]) => new api.default({ workerFactory: () => new Worker(worker.default) }) as unknown as Elk,
  ))

const flatten = (node: ElkNode, out: ElkNode[] = []): ElkNode[] => {
  out.push(node)
  for (const child of node.children ?? []) flatten(child, out)
  return out
}

/** Lays the chart out (in the worker) and returns its diagram. */
export const layOut = async (machine: AnyStateMachine): Promise<Diagram> => {
  const { graph, states, transitions, lines } = elkGraph(machine)
  const result = await (await loadElk()).layout(graph)
  const byId = new Map(flatten(result).map((n) => [n.id, n]))
  const nodes: DiagramNode[] = states.map((state) => {
    const n = byId.get(nodeId(state.path))
    return { state, x: n?.x ?? 0, y: n?.y ?? 0, width: n?.width ?? 0, height: n?.height ?? 0, lines: lines.get(state.path) ?? [] }
  })
  const edgeById = new Map<string, ElkExtendedEdge>()
  const collect = (node: ElkNode) => {
    for (const e of node.edges ?? []) edgeById.set(e.id, e)
    for (const c of node.children ?? []) collect(c)
  }
  collect(result)
  const edges: DiagramEdge[] = transitions
    .filter((t) => t.target !== undefined)
    .map((transition) => {
      const e = edgeById.get(`e:${transition.key}`)
      const points = (e?.sections ?? []).flatMap((s) => [s.startPoint, ...(s.bendPoints ?? []), s.endPoint])
      const l = e?.labels?.[0]
      return {
        transition,
        points,
        label: l ? { text: l.text ?? "", x: l.x ?? 0, y: l.y ?? 0, width: l.width ?? 0, height: l.height ?? 0 } : undefined,
      }
    })
  return { width: result.width ?? 0, height: result.height ?? 0, nodes, edges }
}
