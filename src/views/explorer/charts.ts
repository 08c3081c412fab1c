import type { AnyStateMachine } from "xstate"
import { charts } from "virtual:chartfolio-charts"

/**
 * Every chart of the registry (src/app/registry.ts, through the module vite.config.ts generates
 * from it), as the app imports it (the very definitions the app runs, before the app provides
 * their actors), named by its id.
 */
export interface ExplorerChart {
  /** The chart's id: its registry line, its file name without `.machine.ts` (`order-ticket`), its `machine.id`. */
  readonly chart: string
  readonly machine: AnyStateMachine
}

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === "object" && value !== null && "root" in value && "config" in value && "provide" in value

export const EXPLORER_CHARTS: ReadonlyArray<ExplorerChart> = Object.entries(charts)
  .map(([chart, module]) => {
    const machine = Object.values(module).find(isMachine)
    if (!machine) throw new Error(`src/machines/${chart}.machine.ts exports no chart`)
    return { chart, machine }
  })
  .sort((a, b) => a.chart.localeCompare(b.chart))

export const chartByName = (chart: string): ExplorerChart | undefined => EXPLORER_CHARTS.find((c) => c.chart === chart)
