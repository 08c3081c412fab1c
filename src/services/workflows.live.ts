import { Effect } from "effect"
import { WorkflowEndpoints as Endpoints } from "../contract/endpoints/workflows"
import type { ApproveChartRequest } from "../contract/workflows"
import type { ApiClient } from "./api-client"

/** The live Workflows service: its calls through the ApiClient (loaded with its first call, `lazyLayer`, which checks it against the service's shape). */
export default (api: ApiClient["Service"]) => {
  return {
    approvals: Effect.fn("Workflows.approvals")(function* () {
      return yield* api.call(Endpoints.listApprovals)
    }),
    approve: Effect.fn("Workflows.approve")(function* (request: ApproveChartRequest) {
      return yield* api.call(Endpoints.approveChart, { body: request })
    }),
    coverage: Effect.fn("Workflows.coverage")(function* () {
      return yield* api.call(Endpoints.coverageReports)
    }),
  }
}
