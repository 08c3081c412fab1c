import { Context, Effect, Layer } from "effect"
import type { Mailbox } from "../contract/dev"
import { Endpoints } from "../contract/endpoints"
import { ApiClient } from "./api-client"
import type { ApiFailure } from "./api-errors"

/**
 * The demo-mode outbox of the reference server (GET /dev/mailbox, public): the mail it would have
 * sent (one-time codes, reset links), newest first. `DevMailbox.list(to?)` lists the mail to one
 * address, or all mail without it; the app wiring provides it to the dev mailbox chart:
 * `bridge.fromEffect((input: { to?: string }) => DevMailbox.list(input.to))`.
 *
 * Layers: `layer` (through the ApiClient).
 */
export class DevMailbox extends Context.Service<DevMailbox, { list(to?: string): Effect.Effect<Mailbox, ApiFailure> }>()("chartfolio/services/DevMailbox") {
  static readonly layer: Layer.Layer<DevMailbox, never, ApiClient> = Layer.effect(
    DevMailbox,
    Effect.gen(function* () {
      const api = yield* ApiClient
      const list = Effect.fn("DevMailbox.list")(function* (to?: string) {
        const address = to?.trim()
        return yield* api.call(Endpoints.devMailbox, { query: address ? { to: address } : {} })
      })
      return DevMailbox.of({ list })
    }),
  )

  /** `DevMailbox.list(to)` as an Effect needing the service: what the actor bridge runs. */
  static readonly list = (to?: string): Effect.Effect<Mailbox, ApiFailure, DevMailbox> => DevMailbox.use((mailbox) => mailbox.list(to))
}
