import { Cause, Exit, ManagedRuntime, Option, type Effect, type Layer } from "effect"
import { fromPromise, type PromiseActorLogic } from "xstate"
import { GENERIC_ERROR_TEXT, requestCancelled, UnexpectedError } from "./api-errors"
import { makeAppLayer, type AppServices } from "./app-layer"

/**
 * Turns Effect service calls into XState actor logic, run on one Effect runtime.
 * `fromEffect(fn)` makes a promise actor that runs `fn(input)` with the actor's AbortSignal, so
 * leaving the invoking state interrupts the Effect and aborts its fetch. A failure rejects with the
 * typed error itself, so a machine's `onError` reads `event.error._tag` and `event.error.text`; an
 * interruption surfaces (if at all) as RequestCancelled, a defect as UnexpectedError.
 *
 * The app wiring provides each machine's named actors from it:
 *
 *   const bridge = makeActorBridge(makeAppRuntime())
 *   machine.provide({ actors: { loadThing: bridge.fromEffect((input: { id: string }) => Things.load(input.id)) } })
 */
export interface ActorBridge<R> {
  fromEffect<I, A, E>(fn: (input: I) => Effect.Effect<A, E, R>): PromiseActorLogic<A, I>
}

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

/** The bridge over a runtime; build the runtime once per app (or per test) with `makeAppRuntime`. */
export const makeActorBridge = <R>(runtime: ManagedRuntime.ManagedRuntime<R, never>): ActorBridge<R> => ({
  fromEffect: <I, A, E>(fn: (input: I) => Effect.Effect<A, E, R>) =>
    fromPromise<A, I>(({ input, signal }) => runForActor(runtime, fn(input), signal)),
})

/**
 * The app's Effect runtime: with no argument, every live service (makeAppLayer()); tests and
 * alternative wirings pass their own layer. Dispose it with `runtime.dispose()` when the app unmounts.
 */
export function makeAppRuntime(): ManagedRuntime.ManagedRuntime<AppServices, never>
export function makeAppRuntime<R>(layer: Layer.Layer<R>): ManagedRuntime.ManagedRuntime<R, never>
export function makeAppRuntime(layer?: Layer.Layer<unknown>): ManagedRuntime.ManagedRuntime<unknown, never> {
  return ManagedRuntime.make(layer ?? (makeAppLayer() as Layer.Layer<unknown>))
}
