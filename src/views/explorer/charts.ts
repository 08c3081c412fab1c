import type { AnyStateMachine } from "xstate"

/**
 * Every chart of src/machines, as the app imports it (the very definitions the app runs, before
 * the app provides their actors): one per `<chart>.machine.ts`, named by its file.
 */
export interface ExplorerChart {
  /** The file name without `.machine.ts` (`order-ticket`), as the model reports name it. */
  readonly chart: string
  readonly machine: AnyStateMachine
}

const modules = import.meta.glob<Record<string, unknown>>("../../machines/*.machine.ts", { eager: true })

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === "object" && value !== null && "root" in value && "config" in value && "provide" in value

export const EXPLORER_CHARTS: ReadonlyArray<ExplorerChart> = Object.entries(modules)
  .map(([file, module]) => {
    const chart = file.replace(/^.*\//, "").replace(/\.machine\.ts$/, "")
    const machine = Object.values(module).find(isMachine)
    if (!machine) throw new Error(`src/machines/${chart}.machine.ts exports no chart`)
    return { chart, machine }
  })
  .sort((a, b) => a.chart.localeCompare(b.chart))

export const chartByName = (chart: string): ExplorerChart | undefined => EXPLORER_CHARTS.find((c) => c.chart === chart)
