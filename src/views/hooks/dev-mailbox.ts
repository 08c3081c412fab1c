import { useSelector } from "@xstate/react"
import { devMailboxMachine } from "../../machines/dev-mailbox.machine"
import { useWorkflowActor } from "../workflows"
import { TAG } from "../../machines/kit"

/** Starts the dev-mailbox chart for an address and reads what the page shows. */
export const useDevMailbox = (to?: string) => {
  const ref = useWorkflowActor(devMailboxMachine, { input: { to } })
  const state = useSelector(ref, (s) => (s.hasTag(TAG.loading) ? "loading" : s.hasTag(TAG.failed) ? "failed" : "loaded"))
  const messages = useSelector(ref, (s) => s.context.messages)
  const error = useSelector(ref, (s) => s.context.error?.text ?? null)
  return { state, messages, error, refresh: () => ref.send({ type: "mailbox.refresh" }) } as const
}
