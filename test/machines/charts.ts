/**
 * Every chart of the registry (src/app/registry.ts), loaded from its file: `chartId` is the
 * registry id, which is the file name without `.machine.ts` ("order-ticket") and the chart's own
 * `machine.id`; `machine` the one chart the file exports. (test/unit/app/registry.test.ts checks
 * that every chart file of src/machines has its registry line.)
 */
import type { AnyStateMachine } from "xstate"
import { WORKFLOW_IDS, workflowFiles } from "../../src/app/registry"

const chartModules = import.meta.glob<Record<string, unknown>>("../../src/machines/*.machine.ts")

export interface ChartEntry {
  readonly chartId: string
  readonly machine: AnyStateMachine
}

const isMachine = (v: unknown): v is AnyStateMachine => typeof v === "object" && v !== null && "provide" in v && "config" in v && "root" in v

/** The charts, sorted by id; throws when a registry line has no chart file, or its file does not export exactly one chart with that id. */
export const loadCharts = async (): Promise<ReadonlyArray<ChartEntry>> =>
  Promise.all(
    WORKFLOW_IDS.map(async (chartId) => {
      const file = workflowFiles(chartId).chart
      const load = chartModules[`../../${file}`]
      if (!load) throw new Error(`the registry's '${chartId}' has no ${file}`)
      const machines = Object.values(await load()).filter(isMachine)
      if (machines.length !== 1) throw new Error(`${file} exports ${machines.length} charts, not one`)
      const machine = machines[0] as AnyStateMachine
      if (machine.id !== chartId) throw new Error(`${file} names its chart '${machine.id}', not '${chartId}'`)
      return { chartId, machine }
    }),
  )
