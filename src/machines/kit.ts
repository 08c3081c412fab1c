import {
  assign,
  enqueueActions,
  fromPromise,
  type DoneActorEvent,
  type ErrorActorEvent,
  type EventObject,
  type MachineContext,
  type NonReducibleUnknown,
  type ProvidedActor,
} from "xstate"
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
 * - `loadWithRetry`: a load on entry and a failed state offering a retry, as the chart's own two states.
 * - `providedCall` / `providedAction`: the chart's declaration of an I/O call or a side effect the app
 *   provides at start-up (its workflow module); run without it, the chart fails loudly.
 */

/**
 * A promise actor the app provides (a call of the chart's workflow module): declared here with its
 * output and input types; running the chart without the app's implementation throws.
 *   actors: { loadBanks: providedCall<BankList>("loadBanks") }
 */
export const providedCall = <Out, In = NonReducibleUnknown>(name: string) =>
  fromPromise<Out, In>(async () => {
    throw new Error(`the ${name} actor is not implemented, add it with provide(...)`)
  })

/**
 * A named action the app provides (a toast, storage, navigation), declared with its params' type;
 * running the chart without the app's implementation throws.
 *   actions: { notify: providedAction<Notice>("notify"), goToCode: providedAction("goToCode") }
 */
export function providedAction(name: string): () => never
export function providedAction<P>(name: string): (_: unknown, params: P) => never
export function providedAction(name: string): () => never {
  return () => {
    throw new Error(`the ${name} action is not implemented, add it with provide(...)`)
  }
}

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

/** What `loadWithRetry` builds: the load's two states, under the names the chart gave them. */
export type LoadWithRetryStates<TLoading extends string, TFailed extends string, TCall extends string> = {
  readonly [K in TLoading]: {
    readonly tags: never
    readonly meta: { readonly description: string }
    readonly invoke: {
      readonly id: TCall
      readonly src: TCall
      readonly input?: never
      readonly onDone: { readonly target: string; readonly actions: never }
      readonly onError: { readonly target: TFailed; readonly actions: never }
    }
    readonly on?: never
  }
} & {
  readonly [K in TFailed]: { readonly tags: never; readonly meta: { readonly description: string }; readonly on: never }
}

/** A named action of the chart, with its params. */
export type NamedAction = string | { readonly type: string; readonly params?: unknown }

/** A transition of the load's states that is not a function of the load: a target and the chart's named actions. */
export interface NamedTransition {
  readonly target?: string
  readonly actions?: NamedAction | ReadonlyArray<NamedAction>
}

/**
 * The load-with-retry skeleton (a call on entry; on failure a state that offers a retry), written
 * once. It builds the chart's two states, which stay in its definition (the explorer, the model
 * test and the texts see them as any other state):
 *
 *   states: {
 *     ...loadWithRetry<BusinessNewsContext, NewsList>()({
 *       call: "loadNews",
 *       loaded: { target: "shown", take: (news) => ({ news }) },
 *       loading: { description: "GET /overview/business-news; the page shows skeleton articles" },
 *       failed: { description: "The news could not be loaded (toasted); the page offers a retry" },
 *       retry: ["news.retry"],
 *     }),
 *     shown: { ... },
 *   }
 *
 * - `call`: the invoked actor (its id and src); `input` its input from the context.
 * - `loaded`: where the answer goes (`take` returns what it assigns; `actions` named actions after).
 * - `loading` / `failed`: the states' descriptions, names (default "loading" and "failed"), tags
 *   (default `TAG.loading` / `TAG.failed`; a region's own with `regionTag`) and other transitions.
 * - `retry`: the events that load again from the failed state (`clear` is assigned as it does).
 * - `failure`: how a failure shows: `"toast"` (default: the kit's `notifyFailure`, so the chart
 *   puts `notify` and `notifyFailure: notifyFailure()` in its setup) or a function assigning the
 *   shown failure (`shownFailure`, null for a cancelled request) to the context, for a chart that
 *   shows it in place.
 *
 * Curried so that the chart names its context and the call's output once and the rest is inferred.
 */
export const loadWithRetry =
  <TContext extends MachineContext, TOutput>() =>
  <const TCall extends string, const TLoading extends string = "loading", const TFailed extends string = "failed">(spec: {
    readonly call: TCall
    readonly input?: (args: { readonly context: TContext }) => unknown
    readonly loaded: {
      readonly target: string
      readonly take: (output: TOutput, context: TContext) => Partial<TContext>
      readonly actions?: ReadonlyArray<NamedAction>
    }
    readonly loading: {
      readonly name?: TLoading
      readonly description: string
      readonly tags?: ReadonlyArray<string>
      readonly entry?: (context: TContext) => Partial<TContext>
      readonly on?: Readonly<Record<string, NamedTransition>>
    }
    readonly failed: {
      readonly name?: TFailed
      readonly description: string
      readonly tags?: ReadonlyArray<string>
      readonly on?: Readonly<Record<string, NamedTransition>>
    }
    readonly retry: ReadonlyArray<string>
    /** Assigned when a retry event loads again (e.g. the shown failure cleared). */
    readonly clear?: Partial<TContext>
    readonly failure?: "toast" | ((failure: Failure | null) => Partial<TContext>)
  }): LoadWithRetryStates<TLoading, TFailed, TCall> => {
    const loadingName = (spec.loading.name ?? "loading") as TLoading
    const failedName = (spec.failed.name ?? "failed") as TFailed
    const shown = spec.failure
    const onError =
      shown === undefined || shown === "toast"
        ? { type: "notifyFailure", params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) }
        : assign<TContext, ErrorActorEvent, undefined, EventObject, ProvidedActor>(({ event }) => shown(shownFailure(event.error)))
    const take = assign<TContext, DoneActorEvent<TOutput>, undefined, EventObject, ProvidedActor>(({ context, event }) =>
      spec.loaded.take(event.output, context),
    )
    const retry = { target: loadingName, ...(spec.clear ? { actions: assign(() => spec.clear as Partial<TContext>) } : {}) }
    const entry = spec.loading.entry
    const loading = {
      tags: spec.loading.tags ?? [TAG.loading],
      meta: { description: spec.loading.description },
      ...(entry ? { entry: assign(({ context }: { context: TContext }) => entry(context)) } : {}),
      ...(spec.loading.on ? { on: spec.loading.on } : {}),
      invoke: {
        id: spec.call,
        src: spec.call,
        ...(spec.input ? { input: spec.input } : {}),
        onDone: { target: spec.loaded.target, actions: [take, ...(spec.loaded.actions ?? [])] },
        onError: { target: failedName, actions: onError },
      },
    }
    const failed = {
      tags: spec.failed.tags ?? [TAG.failed],
      meta: { description: spec.failed.description },
      on: { ...Object.fromEntries(spec.retry.map((event) => [event, retry])), ...spec.failed.on },
    }
    // The tags and actions are the chart's (its tag union, assign, the kit's notifyFailure by name),
    // whose types this generic builder cannot name; the chart's machine types check the rest.
    return { [loadingName]: loading, [failedName]: failed } as unknown as LoadWithRetryStates<TLoading, TFailed, TCall>
  }
