/**
 * The workflow explorer's approval trail (issue 13; server/workflows/approvals.ts says the rules):
 *   GET  /workflows/approvals   ApprovalList, newest first
 *   POST /workflows/approvals   ApproveChartRequest -> Approval, 201
 * Both need a signed-in session of a reviewer; for any other admin they answer 404 like an unknown
 * endpoint, before the body is looked at.
 */
import type { ApprovalList, Approval } from "../../../src/contract/workflows"
import { ApproveChartRequest } from "../../../src/contract/workflows"
import { requireSession } from "../../auth/session"
import { approveChart, listApprovals, requireReviewer } from "../../workflows/approvals"
import { decodeOrBadRequest, parseJsonBody } from "../body"
import type { ApiRoutes } from "../context"

export const workflowRoutes: ApiRoutes = {
  name: "workflows",
  mount: (api, deps) => {
    const { db } = deps.database
    const signedIn = requireSession(deps, { satisfied: true })

    api.get("/workflows/approvals", signedIn, async (c) => {
      await requireReviewer(db, c.get("session").userId, c)
      const answer: ApprovalList = { approvals: await listApprovals(db) }
      return c.json(answer)
    })

    api.post("/workflows/approvals", signedIn, async (c) => {
      const reviewer = await requireReviewer(db, c.get("session").userId, c)
      const body = decodeOrBadRequest(ApproveChartRequest, parseJsonBody(c.get("rawBody")))
      const answer: Approval = await approveChart(db, reviewer, body, new Date(deps.now()))
      return c.json(answer, 201)
    })
  },
}
