import { enqueueActions, type EventObject, type MachineContext, type ProvidedActor } from "xstate"
import { failureNotice, isSilentFailure, toFailure, type Failure, type Notice } from "./failure"

/**
 * The chart kit: the pieces every workflow chart repeats, written once.
 *
 * - `notifyFailure()`: a failed call as an error toast through the chart's `notify` action, except a
 *   request the client cancelled itself, which shows nothing. So an `onError` is one transition:
 *     onError: { target: "failed", actions: { type: "notifyFailure", params: ({ event }) => ({ error: event.error }) } }
 * - `shownFailure`: a failed call as the failure a form shows, or null for a cancelled request:
 *     onError: { target: "editing", actions: assign({ failure: ({ event }) => shownFailure(event.error) }) }
 * - `intentKey` / `NO_INTENT_KEY`: the Idempotency-Key of a user's intent (see below).
 * - `TAG`, `regionTag`: the tags views read (`snapshot.hasTag(TAG.busy)`) instead of testing state names.
 */

/**
 * Put it in `setup({ actions: { notify, notifyFailure: notifyFailure() } })`, beside the chart's
 * own `notify` action (params: Notice), which it calls. A factory so that TypeScript gives it the
 * chart's own types from where it is placed.
 */
export const notifyFailure = <
  TContext extends MachineContext,
  TExpressionEvent extends EventObject,
  TEvent extends EventObject,
  TActor extends ProvidedActor,
  TEmitted extends EventObject,
>() =>
  enqueueActions<TContext, TExpressionEvent, { error: unknown }, TEvent, TActor, never, never, never, TEmitted>(({ enqueue }, params) => {
    if (isSilentFailure(toFailure(params.error))) return
    const notify: NotifyAction = { type: "notify", params: failureNotice(params.error) }
    // Every chart using the kit declares `notify` with a Notice; the factory's types cannot say so.
    enqueue(notify as never)
  })

/** The chart action the kit's failure toast goes through. */
interface NotifyAction {
  readonly type: "notify"
  readonly params: Notice
}

/** The failure to show for a failed call; null for a request the client cancelled (never shown). */
export const shownFailure = (error: unknown): Failure | null => {
  const failure = toFailure(error)
  return isSilentFailure(failure) ? null : failure
}

/** The part of a chart's context that carries its intent's Idempotency-Key. */
export interface IntentKeyContext {
  /** The key of the current intent: made on its first submit, reused on a retry, dropped by any change. */
  readonly idempotencyKey: string | null
  /** Makes a new key (crypto.randomUUID in the app, a counter in tests). */
  readonly newKey: () => string
}

/**
 * The key to send for the current intent: the one already made (a retry of the same intent reuses
 * it, so the server creates the thing once), else a new one. Assign it when submitting:
 *   assign({ idempotencyKey: ({ context }) => intentKey(context) })
 * and drop it (`...NO_INTENT_KEY`) whenever the user changes what they asked for.
 */
export const intentKey = (context: IntentKeyContext): string => context.idempotencyKey ?? context.newKey()

/** Spread into an assign when the intent changes: the next submit makes a new key. */
export const NO_INTENT_KEY = { idempotencyKey: null } as const

/**
 * The tag vocabulary views read (`snapshot.hasTag(TAG.busy)`), never state names:
 * - `loading`: the data the view shows is not there yet (skeletons);
 * - `busy`: a request the user started runs (its button spins, the form and dialog are frozen);
 * - `failed`: the last load failed and a retry is offered;
 * - `open`: the chart's dialog is open;
 * - `visible`: a timed element is on screen (splash, route progress bar).
 * A chart with several independent regions tags per region (`regionTag("news", TAG.failed)` is
 * "news.failed"). A chart may add tags of its own (the session's "reauth"); each chart lists the
 * tags it uses in `types.tags`, so a view asking for a tag the chart does not have fails to compile.
 */
export const TAG = { busy: "busy", failed: "failed", loading: "loading", open: "open", visible: "visible" } as const
export type Tag = (typeof TAG)[keyof typeof TAG]

/** A region's own tags, e.g. "news.loading" | "news.failed". */
export type RegionTag<R extends string> = `${R}.${Tag}`

/** A region's own tag, e.g. `regionTag("news", TAG.failed)` = "news.failed". */
export const regionTag = <R extends string, T extends Tag>(region: R, tag: T): `${R}.${T}` => `${region}.${tag}`
