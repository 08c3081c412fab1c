import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { WORKFLOW_IDS } from "../src/app/registry"

/** Where the browser tests' coverage goes (gitignored): one `<chart>.json` per chart the UI drove. */
export const E2E_COVERAGE_DIR = "reports/e2e-coverage"
export const E2E_COVERAGE_PARTS = `${E2E_COVERAGE_DIR}/.parts`

/** Coverage of one chart by the browser tests, as written to reports/e2e-coverage/<chart>.json. */
export interface E2eCoverageReport {
  readonly chart: string
  readonly machine: string
  /** Transition keys (as in src/machines/anatomy.ts) that a browser test drove through the real UI. */
  readonly drivenKeys: string[]
  /** Per driven key, the tests (`<spec file> › <title>`) that drove it. */
  readonly tests: Record<string, string[]>
}

/** Starts a run: the parts of an earlier run go. */
export const clearParts = () => rmSync(E2E_COVERAGE_PARTS, { recursive: true, force: true })

/**
 * Ends a run: merges the workers' parts into one report per chart (every chart gets one, so a
 * chart no test drove shows as driven by none rather than as missing). Old reports are replaced.
 */
export const mergeParts = () => {
  if (!existsSync(E2E_COVERAGE_PARTS)) return
  const merged = new Map<string, Map<string, Set<string>>>()
  for (const file of readdirSync(E2E_COVERAGE_PARTS)) {
    const part = JSON.parse(readFileSync(`${E2E_COVERAGE_PARTS}/${file}`, "utf8")) as Record<string, Record<string, string[]>>
    for (const [machine, keys] of Object.entries(part)) {
      const chart = merged.get(machine) ?? new Map<string, Set<string>>()
      for (const [key, tests] of Object.entries(keys)) {
        const set = chart.get(key) ?? new Set<string>()
        for (const name of tests) set.add(name)
        chart.set(key, set)
      }
      merged.set(machine, chart)
    }
  }
  mkdirSync(E2E_COVERAGE_DIR, { recursive: true })
  // A chart's machine id is its registry id (src/app/registry.ts), the name of its report.
  for (const chart of WORKFLOW_IDS) {
    const keys = merged.get(chart) ?? new Map<string, Set<string>>()
    const drivenKeys = [...keys.keys()].sort()
    const report: E2eCoverageReport = {
      chart,
      machine: chart,
      drivenKeys,
      tests: Object.fromEntries(drivenKeys.map((k) => [k, [...(keys.get(k) ?? [])].sort()])),
    }
    writeFileSync(`${E2E_COVERAGE_DIR}/${chart}.json`, `${JSON.stringify(report, null, 2)}\n`)
  }
  clearParts()
}
