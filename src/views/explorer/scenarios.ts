import type { TFunction } from "i18next"
import type { AnyStateMachine } from "xstate"
import { chartTransitions } from "../../machines/anatomy"
import type { Scenario, ScenarioStep } from "../../machines/workflow-coverage.machine"
import { describeEventType, describeGuardName, describeStatePath } from "./texts"

/**
 * Scenarios (issue 13): the paths the model tests replay, one per reachable state. The model
 * harness (test/model/harness.ts, `scenarioReport`) writes, for every state its replays reached,
 * the shortest replayed path there into reports/model/<chart>.json; the server serves the reports
 * (coverage.ts) and this file turns each step into a sentence in the user's language.
 */
export type { Scenario, ScenarioStep }

const PAYLOAD_VALUE_LIMIT = 48

/** A payload as a short list of `key: value`, values clipped (`side: SELL, amount: 100`). */
export const payloadSummary = (payload: Readonly<Record<string, unknown>>, separator: string): string =>
  Object.entries(payload)
    .map(([key, value]) => {
      const text = typeof value === "string" ? value : (JSON.stringify(value) ?? String(value))
      return `${key}: ${text.length > PAYLOAD_VALUE_LIMIT ? `${text.slice(0, PAYLOAD_VALUE_LIMIT - 1)}…` : text}`
    })
    .join(separator)

/** One scenario step as a sentence: what happens, the guards it passed, and the state it leads to. */
export const scenarioSentence = (t: TFunction, chart: string, machine: AnyStateMachine, step: ScenarioStep): string => {
  const guards = new Map(chartTransitions(machine).map((tr) => [tr.key, tr.guard]))
  const sep = t("text.separator")
  const what = (() => {
    switch (step.kind) {
      case "event": {
        const event = describeEventType(t, chart, machine, step.type)
        return step.payload && Object.keys(step.payload).length ? t("scenarios.with", { event, payload: payloadSummary(step.payload, sep) }) : event
      }
      case "timer":
        return t("scenarios.waitMs", { ms: step.after })
      case "done":
        return t("scenarios.succeeds", { call: step.actor })
      case "error":
        return t("scenarios.fails", { call: step.actor, reason: step.reason })
    }
  })()
  const passed = step.transitions.flatMap((key) => {
    const guard = guards.get(key)
    return guard ? [t("text.if", { guard: describeGuardName(t, chart, machine, guard) })] : []
  })
  const now = t("scenarios.now", { state: step.states.map((s) => describeStatePath(t, chart, machine, s)).join(t("text.listSeparator")) })
  return [what, ...new Set(passed), now].join(sep)
}
