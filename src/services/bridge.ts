import { Cause, Exit, ManagedRuntime, Option, type Effect, type Layer } from "effect"
import { GENERIC_ERROR_TEXT, requestCancelled, UnexpectedError } from "./api-errors"
import { makeAppLayer, type AppServices } from "./app-layer"

/**
 * Runs Effect service calls for XState actors on one Effect runtime. The app's workflow modules
 * (src/app/workflow.ts, `provideWorkflow`) make each named call of a chart a promise actor that runs
 * its program with `runForActor` and the actor's AbortSignal, so leaving the invoking state
 * interrupts the Effect and aborts its fetch. A failure rejects with the typed error itself, so a
 * machine's `onError` reads `event.error._tag` and `event.error.text`; an interruption surfaces (if
 * at all) as RequestCancelled, a defect as UnexpectedError.
 */

/** What a rejected bridge actor carries: the Effect's typed error, else RequestCancelled or UnexpectedError. */
export const actorError = <E>(cause: Cause.Cause<E>): unknown => {
  const failure = Cause.findErrorOption(cause)
  if (Option.isSome(failure)) return failure.value
  if (Cause.hasInterrupts(cause) && !Cause.hasDies(cause)) return requestCancelled()
  return new UnexpectedError({ text: GENERIC_ERROR_TEXT, detail: String(Cause.squash(cause)) })
}

/**
 * Runs one Effect for an actor: resolves with its value, rejects with the typed error (see
 * `actorError`); aborting `signal` interrupts the Effect and its fetch.
 */
export const runForActor = async <R, A, E>(
  runtime: ManagedRuntime.ManagedRuntime<R, never>,
  effect: Effect.Effect<A, E, R>,
  signal: AbortSignal,
): Promise<A> => {
  const exit = await runtime.runPromiseExit(effect, { signal })
  if (Exit.isSuccess(exit)) return exit.value
  throw actorError(exit.cause)
}

/**
 * The app's Effect runtime: with no argument, every live service (makeAppLayer()); tests and
 * alternative wirings pass their own layer. Dispose it with `runtime.dispose()` when the app unmounts.
 */
export function makeAppRuntime(): ManagedRuntime.ManagedRuntime<AppServices, never>
export function makeAppRuntime<R>(layer: Layer.Layer<R>): ManagedRuntime.ManagedRuntime<R, never>
export function makeAppRuntime(layer?: Layer.Layer<unknown>): ManagedRuntime.ManagedRuntime<unknown, never> {
  return ManagedRuntime.make(layer ?? (makeAppLayer() as Layer.Layer<unknown>))
}
