import { Approval, ApprovalList, ApproveChartRequest, CoverageReports } from "../workflows"
import { endpoint } from "../endpoint"

/** The workflow explorer (issue 13; reviewers only, 404 for anyone else). */
export const WorkflowEndpoints = {
  listApprovals: endpoint({ name: "listApprovals", method: "GET", path: "/workflows/approvals", response: ApprovalList }),
  approveChart: endpoint({ name: "approveChart", method: "POST", path: "/workflows/approvals", request: ApproveChartRequest, response: Approval }),
  coverageReports: endpoint({ name: "coverageReports", method: "GET", path: "/workflows/coverage", response: CoverageReports }),
} as const
