import { languageMachine } from "../../machines/language.machine"
import { defineWorkflow } from "../workflow"

/** The interface language: a choice is stored (kept on logout) and the page reloads in it. */
export default defineWorkflow({
  chart: languageMachine,
  texts: ["common"],
  effects: ({ storage }) => ({
    store: (_, { code }) => storage.set("language", code),
    reload: () => window.location.reload(),
  }),
})
