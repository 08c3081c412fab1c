import { readdirSync } from "node:fs"
import { describe, expect, it } from "vitest"

// Architecture rule: every workflow chart has its model test (a transition cover of the chart).
describe("model tests", () => {
  it("exist for every chart in src/machines", () => {
    const charts = readdirSync("src/machines").filter((f) => f.endsWith(".machine.ts")).map((f) => f.replace(/\.machine\.ts$/, ""))
    const tests = new Set(readdirSync("test/model").filter((f) => f.endsWith(".model.test.ts")).map((f) => f.replace(/\.model\.test\.ts$/, "")))
    expect(charts.length).toBeGreaterThan(0)
    expect(charts.filter((c) => !tests.has(c))).toEqual([])
  })
})
