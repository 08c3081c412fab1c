import { assign, setup, type SnapshotFrom } from "xstate"
import type { ChartCoverageReport, CoverageReports, CoverageSamples, MutationSummary, PathWalk, Scenario, ScenarioStep } from "../contract/workflows"
import type { Failure } from "./failure"
import { shownFailure, TAG, type Tag, providedCall } from "./kit"

/** The coverage reports the server holds (GET /workflows/coverage), as the explorer reads them. */
export type { ChartCoverageReport, CoverageReports, CoverageSamples, MutationSummary, PathWalk, Scenario, ScenarioStep }

export interface WorkflowCoverageContext {
  /** The reports the server answered (an empty list when it has none); null until loaded. */
  readonly reports: CoverageReports | null
  /** Why the last load failed, shown with a Retry; null when it did not (or the request was cancelled). */
  readonly failure: Failure | null
}

export type WorkflowCoverageEvent = { type: "reports.retry" }

/** Where the load stands, for views: loading, failed, ready (reports held) or none (the server holds no report). */
export type CoverageStatus = "loading" | "failed" | "ready" | "none"
export const coverageStatus = (snapshot: SnapshotFrom<typeof workflowCoverageMachine>): CoverageStatus =>
  snapshot.hasTag(TAG.loading) ? "loading" : snapshot.hasTag(TAG.failed) ? "failed" : snapshot.matches("none") ? "none" : "ready"

/**
 * The workflow explorer's coverage (issue 32): the model and browser tests' coverage reports the
 * server holds, loaded on entry (GET /workflows/coverage). The app's build holds none, so the same
 * commit builds the same bundle whatever ran before; an answer without reports is a state of its
 * own (the explorer says the server has none). A failed load shows why and offers a retry.
 *
 * Provide the actor `loadCoverage` (void -> CoverageReports).
 */
export const workflowCoverageMachine = setup({
  types: {
    tags: {} as Tag,
    context: {} as WorkflowCoverageContext,
    events: {} as WorkflowCoverageEvent,
  },
  actors: {
    loadCoverage: providedCall<CoverageReports>("loadCoverage"),
  },
  guards: {
    hasReports: (_, params: { reports: CoverageReports }) => params.reports.charts.length > 0,
  },
}).createMachine({
  id: "workflow-coverage",
  context: { reports: null, failure: null },
  initial: "loading",
  meta: {
    title: "Workflow coverage",
    purpose: "The model and browser test coverage reports the server holds, for the workflow explorer.",
    events: { "reports.retry": "The reviewer asks to load the coverage reports again" },
    guards: { hasReports: "The server holds at least one coverage report" },
  },
  states: {
    loading: {
      tags: [TAG.loading],
      meta: { description: "Loading the coverage reports the server holds (GET /workflows/coverage)" },
      invoke: {
        id: "loadCoverage",
        src: "loadCoverage",
        onDone: [
          {
            guard: { type: "hasReports", params: ({ event }) => ({ reports: event.output }) },
            target: "ready",
            actions: assign({ reports: ({ event }) => event.output, failure: null }),
          },
          { target: "none", actions: assign({ reports: ({ event }) => event.output, failure: null }) },
        ],
        onError: { target: "failed", actions: assign({ failure: ({ event }) => shownFailure(event.error) }) },
      },
    },
    failed: {
      tags: [TAG.failed],
      meta: { description: "The coverage reports could not be loaded; the reason is shown and Retry loads them again" },
      on: { "reports.retry": { target: "loading" } },
    },
    ready: {
      meta: { description: "The coverage of each chart the server has reports of is shown" },
      on: { "reports.retry": { target: "loading" } },
    },
    none: {
      meta: { description: "The server holds no coverage report; the explorer says so (npm test writes them)" },
      on: { "reports.retry": { target: "loading" } },
    },
  },
})
