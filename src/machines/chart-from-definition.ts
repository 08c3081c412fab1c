import { and, createMachine, not, or, type AnyStateMachine } from "xstate"

/**
 * A chart rebuilt from its canonical definition (issue 34): the text an approval stores
 * (`canonicalChart`, src/machines/fingerprint.ts), turned back into a machine with the same states,
 * transitions, guards, actions and actors by name, so the explorer can draw a version the build does
 * not run (the last approved one) and answer a reviewer's questions about it. Nothing is provided:
 * the machine is for reading, never for running. Its canonical definition is the text it was made
 * from (test/unit/machines/chart-from-definition.test.ts checks it for every chart).
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type Obj = { readonly [key: string]: Json }

const isObj = (v: Json | undefined): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v)
const list = (v: Json | undefined): Json[] => (Array.isArray(v) ? v : [])
const strings = (v: Json | undefined): string[] => list(v).filter((s): s is string => typeof s === "string")

const HIGHER_ORDER: Record<string, (guards: unknown[]) => unknown> = {
  "xstate.and": (guards) => and(guards as Parameters<typeof and>[0]),
  "xstate.or": (guards) => or(guards as Parameters<typeof or>[0]),
  "xstate.not": (guards) => not(guards[0] as Parameters<typeof not>[0]),
}

/** A built-in action (assign, raise...) stands for itself by its type, as xstate marks the function it makes. */
const actionOf = (action: string): unknown => (action.startsWith("xstate.") ? Object.assign(() => undefined, { type: action }) : action)
const actions = (v: Json | undefined): unknown[] => strings(v).map(actionOf)

const guardOf = (guard: Json | undefined): unknown => {
  if (guard === null || guard === undefined) return undefined
  if (typeof guard === "string") return guard
  if (isObj(guard) && typeof guard.type === "string") {
    const higher = HIGHER_ORDER[guard.type]
    if (higher && Array.isArray(guard.guards)) return higher(guard.guards.map(guardOf))
    return guard.params === undefined ? guard.type : { type: guard.type, params: guard.params }
  }
  return "inline"
}

const transitionOf = (t: Json): Record<string, unknown> => {
  const o = isObj(t) ? t : {}
  const out: Record<string, unknown> = {
    target: strings(o.target).map((id) => `#${id}`),
    actions: actions(o.actions),
    reenter: o.reenter === true,
  }
  const guard = guardOf(o.guard)
  if (guard !== undefined) out.guard = guard
  if (typeof o.description === "string") out.description = o.description
  if (o.meta !== undefined) out.meta = o.meta
  return out
}

const nodeOf = (node: Obj): Record<string, unknown> => {
  const children = isObj(node.states) ? node.states : {}
  const states: Record<string, unknown> = {}
  for (const [key, child] of Object.entries(children)) if (isObj(child)) states[key] = nodeOf(child)
  const on: Record<string, unknown> = {}
  if (isObj(node.on)) for (const [event, ts] of Object.entries(node.on)) on[event] = list(ts).map(transitionOf)
  const after: Record<string, unknown[]> = {}
  for (const a of list(node.after)) {
    if (!isObj(a)) continue
    const delay = typeof a.delay === "number" || typeof a.delay === "string" ? String(a.delay) : "inline"
    ;(after[delay] ??= []).push(transitionOf(a.transition ?? null))
  }
  const initialId = strings(node.initial)[0]
  const initial = initialId === undefined ? undefined : (Object.entries(children).find(([, c]) => isObj(c) && c.id === initialId)?.[0] ?? `#${initialId}`)
  const out: Record<string, unknown> = {
    id: node.id,
    states,
    on,
    after,
    always: list(node.always).map(transitionOf),
    invoke: list(node.invoke)
      .filter(isObj)
      .map((i) => ({ id: i.id, src: typeof i.src === "string" ? i.src : "inline", ...(typeof i.systemId === "string" ? { systemId: i.systemId } : {}) })),
    // xstate schedules and cancels each delay by actions of its own, which the canonical text lists.
    entry: actions(node.entry).slice(0, strings(node.entry).length - Object.keys(after).length),
    exit: actions(node.exit).slice(0, strings(node.exit).length - Object.keys(after).length),
    tags: strings(node.tags),
  }
  if (node.type === "parallel" || node.type === "final" || node.type === "history") out.type = node.type
  if (node.type === "history" && (node.history === "shallow" || node.history === "deep")) out.history = node.history
  if (initial !== undefined) out.initial = initial
  if (typeof node.description === "string") out.description = node.description
  if (node.meta !== null && node.meta !== undefined) out.meta = node.meta
  return out
}

/** The chart a canonical definition describes, for reading (its diagram, its graph); throws on a text that is not one. */
export const chartFromDefinition = (definition: string): AnyStateMachine => {
  const doc = JSON.parse(definition) as Json
  if (!isObj(doc) || typeof doc.id !== "string" || !isObj(doc.root)) throw new Error("not a canonical chart definition")
  const config = { ...nodeOf(doc.root), id: doc.id }
  return createMachine(config as Parameters<typeof createMachine>[0]) as unknown as AnyStateMachine
}
