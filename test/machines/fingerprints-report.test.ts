/**
 * CI's fingerprint report: `reports/fingerprints.json` = { "<chartId>": "<sha-256 hex>" } for every
 * chart of src/machines (chartId: the file name without `.machine.ts`). The workflow explorer
 * compares a chart's running fingerprint with the last approved one; this report is what CI built.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { expect, it } from "vitest"
import { chartFingerprint } from "../../src/machines/fingerprint"
import { loadCharts } from "./charts"

it("writes reports/fingerprints.json with every chart's fingerprint", async () => {
  const charts = await loadCharts()
  const report: Record<string, string> = {}
  for (const { chartId, machine } of charts) report[chartId] = await chartFingerprint(machine)
  mkdirSync("reports", { recursive: true })
  writeFileSync("reports/fingerprints.json", `${JSON.stringify(report, null, 2)}\n`)
  const written = JSON.parse(readFileSync("reports/fingerprints.json", "utf8")) as Record<string, string>
  expect(Object.keys(written).sort()).toEqual(charts.map((c) => c.chartId).sort())
  expect(Object.values(written).every((v) => /^[0-9a-f]{64}$/.test(v))).toBe(true)
})
