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
const LABEL_GAP = 6
/** Where a label's text starts inside the box ELK placed. */
export const LABEL_INSET = LABEL_GAP
/** What the view appends to the label of a transition a browser test drove through the UI. */
export const UI_MARK = " ▸UI"
/** What the view puts before the name of a state or the label of a transition added or changed since approval. */
export const DIFF_MARK = { added: "+ ", changed: "± " } as const
/** The widest diff mark: every label and name has room for one, so marking never moves the layout. */
const DIFF_ROOM = DIFF_MARK.changed

export const transitionLabel = (t: TransitionDetail): string => `${t.event}${t.guard ? ` [${t.guard}]` : ""}${t.reenter ? " ↻" : ""}`

const nodeId = (path: string) => `n:${path || "(root)"}`

const linesOf = (state: StateDetail, transitions: ReadonlyArray<TransitionDetail>): DiagramNode["lines"] => [
  ...(state.tags.length ? [{ text: `#${state.tags.join(" #")}` }] : []),
  ...state.invokes.map((i) => ({ text: `invoke ${i.src ?? "inline"} (${i.id})` })),
  ...(state.entry.length ? [{ text: `entry / ${state.entry.join(", ")}` }] : []),
  ...transitions
    .filter((t) => t.target === undefined && (t.source === state.path || (state.path === "" && t.source === "(root)")))
    .map((t) => ({ text: `${transitionLabel(t)} / ${t.actions.join(", ") || "—"}`, transition: t })),
]

/**
 * The width in pixels of a text as the diagram draws it: an edge label or a line in a box (11 px),
 * or a state's name (bold 12 px). In the browser it is measured in the page's font (a canvas);
 * elsewhere (tests) it is estimated.
 */
export type TextMeasure = (text: string, style: "line" | "title") => number
export const estimateText: TextMeasure = (text, style) => text.length * (style === "title" ? CHAR * 1.2 : CHAR)

/** Measures texts in the font the page's diagram inherits (the SVG is drawn inside the page). */
const pageMeasure = (): TextMeasure => {
  const context = typeof document === "undefined" ? null : document.createElement("canvas").getContext("2d")
  if (!context) return estimateText
  const family = getComputedStyle(document.body).fontFamily
  return (text, style) => {
    context.font = style === "title" ? `bold 12px ${family}` : `11px ${family}`
    return context.measureText(text).width
  }
}

/** The ELK graph of a chart (exported for tests). */
export const elkGraph = (machine: AnyStateMachine, measure: TextMeasure = estimateText) => {
  const width = (text: string, style: "line" | "title" = "line") => Math.ceil(measure(text, style)) + 2 * PAD
  const states = stateDetails(machine)
  const transitions = chartTransitions(machine)
  const lines = new Map(states.map((s) => [s.path, linesOf(s, transitions)]))
  const build = (state: StateDetail): ElkNode => {
    const children = states.filter((s) => s.parent === state.path && s.path !== "")
    const own = lines.get(state.path) ?? []
    const header = HEADER + own.length * LINE
    const minWidth = Math.max(
      width(DIFF_ROOM + (state.path === "" ? machine.id : (state.path.split(".").at(-1) ?? "")), "title") + 20,
      ...own.map((l) => width(l.transition ? DIFF_ROOM + l.text + UI_MARK : l.text)),
    )
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
        // Room for the "± " and " ▸UI" marks the view adds to a transition changed since approval or driven by the browser tests, and a gap
        // either side, so that labels ELK sets side by side never touch.
        labels: [{ id: `l:${t.key}`, text, width: Math.ceil(measure(DIFF_ROOM + text + UI_MARK, "line")) + 2 * LABEL_GAP, height: LINE }],
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
      "elk.spacing.edgeLabel": "6",
      "elk.spacing.labelLabel": "8",
      "elk.edgeLabels.inline": "false",
      "elk.json.edgeCoords": "ROOT",
      "elk.json.shapeCoords": "ROOT",
    },
    children: [build(root)],
    edges,
  }
  return { graph, states, transitions, lines }
}

export type Elk = { layout: (graph: ElkNode) => Promise<ElkNode> }
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
export const layOut = async (machine: AnyStateMachine): Promise<Diagram> => layOutWith(await loadElk(), machine, pageMeasure())

/** Lays the chart out with the given ELK (exported for tests, which run ELK without a worker). */
export const layOutWith = async (elkInstance: Elk, machine: AnyStateMachine, measure: TextMeasure = estimateText): Promise<Diagram> => {
  const { graph, states, transitions, lines } = elkGraph(machine, measure)
  const result = await elkInstance.layout(graph)
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
  const placed = separateLabels(edges)
  const bottom = Math.max(result.height ?? 0, ...placed.flatMap((e) => (e.label ? [e.label.y + e.label.height + PAD] : [])))
  return { width: result.width ?? 0, height: bottom, nodes, edges: placed }
}

type Box = { readonly x: number; readonly y: number; readonly width: number; readonly height: number }
const meet = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/**
 * ELK sets the labels of edges that cross a compound state's border where other labels already
 * are. Each label, top to bottom, moves down just below any label placed before it that it meets,
 * so no label is drawn over another and each stays as near its edge as that allows.
 */
export const separateLabels = (edges: ReadonlyArray<DiagramEdge>): DiagramEdge[] => {
  const order = edges
    .map((edge, i) => ({ edge, i }))
    .sort((a, b) => (a.edge.label?.y ?? 0) - (b.edge.label?.y ?? 0) || (a.edge.label?.x ?? 0) - (b.edge.label?.x ?? 0))
  const done: Box[] = []
  const out: DiagramEdge[] = [...edges]
  for (const { edge, i } of order) {
    if (!edge.label) continue
    let label = edge.label
    for (let blocker = done.find((b) => meet(b, label)); blocker; blocker = done.find((b) => meet(b, label)))
      label = { ...label, y: blocker.y + blocker.height + 1 }
    done.push(label)
    out[i] = { ...edge, label }
  }
  return out
}
