import { assign, sendTo, type ActorRefFrom, type DoneActorEvent, type ErrorActorEvent, type EventObject, type MachineContext, type ProvidedActor } from "xstate"
import type { Message } from "../contract/common"
import type { Notice } from "./failure"
import { notifyFailure, providedAction, TAG } from "./kit"
import type { portfoliosMachine } from "./portfolios.machine"

/**
 * A cancel the user confirms first, because it cannot be undone (an order from the orders page, a
 * withdrawal from its payment details): the chart kit's part that the order-cancel and
 * withdrawal-cancel charts share. From `idle`, `cancel.request` (when the chart's `isCancellable`
 * guard lets it) remembers what is cancelled and asks; `cancel.dismiss` forgets it; `cancel.confirm`
 * sends the call. Its answer's message is a success toast (the app's own text when the server sent
 * none); a failure is an error toast with the server's reason in the user's language (a request the
 * client cancelled shows nothing). Either way the portfolios actor refetches the account, so the page
 * shows the new status (a cancel refused because the order filled, or the withdrawal was sent,
 * meanwhile shows that). One cancel at a time: requests while one is under way are ignored.
 *
 * The states stay in the chart (the explorer and the model tests see them); the chart's setup
 * takes `confirmedCancelActions()` as its actions and declares its call under the name given
 * to `confirmedCancelStates` and its `isCancellable` guard.
 */

/** What a confirmed-cancel chart's context holds. */
export interface ConfirmedCancelContext<Target> {
  /** What is being confirmed or cancelled; null while idle. */
  readonly target: Target | null
  /** The shared portfolios actor, told to refetch the account after a cancel (or a refused one). */
  readonly portfolios: ActorRefFrom<typeof portfoliosMachine>
}

/** The input of a confirmed-cancel chart: the portfolios actor it tells to refetch. */
export interface ConfirmedCancelInput {
  readonly portfolios: ActorRefFrom<typeof portfoliosMachine>
}

/** The confirmation's events besides the request (whose fields each chart names). */
export type ConfirmedCancelEvent =
  /** The confirmation's cancel button: send the call. */
  | { type: "cancel.confirm" }
  /** The confirmation was dismissed (its keep button, Escape, close): nothing is sent. */
  | { type: "cancel.dismiss" }

/**
 * The actions the states use: `notify` (the app's toast, provided at start-up), `notifyFailure`
 * (the failure's toast through `notify`) and `refetchAccount` (the portfolios actor refetches).
 */
export const confirmedCancelActions = <TContext extends MachineContext & ConfirmedCancelContext<unknown>, TEvent extends EventObject>() => ({
  // `never`: the actions spawn no actor, so they fit any chart's actors.
  notifyFailure: notifyFailure<TContext, TEvent, TEvent, never, EventObject>(),
  notify: providedAction<Notice>("notify"),
  refetchAccount: sendTo<TContext, TEvent, undefined, ActorRefFrom<typeof portfoliosMachine>, TEvent>(({ context }) => context.portfolios, {
    type: "account.refetch",
  }),
})

/** The events' meanings (English; the workflows namespace translates them); `what` names the thing ("order"). */
export const confirmedCancelEventTexts = (request: string, what: string) =>
  ({
    "cancel.request": request,
    "cancel.dismiss": `The user keeps the ${what}.`,
    "cancel.confirm": "The user confirms the cancellation.",
  }) as const

/** The server's message as a success toast; `fallbackKey`'s text when it sent none. */
export const cancelledNotice = (answer: Message, fallbackKey: string): Notice =>
  answer.message.trim() !== "" ? { kind: "success", text: answer.message } : { kind: "success", key: fallbackKey }

/** What `confirmedCancelStates` builds (its parts typed loosely, like the kit's `loadWithRetry`). */
export interface ConfirmedCancelStates {
  readonly idle: { readonly meta: { readonly description: string }; readonly on: never }
  readonly confirming: { readonly meta: { readonly description: string }; readonly on: never }
  readonly cancelling: { readonly tags: never; readonly meta: { readonly description: string }; readonly invoke: never }
}

/**
 * The chart's `idle`, `confirming` and `cancelling` states. `call`: the name of the chart's actor
 * that cancels (its input from `input(target)`); `remember`: what the request event names;
 * `done`: the toast's own text when the server sent none; `describe`: each state's description.
 */
export const confirmedCancelStates =
  <TContext extends MachineContext & ConfirmedCancelContext<Target>, Target, Request extends EventObject>() =>
  (spec: {
    readonly call: string
    readonly remember: (request: Request) => Target
    readonly input: (target: Target) => object
    readonly done: string
    readonly describe: { readonly idle: string; readonly confirming: string; readonly cancelling: string }
  }): ConfirmedCancelStates => {
    const forget = assign<TContext, EventObject, undefined, EventObject, ProvidedActor>(() => ({ target: null }) as Partial<TContext>)
    const states = {
      idle: {
        meta: { description: spec.describe.idle },
        on: {
          "cancel.request": {
            guard: "isCancellable",
            target: "confirming",
            actions: assign<TContext, Request, undefined, EventObject, ProvidedActor>(({ event }) => ({ target: spec.remember(event) }) as Partial<TContext>),
          },
        },
      },
      confirming: {
        meta: { description: spec.describe.confirming },
        on: { "cancel.confirm": { target: "cancelling" }, "cancel.dismiss": { target: "idle", actions: forget } },
      },
      cancelling: {
        tags: [TAG.busy],
        meta: { description: spec.describe.cancelling },
        invoke: {
          id: spec.call,
          src: spec.call,
          input: ({ context }: { context: TContext }) => (context.target === null ? {} : spec.input(context.target)),
          onDone: {
            target: "idle",
            actions: [
              forget,
              { type: "notify", params: ({ event }: { event: DoneActorEvent<Message> }) => cancelledNotice(event.output, spec.done) },
              "refetchAccount",
            ],
          },
          onError: {
            target: "idle",
            actions: [forget, { type: "notifyFailure", params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error }) }, "refetchAccount"],
          },
        },
      },
    }
    // The assigns are the chart's (its context type), whose machine types this builder cannot name;
    // the chart's setup declares the actions, the call and the guard by the names used here.
    return states as unknown as ConfirmedCancelStates
  }
