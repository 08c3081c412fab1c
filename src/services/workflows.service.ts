import { Context, type Effect, type Layer } from "effect"
import type { Approval, ApprovalList, ApproveChartRequest, CoverageReports } from "../contract/workflows"
import type { ApiClient } from "./api-client"
import type { ApiFailure } from "./api-errors"
import { lazyLayer } from "./lazy-service"

type Call<A> = Effect.Effect<A, ApiFailure>

interface WorkflowsShape {
  /** GET /workflows/approvals: every approval of every chart, newest first (reviewers only; others get a 404 ApiError). */
  approvals(): Call<ApprovalList>
  /** POST /workflows/approvals: approves a chart's current fingerprint with a note; answers the recorded approval. */
  approve(request: ApproveChartRequest): Call<Approval>
  /** GET /workflows/coverage: the model and browser coverage reports the server holds (none: an empty list). */
  coverage(): Call<CoverageReports>
}

/**
 * The workflow explorer's approval trail (issue 13): the compliance reviewer lists the approvals
 * and approves a chart's fingerprint. Layers: `layer` (through the ApiClient); the tests'
 * in-memory one is `workflowsMemoryLayer` (./workflows.memory.ts).
 */
export class Workflows extends Context.Service<Workflows, WorkflowsShape>()("chartfolio/services/Workflows") {
  static readonly layer: Layer.Layer<Workflows, never, ApiClient> = lazyLayer(Workflows, () => import("./workflows.live"))

  /** `Workflows.approvals()` as an Effect needing the service. */
  static readonly approvals = (): Effect.Effect<ApprovalList, ApiFailure, Workflows> => Workflows.use((w) => w.approvals())
  /** `Workflows.approve(request)` as an Effect needing the service. */
  static readonly approve = (request: ApproveChartRequest): Effect.Effect<Approval, ApiFailure, Workflows> => Workflows.use((w) => w.approve(request))
}
