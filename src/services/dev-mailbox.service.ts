import { Context, Effect, Layer } from "effect"
import type { Mailbox } from "../contract/dev"
import type { ApiClient } from "./api-client"
import type { ApiFailure } from "./api-errors"
import { lazyLayer } from "./lazy-service"

interface DevMailboxShape {
  list(to?: string): Effect.Effect<Mailbox, ApiFailure>
}

/**
 * The demo-mode outbox of the reference server (GET /dev/mailbox, public): the mail it would have
 * sent (one-time codes, reset links), newest first. `DevMailbox.list(to?)` lists the mail to one
 * address, or all mail without it; the app wiring provides it to the dev mailbox chart:
 * `bridge.fromEffect((input: { to?: string }) => DevMailbox.list(input.to))`.
 *
 * Layers: `layer` (through the ApiClient).
 */
export class DevMailbox extends Context.Service<DevMailbox, DevMailboxShape>()("chartfolio/services/DevMailbox") {
  static readonly layer: Layer.Layer<DevMailbox, never, ApiClient> = lazyLayer(DevMailbox, () => import("./dev-mailbox.live"))

  /** `DevMailbox.list(to)` as an Effect needing the service: what the actor bridge runs. */
  static readonly list = (to?: string): Effect.Effect<Mailbox, ApiFailure, DevMailbox> => DevMailbox.use((mailbox) => mailbox.list(to))
}
