import { Effect, Layer, type Context } from "effect"
import { ApiClient } from "./api-client"
import { NETWORK_ERROR_TEXT, NetworkError } from "./api-errors"

/** A service's call, as the forwarding value sees it. */
type AnyCall = (...args: ReadonlyArray<unknown>) => Effect.Effect<unknown, unknown>

/**
 * The layer of a service whose implementation is a module of its own (`./<name>.live.ts`: its
 * endpoints, their schemas and the rules those use), loaded by the service's first call instead of
 * with the API runtime: a page that never withdraws does not load the withdrawal's schemas
 * (docs/architecture.md, "Request pipeline"). The service's value forwards each call to the loaded
 * implementation; a failed load fails that call as a NetworkError (the connection's text) and is
 * tried again by the next call.
 */
export const lazyLayer = <Self, Shape extends object>(
  service: Context.Service<Self, Shape>,
  load: () => Promise<{ readonly default: (api: ApiClient["Service"]) => Shape }>,
): Layer.Layer<Self, never, ApiClient> =>
  Layer.effect(
    service,
    Effect.gen(function* () {
      const api = yield* ApiClient
      let loading: Promise<Shape> | undefined
      const live = Effect.tryPromise({
        try: () => (loading ??= load().then((module) => module.default(api))),
        catch: (error) => {
          loading = undefined
          return new NetworkError({ text: NETWORK_ERROR_TEXT, detail: `${service.key} did not load: ${String(error)}` })
        },
      })
      const calls = new Map<string, AnyCall>()
      const forward =
        (name: string): AnyCall =>
        (...args) =>
          Effect.flatMap(live, (shape) => (shape as Record<string, AnyCall>)[name]!(...args))
      // Every property is a call (the shapes are interfaces of calls); "then" is not, so the value is no thenable.
      return service.of(
        new Proxy({} as Shape, {
          get: (_, name) => {
            if (typeof name !== "string" || name === "then") return undefined
            let call = calls.get(name)
            if (!call) calls.set(name, (call = forward(name)))
            return call
          },
        }),
      )
    }),
  )
