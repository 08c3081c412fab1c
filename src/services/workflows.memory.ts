import { Effect, Layer, Schema } from "effect"
import { WorkflowEndpoints as Endpoints } from "../contract/endpoints/workflows"
import {
  APPROVAL_NOTE_REFUSED,
  APPROVAL_UNKNOWN_CHART,
  APPROVAL_UNKNOWN_VERSION,
  ApprovalNote,
  ApproveChartRequest,
  type Approval,
  type ApprovalReviewer,
  type ChartManifest,
  type CoverageReports,
} from "../contract/workflows"
import { ApiError } from "./api-errors"
import { Workflows } from "./workflows.service"

/** What the test layer starts from: approvals already recorded (any order), the reviewer who approves, and the clock. */
export interface WorkflowsMemoryOptions {
  readonly approvals?: ReadonlyArray<Approval>
  readonly reviewer?: ApprovalReviewer
  /** False: the signed-in admin is no reviewer, so both calls fail with the server's 404. */
  readonly isReviewer?: boolean
  readonly now?: () => Date
  /** The coverage reports the server holds; none by default. */
  readonly coverage?: CoverageReports
  /**
   * The charts of the build the server serves: with them, an approval of another chart or version
   * is refused as the server refuses it, and the list carries the approved versions' definitions.
   */
  readonly charts?: ChartManifest["charts"]
}

const TEST_REVIEWER: ApprovalReviewer = { id: "reviewer-1", email: "reviewer@chartfolio.test", name: "Ifeoma Eze" }

const newestFirst = (list: ReadonlyArray<Approval>): ReadonlyArray<Approval> =>
  [...list].sort((a, b) => (a.approvedAt === b.approvedAt ? 0 : a.approvedAt < b.approvedAt ? 1 : -1))

/**
 * An in-memory approval trail, for tests: the same rules as the reference server, the note trimmed,
 * the request checked by the contract's schema, 404 for a non-reviewer, one record per reviewer and
 * version, and with `charts` the build's charts only.
 */
export const workflowsMemoryLayer = (options: WorkflowsMemoryOptions = {}): Layer.Layer<Workflows> =>
  Layer.sync(Workflows, () => {
    let recorded: ReadonlyArray<Approval> = newestFirst(options.approvals ?? [])
    let serial = recorded.length
    const reviewer = options.reviewer ?? TEST_REVIEWER
    const now = options.now ?? (() => new Date())
    const notFound = (method: string, path: string = Endpoints.listApprovals.path) =>
      new ApiError({ status: 404, code: "not_found", text: `There is no API endpoint ${method} /api${path}.` })
    return Workflows.of({
      coverage: () =>
        options.isReviewer === false ? Effect.fail(notFound("GET", Endpoints.coverageReports.path)) : Effect.succeed(options.coverage ?? { charts: [] }),
      approvals: () => {
        if (options.isReviewer === false) return Effect.fail(notFound("GET"))
        // The latest approval of each chart, with its definition when it is the build's version (the only one known here).
        const definitions: Record<string, string> = {}
        const seen = new Set<string>()
        for (const a of recorded) {
          if (seen.has(a.chart)) continue
          seen.add(a.chart)
          const built = options.charts?.[a.chart]
          if (built?.fingerprint === a.fingerprint) definitions[a.fingerprint] = built.definition
        }
        return Effect.succeed({ approvals: recorded, definitions })
      },
      approve: (request) => {
        if (options.isReviewer === false) return Effect.fail(notFound("POST"))
        const checked = Schema.decodeUnknownExit(ApproveChartRequest)(request)
        if (checked._tag === "Failure") {
          // As the server answers: the note's refusal carries its reason, said in the user's language.
          const noteRefused = Schema.decodeUnknownExit(ApprovalNote)(request.note)._tag === "Failure"
          return Effect.fail(
            new ApiError({
              status: 400,
              code: "bad_request",
              text: "Some fields are missing or invalid.",
              ...(noteRefused ? { values: APPROVAL_NOTE_REFUSED } : {}),
            }),
          )
        }
        const built = options.charts?.[request.chart]
        if (options.charts && !built)
          return Effect.fail(
            new ApiError({ status: 400, code: "bad_request", text: `There is no chart ${request.chart}.`, values: APPROVAL_UNKNOWN_CHART(request.chart) }),
          )
        if (built && built.fingerprint !== request.fingerprint)
          return Effect.fail(
            new ApiError({ status: 409, code: "conflict", text: "This is not the version of the chart the server runs.", values: APPROVAL_UNKNOWN_VERSION }),
          )
        const earlier = recorded.find((a) => a.chart === request.chart && a.fingerprint === request.fingerprint && a.reviewer.id === reviewer.id)
        if (earlier) return Effect.succeed(earlier)
        serial += 1
        const approval: Approval = {
          id: `approval-${serial}`,
          chart: request.chart,
          fingerprint: request.fingerprint,
          note: request.note.trim(),
          reviewer,
          approvedAt: now().toISOString(),
        }
        recorded = [approval, ...recorded]
        return Effect.succeed(approval)
      },
    })
  })
