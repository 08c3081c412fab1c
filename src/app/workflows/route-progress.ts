import { routeProgressMachine } from "../../machines/route-progress.machine"
import { defineWorkflow } from "../workflow"

/** The route-change progress bar; a finished change scrolls the page to the top. */
export default defineWorkflow({
  chart: routeProgressMachine,
  texts: ["common"],
  effects: () => ({ scrollToTop: () => window.scrollTo({ top: 0, left: 0 }) }),
})
