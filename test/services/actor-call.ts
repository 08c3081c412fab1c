import type { Effect, ManagedRuntime } from "effect"
import { fromPromise, type PromiseActorLogic } from "xstate"
import { runForActor } from "../../src/services/bridge"

/**
 * A chart's call as the app makes it (src/app/workflow.ts, `provideWorkflow`): a promise actor that
 * runs the program on the runtime with the actor's AbortSignal.
 */
export const actorCall = <R, I, A, E>(
  runtime: ManagedRuntime.ManagedRuntime<R, never>,
  program: (input: I) => Effect.Effect<A, E, R>,
): PromiseActorLogic<A, I> => fromPromise<A, I>(({ input, signal }) => runForActor(runtime, program(input), signal))
