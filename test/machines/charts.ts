/**
 * Every chart of src/machines, loaded as the registry test does: `chartId` is the file name
 * without `.machine.ts` ("order-ticket"), `machine` the one chart the file exports.
 */
import { readdirSync } from "node:fs"
import type { AnyStateMachine } from "xstate"

const chartModules = import.meta.glob<Record<string, unknown>>("../../src/machines/*.machine.ts")

export interface ChartEntry {
  readonly chartId: string
  readonly machine: AnyStateMachine
}

const isMachine = (v: unknown): v is AnyStateMachine => typeof v === "object" && v !== null && "provide" in v && "config" in v && "root" in v

/** The charts, sorted by id; throws when a file is not loadable or does not export exactly one chart. */
export const loadCharts = async (): Promise<ReadonlyArray<ChartEntry>> => {
  const files = readdirSync("src/machines")
    .filter((f) => f.endsWith(".machine.ts"))
    .sort()
  if (Object.keys(chartModules).length !== files.length) throw new Error("import.meta.glob and src/machines disagree")
  return Promise.all(
    files.map(async (file) => {
      const load = chartModules[`../../src/machines/${file}`]
      if (!load) throw new Error(`no module for ${file}`)
      const machines = Object.values(await load()).filter(isMachine)
      if (machines.length !== 1) throw new Error(`${file} exports ${machines.length} charts, not one`)
      return { chartId: file.replace(/\.machine\.ts$/, ""), machine: machines[0] as AnyStateMachine }
    }),
  )
}
