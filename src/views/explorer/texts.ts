import type { TFunction } from "i18next"
import type { AnyStateMachine } from "xstate"
import { allNodes, describeNode, pathOf } from "../../machines/anatomy"

/**
 * The words the explorer writes for a chart's states, events and guards: each chart's own English
 * (state `meta.description`, the root's `meta.events` and `meta.guards`), translated by the
 * describers the app provides (`provideChartTexts`, from src/app/chart-texts/descriptions.ts and the
 * `workflows` namespace). Without them, the chart's English is shown.
 */
export interface ChartTexts {
  /** `statePath` joined with "/". */
  state(t: TFunction, chartId: string, statePath: string, english: string): string
  event(t: TFunction, chartId: string, eventType: string, english: string): string
  guard(t: TFunction, chartId: string, guardName: string, english: string): string
  /** The chart's title or one-line purpose (its root `meta.title`, `meta.purpose`). */
  chart(t: TFunction, chartId: string, part: "title" | "purpose", english: string): string
}

const english: ChartTexts = { state: (_t, _c, _p, en) => en, event: (_t, _c, _e, en) => en, guard: (_t, _c, _g, en) => en, chart: (_t, _c, _p, en) => en }
let texts: ChartTexts = english

/** The app hands in the translated describers once, before the explorer renders. */
export const provideChartTexts = (provided: ChartTexts): void => {
  texts = provided
}

const rootMeta = (machine: AnyStateMachine, section: "events" | "guards"): Record<string, unknown> => {
  const meta = machine.root.meta as Record<string, unknown> | undefined
  const map = meta?.[section]
  return map !== null && typeof map === "object" ? (map as Record<string, unknown>) : {}
}

/** A state as the sentences name it: its path. */
export const describeStatePath = (_t: TFunction, _chart: string, _machine: AnyStateMachine, path: string): string => path

/** A state's description in the user's language. */
export const stateDescription = (t: TFunction, chart: string, machine: AnyStateMachine, path: string): string | undefined => {
  const node = allNodes(machine).find((n) => pathOf(n) === path)
  const en = node ? describeNode(node) : undefined
  return en === undefined ? undefined : texts.state(t, chart, path.split(".").join("/"), en)
}

// A description is a sentence; inside another sentence it loses its final stop.
const withName = (text: string, name: string) => (text === name ? name : `${text.trim().replace(/[.。．]$/, "")} (${name})`)

/** An event in the user's language: its description with its type, or what XState's own events mean. */
export const describeEventType = (t: TFunction, chart: string, machine: AnyStateMachine, eventType: string): string => {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType)
  if (done) return t("text.doneActor", { actor: done[1] })
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType)
  if (error) return t("text.errorActor", { actor: error[1] })
  if (/^xstate\.done\.state\./.test(eventType)) return t("text.doneState")
  const en = rootMeta(machine, "events")[eventType]
  return withName(texts.event(t, chart, eventType, typeof en === "string" ? en : eventType), eventType)
}

/** A guard in the user's language: a named guard's description with its name; a combinator as written. */
export const describeGuardName = (t: TFunction, chart: string, machine: AnyStateMachine, guard: string): string => {
  if (!/^[\w$]+$/.test(guard)) {
    const not = /^not\(([\w$]+)\)$/.exec(guard)
    return not?.[1] ? t("text.not", { guard: describeGuardName(t, chart, machine, not[1]) }) : guard
  }
  const en = rootMeta(machine, "guards")[guard]
  return withName(texts.guard(t, chart, guard, typeof en === "string" ? en : guard), guard)
}

/** The chart's name a reviewer reads, in the user's language (its id when the chart has no `meta.title`). */
export const chartTitle = (t: TFunction, chart: string, machine: AnyStateMachine): string => {
  const en = (machine.root.meta as { title?: unknown } | undefined)?.title
  return texts.chart(t, chart, "title", typeof en === "string" ? en : chart)
}

/** One line on what the chart is for, in the user's language (empty when the chart has no `meta.purpose`). */
export const chartPurpose = (t: TFunction, chart: string, machine: AnyStateMachine): string => {
  const en = (machine.root.meta as { purpose?: unknown } | undefined)?.purpose
  return typeof en === "string" ? texts.chart(t, chart, "purpose", en) : ""
}
