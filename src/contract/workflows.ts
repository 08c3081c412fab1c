/**
 * The workflow explorer's approval trail (issue 13): a compliance reviewer approves a chart's
 * current fingerprint (SHA-256 of its canonical definition, src/machines/fingerprint.ts) with a
 * note; the server records who, when and which fingerprint. Only admins with the reviewer
 * permission (`AdminUser.reviewer`) reach these calls; for anyone else they do not exist (404).
 */
import { Schema } from "effect"
import { IsoDate } from "./common"

/** Texts of the approval request's checks (the server answers them per field in a 400). */
export const APPROVAL_MESSAGES = {
  chart: "Expected a chart id: 1 to 80 lower-case letters, digits or hyphens",
  fingerprint: "Expected a SHA-256 fingerprint: 64 lower-case hexadecimal characters",
  note: "Write a note of 1 to 500 characters",
} as const

/** The longest approval note, in code points (after trimming). */
export const APPROVAL_NOTE_MAX = 500

/**
 * The `values` of a 400 that refuses the approval note (empty, blank or too long): the app says
 * `errors:codes.bad_request_approval_note` in the user's language.
 */
export const APPROVAL_NOTE_REFUSED: Readonly<Record<string, string>> = { reason: "approval_note", max: String(APPROVAL_NOTE_MAX) }

/** A chart id: the machine's file name without `.machine.ts` ("order-ticket"). */
export const ChartId = Schema.String.check(Schema.isPattern(/^[a-z0-9-]{1,80}$/, { message: APPROVAL_MESSAGES.chart })).pipe(
  Schema.annotateKey({ messageMissingKey: APPROVAL_MESSAGES.chart }),
)
export type ChartId = typeof ChartId.Type

/** A chart fingerprint: SHA-256 as 64 lower-case hexadecimal characters. */
export const ChartFingerprint = Schema.String.check(Schema.isPattern(/^[0-9a-f]{64}$/, { message: APPROVAL_MESSAGES.fingerprint })).pipe(
  Schema.annotateKey({ messageMissingKey: APPROVAL_MESSAGES.fingerprint }),
)
export type ChartFingerprint = typeof ChartFingerprint.Type

const noteLength = (text: string): number => [...text.trim()].length

/** The approval note: 1 to 500 code points once trimmed (the server stores it trimmed). */
export const ApprovalNote = Schema.String.annotate({ message: APPROVAL_MESSAGES.note })
  .check(Schema.makeFilter<string>((s) => (noteLength(s) >= 1 && noteLength(s) <= APPROVAL_NOTE_MAX) || APPROVAL_MESSAGES.note))
  .pipe(Schema.annotateKey({ messageMissingKey: APPROVAL_MESSAGES.note }))
export type ApprovalNote = typeof ApprovalNote.Type

/** The reviewer who approved: the admin's id, e-mail and full name at the time of approval. */
export const ApprovalReviewer = Schema.Struct({
  id: Schema.String,
  email: Schema.String,
  name: Schema.String,
})
export type ApprovalReviewer = typeof ApprovalReviewer.Type

/** One approval of a chart's fingerprint. `approvedAt` is an ISO date-time (UTC, `Z`). */
export const Approval = Schema.Struct({
  id: Schema.String,
  chart: Schema.String,
  fingerprint: Schema.String,
  note: Schema.String,
  reviewer: ApprovalReviewer,
  approvedAt: IsoDate,
})
export type Approval = typeof Approval.Type

/**
 * GET /workflows/approvals answer: every approval of every chart, newest first, and the canonical
 * definition (src/machines/fingerprint.ts) of the version each chart's latest approval approved, by
 * fingerprint, so the explorer shows what changed since (issue 34).
 */
export const ApprovalList = Schema.Struct({
  approvals: Schema.Array(Approval),
  definitions: Schema.Record(Schema.String, Schema.String),
})
export type ApprovalList = typeof ApprovalList.Type

/**
 * POST /workflows/approvals body: approve `fingerprint` of chart `chart` with a note. Answer: 201
 * `Approval`, or 200 with the reviewer's earlier approval of that very version (one record per
 * reviewer and version). The server approves only the charts of the build it serves, in the version
 * it serves: another chart is a 400 (`values.reason` `approval_unknown_chart`), another fingerprint
 * a 409 (`approval_unknown_version`: the page runs another build).
 */
export const ApproveChartRequest = Schema.Struct({
  chart: ChartId,
  fingerprint: ChartFingerprint,
  note: ApprovalNote,
})
export type ApproveChartRequest = typeof ApproveChartRequest.Type

/** The `values` of the refusal of an approval of a chart the server's build does not have. */
export const APPROVAL_UNKNOWN_CHART = (chart: string): Readonly<Record<string, string>> => ({ reason: "approval_unknown_chart", chart })
/** The `values` of the refusal of an approval of a version of a chart that is not the one the server's build has. */
export const APPROVAL_UNKNOWN_VERSION: Readonly<Record<string, string>> = { reason: "approval_unknown_version" }

/** One chart of a build: its fingerprint and its canonical definition. */
export const BuildChart = Schema.Struct({ fingerprint: ChartFingerprint, definition: Schema.String })
export type BuildChart = typeof BuildChart.Type

/**
 * The charts of a build (`dist/charts.json`, written by `npm run build`; the server reads it at
 * start-up: CHARTS_FILE): every chart of the registry by id.
 */
export const ChartManifest = Schema.Struct({ charts: Schema.Record(Schema.String, BuildChart) })
export type ChartManifest = typeof ChartManifest.Type

/**
 * GET /workflows/coverage (reviewers only): the coverage reports the server holds, read at request
 * time from its reports directory (REPORTS_DIR, default `reports/`): the model tests' per chart
 * (`model/<chart>.json`, written by `vitest --project model`, i.e. `npm test`) and the browser tests'
 * (`e2e-coverage/<chart>.json`, written by the Playwright run). The app's build reads none of them.
 */

/** One step of a scenario the model test replayed: the event, timer or call result, and what it did. */
const stepEffects = { states: Schema.Array(Schema.String), transitions: Schema.Array(Schema.String) }
export const ScenarioStep = Schema.Union([
  Schema.Struct({
    kind: Schema.Literal("event"),
    type: Schema.String,
    payload: Schema.optionalKey(Schema.Record(Schema.String, Schema.Unknown)),
    ...stepEffects,
  }),
  Schema.Struct({ kind: Schema.Literal("timer"), after: Schema.Number, timer: Schema.String, ...stepEffects }),
  Schema.Struct({ kind: Schema.Literal("done"), actor: Schema.String, ...stepEffects }),
  Schema.Struct({ kind: Schema.Literal("error"), actor: Schema.String, reason: Schema.String, ...stepEffects }),
])
export type ScenarioStep = typeof ScenarioStep.Type

/** The shortest replayed path of the model test to one state of the chart. */
export const Scenario = Schema.Struct({ state: Schema.String, steps: Schema.Array(ScenarioStep) })
export type Scenario = typeof Scenario.Type

/** The payloads the model test replayed: the chart's input, a sample per event type, per invoked actor's output and failure. */
export const CoverageSamples = Schema.Struct({
  input: Schema.optionalKey(Schema.Unknown),
  events: Schema.Record(Schema.String, Schema.Unknown),
  outputs: Schema.Record(Schema.String, Schema.Unknown),
  errors: Schema.Record(Schema.String, Schema.Unknown),
})
export type CoverageSamples = typeof CoverageSamples.Type

/** One path of the model test's cover: its test's name and the transitions it takes (by key). */
export const PathWalk = Schema.Struct({ name: Schema.String, transitions: Schema.Array(Schema.String) })
export type PathWalk = typeof PathWalk.Type

/** How a guard was mutated: negated, or forced true or false. */
export const MutantKind = Schema.Literals(["negated", "true", "false"])
export type MutantKind = typeof MutantKind.Type

/** One guard mutant: the guard, how it was mutated, the transitions it guards, and whether a model path noticed it (which, and why). */
export const Mutant = Schema.Struct({
  guard: Schema.String,
  kind: MutantKind,
  transitions: Schema.Array(Schema.String),
  killed: Schema.Boolean,
  by: Schema.optionalKey(Schema.String),
  reason: Schema.optionalKey(Schema.String),
  paths: Schema.Number,
  tried: Schema.Number,
})
export type Mutant = typeof Mutant.Type

/** The guard mutants of a chart the model test ran (test/model/harness.ts `mutationReport`); `sampled` when a survivor was tried on some of its paths only. */
export const MutationSummary = Schema.Struct({
  total: Schema.Number,
  killed: Schema.Number,
  replays: Schema.Number,
  sampled: Schema.Boolean,
  mutants: Schema.Array(Mutant),
})
export type MutationSummary = typeof MutationSummary.Type

/** What the model test of a chart covered: transition keys (src/machines/anatomy.ts), its scenarios and samples when reported. */
export const ModelCoverage = Schema.Struct({
  coveredKeys: Schema.Array(Schema.String),
  scenarios: Schema.NullOr(Schema.Array(Scenario)),
  samples: Schema.NullOr(CoverageSamples),
  /** The paths of the cover by test name (absent in a report of an older harness). */
  walks: Schema.optionalKey(Schema.Array(PathWalk)),
  /** The guard mutants and which the paths kill (absent in a report of an older harness). */
  mutation: Schema.optionalKey(MutationSummary),
  /** When the report was written (the file's modification time). */
  writtenAt: IsoDate,
})
export type ModelCoverage = typeof ModelCoverage.Type

/** What the browser tests drove of a chart through the real UI (transition keys). */
export const BrowserCoverage = Schema.Struct({
  drivenKeys: Schema.Array(Schema.String),
  /** Per transition key, the browser tests (`<spec file> › <title>`) that drove it (absent in an older report). */
  tests: Schema.optionalKey(Schema.Record(Schema.String, Schema.Array(Schema.String))),
  writtenAt: IsoDate,
})
export type BrowserCoverage = typeof BrowserCoverage.Type

/** The reports of one chart (its file name without `.machine.ts`); null where the server has no such report. */
export const ChartCoverageReport = Schema.Struct({
  chart: Schema.String,
  model: Schema.NullOr(ModelCoverage),
  e2e: Schema.NullOr(BrowserCoverage),
})
export type ChartCoverageReport = typeof ChartCoverageReport.Type

/** GET /workflows/coverage answer: one entry per chart the server has a report of, by chart name; empty when it has none. */
export const CoverageReports = Schema.Struct({ charts: Schema.Array(ChartCoverageReport) })
export type CoverageReports = typeof CoverageReports.Type
