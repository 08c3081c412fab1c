/**
 * The workflow explorer's approval trail (issue 13; server/workflows/approvals.ts says the rules):
 *   GET  /workflows/approvals   ApprovalList, newest first
 *   POST /workflows/approvals   ApproveChartRequest -> Approval, 201 (200: the reviewer's earlier approval of that version)
 *   GET  /workflows/coverage    CoverageReports: the reports of REPORTS_DIR (server/workflows/coverage.ts)
 * Both need a signed-in session of a reviewer; for anyone else (no token, a bad one, a code still
 * pending, a customer) they answer 404 exactly like an unknown endpoint, before the body is looked at.
 */
import type { ApprovalList, Approval, CoverageReports } from "../../../src/contract/workflows"
import { APPROVAL_NOTE_REFUSED, ApproveChartRequest } from "../../../src/contract/workflows"
import { readCoverageReports } from "../../workflows/coverage"
import { approveChart, listApprovals, loadBuildCharts, reviewersOnly } from "../../workflows/approvals"
import { decodeOrBadRequest, parseJsonBody } from "../body"
import type { ApiRoutes } from "../context"

export const workflowRoutes: ApiRoutes = {
  name: "workflows",
  mount: (api, deps) => {
    const { db } = deps.database
    const reviewer = reviewersOnly(deps)
    // The charts of the build this server serves: the only ones, in the only versions, it approves.
    const charts = loadBuildCharts(deps.config.chartsFile)

    api.get("/workflows/approvals", reviewer, async (c) => {
      const answer: ApprovalList = await listApprovals(db)
      return c.json(answer)
    })

    api.post("/workflows/approvals", reviewer, async (c) => {
      // The note is the one field the reviewer types: its refusal is said in their language.
      const body = decodeOrBadRequest(ApproveChartRequest, parseJsonBody(c.get("rawBody")), (fields) => ("note" in fields ? APPROVAL_NOTE_REFUSED : undefined))
      const { approval, created } = await approveChart(db, await charts, c.get("reviewer"), body, new Date(deps.now()))
      const answer: Approval = approval
      return c.json(answer, created ? 201 : 200)
    })

    api.get("/workflows/coverage", reviewer, async (c) => {
      const answer: CoverageReports = await readCoverageReports(deps.config.reportsDir)
      return c.json(answer)
    })
  },
}
