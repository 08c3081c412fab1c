// Writes src/i18n/locales/en/workflows.json from the charts' own English (issue 13): every chart of
// the registry (src/app/registry.ts) as { title, purpose, states, events, guards } (src/app/chart-texts/descriptions.ts). The English lives
// in the charts; this file exists because every i18n namespace has an English file. Run it after
// changing a chart's descriptions:  npx tsx scripts/workflow-texts.ts   (--check: exit 1 if stale)
import { readFileSync, writeFileSync } from "node:fs"
import { pathToFileURL } from "node:url"
import type { AnyStateMachine } from "xstate"
import { chartDescriptions } from "../src/app/chart-texts/descriptions"
import { WORKFLOW_IDS, workflowFiles } from "../src/app/registry"

const FILE = "src/i18n/locales/en/workflows.json"

const isMachine = (v: unknown): v is AnyStateMachine => typeof v === "object" && v !== null && "provide" in v && "root" in v

/** The English workflows namespace: { chartId: { states, events, guards } } sorted by chart id. */
type ChartTexts = { title: string; purpose: string; states: Record<string, string>; events: Record<string, string>; guards: Record<string, string> }
export const englishWorkflowTexts = async (): Promise<Record<string, ChartTexts>> => {
  const out: Record<string, ChartTexts> = {}
  for (const id of WORKFLOW_IDS) {
    const file = workflowFiles(id).chart
    const module = (await import(pathToFileURL(`${process.cwd()}/${file}`).href)) as Record<string, unknown>
    const machine = Object.values(module).find(isMachine)
    if (!machine) throw new Error(`${file} exports no chart`)
    const { title, purpose, states, events, guards } = chartDescriptions(machine, id)
    out[id] = { title, purpose, states: { ...states }, events: { ...events }, guards: { ...guards } }
  }
  return out
}

const text = `${JSON.stringify(await englishWorkflowTexts(), null, 2)}\n`
if (process.argv.includes("--check")) {
  if (readFileSync(FILE, "utf8") !== text) {
    console.error(`${FILE} is stale: run npx tsx scripts/workflow-texts.ts`)
    process.exit(1)
  }
  console.log(`${FILE} matches the charts.`)
} else {
  writeFileSync(FILE, text)
  console.log(`Wrote ${FILE}.`)
}
