/**
 * A chart's fingerprint (issue 13): SHA-256 of its canonical definition, so a compliance reviewer
 * approves exactly the chart the app runs and sees when it changed since.
 *
 * `canonicalChart(machine)` is a deterministic JSON text of what the chart says: every state with
 * its nesting, type, initial state, history, tags, meta (descriptions) and entry/exit actions;
 * every transition with its event, guard, targets, actions and whether it re-enters; delayed
 * transitions with their delay; eventless transitions; invoked actors with their id and source.
 * Object keys are sorted; the order of transitions of one event stays (the first enabled one wins).
 * The source of functions is never read: a named guard, action, delay or actor counts by its name,
 * a built-in action or guard (assign, raise, not...) by its type, and an inline function only as
 * "inline". So the text is the same in Node (CI's report) and in the minified browser build, and
 * changing what an implementation does (provided at start-up) does not change the chart.
 */
import { and, not, or, type AnyStateMachine } from "xstate"

type Json = null | boolean | number | string | ReadonlyArray<Json> | { readonly [key: string]: Json }

/** The marker of an inline function (its source is not part of the chart's definition). */
const INLINE = "inline"

// The state node and transition shapes this module reads (xstate's StateNode / TransitionDefinition).
interface NodeLike {
  readonly id: string
  readonly key: string
  readonly type: string
  readonly history: false | "shallow" | "deep"
  readonly states: Readonly<Record<string, NodeLike>>
  readonly initial: { readonly target: ReadonlyArray<NodeLike> } | undefined
  readonly on: Readonly<Record<string, ReadonlyArray<TransitionLike>>>
  readonly after: ReadonlyArray<TransitionLike & { readonly delay: unknown }>
  readonly always?: ReadonlyArray<TransitionLike>
  readonly invoke: ReadonlyArray<{ readonly id: string; readonly src: unknown; readonly systemId?: string }>
  readonly entry: ReadonlyArray<unknown>
  readonly exit: ReadonlyArray<unknown>
  readonly tags: ReadonlyArray<string>
  readonly meta?: unknown
  readonly description?: string
}

interface TransitionLike {
  readonly eventType: string
  readonly target: ReadonlyArray<NodeLike> | undefined
  readonly guard?: unknown
  readonly actions: ReadonlyArray<unknown>
  readonly reenter: boolean
  readonly description?: string
  readonly meta?: unknown
}

/** A JSON value of plain data (functions and undefined dropped, key order left to `stringify`). */
const plain = (value: unknown): Json | undefined => {
  if (value === null || typeof value === "boolean" || typeof value === "string") return value
  if (typeof value === "number") return Number.isFinite(value) ? value : String(value)
  if (Array.isArray(value)) return value.map((v) => plain(v) ?? null)
  if (typeof value === "object") {
    const out: Record<string, Json> = {}
    for (const [k, v] of Object.entries(value)) {
      const p = plain(v)
      if (p !== undefined) out[k] = p
    }
    return out
  }
  return undefined
}

/** A built-in's type ("xstate.assign", "xstate.not"), which xstate sets on the function it makes. */
const builtInType = (fn: unknown): string | undefined => {
  const type = (fn as { type?: unknown }).type
  return typeof type === "string" ? type : undefined
}

// xstate's higher-order guards carry no type, only their nested guards and a shared `check`
// function: known by that function's identity (a name would not survive minification).
const HIGHER_ORDER_GUARDS: ReadonlyArray<readonly [string, unknown]> = [
  ["xstate.and", (and([]) as unknown as { check: unknown }).check],
  ["xstate.or", (or([]) as unknown as { check: unknown }).check],
  ["xstate.not", (not("probe") as unknown as { check: unknown }).check],
]

const guardOf = (guard: unknown): Json => {
  if (guard === undefined || guard === null) return null
  if (typeof guard === "string") return guard
  if (typeof guard === "function") {
    const { check, guards } = guard as { check?: unknown; guards?: ReadonlyArray<unknown> }
    const higher = HIGHER_ORDER_GUARDS.find(([, c]) => c === check)
    if (higher && guards) return { type: higher[0], guards: guards.map(guardOf) }
    return builtInType(guard) ?? INLINE
  }
  if (typeof guard === "object") {
    const { type, params } = guard as { type?: unknown; params?: unknown }
    if (typeof type !== "string") return INLINE
    const p = typeof params === "function" ? INLINE : plain(params)
    return p === undefined ? type : { type, params: p }
  }
  return INLINE
}

const actionOf = (action: unknown): Json => {
  if (typeof action === "string") return action
  if (typeof action === "function") return builtInType(action) ?? INLINE
  if (action !== null && typeof action === "object") {
    const { type } = action as { type?: unknown }
    return typeof type === "string" ? type : INLINE
  }
  return INLINE
}

const delayOf = (delay: unknown): Json => (typeof delay === "number" || typeof delay === "string" ? delay : INLINE)

const srcOf = (src: unknown): Json => (typeof src === "string" ? src : INLINE)

const transitionOf = (t: TransitionLike): Json => {
  const out: Record<string, Json> = {
    target: t.target ? t.target.map((n) => n.id) : [],
    guard: guardOf(t.guard),
    actions: t.actions.map(actionOf),
    reenter: t.reenter,
  }
  if (t.description !== undefined) out.description = t.description
  const meta = plain(t.meta)
  if (meta !== undefined) out.meta = meta
  return out
}

const AFTER = "xstate.after."

const nodeOf = (node: NodeLike): Json => {
  const on: Record<string, Json> = {}
  for (const [event, transitions] of Object.entries(node.on)) {
    if (event.startsWith(AFTER)) continue // delayed transitions are listed with their delay below
    on[event] = transitions.map(transitionOf)
  }
  const states: Record<string, Json> = {}
  for (const [key, child] of Object.entries(node.states)) states[key] = nodeOf(child)
  const out: Record<string, Json> = {
    id: node.id,
    type: node.type,
    history: node.history,
    initial: node.type === "compound" && node.initial ? node.initial.target.map((n) => n.id) : null,
    states,
    on,
    after: node.after.map((t) => ({ delay: delayOf(t.delay), transition: transitionOf(t) })),
    always: (node.always ?? []).map(transitionOf),
    invoke: node.invoke.map((i) => ({ id: i.id, src: srcOf(i.src), systemId: i.systemId ?? null })),
    entry: node.entry.map(actionOf),
    exit: node.exit.map(actionOf),
    tags: [...node.tags].sort(),
    description: node.description ?? null,
    meta: plain(node.meta) ?? null,
  }
  return out
}

/** JSON with every object's keys sorted (arrays keep their order). */
const stringify = (value: Json): string => {
  if (value === null || typeof value !== "object") return JSON.stringify(value)
  if (Array.isArray(value)) return `[${value.map(stringify).join(",")}]`
  const object = value as { readonly [key: string]: Json }
  return `{${Object.keys(object)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${stringify(object[k] as Json)}`)
    .join(",")}}`
}

/** The chart's canonical definition as a deterministic JSON text (see the module comment). */
export const canonicalChart = (machine: AnyStateMachine): string => stringify({ id: machine.id, root: nodeOf(machine.root as unknown as NodeLike) })

const hex = (bytes: ArrayBuffer): string => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("")

/** SHA-256 of `canonicalChart(machine)` (UTF-8) as 64 lower-case hexadecimal characters. */
export const chartFingerprint = async (machine: AnyStateMachine): Promise<string> =>
  hex(await globalThis.crypto.subtle.digest("SHA-256", new TextEncoder().encode(canonicalChart(machine))))

/** A chart as a build lists it for the server (`dist/charts.json`): its fingerprint and canonical definition. */
export const buildChart = async (machine: AnyStateMachine): Promise<{ fingerprint: string; definition: string }> => ({
  fingerprint: await chartFingerprint(machine),
  definition: canonicalChart(machine),
})
