import { Context, Effect, Layer } from "effect"
import { HealthEndpoints as Endpoints } from "../contract/endpoints/health"
import type { Health as HealthAnswer } from "../contract/health"
import { ApiClient } from "./api-client"
import type { ApiFailure } from "./api-errors"

/**
 * The reference server's liveness check (GET /health, public). `Health.check()` answers
 * `{ status: "ok", time }` once the server and its database respond; inside a service use
 * `(yield* Health).check()`.
 *
 * Layers: `layer` (through the ApiClient).
 */
export class Health extends Context.Service<Health, { check(): Effect.Effect<HealthAnswer, ApiFailure> }>()("chartfolio/services/Health") {
  static readonly layer: Layer.Layer<Health, never, ApiClient> = Layer.effect(
    Health,
    Effect.gen(function* () {
      const api = yield* ApiClient
      const check = Effect.fn("Health.check")(function* () {
        return yield* api.call(Endpoints.health)
      })
      return Health.of({ check })
    }),
  )

  /** `Health.check()` as an Effect needing the service: what the actor bridge runs. */
  static readonly check = (): Effect.Effect<HealthAnswer, ApiFailure, Health> => Health.use((health) => health.check())
}
