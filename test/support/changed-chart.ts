/**
 * An earlier version of a chart, made from its canonical definition for tests (issue 34): the
 * version a reviewer approved before a state was added and a guard changed. `withoutState` drops a
 * state and every transition into it; `withGuard` gives the transitions of `source` on `event` the
 * guard `guard`; `withTransition` adds a transition (a version broken on purpose). The result is a canonical definition (the same sorted JSON text).
 */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type Obj = { [key: string]: Json }

const isObj = (v: Json | undefined): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v)

const stringify = (value: Json): string => {
  if (value === null || typeof value !== "object") return JSON.stringify(value)
  if (Array.isArray(value)) return `[${value.map(stringify).join(",")}]`
  return `{${Object.keys(value)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${stringify(value[k] as Json)}`)
    .join(",")}}`
}

const nodeAt = (root: Obj, path: string): Obj => {
  let node = root
  for (const key of path.split(".")) {
    const next = isObj(node.states) ? node.states[key] : undefined
    if (!isObj(next)) throw new Error(`no state ${path}`)
    node = next
  }
  return node
}

const eachTransitionList = (node: Obj, visit: (list: Json[]) => Json[]) => {
  if (isObj(node.on)) for (const [event, list] of Object.entries(node.on)) if (Array.isArray(list)) node.on[event] = visit(list)
  if (Array.isArray(node.after)) {
    node.after = node.after.filter((a) => isObj(a) && visit([a.transition ?? null]).length > 0)
  }
  if (Array.isArray(node.always)) node.always = visit(node.always)
  if (isObj(node.states)) for (const child of Object.values(node.states)) if (isObj(child)) eachTransitionList(child, visit)
}

export interface EarlierVersion {
  /** The state (path) the earlier version did not have. */
  readonly withoutState?: string
  /** The guard a transition had: `source` state path, `event` type, `guard` name. */
  readonly withGuard?: { readonly source: string; readonly event: string; readonly guard: string }
  /** A transition the version had besides: from `source` on `event` (unguarded, no actions) to `target` (state paths). */
  readonly withTransition?: { readonly source: string; readonly event: string; readonly target: string }
}

/** The canonical definition `definition` as it was before `change`. */
export const earlierVersion = (definition: string, change: EarlierVersion): string => {
  const doc = JSON.parse(definition) as Obj
  const root = doc.root as Obj
  if (change.withoutState) {
    const parts = change.withoutState.split(".")
    const key = parts.pop() as string
    const parent = parts.length ? nodeAt(root, parts.join(".")) : root
    const gone = (isObj(parent.states) ? parent.states[key] : null) as Obj
    const goneId = gone.id
    delete (parent.states as Obj)[key]
    eachTransitionList(root, (list) => list.filter((t) => !(isObj(t) && Array.isArray(t.target) && t.target.includes(goneId as Json))))
  }
  if (change.withGuard) {
    const node = nodeAt(root, change.withGuard.source)
    const list = isObj(node.on) ? node.on[change.withGuard.event] : undefined
    if (!Array.isArray(list) || !isObj(list[0])) throw new Error(`no ${change.withGuard.event} in ${change.withGuard.source}`)
    list[0].guard = change.withGuard.guard
  }
  if (change.withTransition) {
    const node = nodeAt(root, change.withTransition.source)
    const target = nodeAt(root, change.withTransition.target).id as Json
    const on = (isObj(node.on) ? node.on : (node.on = {})) as Obj
    const list = Array.isArray(on[change.withTransition.event]) ? (on[change.withTransition.event] as Json[]) : []
    on[change.withTransition.event] = [...list, { actions: [], guard: null, reenter: false, target: [target] }]
  }
  return stringify(doc)
}
