import { assign, fromPromise, sendTo, setup, type ActorRefFrom } from "xstate"
import type { Message } from "../contract/common"
import type { OrderSide, OrderStatus } from "../contract/orders"
import { isOrderCancellable } from "../domain/portfolio-rules"
import type { Notice } from "./failure"
import { notifyFailure, type Tag, TAG } from "./kit"
import type { portfoliosMachine } from "./portfolios.machine"

/** The order a cancel is about: its id, and what the confirmation names (symbol and side). */
export interface CancelTarget {
  readonly orderId: string
  readonly symbol: string
  readonly side: OrderSide
}

export interface OrderCancelContext {
  /** The order being confirmed or cancelled; null while idle. */
  readonly target: CancelTarget | null
  /** The shared portfolios actor, told to refetch the account after a cancel (or a failed one). */
  readonly portfolios: ActorRefFrom<typeof portfoliosMachine>
}

export interface OrderCancelInput {
  readonly portfolios: ActorRefFrom<typeof portfoliosMachine>
}

export type OrderCancelEvent =
  /** The row's cancel button: ask to confirm cancelling this order (its status decides whether it may be). */
  | ({ type: "cancel.request"; status: OrderStatus } & CancelTarget)
  /** The confirmation's 'Cancel Order' button: send PATCH /users/order/{id}/cancel. */
  | { type: "cancel.confirm" }
  /** The confirmation was dismissed ('Keep Order', Escape, close): nothing is sent. */
  | { type: "cancel.dismiss" }

/** The server's message as a success toast; the app's own text when it sent none. */
export const cancelledNotice = (answer: Message): Notice =>
  answer.message.trim() !== "" ? { kind: "success", text: answer.message } : { kind: "success", key: "portfolio:orders.cancel.done" }

/**
 * Cancelling an order from the orders page (spec part 2 "Orders", sections 4 and 7): a row's
 * cancel button (enabled only for PENDING or PROCESSING) asks for confirmation first, because a
 * cancel cannot be undone; confirming sends PATCH /users/order/{id}/cancel. The server's message
 * is a success toast and the account is refetched (`refetchAccount`), so the row shows its new
 * status; a failure is an error toast with the server's text (and a refetch, since the order
 * may have moved on, e.g. filled while the user confirmed); a request the client cancelled
 * shows nothing. One cancel at a time: requests while one is being sent are ignored.
 *
 * Provide the actor `cancelOrder` ({ orderId } -> Message) and the action `notify` (params:
 * Notice, a toast); the refetch goes to the portfolios actor given as input.
 */
export const orderCancelMachine = setup({
  types: {
    tags: {} as Tag,
    context: {} as OrderCancelContext,
    events: {} as OrderCancelEvent,
    input: {} as OrderCancelInput,
  },
  actors: {
    cancelOrder: fromPromise<Message, { orderId: string }>(async () => {
      throw new Error("the cancelOrder actor is not implemented, add it with provide(...)")
    }),
  },
  actions: {
    notifyFailure: notifyFailure(),
    notify: (_, _params: Notice) => {
      throw new Error("the notify action is not implemented, add it with provide(...)")
    },
    refetchAccount: sendTo(({ context }) => context.portfolios, { type: "account.refetch" }),
  },
  guards: {
    isCancellable: ({ event }) => event.type === "cancel.request" && isOrderCancellable(event.status),
  },
}).createMachine({
  id: "order-cancel",
  // What the chart's events and guards mean (English; the workflows namespace translates them).
  meta: {
    title: "Cancel an order",
    purpose: "Confirming and sending the cancellation of a pending or processing order.",
    events: {
      "cancel.request": "The user asks to cancel an open order.",
      "cancel.dismiss": "The user keeps the order.",
      "cancel.confirm": "The user confirms the cancellation.",
    },
    guards: {
      isCancellable: "Only an order that is still open (waiting or being processed) can be cancelled.",
    },
  },
  context: ({ input }) => ({ target: null, portfolios: input.portfolios }),
  initial: "idle",
  states: {
    idle: {
      meta: { description: "No cancel under way; every open order's cancel button is enabled" },
      on: {
        "cancel.request": {
          guard: "isCancellable",
          target: "confirming",
          actions: assign({ target: ({ event }) => ({ orderId: event.orderId, symbol: event.symbol, side: event.side }) }),
        },
      },
    },
    confirming: {
      meta: { description: "The confirmation dialog asks whether to cancel the chosen order" },
      on: {
        "cancel.confirm": { target: "cancelling" },
        "cancel.dismiss": { target: "idle", actions: assign({ target: null }) },
      },
    },
    cancelling: {
      tags: [TAG.busy],
      meta: { description: "PATCH /users/order/{id}/cancel is under way; the dialog shows progress" },
      invoke: {
        id: "cancelOrder",
        src: "cancelOrder",
        input: ({ context }) => ({ orderId: context.target?.orderId ?? "" }),
        onDone: {
          target: "idle",
          actions: [assign({ target: null }), { type: "notify", params: ({ event }) => cancelledNotice(event.output) }, "refetchAccount"],
        },
        onError: {
          target: "idle",
          // Refetched too: a cancel refused because the order filled meanwhile shows its new status.
          actions: [assign({ target: null }), { type: "notifyFailure", params: ({ event }) => ({ error: event.error }) }, "refetchAccount"],
        },
      },
    },
  },
})
