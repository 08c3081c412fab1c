import type { Scenario } from "./scenarios"

/**
 * Coverage from CI, bundled when the app is built: the model reports (reports/model/<chart>.json,
 * written by `vitest --project model`) and the browser tests' (reports/e2e-coverage/<chart>.json,
 * written by the Playwright run). A chart without a report has `undefined`, never an empty list:
 * the explorer says the report is missing instead of showing zeros.
 */

interface ModelReportFile {
  readonly chart: string
  readonly transitions: { readonly coveredKeys?: ReadonlyArray<string> }
  readonly scenarios?: ReadonlyArray<Scenario>
  readonly samples?: ReportSamples
}

/** Payloads the model replays used (test/model/harness.ts, `sampleReport`): the simulator's defaults. */
export interface ReportSamples {
  readonly input?: unknown
  readonly events: Readonly<Record<string, unknown>>
  readonly outputs: Readonly<Record<string, unknown>>
  readonly errors: Readonly<Record<string, unknown>>
}
interface E2eReportFile {
  readonly chart: string
  readonly drivenKeys: ReadonlyArray<string>
}

const modelFiles = import.meta.glob<ModelReportFile>("../../../reports/model/*.json", { eager: true, import: "default" })
const e2eFiles = import.meta.glob<E2eReportFile>("../../../reports/e2e-coverage/*.json", { eager: true, import: "default" })

const byChart = <T extends { chart: string }>(files: Record<string, T>, keys: (report: T) => ReadonlyArray<string> | undefined) =>
  new Map(
    Object.values(files)
      .map((r): [string, ReadonlySet<string> | undefined] => {
        const list = keys(r)
        return [r.chart, list ? new Set(list) : undefined]
      })
      .filter((e): e is [string, ReadonlySet<string>] => e[1] !== undefined),
  )

const model = byChart(modelFiles, (r) => r.transitions.coveredKeys)
const e2e = byChart(e2eFiles, (r) => r.drivenKeys)

export interface ChartCoverage {
  /** Transition keys the model walk covered, or undefined when there is no model report for the chart. */
  readonly model: ReadonlySet<string> | undefined
  /** Transition keys a browser test drove through the real UI, or undefined when there is no browser report. */
  readonly e2e: ReadonlySet<string> | undefined
}

const reports = new Map(Object.values(modelFiles).map((r) => [r.chart, r]))

/** The scenarios the model test of a chart replayed, or undefined when the build had no report with them. */
export const scenariosOf = (chart: string): ReadonlyArray<Scenario> | undefined => reports.get(chart)?.scenarios

/** The payloads the model test of a chart used, or undefined when the build had no report with them. */
export const samplesOf = (chart: string): ReportSamples | undefined => reports.get(chart)?.samples

export const coverageOf = (chart: string): ChartCoverage => ({ model: model.get(chart), e2e: e2e.get(chart) })
