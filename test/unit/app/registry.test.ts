import { readdirSync } from "node:fs"
import { describe, expect, it } from "vitest"
import type { AnyStateMachine } from "xstate"
import { registry } from "../../../src/app/registry"
import { testRouter } from "./support"
import type { Workflow } from "../../../src/app/workflow"

const chartModules = import.meta.glob<Record<string, unknown>>("../../../src/machines/*.machine.ts")

/** Every chart file of src/machines with its machine (a module exports one `…Machine`). */
const charts = async (): Promise<ReadonlyArray<{ file: string; machine: AnyStateMachine }>> => {
  const files = readdirSync("src/machines").filter((f) => f.endsWith(".machine.ts"))
  expect(Object.keys(chartModules)).toHaveLength(files.length)
  return Promise.all(
    files.map(async (file) => {
      const load = chartModules[`../../../src/machines/${file}`]
      if (!load) throw new Error(`no module for ${file}`)
      const module = await load()
      const machines = Object.values(module).filter((v): v is AnyStateMachine => typeof v === "object" && v !== null && "provide" in v && "config" in v)
      expect(machines, `${file} exports one chart`).toHaveLength(1)
      return { file, machine: machines[0] as AnyStateMachine }
    }),
  )
}

const moduleOf = async (id: string): Promise<Workflow> => {
  const entry = registry[id]
  if (!entry) throw new Error(`no entry ${id}`)
  if (entry.module) return entry.module
  if (!entry.load) throw new Error(`entry ${id} has neither module nor load`)
  return (await entry.load()).default
}

/** Route ids as the router names them (ids are given when the router is built). */
const routeIds = (): Set<string> => {
  return new Set(Object.keys(testRouter().routesById))
}

describe("the workflow registry (src/app/registry.ts)", () => {
  it("has every chart of src/machines, under its chart's id", async () => {
    const missing = (await charts()).filter(({ machine }) => !(machine.id in registry)).map(({ file }) => file)
    expect(missing).toEqual([])
  })

  it("lists nothing that is not a chart of src/machines", async () => {
    const ids = new Set((await charts()).map(({ machine }) => machine.id))
    expect(Object.keys(registry).filter((id) => !ids.has(id))).toEqual([])
  })

  it("loads, for each line, the workflow module of that very chart, with its texts", async () => {
    for (const id of Object.keys(registry)) {
      const workflow = await moduleOf(id)
      expect(workflow.chart.id, `registry line ${id}`).toBe(id)
      expect(workflow.texts.length, `texts of ${id}`).toBeGreaterThan(0)
    }
  })

  it("gives a call for every invoked actor of each chart (but the watchers of peers, which are the chart's own), and nothing else", async () => {
    for (const id of Object.keys(registry)) {
      const workflow = await moduleOf(id)
      const declared = Object.keys(workflow.chart.implementations.actors).filter((name) => !name.startsWith("watch")).sort()
      expect([...Object.keys(workflow.calls ?? {}), ...Object.keys(workflow.actors ?? {})].sort(), `calls and local actors of ${id}`).toEqual(declared)
    }
  })

  it("names only routes that exist in the route tree", () => {
    const ids = routeIds()
    const named = Object.values(registry).flatMap((entry) => ("routes" in entry.runs ? entry.runs.routes : []))
    expect(named.length).toBeGreaterThan(0)
    expect(named.filter((route) => !ids.has(route))).toEqual([])
  })
})
