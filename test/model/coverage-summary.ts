import { readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import type { ModelReport } from "./harness"

/**
 * The model project's closing table: per chart, how many paths its cover has and how much of the
 * chart they cover (states, transitions, required guard outcomes, and the refusals shown). It is
 * the model run's headline figure, printed after the last test from the reports this run wrote
 * (vitest's globalSetup teardown), so a run of one file prints one row.
 */

const REPORT_DIR = "reports/model"

const ratio = (covered: number, total: number) => `${covered}/${total}`

/** The table for a set of reports, one row per chart and a total. */
export function formatCoverage(reports: ReadonlyArray<ModelReport>): string {
  const rows = [...reports]
    .sort((a, b) => a.chart.localeCompare(b.chart))
    .map((r) => [
      r.chart,
      String(r.paths),
      ratio(r.states.covered, r.states.total),
      ratio(r.transitions.covered, r.transitions.total),
      ratio(r.guards.covered, r.guards.total),
      ratio(r.guards.refusals.shown, r.guards.refusals.total),
    ])
  const sum = (pick: (r: ModelReport) => number) => reports.reduce((n, r) => n + pick(r), 0)
  const complete = reports.filter(
    (r) => r.states.uncovered.length === 0 && r.transitions.uncovered.length === 0 && r.guards.uncovered.length === 0 && r.states.undescribed.length === 0,
  ).length
  rows.push([
    `all (${complete} of ${reports.length} complete)`,
    String(sum((r) => r.paths)),
    ratio(
      sum((r) => r.states.covered),
      sum((r) => r.states.total),
    ),
    ratio(
      sum((r) => r.transitions.covered),
      sum((r) => r.transitions.total),
    ),
    ratio(
      sum((r) => r.guards.covered),
      sum((r) => r.guards.total),
    ),
    ratio(
      sum((r) => r.guards.refusals.shown),
      sum((r) => r.guards.refusals.total),
    ),
  ])
  const header = ["chart", "paths", "states", "transitions", "guard outcomes", "refusals shown"]
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)))
  const line = (cells: ReadonlyArray<string>) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join("  ")
  return ["Model coverage per chart", line(header), ...rows.map(line)].join("\n")
}

/** The reports in reports/model written at or after `since` (ms since the epoch). */
export function reportsSince(since: number, dir: string = REPORT_DIR): ModelReport[] {
  let files: string[]
  try {
    files = readdirSync(dir).filter((f) => f.endsWith(".json"))
  } catch {
    return []
  }
  return files
    .map((f) => join(dir, f))
    .filter((file) => statSync(file).mtimeMs >= since)
    .flatMap((file) => {
      try {
        const report = JSON.parse(readFileSync(file, "utf8")) as ModelReport
        return report.guards ? [report] : []
      } catch {
        return []
      }
    })
}

/** vitest globalSetup of the model project: prints the table when the run ends. */
export default function setup(): () => void {
  // A report of this run is written after its file's tests, long after this (more than a file-time tick).
  const since = Date.now()
  return () => {
    const reports = reportsSince(since)
    if (reports.length > 0) console.log(`\n${formatCoverage(reports)}\n`)
  }
}
