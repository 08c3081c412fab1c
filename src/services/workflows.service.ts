import { Context, Effect, Layer, Schema } from "effect"
import { Endpoints } from "../contract/endpoints"
import {
  APPROVAL_NOTE_REFUSED,
  ApprovalNote,
  ApproveChartRequest,
  type Approval,
  type ApprovalList,
  type ApprovalReviewer,
  type CoverageReports,
} from "../contract/workflows"
import { ApiClient } from "./api-client"
import { ApiError, type ApiFailure } from "./api-errors"

type Call<A> = Effect.Effect<A, ApiFailure>

interface WorkflowsShape {
  /** GET /workflows/approvals: every approval of every chart, newest first (reviewers only; others get a 404 ApiError). */
  approvals(): Call<ApprovalList>
  /** POST /workflows/approvals: approves a chart's current fingerprint with a note; answers the recorded approval. */
  approve(request: ApproveChartRequest): Call<Approval>
  /** GET /workflows/coverage: the model and browser coverage reports the server holds (none: an empty list). */
  coverage(): Call<CoverageReports>
}

/** What the test layer starts from: approvals already recorded (any order), the reviewer who approves, and the clock. */
export interface WorkflowsMemoryOptions {
  readonly approvals?: ReadonlyArray<Approval>
  readonly reviewer?: ApprovalReviewer
  /** False: the signed-in admin is no reviewer, so both calls fail with the server's 404. */
  readonly isReviewer?: boolean
  readonly now?: () => Date
  /** The coverage reports the server holds; none by default. */
  readonly coverage?: CoverageReports
}

const TEST_REVIEWER: ApprovalReviewer = { id: "reviewer-1", email: "reviewer@chartfolio.test", name: "Ifeoma Eze" }

const newestFirst = (list: ReadonlyArray<Approval>): ReadonlyArray<Approval> =>
  [...list].sort((a, b) => (a.approvedAt === b.approvedAt ? 0 : a.approvedAt < b.approvedAt ? 1 : -1))

/**
 * The workflow explorer's approval trail (issue 13): the compliance reviewer lists the approvals
 * and approves a chart's fingerprint. Layers: `layer` (through the ApiClient) and `layerMemory`
 * (in memory, for tests and the explorer's simulations: the same rules as the reference server,
 * the note trimmed, the request checked by the contract's schema, 404 for a non-reviewer).
 */
export class Workflows extends Context.Service<Workflows, WorkflowsShape>()("chartfolio/services/Workflows") {
  static readonly layer: Layer.Layer<Workflows, never, ApiClient> = Layer.effect(
    Workflows,
    Effect.gen(function* () {
      const api = yield* ApiClient
      return Workflows.of({
        approvals: Effect.fn("Workflows.approvals")(function* () {
          return yield* api.call(Endpoints.listApprovals)
        }),
        approve: Effect.fn("Workflows.approve")(function* (request: ApproveChartRequest) {
          return yield* api.call(Endpoints.approveChart, { body: request })
        }),
        coverage: Effect.fn("Workflows.coverage")(function* () {
          return yield* api.call(Endpoints.coverageReports)
        }),
      })
    }),
  )

  /** An in-memory trail (see the class comment). */
  static readonly layerMemory = (options: WorkflowsMemoryOptions = {}): Layer.Layer<Workflows> =>
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
        approvals: () => (options.isReviewer === false ? Effect.fail(notFound("GET")) : Effect.succeed({ approvals: recorded })),
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

  /** `Workflows.approvals()` as an Effect needing the service. */
  static readonly approvals = (): Effect.Effect<ApprovalList, ApiFailure, Workflows> => Workflows.use((w) => w.approvals())
  /** `Workflows.approve(request)` as an Effect needing the service. */
  static readonly approve = (request: ApproveChartRequest): Effect.Effect<Approval, ApiFailure, Workflows> => Workflows.use((w) => w.approve(request))
}
