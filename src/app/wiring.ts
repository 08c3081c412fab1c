import { DevMailbox } from "../services/dev-mailbox.service"
import { makeActorBridge, makeAppRuntime } from "../services/bridge"
import { devMailboxMachine } from "../machines/dev-mailbox.machine"
import type { ProvidedMachines } from "../views/machines-context"
import type { AuthGate } from "./auth-gate"

/**
 * The one place where services meet charts: builds the Effect runtime once and provides every
 * chart's I/O actors from it. Returns what the views and the router need.
 */
export const startApp = (): { machines: ProvidedMachines; auth: AuthGate } => {
  const runtime = makeAppRuntime()
  const bridge = makeActorBridge(runtime)
  const machines: ProvidedMachines = {
    devMailbox: devMailboxMachine.provide({
      actors: { listMailbox: bridge.fromEffect((input: { to?: string }) => DevMailbox.list(input.to)) },
    }),
  }
  // Until the session chart lands (next issue) nobody can be signed in.
  const auth: AuthGate = { access: async () => "signedOut" }
  return { machines, auth }
}
