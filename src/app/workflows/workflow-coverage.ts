import { workflowCoverageMachine } from "../../machines/workflow-coverage.machine"
import { defineWorkflow } from "../workflow"

/** The workflow explorer's coverage: the model and browser tests' reports the server holds. */
export default defineWorkflow({
  chart: workflowCoverageMachine,
  texts: ["explorer"],
  calls: {
    loadCoverage:
      ({ Workflows }) =>
      () =>
        Workflows.use((w) => w.coverage()),
  },
})
