// Writes the build's charts file (issue 34): { charts: { <id>: { fingerprint, definition } } } for
// every chart of the registry (src/app/registry.ts), the canonical definition and its SHA-256
// (src/machines/fingerprint.ts). `npm run build` writes dist/charts.json; the server reads it at
// start-up (CHARTS_FILE) and approves only these charts in these versions.
//   npx tsx scripts/chart-manifest.ts [file]   (default dist/charts.json)
import { mkdirSync, writeFileSync } from "node:fs"
import { dirname } from "node:path"
import { pathToFileURL } from "node:url"
import type { AnyStateMachine } from "xstate"
import type { ChartManifest } from "../src/contract/workflows"
import { WORKFLOW_IDS, workflowFiles } from "../src/app/registry"
import { buildChart } from "../src/machines/fingerprint"

const isMachine = (v: unknown): v is AnyStateMachine => typeof v === "object" && v !== null && "provide" in v && "root" in v

/** Every chart of the registry by id, as the files of src/machines define them (run from the repository's root). */
export const registryCharts = async (): Promise<ReadonlyArray<{ readonly id: string; readonly machine: AnyStateMachine }>> =>
  Promise.all(
    WORKFLOW_IDS.map(async (id) => {
      const file = workflowFiles(id).chart
      const module = (await import(pathToFileURL(`${process.cwd()}/${file}`).href)) as Record<string, unknown>
      const machine = Object.values(module).find(isMachine)
      if (!machine) throw new Error(`${file} exports no chart`)
      return { id, machine }
    }),
  )

/** The charts file of the charts given. */
export const chartManifest = async (charts: ReadonlyArray<{ readonly id: string; readonly machine: AnyStateMachine }>): Promise<ChartManifest> => {
  const out: Record<string, ChartManifest["charts"][string]> = {}
  for (const { id, machine } of [...charts].sort((a, b) => a.id.localeCompare(b.id))) out[id] = await buildChart(machine)
  return { charts: out }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const file = process.argv[2] ?? "dist/charts.json"
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, `${JSON.stringify(await chartManifest(await registryCharts()))}\n`)
  console.log(`charts: ${file}`)
}
