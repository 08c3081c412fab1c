/**
 * "Why is this disabled" (issue 13): when a chart refuses a control's event because of a guard,
 * the control says why in the user's language, from that guard's description (the same text the
 * workflow explorer shows). `refusingGuard` finds the guard by reading the running chart; it never
 * guesses: no guard, no reason.
 *
 * 1. The event's transitions in the active states that would move the chart on (have a target):
 *    when every one of them has a named guard that is false now, the first one's guard refuses
 *    (instant deposit's Update: `canUpdate`; the ticket's Create Order without a portfolio:
 *    `hasAccount`). A transition that only shows a message is not moving on.
 * 2. Else, no active state takes the event: an eventless decision led here instead of to a state
 *    that takes it; that branch's guard refused (create-portfolio's Create: `isVerified`).
 * A state that is loading or busy refuses nothing (it waits), so it gives no reason.
 */
import i18next from "i18next"
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from "xstate"
import { chartDescriptions, describeGuard, guardNames } from "./descriptions"
import { activeStateNodes } from "../../machines/introspection"

interface TransitionLike {
  readonly target?: ReadonlyArray<NodeLike>
  readonly guard?: unknown
}
interface NodeLike {
  readonly parent?: NodeLike
  readonly states: Readonly<Record<string, NodeLike>>
  readonly on: Readonly<Record<string, ReadonlyArray<TransitionLike>>>
  readonly always?: ReadonlyArray<TransitionLike>
}

type GuardImplementation = (args: { context: unknown; event: EventObject }, params: unknown) => boolean

/** A named guard's value now (undefined when it cannot be evaluated: an inline or combined guard). */
const evaluate = (machine: AnyStateMachine, guard: unknown, snapshot: AnyMachineSnapshot, event: EventObject): boolean | undefined => {
  const name = typeof guard === "string" ? guard : guard !== null && typeof guard === "object" ? (guard as { type?: unknown }).type : undefined
  if (typeof name !== "string") return undefined
  const implementation = (machine.implementations.guards as Record<string, GuardImplementation | undefined>)[name]
  if (typeof implementation !== "function") return undefined
  const args = { context: snapshot.context, event }
  const rawParams = typeof guard === "object" && guard !== null ? (guard as { params?: unknown }).params : undefined
  const params = typeof rawParams === "function" ? (rawParams as (a: typeof args) => unknown)(args) : rawParams
  return implementation(args, params)
}

const takes = (node: NodeLike, eventType: string): boolean => eventType in node.on || Object.values(node.states).some((child) => takes(child, eventType))

/** The name of the guard that refuses `event` in `snapshot`, or null (see the module comment). */
export const refusingGuard = (snapshot: AnyMachineSnapshot, event: EventObject): string | null => {
  if (snapshot.status !== "active") return null
  if (snapshot.hasTag("busy") || snapshot.hasTag("loading")) return null
  const machine = snapshot.machine as AnyStateMachine
  const active = [...(activeStateNodes(snapshot) as unknown as ReadonlyArray<NodeLike>)].reverse() // deepest first
  for (const node of active) {
    const moving = (node.on[event.type] ?? []).filter((t) => t.target !== undefined && t.target.length > 0)
    if (moving.length === 0) continue
    const values = moving.map((t) => (t.guard === undefined ? true : evaluate(machine, t.guard, snapshot, event)))
    if (values.some((v) => v !== false)) return null // it can move on (or a guard cannot be judged): nothing to explain
    return guardNames(moving[0]?.guard)[0] ?? null
  }
  if (snapshot.can(event) || active.some((node) => event.type in node.on)) return null
  for (const node of active) {
    const siblings = Object.values(node.parent?.states ?? {})
    for (const decision of siblings) {
      const branches = decision.always ?? []
      if (!branches.some((b) => b.target?.includes(node))) continue
      for (const branch of branches) {
        if (branch.target?.some((t) => takes(t, event.type)) && evaluate(machine, branch.guard, snapshot, event) === false) {
          return guardNames(branch.guard)[0] ?? null
        }
      }
    }
  }
  return null
}

/**
 * Why `event` is refused, in the user's language (the refusing guard's description from the
 * `workflows` namespace, the chart's English when untranslated), or null when no guard refuses it.
 */
export const whyDisabled = (machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: EventObject): string | null => {
  const guard = refusingGuard(snapshot, event)
  if (guard === null) return null
  const chartId = machine.id
  const english = chartDescriptions(machine, chartId).guards[guard]
  if (english === undefined) return null
  return describeGuard(i18next.t, chartId, guard, english)
}
