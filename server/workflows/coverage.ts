/**
 * The coverage reports the workflow explorer shows (GET /workflows/coverage), read from the
 * server's reports directory (REPORTS_DIR, default `reports/`) at each request, so the same build
 * shows whatever reports the machine holds now: the model tests' `model/<chart>.json` (written by
 * `npm test`) and the browser tests' `e2e-coverage/<chart>.json`. A missing directory means no
 * reports; a file that is not a report (unreadable, not JSON, another shape) is left out and logged.
 */
import { readdir, readFile, stat } from "node:fs/promises"
import { join } from "node:path"
import { Schema } from "effect"
import {
  CoverageSamples,
  MutationSummary,
  PathWalk,
  Scenario,
  type BrowserCoverage,
  type ChartCoverageReport,
  type CoverageReports,
  type ModelCoverage,
} from "../../src/contract/workflows"

/** A chart name as the report files use it (the machine's file name without `.machine.ts`). */
const CHART = /^[a-z0-9-]{1,80}$/

/** reports/model/<chart>.json as the model harness writes it (test/model/harness.ts); only what the explorer reads. */
const ModelReportFile = Schema.Struct({
  chart: Schema.String,
  transitions: Schema.Struct({ coveredKeys: Schema.optionalKey(Schema.Array(Schema.String)) }),
  scenarios: Schema.optionalKey(Schema.Array(Scenario)),
  samples: Schema.optionalKey(CoverageSamples),
  walks: Schema.optionalKey(Schema.Array(PathWalk)),
  mutation: Schema.optionalKey(MutationSummary),
})

/** reports/e2e-coverage/<chart>.json as e2e/coverage-report.ts writes it. */
const E2eReportFile = Schema.Struct({
  chart: Schema.String,
  drivenKeys: Schema.Array(Schema.String),
  tests: Schema.optionalKey(Schema.Record(Schema.String, Schema.Array(Schema.String))),
})

type Warn = (message: string) => void

/** Every `<chart>.json` of `dir` decoded with `schema`, with the file's modification time; none when `dir` does not exist. */
const readReports = async <A extends { readonly chart: string }>(
  dir: string,
  schema: Schema.Codec<A, unknown>,
  warn: Warn,
): Promise<ReadonlyArray<{ report: A; writtenAt: string }>> => {
  let names: ReadonlyArray<string>
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith(".json")).sort()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT" || (error as NodeJS.ErrnoException).code === "ENOTDIR") return []
    throw error
  }
  const decode = Schema.decodeUnknownExit(schema)
  const out: Array<{ report: A; writtenAt: string }> = []
  for (const name of names) {
    const file = join(dir, name)
    try {
      const [text, info] = await Promise.all([readFile(file, "utf8"), stat(file)])
      const decoded = decode(JSON.parse(text))
      if (decoded._tag === "Failure" || !CHART.test(decoded.value.chart)) {
        warn(`Coverage report ${file} is not a report of a chart; left out.`)
        continue
      }
      out.push({ report: decoded.value, writtenAt: info.mtime.toISOString() })
    } catch (error) {
      warn(`Coverage report ${file} could not be read (${error instanceof Error ? error.message : String(error)}); left out.`)
    }
  }
  return out
}

/** The reports of `reportsDir`, one entry per chart with a model or a browser report, sorted by chart. */
export const readCoverageReports = async (reportsDir: string, warn: Warn = (m) => console.warn(m)): Promise<CoverageReports> => {
  const [models, browsers] = await Promise.all([
    readReports(join(reportsDir, "model"), ModelReportFile as unknown as Schema.Codec<typeof ModelReportFile.Type, unknown>, warn),
    readReports(join(reportsDir, "e2e-coverage"), E2eReportFile as unknown as Schema.Codec<typeof E2eReportFile.Type, unknown>, warn),
  ])
  const charts = new Map<string, { model: ModelCoverage | null; e2e: BrowserCoverage | null }>()
  const entry = (chart: string) => charts.get(chart) ?? charts.set(chart, { model: null, e2e: null }).get(chart)!
  for (const { report, writtenAt } of models) {
    // A report without covered keys (an old harness's) says nothing about coverage.
    if (report.transitions.coveredKeys === undefined) continue
    entry(report.chart).model = {
      coveredKeys: report.transitions.coveredKeys,
      scenarios: report.scenarios ?? null,
      samples: report.samples ?? null,
      ...(report.walks ? { walks: report.walks } : {}),
      ...(report.mutation ? { mutation: report.mutation } : {}),
      writtenAt,
    }
  }
  for (const { report, writtenAt } of browsers)
    entry(report.chart).e2e = { drivenKeys: report.drivenKeys, ...(report.tests ? { tests: report.tests } : {}), writtenAt }
  const list: Array<ChartCoverageReport> = [...charts.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([chart, r]) => ({ chart, ...r }))
  return { charts: list }
}
