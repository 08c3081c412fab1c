import { useSelector } from "@xstate/react"
import { useMemo } from "react"
import type { ActorRefFrom } from "xstate"
import {
  coverageStatus,
  workflowCoverageMachine,
  type CoverageReports,
  type CoverageSamples,
  type CoverageStatus,
  type MutationSummary,
  type PathWalk,
  type Scenario,
} from "../../machines/workflow-coverage.machine"
import type { Failure } from "../../machines/failure"
import { useWorkflowActor } from "../workflows"

/**
 * Coverage as the server holds it (GET /workflows/coverage, the workflow-coverage chart): the model
 * tests' reports and the browser tests'. The build holds none. A chart without a report has
 * `undefined`, never an empty list: the explorer says the report is missing instead of showing zeros.
 */

export type ReportSamples = CoverageSamples

export interface ChartCoverage {
  /** Transition keys the model walk covered, or undefined when the server has no model report for the chart. */
  readonly model: ReadonlySet<string> | undefined
  /** Transition keys a browser test drove through the real UI, or undefined when the server has no browser report. */
  readonly e2e: ReadonlySet<string> | undefined
  /** The scenarios the model test replayed, or undefined when its report has none. */
  readonly scenarios: ReadonlyArray<Scenario> | undefined
  /** The payloads the model test used, or undefined when its report has none. */
  readonly samples: ReportSamples | undefined
  /** The model test's paths by name with the transitions each takes, or undefined when its report has none. */
  readonly walks: ReadonlyArray<PathWalk> | undefined
  /** The guard mutants the model test ran, or undefined when its report has none. */
  readonly mutation: MutationSummary | undefined
  /** Per transition key, the browser tests that drove it, or undefined when the browser report does not name them. */
  readonly e2eTests: Readonly<Record<string, ReadonlyArray<string>>> | undefined
}

export const NO_COVERAGE: ChartCoverage = {
  model: undefined,
  e2e: undefined,
  scenarios: undefined,
  samples: undefined,
  walks: undefined,
  mutation: undefined,
  e2eTests: undefined,
}

/** Each chart's coverage from the server's answer, by chart name. */
export const indexCoverage = (reports: CoverageReports | null): ReadonlyMap<string, ChartCoverage> =>
  new Map(
    (reports?.charts ?? []).map((r) => [
      r.chart,
      {
        model: r.model ? new Set(r.model.coveredKeys) : undefined,
        e2e: r.e2e ? new Set(r.e2e.drivenKeys) : undefined,
        scenarios: r.model?.scenarios ?? undefined,
        samples: r.model?.samples ?? undefined,
        walks: r.model?.walks,
        mutation: r.model?.mutation,
        e2eTests: r.e2e?.tests,
      },
    ]),
  )

/** The explorer's coverage: where the load stands, and each chart's coverage (none while loading or failed). */
export interface Coverage {
  readonly actor: ActorRefFrom<typeof workflowCoverageMachine>
  readonly status: CoverageStatus
  readonly failure: Failure | null
  readonly of: (chart: string) => ChartCoverage
}

/** Starts the workflow-coverage chart for the life of the component (it loads the reports on start). */
export const useCoverage = (): Coverage => {
  const actor = useWorkflowActor(workflowCoverageMachine)
  const status = useSelector(actor, coverageStatus)
  const failure = useSelector(actor, (s) => s.context.failure)
  const reports = useSelector(actor, (s) => s.context.reports)
  return useMemo(() => {
    const index = indexCoverage(reports)
    return { actor, status, failure, of: (chart: string) => index.get(chart) ?? NO_COVERAGE }
  }, [actor, status, failure, reports])
}
