/**
 * What changed between two versions of a chart (issue 34): the approved one and the one the build
 * runs, both as their canonical definitions (`canonicalChart`, src/machines/fingerprint.ts: the text
 * an approval stores and the fingerprint hashes). Pure: it reads the JSON text only, never XState,
 * so the explorer (in the browser), the server and `npm run workflows:diff` (in Node) say the same.
 *
 * A state is known by its path ("open.review"); a transition by its source, event and targets (and
 * its place among transitions with the same three, in definition order). A transition present in
 * both versions whose guard, actions or re-entry differ is "changed"; otherwise it was added or
 * removed. A state present in both whose type, initial state, tags, entry or exit actions, invoked
 * actors or description differ is "changed". Anything else that differs (the chart's texts for its
 * events and guards) is one "texts" change.
 */

/** A chart's structure as the canonical definition says it. */
export interface ChartShape {
  readonly states: ReadonlyMap<string, StateShape>
  readonly transitions: ReadonlyMap<string, TransitionShape>
  /** The root's meta and description as text (the chart's event and guard texts). */
  readonly texts: string
}

export interface StateShape {
  readonly path: string
  readonly aspects: Readonly<Record<StateAspect, string>>
}

/** What a state is made of besides its transitions and children. */
export const STATE_ASPECTS = ["type", "initial", "tags", "entry", "exit", "invoke", "description"] as const
export type StateAspect = (typeof STATE_ASPECTS)[number]

export interface TransitionShape {
  /** Identity: `source|event|targets|#n`. */
  readonly id: string
  /** The source state's path, `(root)` for the chart itself. */
  readonly source: string
  /** The event as the explorer writes it: the type, `after <delay>`, or `always`. */
  readonly event: string
  /** Target paths (`(root)` for the chart itself); empty for a transition without a target. */
  readonly targets: ReadonlyArray<string>
  /** The guard's label (`isValid`, `not(isValid)`), or undefined without one. */
  readonly guard: string | undefined
  readonly actions: ReadonlyArray<string>
  readonly reenter: boolean
}

export type ChartChange =
  | { readonly kind: "state"; readonly change: "added" | "removed"; readonly path: string }
  | { readonly kind: "state"; readonly change: "changed"; readonly path: string; readonly aspects: ReadonlyArray<StateAspect> }
  | { readonly kind: "transition"; readonly change: "added" | "removed"; readonly transition: TransitionShape }
  | {
      readonly kind: "transition"
      readonly change: "changed"
      /** The transition as it is now. */
      readonly transition: TransitionShape
      /** Set when the guard changed. */
      readonly guard?: { readonly before: string | undefined; readonly after: string | undefined }
      /** Set when the actions changed. */
      readonly actions?: { readonly before: ReadonlyArray<string>; readonly after: ReadonlyArray<string> }
      /** Set when re-entry changed. */
      readonly reenter?: { readonly before: boolean; readonly after: boolean }
    }
  | { readonly kind: "texts"; readonly change: "changed" }

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type Obj = { readonly [key: string]: Json }

const ROOT = "(root)"

const isObj = (v: Json | undefined): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v)
const arr = (v: Json | undefined): Json[] => (Array.isArray(v) ? v : [])
const str = (v: Json | undefined): string => (typeof v === "string" ? v : JSON.stringify(v ?? null))

/** A canonical guard as the explorer labels it (src/machines/anatomy.ts's `guardLabel`). */
export const guardText = (guard: Json | undefined): string | undefined => {
  if (guard === null || guard === undefined) return undefined
  if (typeof guard === "string") return guard
  if (isObj(guard)) {
    const type = typeof guard.type === "string" ? guard.type : "inline"
    const nested = guard.guards
    if (Array.isArray(nested)) return `${type.replace(/^xstate\./, "")}(${nested.map((g) => guardText(g) ?? "?").join(", ")})`
    return type
  }
  return "inline"
}

const actionText = (a: Json): string => (typeof a === "string" ? a.replace(/^xstate\./, "") : "inline")

/** Reads a canonical definition (throws on text that is not one). */
export const chartShape = (definition: string): ChartShape => {
  const doc = JSON.parse(definition) as Json
  if (!isObj(doc) || !isObj(doc.root)) throw new Error("not a canonical chart definition")
  const paths = new Map<string, string>()
  const nodes: Array<{ path: string; node: Obj }> = []
  const walk = (node: Obj, path: string) => {
    nodes.push({ path, node })
    if (typeof node.id === "string") paths.set(node.id, path || ROOT)
    const children = isObj(node.states) ? node.states : {}
    for (const [key, child] of Object.entries(children)) if (isObj(child)) walk(child, path ? `${path}.${key}` : key)
  }
  walk(doc.root, "")
  const target = (id: Json) => paths.get(str(id)) ?? str(id)

  const states = new Map<string, StateShape>()
  const transitions = new Map<string, TransitionShape>()
  const add = (source: string, event: string, t: Json) => {
    if (!isObj(t)) return
    const targets = arr(t.target).map(target)
    const base = `${source}|${event}|${targets.join(",")}`
    let id = `${base}|#1`
    for (let n = 2; transitions.has(id); n++) id = `${base}|#${n}`
    transitions.set(id, { id, source, event, targets, guard: guardText(t.guard), actions: arr(t.actions).map(actionText), reenter: t.reenter === true })
  }
  for (const { path, node } of nodes) {
    const source = path || ROOT
    if (path !== "") {
      const invokes = arr(node.invoke).map((i) => (isObj(i) ? `${str(i.src)} (${str(i.id)})` : str(i)))
      states.set(path, {
        path,
        aspects: {
          type: str(node.type),
          initial: arr(node.initial).map(target).join(", "),
          tags: arr(node.tags).map(str).join(", "),
          entry: arr(node.entry).map(actionText).join(", "),
          exit: arr(node.exit).map(actionText).join(", "),
          invoke: invokes.join(", "),
          description: str(isObj(node.meta) ? (node.meta.description ?? null) : null),
        },
      })
    }
    for (const [event, list] of Object.entries(isObj(node.on) ? node.on : {})) for (const t of arr(list)) add(source, event, t)
    for (const a of arr(node.after)) if (isObj(a)) add(source, `after ${str(a.delay).replace(/^"|"$/g, "")}`, a.transition ?? null)
    for (const t of arr(node.always)) add(source, "always", t)
  }
  return { states, transitions, texts: JSON.stringify([doc.root.meta ?? null, doc.root.description ?? null]) }
}

const sameList = (a: ReadonlyArray<string>, b: ReadonlyArray<string>) => a.length === b.length && a.every((x, i) => x === b[i])

/**
 * The changes from `before` to `after` (canonical definitions): states first (added, changed,
 * removed, each in path order), then transitions (in the order of their source state), then texts.
 */
export const diffCharts = (before: string, after: string): ChartChange[] => {
  const old = chartShape(before)
  const now = chartShape(after)
  const changes: ChartChange[] = []
  const paths = [...new Set([...now.states.keys(), ...old.states.keys()])].sort()
  for (const path of paths) {
    const a = old.states.get(path)
    const b = now.states.get(path)
    if (!a) changes.push({ kind: "state", change: "added", path })
    else if (!b) changes.push({ kind: "state", change: "removed", path })
    else {
      const aspects = STATE_ASPECTS.filter((k) => a.aspects[k] !== b.aspects[k])
      if (aspects.length > 0) changes.push({ kind: "state", change: "changed", path, aspects })
    }
  }
  const ids = [...new Set([...now.transitions.keys(), ...old.transitions.keys()])].sort((x, y) => {
    const tx = now.transitions.get(x) ?? old.transitions.get(x)
    const ty = now.transitions.get(y) ?? old.transitions.get(y)
    return (tx?.source ?? "").localeCompare(ty?.source ?? "") || x.localeCompare(y)
  })
  for (const id of ids) {
    const a = old.transitions.get(id)
    const b = now.transitions.get(id)
    if (!a && b) changes.push({ kind: "transition", change: "added", transition: b })
    else if (a && !b) changes.push({ kind: "transition", change: "removed", transition: a })
    else if (a && b) {
      const guard = a.guard === b.guard ? undefined : { before: a.guard, after: b.guard }
      const actions = sameList(a.actions, b.actions) ? undefined : { before: a.actions, after: b.actions }
      const reenter = a.reenter === b.reenter ? undefined : { before: a.reenter, after: b.reenter }
      if (guard || actions || reenter)
        changes.push({
          kind: "transition",
          change: "changed",
          transition: b,
          ...(guard && { guard }),
          ...(actions && { actions }),
          ...(reenter && { reenter }),
        })
    }
  }
  if (old.texts !== now.texts) changes.push({ kind: "texts", change: "changed" })
  return changes
}

/** How the diagram marks a state or transition that changed since approval. */
export type DiffMark = "added" | "changed"

/** The transition fields the diagram knows a transition by (src/machines/anatomy.ts's `TransitionDetail`). */
export interface DrawnTransition {
  readonly key: string
  readonly source: string
  readonly event: string
  readonly guard: string | undefined
  readonly target: string | undefined
}

/**
 * The marks of the diagram of the current version: state paths and transition keys (of
 * `transitions`, the chart's drawn transitions) that were added or changed. Removed ones are not
 * drawn (the text form lists them).
 */
export const diffMarks = (changes: ReadonlyArray<ChartChange>, transitions: ReadonlyArray<DrawnTransition>): ReadonlyMap<string, DiffMark> => {
  const marks = new Map<string, DiffMark>()
  for (const c of changes) {
    if (c.kind === "state" && c.change !== "removed") marks.set(c.path, c.change)
    if (c.kind === "transition" && c.change !== "removed") {
      const t = c.transition
      const targets: ReadonlyArray<string | undefined> = t.targets.length === 0 ? [undefined] : t.targets
      for (const drawn of transitions) {
        if (drawn.source === t.source && drawn.event === t.event && drawn.guard === t.guard && targets.includes(drawn.target) && !marks.has(drawn.key))
          marks.set(drawn.key, c.change)
      }
    }
  }
  return marks
}
