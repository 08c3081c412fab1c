import { documentsMachine } from "../../machines/documents.machine"
import { defineWorkflow } from "../workflow"

/** /user-account/documents: the list of the user's documents and the details modal of one. */
export default defineWorkflow({
  chart: documentsMachine,
  texts: ["account", "forms"],
  calls: {
    loadDocuments:
      ({ Documents }) =>
      () =>
        Documents.use((d) => d.list()),
    loadDocument:
      ({ Documents }) =>
      (input) =>
        Documents.use((d) => d.details(input.documentId)),
  },
  effects: ({ notify }) => ({ notify: (_, notice) => notify(notice) }),
})
