/**
 * The registry (src/app/registry.ts) is the one list of workflows: this test fails when a chart
 * exists that it does not list, or when a line lacks one of the parts a workflow needs (its chart
 * under the same id, its workflow module, its model test, its texts in every language, existing
 * routes), so adding a workflow never needs anything but its own files, its texts and one line.
 */
import { existsSync, readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { first, lazy } from "virtual:chartfolio-workflows"
import { WORKFLOW_IDS, WORKFLOWS, workflowFiles, workflowsOfRoute } from "../../../src/app/registry"
import type { Workflow } from "../../../src/app/workflow"
import { AFTER_PAINT_NAMESPACES, LANGUAGES, NAMESPACES, SIGNED_IN_NAMESPACES, START_NAMESPACES } from "../../../src/i18n/languages"
import { loadCharts } from "../../machines/charts"
import { testRouter } from "./support"

/** The chart files of src/machines (the one place that looks at the folder: to find what the registry misses). */
const chartFiles = Object.keys(import.meta.glob("../../../src/machines/*.machine.ts")).map((path) => path.replace(/^.*\//, ""))
const workflowModuleFiles = Object.keys(import.meta.glob("../../../src/app/workflows/*.ts")).map((path) => path.replace(/^.*\//, ""))

const moduleOf = async (id: string): Promise<Workflow> => {
  const now = first[id]
  if (now) return now as Workflow
  const load = lazy[id]
  if (!load) throw new Error(`no generated loader for ${id}`)
  return (await load()).default as Workflow
}

describe("the workflow registry (src/app/registry.ts)", () => {
  it("lists every chart of src/machines, and each id once", () => {
    const listed = new Set(WORKFLOW_IDS.map((id) => workflowFiles(id).chart.replace(/^.*\//, "")))
    expect(chartFiles.filter((file) => !listed.has(file))).toEqual([])
    expect(new Set(WORKFLOW_IDS).size).toBe(WORKFLOWS.length)
    expect(WORKFLOW_IDS.filter((id) => !/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(id))).toEqual([])
  })

  it("has, for each line, a chart file whose one chart carries that very id (one id per chart)", async () => {
    const charts = await loadCharts() // throws, naming the line, when a file is missing or its chart's id differs
    expect(charts.map((c) => [c.chartId, c.machine.id])).toEqual(WORKFLOW_IDS.map((id) => [id, id]))
  })

  it("has, for each line, a workflow module, and no module without a line", () => {
    expect(WORKFLOW_IDS.filter((id) => !existsSync(workflowFiles(id).module))).toEqual([])
    expect(workflowModuleFiles.filter((file) => !WORKFLOW_IDS.includes(file.replace(/\.ts$/, "")))).toEqual([])
  })

  it("generates a loader for every line: the first page's modules at once, the others lazily", () => {
    expect(Object.keys(first).sort()).toEqual(
      WORKFLOWS.filter((w) => w.start === "first")
        .map((w) => w.id)
        .sort(),
    )
    expect([...Object.keys(first), ...Object.keys(lazy)].sort()).toEqual(WORKFLOW_IDS)
  })

  it("loads, for each line, the workflow module of that very chart, with texts that are namespaces of the app", async () => {
    for (const id of WORKFLOW_IDS) {
      const workflow = await moduleOf(id)
      expect(workflow.chart.id, `registry line ${id}`).toBe(id)
      expect(workflow.texts.length, `texts of ${id}`).toBeGreaterThan(0)
      expect(
        workflow.texts.filter((ns) => !(NAMESPACES as ReadonlyArray<string>).includes(ns)),
        `texts of ${id}`,
      ).toEqual([])
    }
  })

  it("starts with the first page only workflows whose texts load at start, and with a signed-in start chunk only those whose texts load there", async () => {
    const early: string[] = []
    for (const { id, start } of WORKFLOWS.filter((w) => w.start !== undefined)) {
      const ready: ReadonlyArray<string> = [...START_NAMESPACES, ...AFTER_PAINT_NAMESPACES, ...(start === "first" ? [] : SIGNED_IN_NAMESPACES)]
      for (const ns of (await moduleOf(id)).texts) if (!ready.includes(ns)) early.push(`${id} (start: ${start}) needs '${ns}'`)
    }
    expect(early).toEqual([])
  })

  it("has, for each line, a model test, and no model test without a line", () => {
    const modelTests = Object.keys(import.meta.glob("../../model/*.model.test.ts")).map((path) => path.replace(/^.*\//, ""))
    expect(WORKFLOW_IDS.filter((id) => !existsSync(workflowFiles(id).modelTest))).toEqual([])
    expect(modelTests.filter((file) => !WORKFLOW_IDS.includes(file.replace(/\.model\.test\.ts$/, "")))).toEqual([])
  })

  it("has, for each line, its chart's texts in every language's workflows namespace, and no texts of a chart it does not list", () => {
    for (const { code } of LANGUAGES) {
      const texts = JSON.parse(readFileSync(`src/i18n/locales/${code}/workflows.json`, "utf8")) as Record<string, unknown>
      expect(
        WORKFLOW_IDS.filter((id) => !(id in texts)),
        `${code}/workflows.json`,
      ).toEqual([])
      expect(
        Object.keys(texts).filter((id) => !WORKFLOW_IDS.includes(id)),
        `${code}/workflows.json`,
      ).toEqual([])
    }
  })

  it("gives a call for every invoked actor of each chart (but the watchers of peers, which are the chart's own), and nothing else", async () => {
    for (const id of WORKFLOW_IDS) {
      const workflow = await moduleOf(id)
      const declared = Object.keys(workflow.chart.implementations.actors)
        .filter((name) => !name.startsWith("watch"))
        .sort()
      expect([...Object.keys(workflow.calls ?? {}), ...Object.keys(workflow.actors ?? {})].sort(), `calls and local actors of ${id}`).toEqual(declared)
    }
  })

  it("names only routes that exist in the route tree", () => {
    const ids = new Set(Object.keys(testRouter().routesById))
    const named = WORKFLOWS.flatMap((entry) => ("routes" in entry.runs ? entry.runs.routes : []))
    expect(named.length).toBeGreaterThan(0)
    expect(named.filter((route) => !ids.has(route))).toEqual([])
    expect(workflowsOfRoute("/signed-in/dashboard")).toEqual(["dashboard", "dashboard-carousel", "business-news"])
  })
})
