import { setup } from "xstate"
import type { Message } from "../contract/common"
import type { OrderSide, OrderStatus } from "../contract/orders"
import { isOrderCancellable } from "../domain/portfolio-rules"
import {
  confirmedCancelActions,
  confirmedCancelEventTexts,
  confirmedCancelStates,
  type ConfirmedCancelContext,
  type ConfirmedCancelEvent,
  type ConfirmedCancelInput,
} from "./confirmed-cancel"
import { type Tag, providedCall } from "./kit"

/** The order a cancel is about: its id, and what the confirmation names (symbol and side). */
export interface CancelTarget {
  readonly orderId: string
  readonly symbol: string
  readonly side: OrderSide
}

export type OrderCancelContext = ConfirmedCancelContext<CancelTarget>

/** The row's cancel button: ask to confirm cancelling this order (its status decides whether it may be). */
type CancelRequest = { type: "cancel.request"; status: OrderStatus } & CancelTarget

export type OrderCancelEvent = CancelRequest | ConfirmedCancelEvent

/**
 * Cancelling an order from the orders page (spec part 2 "Orders", sections 4 and 7): a row's
 * cancel button (enabled only for PENDING or PROCESSING) asks for confirmation first, because a
 * cancel cannot be undone; confirming sends PATCH /users/order/{id}/cancel. The rest is the kit's
 * confirmed cancel (src/machines/confirmed-cancel.ts): the server's message as a toast, a failure
 * with its reason, and the account refetched either way (the order may have filled meanwhile).
 *
 * Provide the actor `cancelOrder` ({ orderId } -> Message) and the action `notify` (params:
 * Notice, a toast); the refetch goes to the portfolios actor given as input.
 */
export const orderCancelMachine = setup({
  types: {
    tags: {} as Tag,
    context: {} as OrderCancelContext,
    events: {} as OrderCancelEvent,
    input: {} as ConfirmedCancelInput,
  },
  actors: {
    cancelOrder: providedCall<Message, { orderId: string }>("cancelOrder"),
  },
  actions: confirmedCancelActions<OrderCancelContext, OrderCancelEvent>(),
  guards: {
    isCancellable: ({ event }) => event.type === "cancel.request" && isOrderCancellable(event.status),
  },
}).createMachine({
  id: "order-cancel",
  // What the chart's events and guards mean (English; the workflows namespace translates them).
  meta: {
    title: "Cancel an order",
    purpose: "Confirming and sending the cancellation of a pending or processing order.",
    events: confirmedCancelEventTexts("The user asks to cancel an open order.", "order"),
    guards: {
      isCancellable: "Only an order that is still open (waiting or being processed) can be cancelled.",
    },
  },
  context: ({ input }) => ({ target: null, portfolios: input.portfolios }),
  initial: "idle",
  states: {
    ...confirmedCancelStates<OrderCancelContext, CancelTarget, CancelRequest>()({
      call: "cancelOrder",
      remember: (event) => ({ orderId: event.orderId, symbol: event.symbol, side: event.side }),
      input: (target) => ({ orderId: target.orderId }),
      done: "portfolio:orders.cancel.done",
      describe: {
        idle: "No cancel under way; every open order's cancel button is enabled",
        confirming: "The confirmation dialog asks whether to cancel the chosen order",
        cancelling: "PATCH /users/order/{id}/cancel is under way; the dialog shows progress",
      },
    }),
  },
})
