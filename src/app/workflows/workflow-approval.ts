import i18next from "i18next"
import { workflowApprovalMachine } from "../../machines/workflow-approval.machine"
import { defineWorkflow } from "../workflow"

/** The workflow explorer's approval trail: the approvals recorded so far and approving a chart's fingerprint. */
export default defineWorkflow({
  chart: workflowApprovalMachine,
  texts: ["explorer"],
  calls: {
    loadApprovals:
      ({ Workflows }) =>
      () =>
        Workflows.use((w) => w.approvals()),
    approve:
      ({ Workflows }) =>
      (input) =>
        Workflows.use((w) => w.approve(input)),
  },
  effects: ({ notify }) => ({
    notify: (_, notice) => notify(notice),
    approved: (_, { chart }) => notify({ kind: "success", text: i18next.t("explorer:approval.recorded", { chart }) }),
  }),
})
