import { Box, Button, HStack, Text } from "@chakra-ui/react"
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent, type WheelEvent } from "react"
import { useTranslation } from "react-i18next"
import type { DiffMark } from "../../machines/chart-diff"
import { DIFF_MARK, LABEL_INSET, UI_MARK, type Diagram, type DiagramEdge, type DiagramNode } from "./layout"
import type { ChartCoverage } from "./coverage"
import { useDiagramColours } from "../shared/theme-colours"

// The sizes the layout measured the texts at (layout.ts). Inline styles: the page's CSS overrides
// SVG presentation attributes, and a text drawn larger than measured runs into its neighbours.
const TITLE_STYLE = { fontSize: "12px", fontWeight: 700 } as const
const LINE_STYLE = { fontSize: "11px" } as const

/**
 * A laid-out chart as SVG: states as boxes (compound ones hold their children, parallel regions
 * dashed, final states double-bordered, initial states marked with a dot), transitions as arrows
 * labelled with event, guard and delay. Coverage shows on every transition: solid green when the
 * model walk covered it (dashed red when not), a blue "UI" tag when a browser test drove it. States
 * and transitions added or changed since the chart's last approval (`marks`) lead with "+" or "±"
 * and are outlined in teal or purple (their state's accessible name says it too).
 * Pan by dragging, zoom with the wheel or the buttons, fit to screen; states are focusable (Tab,
 * arrow keys move to the nearest state that way) and the focused one is selected.
 */

export interface DiagramViewProps {
  readonly diagram: Diagram
  readonly coverage: ChartCoverage
  readonly title: string
  /** State paths to highlight as current (simulation, live view). */
  readonly current?: ReadonlySet<string>
  readonly selected?: string
  readonly onSelect?: (path: string) => void
  /** Small: no controls, no focus (the live view). */
  readonly compact?: boolean
  readonly svgRef?: (svg: SVGSVGElement | null) => void
  /** The downloaded SVG's name, without `.svg`. */
  readonly fileName?: string
  /** States (paths) and transitions (keys) added or changed since the last approval. */
  readonly marks?: ReadonlyMap<string, DiffMark>
  /** Transitions (keys) to draw highlighted, each with its step numbers (from 1): the path answering a reviewer's question. */
  readonly highlighted?: ReadonlyMap<string, ReadonlyArray<number>>
  /** What the drawing shows besides its title (the highlighted path in words): the image's description. */
  readonly description?: string
}

/** The diagram as a standalone SVG file: the whole chart at its natural size, whatever the pan and zoom. */
const downloadSvg = (svg: SVGSVGElement | null, diagram: Diagram, name: string) => {
  if (!svg) return
  const copy = svg.cloneNode(true) as SVGSVGElement
  const width = Math.ceil(diagram.width + 40)
  const height = Math.ceil(diagram.height + 40)
  copy.setAttribute("width", String(width))
  copy.setAttribute("height", String(height))
  copy.setAttribute("viewBox", `0 0 ${width} ${height}`)
  copy.querySelector(":scope > g")?.setAttribute("transform", "translate(20,20)")
  const blob = new Blob([`<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}`], { type: "image/svg+xml" })
  const url = URL.createObjectURL(blob)
  const a = document.createElement("a")
  a.href = url
  a.download = `${name}.svg`
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

type View = { x: number; y: number; scale: number }

const nodeName = (node: DiagramNode, chartId: string) => node.state.path.split(".").at(-1) || chartId

const arrowPath = (points: DiagramEdge["points"]) => points.map((p, i) => `${i === 0 ? "M" : "L"}${p.x},${p.y}`).join(" ")

export function DiagramView({
  diagram,
  coverage,
  title,
  description,
  current,
  selected,
  onSelect,
  compact,
  svgRef,
  fileName,
  marks,
  highlighted,
}: DiagramViewProps) {
  const { t } = useTranslation("explorer")
  const C = useDiagramColours()
  const markerId = useId().replace(/:/g, "")
  const box = useRef<HTMLDivElement>(null)
  const [view, setView] = useState<View>({ x: 0, y: 0, scale: 1 })
  const drag = useRef<{ x: number; y: number; view: View } | null>(null)
  const chartId = diagram.nodes.find((n) => n.state.path === "")?.state.key ?? ""
  const states = useMemo(() => diagram.nodes.filter((n) => n.state.path !== ""), [diagram])

  const fit = useCallback(() => {
    const width = box.current?.clientWidth ?? 800
    const height = compact ? 260 : 520
    const scale = Math.min(1.5, width / (diagram.width + 20), height / (diagram.height + 20))
    setView({ x: 10, y: 10, scale: Math.max(scale, 0.1) })
  }, [diagram, compact])
  useEffect(fit, [fit])

  const zoom = (factor: number) => setView((v) => ({ ...v, scale: Math.min(4, Math.max(0.1, v.scale * factor)) }))
  const onWheel = (e: WheelEvent) => {
    if (!e.ctrlKey && !e.metaKey) return
    e.preventDefault()
    zoom(e.deltaY < 0 ? 1.1 : 1 / 1.1)
  }
  const onPointerDown = (e: PointerEvent) => {
    if ((e.target as Element).closest("[data-state]")) return
    drag.current = { x: e.clientX, y: e.clientY, view }
    ;(e.currentTarget as Element).setPointerCapture(e.pointerId)
  }
  const onPointerMove = (e: PointerEvent) => {
    const d = drag.current
    if (!d) return
    setView({ ...d.view, x: d.view.x + e.clientX - d.x, y: d.view.y + e.clientY - d.y })
  }
  const onPointerUp = () => (drag.current = null)

  const focusState = (path: string) => {
    onSelect?.(path)
    box.current?.querySelector<SVGGElement>(`[data-state="${CSS.escape(path)}"]`)?.focus()
  }
  const onKeyDown = (e: KeyboardEvent, node: DiagramNode) => {
    const dir = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] }[e.key]
    if (!dir) {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault()
        onSelect?.(node.state.path)
      }
      return
    }
    e.preventDefault()
    const cx = node.x + node.width / 2
    const cy = node.y + node.height / 2
    let best: { node: DiagramNode; score: number } | undefined
    for (const other of states) {
      if (other === node) continue
      const dx = other.x + other.width / 2 - cx
      const dy = other.y + other.height / 2 - cy
      const along = dx * dir[0]! + dy * dir[1]!
      if (along <= 0) continue
      const across = Math.abs(dx * dir[1]! - dy * dir[0]!)
      const score = along + 2 * across
      if (!best || score < best.score) best = { node: other, score }
    }
    if (best) focusState(best.node.state.path)
    else {
      // Nothing further that way: the next (or previous) state in the chart's order, wrapping.
      const at = states.indexOf(node)
      const step = dir[0]! + dir[1]! > 0 ? 1 : -1
      const next = states[(at + step + states.length) % states.length]
      if (next && next !== node) focusState(next.state.path)
    }
  }

  const covered = (key: string) => coverage.model?.has(key)
  const driven = (key: string) => coverage.e2e?.has(key)

  return (
    <Box>
      {!compact && (
        <HStack gap="2" marginBottom="2" wrap="wrap">
          <Button size="xs" variant="outline" onClick={() => zoom(1.2)}>
            {t("diagram.zoomIn")}
          </Button>
          <Button size="xs" variant="outline" onClick={() => zoom(1 / 1.2)}>
            {t("diagram.zoomOut")}
          </Button>
          <Button size="xs" variant="outline" onClick={fit}>
            {t("diagram.fit")}
          </Button>
          <Button size="xs" variant="outline" onClick={() => downloadSvg(box.current?.querySelector("svg") ?? null, diagram, fileName ?? "chart")}>
            {t("diagram.download")}
          </Button>
          <Text fontSize="xs" color="fg.muted">
            {t("diagram.help")}
          </Text>
        </HStack>
      )}
      <Box
        ref={box}
        borderWidth="1px"
        borderRadius="md"
        bg="bg.panel"
        overflow="hidden"
        height={compact ? "260px" : "520px"}
        cursor={drag.current ? "grabbing" : "grab"}
        onWheel={onWheel}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        css={{ "& [data-state]:focus-visible rect.box": { stroke: "blue.focusRing", strokeWidth: 3 }, "& [data-state]:focus": { outline: "none" } }}
      >
        <svg
          ref={svgRef}
          // Interactive states inside: a labelled group (an image may not hold controls).
          role={compact ? "img" : "group"}
          aria-roledescription={compact ? undefined : t("diagram.roledescription")}
          aria-label={title}
          aria-describedby={description === undefined ? undefined : `desc-${markerId}`}
          width="100%"
          height="100%"
          xmlns="http://www.w3.org/2000/svg"
          fontFamily="Noto Sans, sans-serif"
        >
          <title>{title}</title>
          {description !== undefined && <desc id={`desc-${markerId}`}>{description}</desc>}
          <defs>
            <marker id={`arrow-${markerId}`} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
              <path d="M0,0 L10,5 L0,10 z" fill={C.line} />
            </marker>
          </defs>
          <g transform={`translate(${view.x},${view.y}) scale(${view.scale})`}>
            {diagram.nodes.map((node) => {
              const isRoot = node.state.path === ""
              const active = current?.has(node.state.path) && !isRoot
              const isSelected = selected === node.state.path && !isRoot
              const parentType = diagram.nodes.find((n) => n.state.path === node.state.parent)?.state.type
              const isInitial = !isRoot && diagram.nodes.some((n) => n.state.initial === node.state.path)
              const mark = isRoot ? undefined : marks?.get(node.state.path)
              const label = t("diagram.stateLabel", { state: node.state.path, description: node.state.description ?? "" })
              return (
                <g
                  key={node.state.path || "(root)"}
                  data-state={isRoot ? undefined : node.state.path}
                  data-current={active ? "true" : undefined}
                  tabIndex={isRoot || compact ? undefined : 0}
                  role={isRoot || compact ? undefined : "button"}
                  aria-label={isRoot ? undefined : mark ? `${label} (${t(mark === "added" ? "diff.markAdded" : "diff.markChanged")})` : label}
                  data-diff={mark}
                  aria-pressed={isRoot || compact ? undefined : isSelected}
                  onFocus={isRoot || compact ? undefined : () => onSelect?.(node.state.path)}
                  onKeyDown={isRoot || compact ? undefined : (e) => onKeyDown(e, node)}
                  onClick={isRoot || compact ? undefined : () => onSelect?.(node.state.path)}
                  style={{ cursor: isRoot ? undefined : "pointer" }}
                >
                  <rect
                    className="box"
                    x={node.x}
                    y={node.y}
                    width={node.width}
                    height={node.height}
                    rx={isRoot ? 4 : 8}
                    fill={active ? C.activeFill : isRoot ? C.rootFill : isSelected ? C.selectedFill : C.fill}
                    stroke={active ? C.activeStroke : isSelected ? C.selectedStroke : mark ? C[mark] : C.stroke}
                    strokeWidth={active || mark ? 3 : isSelected ? 2 : 1}
                    strokeDasharray={parentType === "parallel" ? "6 4" : undefined}
                  />
                  {node.state.type === "final" && (
                    <rect x={node.x + 3} y={node.y + 3} width={node.width - 6} height={node.height - 6} rx={6} fill="none" stroke={C.stroke} />
                  )}
                  {isInitial && (
                    <g aria-hidden="true">
                      <circle cx={node.x - 14} cy={node.y + 10} r={4} fill={C.text} />
                      <line x1={node.x - 10} y1={node.y + 10} x2={node.x - 1} y2={node.y + 10} stroke={C.text} markerEnd={`url(#arrow-${markerId})`} />
                    </g>
                  )}
                  <text x={node.x + 10} y={node.y + 17} style={TITLE_STYLE} fill={C.text}>
                    {mark && <tspan fill={C[mark]}>{DIFF_MARK[mark]}</tspan>}
                    {nodeName(node, chartId)}
                    {node.state.type === "parallel" ? ` (${t("diagram.parallel")})` : ""}
                    {node.state.type === "final" ? ` (${t("diagram.final")})` : ""}
                  </text>
                  {node.lines.map((line, i) => {
                    const key = line.transition?.key
                    const lineMark = key === undefined ? undefined : marks?.get(key)
                    return (
                      <text
                        key={i}
                        x={node.x + 10}
                        y={node.y + 17 + (i + 1) * 15}
                        style={LINE_STYLE}
                        fill={key === undefined ? C.muted : covered(key) ? C.covered : coverage.model ? C.uncovered : C.line}
                        data-diff={lineMark}
                      >
                        {lineMark && <tspan fill={C[lineMark]}>{DIFF_MARK[lineMark]}</tspan>}
                        {line.text}
                        {key !== undefined && driven(key) ? UI_MARK : ""}
                      </text>
                    )
                  })}
                </g>
              )
            })}
            {diagram.edges.map((edge) => {
              const key = edge.transition.key
              const isCovered = covered(key)
              const stroke = coverage.model === undefined ? C.line : isCovered ? C.covered : C.uncovered
              const mark = marks?.get(key)
              const steps = highlighted?.get(key)
              const onPath = steps !== undefined
              return (
                <g
                  key={key}
                  data-transition={key}
                  data-covered={isCovered ? "model" : undefined}
                  data-driven={driven(key) ? "ui" : undefined}
                  data-diff={mark}
                  data-path={onPath ? "true" : undefined}
                >
                  {onPath && <path d={arrowPath(edge.points)} fill="none" stroke={C.activeStroke} strokeWidth={6} strokeOpacity={0.5} aria-hidden="true" />}
                  {mark && <path d={arrowPath(edge.points)} fill="none" stroke={C[mark]} strokeWidth={7} strokeOpacity={0.35} aria-hidden="true" />}
                  <path
                    d={arrowPath(edge.points)}
                    fill="none"
                    stroke={stroke}
                    strokeWidth={driven(key) ? 2.5 : 1.5}
                    strokeDasharray={coverage.model !== undefined && !isCovered ? "5 4" : undefined}
                    markerEnd={`url(#arrow-${markerId})`}
                  />
                  {edge.label && (
                    <text x={edge.label.x + LABEL_INSET} y={edge.label.y + 11} style={LINE_STYLE} fill={stroke}>
                      {mark && <tspan fill={C[mark]}>{DIFF_MARK[mark]}</tspan>}
                      {steps && <tspan fontWeight="bold">{`${steps.join(", ")}. `}</tspan>}
                      {edge.label.text}
                      {driven(key) ? UI_MARK : ""}
                    </text>
                  )}
                </g>
              )
            })}
          </g>
        </svg>
      </Box>
    </Box>
  )
}
