import { Context, Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { ApiClient } from "../../src/services/api-client"
import { ApiError, NETWORK_ERROR_TEXT, type ApiFailure } from "../../src/services/api-errors"
import { lazyLayer } from "../../src/services/lazy-service"

interface GreeterShape {
  greet(name: string): Effect.Effect<string, ApiFailure>
  refuse(): Effect.Effect<string, ApiFailure>
}
class Greeter extends Context.Service<Greeter, GreeterShape>()("test/Greeter") {}

/** The ApiClient the live module is given (never called: it answers by itself). */
const client = ApiClient.of({ call: () => Effect.die("not called") })
const api = Layer.succeed(ApiClient, client)

/** A live module that counts how often it is loaded; `fail` makes the next loads fail (a chunk that did not arrive). */
const liveModule = () => {
  const state = { loads: 0, fail: false }
  const load = async () => {
    state.loads += 1
    if (state.fail) throw new Error("Failed to fetch dynamically imported module")
    return {
      default: (given: ApiClient["Service"]): GreeterShape => ({
        greet: (name) => Effect.succeed(given === client ? `hello ${name}` : "not the app's ApiClient"),
        refuse: () => Effect.fail(new ApiError({ status: 409, code: "conflict", text: "No." })),
      }),
    }
  }
  return { state, layer: lazyLayer(Greeter, load).pipe(Layer.provide(api)) }
}

describe("lazyLayer: a service whose implementation loads with its first call", () => {
  it("loads the implementation once, at the first call, and forwards each call with its arguments and answer", async () => {
    const { state, layer } = liveModule()
    const program = Effect.gen(function* () {
      const greeter = yield* Greeter
      const loadedBefore = state.loads
      const first = yield* greeter.greet("Ada")
      const second = yield* greeter.greet("Obi")
      return { loadedBefore, first, second }
    })
    expect(await Effect.runPromise(Effect.provide(program, layer))).toEqual({ loadedBefore: 0, first: "hello Ada", second: "hello Obi" })
    expect(state.loads).toBe(1)
  })

  it("fails a call with the implementation's own typed error", async () => {
    const { layer } = liveModule()
    const error = await Effect.runPromise(Effect.provide(Effect.flip(Greeter.use((g) => g.refuse())), layer))
    expect(error).toMatchObject({ _tag: "ApiError", status: 409, code: "conflict" })
  })

  it("fails a call as a NetworkError (the connection's text) when the implementation does not load, and loads it again on the next call", async () => {
    const { state, layer } = liveModule()
    const program = Effect.gen(function* () {
      const greeter = yield* Greeter
      state.fail = true
      const refused = yield* Effect.flip(greeter.greet("Ada"))
      state.fail = false
      const answered = yield* greeter.greet("Ada")
      return { refused, answered }
    })
    const { refused, answered } = await Effect.runPromise(Effect.provide(program, layer))
    expect(refused).toMatchObject({ _tag: "NetworkError", text: NETWORK_ERROR_TEXT })
    expect(answered).toBe("hello Ada")
    expect(state.loads).toBe(2)
  })

  it("is no thenable: awaiting the service's value gives the value itself", async () => {
    const { layer } = liveModule()
    const value = await Effect.runPromise(
      Effect.provide(
        Effect.gen(function* () {
          return yield* Greeter
        }),
        layer,
      ),
    )
    expect(await Promise.resolve(value)).toBe(value)
  })
})
