import { Cause, Effect, Schema } from "effect"
import { afterEach, describe, expect, it } from "vitest"
import { assign, createActor, fromPromise, setup, waitFor } from "xstate"
import { endpoint } from "../../src/contract/endpoint"
import { ApiClient } from "../../src/services/api-client"
import { ApiError, isSilent } from "../../src/services/api-errors"
import { actorError, makeAppRuntime } from "../../src/services/bridge"
import { actorCall } from "./actor-call"
import { ClientStorage } from "../../src/services/client-storage"
import { makeCoreLayer } from "../../src/services/core-layer"
import { json, startTestServer, type Routes } from "./test-server"

const Slow = endpoint({ name: "test.slow", method: "GET", path: "/slow", response: Schema.Struct({ n: Schema.Number }) })

/** A chart shaped like the app's: one invoked actor, a way out while it runs. */
const loaderMachine = setup({
  types: {
    context: {} as { output: unknown; error: unknown },
    events: {} as { type: "load.cancel" },
  },
  actors: {
    load: fromPromise<{ n: number }>(async () => {
      throw new Error("the load actor is not implemented, add it with provide(...)")
    }),
  },
}).createMachine({
  context: { output: undefined, error: undefined },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        src: "load",
        onDone: { target: "loaded", actions: assign({ output: ({ event }) => event.output }) },
        onError: { target: "failed", actions: assign({ error: ({ event }) => event.error }) },
      },
      on: { "load.cancel": "idle" },
    },
    idle: {},
    loaded: {},
    failed: {},
  },
})

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

const setupBridge = async (routes: Routes) => {
  const server = await startTestServer(routes)
  cleanups.push(server.close)
  const runtime = makeAppRuntime(makeCoreLayer({ storage: ClientStorage.layerMemory(), config: { baseUrl: `${server.origin}/api` } }))
  cleanups.push(runtime.dispose)
  let interrupted = false
  const machine = loaderMachine.provide({
    actors: {
      load: actorCall(runtime, () =>
        ApiClient.use((api) => api.call(Slow)).pipe(
          Effect.onInterrupt(() =>
            Effect.sync(() => {
              interrupted = true
            }),
          ),
        ),
      ),
    },
  })
  const actor = createActor(machine)
  cleanups.push(async () => {
    actor.stop()
  })
  return { server, actor, interrupted: () => interrupted }
}

const within = <A>(promise: Promise<A>, ms: number, what: string): Promise<A> =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms))])

describe("actor bridge", () => {
  it("resolves the actor with the decoded answer", async () => {
    const { actor } = await setupBridge({ "/api/slow": () => json(200, { n: 3 }) })
    actor.start()
    const snapshot = await waitFor(actor, (s) => s.matches("loaded"), { timeout: 5_000 })
    expect(snapshot.context.output).toEqual({ n: 3 })
  })

  it("rejects with the typed error, so onError reads _tag and text", async () => {
    const { actor } = await setupBridge({ "/api/slow": () => json(422, { error: "Not today" }) })
    actor.start()
    const snapshot = await waitFor(actor, (s) => s.matches("failed"), { timeout: 5_000 })
    expect(snapshot.context.error).toBeInstanceOf(ApiError)
    expect(snapshot.context.error).toMatchObject({ _tag: "ApiError", status: 422, text: "Not today" })
  })

  it("leaving the state aborts the request: the server sees the connection dropped, the actor gets no result", async () => {
    const { server, actor, interrupted } = await setupBridge({ "/api/slow": () => "hang" })
    actor.start()
    await within(server.holding, 3_000, "the request to arrive")
    actor.send({ type: "load.cancel" })
    await within(server.aborted, 3_000, "the server to see the abort")
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(interrupted()).toBe(true)
    const snapshot = actor.getSnapshot()
    expect(snapshot.value).toBe("idle")
    expect(snapshot.context).toEqual({ output: undefined, error: undefined })
  })
})

describe("actorError", () => {
  it("passes a typed failure through unchanged", () => {
    const error = new ApiError({ status: 400, text: "No" })
    expect(actorError(Cause.fail(error))).toBe(error)
  })

  it("turns an interruption into a silent 'Cancel Request'", () => {
    const error = actorError(Cause.interrupt())
    expect(error).toMatchObject({ _tag: "RequestCancelled", text: "Cancel Request" })
    expect(isSilent(error)).toBe(true)
  })

  it("turns a defect into an UnexpectedError with a text to show", () => {
    const error = actorError(Cause.die(new Error("boom")))
    expect(error).toMatchObject({ _tag: "UnexpectedError" })
    expect((error as { detail: string }).detail).toContain("boom")
    expect(isSilent(error)).toBe(false)
  })
})
