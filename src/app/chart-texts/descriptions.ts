/**
 * What a chart's states, events and guards mean, from one source per chart (issue 13): the English
 * is in the chart itself (each state's `meta.description`; the root's `meta.title` and
 * `meta.purpose`, the chart's name and one line on what it is for (issue 34), `meta.events` and
 * `meta.guards`), the other five languages in the `workflows` namespace
 * (src/i18n/locales/<lang>/workflows.json):
 *
 *   { "<chart id>": { "title": "…", "purpose": "…", "states": { "<state path joined with />": "…" }, "events": { "<event type>": "…" }, "guards": { "<guard name>": "…" } } }
 *
 * en/workflows.json is generated from the charts (`npx tsx scripts/workflow-texts.ts`) because
 * the i18n tooling wants every namespace in English; a test keeps it equal to the charts. The
 * `describe…` functions read the namespace with the chart's English as the fallback; event types
 * contain dots, so they read each chart's map as an object instead of through i18next's key path.
 */
import type { TFunction } from "i18next"
import { and, not, or, type AnyStateMachine } from "xstate"

/** The translation namespace of the charts' descriptions. */
export const WORKFLOWS_NAMESPACE = "workflows"

/** The English descriptions of one chart: states by path ("open/editing"), events by type, guards by name. */
export interface ChartDescriptions {
  readonly chartId: string
  /** The chart's name a reviewer reads (`meta.title`); its id when it has none. */
  readonly title: string
  /** One line on what the chart is for (`meta.purpose`); empty when it has none. */
  readonly purpose: string
  readonly states: Readonly<Record<string, string>>
  readonly events: Readonly<Record<string, string>>
  readonly guards: Readonly<Record<string, string>>
}

/** What a chart is made of that needs a description: state paths, user events (no xstate.*), named guards. */
export interface ChartParts {
  readonly states: ReadonlyArray<string>
  readonly events: ReadonlyArray<string>
  readonly guards: ReadonlyArray<string>
}

// The state node shape read here (xstate's StateNode).
interface NodeLike {
  readonly states: Readonly<Record<string, NodeLike>>
  readonly on: Readonly<Record<string, ReadonlyArray<{ readonly guard?: unknown }>>>
  readonly after: ReadonlyArray<{ readonly guard?: unknown }>
  readonly always?: ReadonlyArray<{ readonly guard?: unknown }>
  readonly meta?: unknown
}

const HIGHER_ORDER_CHECKS: ReadonlyArray<unknown> = [and([]), or([]), not("probe")].map((g) => (g as unknown as { check: unknown }).check)

/** The guard names a transition's guard refers to (inside `and`/`or`/`not` too). */
export const guardNames = (guard: unknown): ReadonlyArray<string> => {
  if (typeof guard === "string") return [guard]
  if (typeof guard === "function") {
    const { check, guards } = guard as { check?: unknown; guards?: ReadonlyArray<unknown> }
    return HIGHER_ORDER_CHECKS.includes(check) && guards ? guards.flatMap(guardNames) : []
  }
  if (guard !== null && typeof guard === "object") {
    const { type } = guard as { type?: unknown }
    return typeof type === "string" ? [type] : []
  }
  return []
}

const textMap = (value: unknown): Record<string, string> => {
  if (value === null || typeof value !== "object") return {}
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === "string"))
}

const metaOf = (node: NodeLike): Record<string, unknown> => (node.meta !== null && typeof node.meta === "object" ? (node.meta as Record<string, unknown>) : {})

const walk = (node: NodeLike, path: ReadonlyArray<string>, visit: (node: NodeLike, path: ReadonlyArray<string>) => void): void => {
  visit(node, path)
  for (const [key, child] of Object.entries(node.states)) walk(child, [...path, key], visit)
}

/** Every state path, user event and named guard of a chart, sorted (see `ChartParts`). */
export const chartParts = (machine: AnyStateMachine): ChartParts => {
  const states: string[] = []
  const events = new Set<string>()
  const guards = new Set<string>()
  walk(machine.root as unknown as NodeLike, [], (node, path) => {
    if (path.length > 0) states.push(path.join("/"))
    for (const [event, transitions] of Object.entries(node.on)) {
      if (!event.startsWith("xstate.")) events.add(event)
      for (const t of transitions) for (const g of guardNames(t.guard)) guards.add(g)
    }
    for (const t of [...node.after, ...(node.always ?? [])]) for (const g of guardNames(t.guard)) guards.add(g)
  })
  return { states: states.sort(), events: [...events].sort(), guards: [...guards].sort() }
}

/** The chart's own English: each state's `meta.description`, the root's `meta.events` and `meta.guards`. */
export const chartDescriptions = (machine: AnyStateMachine, chartId: string): ChartDescriptions => {
  const root = machine.root as unknown as NodeLike
  const states: Record<string, string> = {}
  walk(root, [], (node, path) => {
    const description = metaOf(node).description
    if (path.length > 0 && typeof description === "string") states[path.join("/")] = description
  })
  const { title, purpose } = metaOf(root)
  return {
    chartId,
    title: typeof title === "string" ? title : chartId,
    purpose: typeof purpose === "string" ? purpose : "",
    states,
    events: textMap(metaOf(root).events),
    guards: textMap(metaOf(root).guards),
  }
}

/** A chart's title or purpose in the current language; the chart's English when untranslated. */
export const describeChart = (t: TFunction, chartId: string, part: "title" | "purpose", english: string): string => {
  const text: unknown = t(`${chartId}.${part}`, { ns: WORKFLOWS_NAMESPACE, defaultValue: "" })
  return typeof text === "string" && text.trim() !== "" ? text : english
}

type Section = "states" | "events" | "guards"

const translated = (t: TFunction, chartId: string, section: Section, key: string, english: string): string => {
  const map: unknown = t(`${chartId}.${section}`, { ns: WORKFLOWS_NAMESPACE, returnObjects: true, defaultValue: null })
  const text = map !== null && typeof map === "object" ? (map as Record<string, unknown>)[key] : undefined
  return typeof text === "string" && text.trim() !== "" ? text : english
}

/** A state's description in the current language (`statePath` joined with "/"); the chart's English when untranslated. */
export const describeState = (t: TFunction, chartId: string, statePath: string, english: string): string => translated(t, chartId, "states", statePath, english)

/** An event's description in the current language; the chart's English when untranslated. */
export const describeEvent = (t: TFunction, chartId: string, eventType: string, english: string): string => translated(t, chartId, "events", eventType, english)

/** A guard's description in the current language; the chart's English when untranslated. */
export const describeGuard = (t: TFunction, chartId: string, guardName: string, english: string): string => translated(t, chartId, "guards", guardName, english)
