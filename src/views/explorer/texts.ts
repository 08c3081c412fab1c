import type { TFunction } from "i18next"
import type { AnyStateMachine } from "xstate"
import { allNodes, describeNode, pathOf } from "../../machines/anatomy"

/**
 * Names the explorer writes for a chart's states, events and guards. Until each chart carries
 * translated descriptions, the state's own English `meta.description` and the raw event and guard
 * names are shown.
 */

export const describeStatePath = (_t: TFunction, _chart: string, _machine: AnyStateMachine, path: string): string => path

export const stateDescription = (_t: TFunction, _chart: string, machine: AnyStateMachine, path: string): string | undefined => {
  const node = allNodes(machine).find((n) => pathOf(n) === path)
  return node ? describeNode(node) : undefined
}

export const describeEventType = (t: TFunction, _chart: string, _machine: AnyStateMachine, eventType: string): string => {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType)
  if (done) return t("text.doneActor", { actor: done[1] })
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType)
  if (error) return t("text.errorActor", { actor: error[1] })
  if (/^xstate\.done\.state\./.test(eventType)) return t("text.doneState")
  return eventType
}

export const describeGuardName = (_t: TFunction, _chart: string, _machine: AnyStateMachine, guard: string): string => guard
