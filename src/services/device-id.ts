import { Context, Effect, Layer } from "effect"
import { ClientStorage } from "./client-storage"

/**
 * The locally kept device identifier (spec part 1 section 1), sent as `X-Device-Id` on every
 * request and used by the server for trusted devices. `get()` returns the stored identifier,
 * creating and storing a random UUID on first use; it survives logout (ClientStorage keeps it).
 *
 * Layers: `layer` (needs ClientStorage), `layerFixed(id)` (tests).
 */
export class DeviceId extends Context.Service<DeviceId, { get(): Effect.Effect<string> }>()("chartfolio/services/DeviceId") {
  static readonly layer: Layer.Layer<DeviceId, never, ClientStorage> = Layer.effect(
    DeviceId,
    Effect.gen(function* () {
      const storage = yield* ClientStorage
      let cached: string | undefined
      const get = Effect.fn("DeviceId.get")(function* () {
        if (cached !== undefined) return cached
        const stored = yield* storage.get("deviceId")
        if (typeof stored === "string" && stored.trim() !== "") {
          cached = stored
          return stored
        }
        const created = crypto.randomUUID()
        yield* storage.set("deviceId", created)
        cached = created
        return created
      })
      return DeviceId.of({ get })
    }),
  )

  /** Always the given identifier. */
  static readonly layerFixed = (id: string): Layer.Layer<DeviceId> => Layer.succeed(DeviceId, DeviceId.of({ get: () => Effect.succeed(id) }))
}
