import { devMailboxMachine } from "../../machines/dev-mailbox.machine"
import { defineWorkflow } from "../workflow"

/** /dev/mailbox: the demo outbox. */
export default defineWorkflow({
  chart: devMailboxMachine,
  texts: ["dev"],
  calls: {
    listMailbox:
      ({ DevMailbox }) =>
      (input) =>
        DevMailbox.list(input.to),
  },
})
