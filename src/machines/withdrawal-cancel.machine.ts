import { setup } from "xstate"
import type { Message } from "../contract/common"
import { isWithdrawalCancellable } from "../domain/withdrawal"
import {
  confirmedCancelActions,
  confirmedCancelEventTexts,
  confirmedCancelStates,
  type ConfirmedCancelContext,
  type ConfirmedCancelEvent,
  type ConfirmedCancelInput,
} from "./confirmed-cancel"
import { type Tag, providedCall } from "./kit"

/** The withdrawal a cancel is about: its ref, and what the confirmation names (its amount and currency). */
export interface WithdrawalCancelTarget {
  readonly ref: string
  readonly amount: string
  readonly currency: string
}

export type WithdrawalCancelContext = ConfirmedCancelContext<WithdrawalCancelTarget>

/** The payment detail's 'Cancel withdrawal': ask to confirm cancelling it (its type and status decide whether it may be). */
type CancelRequest = { type: "cancel.request"; paymentType: string; status: string } & WithdrawalCancelTarget

export type WithdrawalCancelEvent = CancelRequest | ConfirmedCancelEvent

/**
 * Cancelling a withdrawal from the payment's details (issue 35): 'Cancel withdrawal' exists only
 * while the payout rail has not sent it to the bank (QUEUED or PENDING, src/domain/withdrawal.ts),
 * and asks "Cancel this withdrawal?" first, because a cancel cannot be undone; confirming sends
 * PATCH /users/withdraw/{ref}/cancel. The rest is the kit's confirmed cancel
 * (src/machines/confirmed-cancel.ts): the details then show CANCELLED and the cash back; a refusal
 * (the rail sent it meanwhile: 409 with its reason) is an error toast and the details show
 * SENT_TO_BANK.
 *
 * Provide the actor `cancelWithdrawal` ({ ref } -> Message) and the action `notify` (params:
 * Notice, a toast); the refetch goes to the portfolios actor given as input.
 */
export const withdrawalCancelMachine = setup({
  types: {
    tags: {} as Tag,
    context: {} as WithdrawalCancelContext,
    events: {} as WithdrawalCancelEvent,
    input: {} as ConfirmedCancelInput,
  },
  actors: {
    cancelWithdrawal: providedCall<Message, { ref: string }>("cancelWithdrawal"),
  },
  actions: confirmedCancelActions<WithdrawalCancelContext, WithdrawalCancelEvent>(),
  guards: {
    isCancellable: ({ event }) => event.type === "cancel.request" && isWithdrawalCancellable({ type: event.paymentType, status: event.status }),
  },
}).createMachine({
  id: "withdrawal-cancel",
  // What the chart's events and guards mean (English; the workflows namespace translates them).
  meta: {
    title: "Cancel a withdrawal",
    purpose: "Confirming and sending the cancellation of a withdrawal the payout rail has not sent to the bank yet, the cash back in the portfolio.",
    events: confirmedCancelEventTexts("The user asks to cancel a withdrawal.", "withdrawal"),
    guards: {
      isCancellable: "Only a withdrawal not yet sent to the bank (queued or pending) can be cancelled.",
    },
  },
  context: ({ input }) => ({ target: null, portfolios: input.portfolios }),
  initial: "idle",
  states: {
    ...confirmedCancelStates<WithdrawalCancelContext, WithdrawalCancelTarget, CancelRequest>()({
      call: "cancelWithdrawal",
      remember: (event) => ({ ref: event.ref, amount: event.amount, currency: event.currency }),
      input: (target) => ({ ref: target.ref }),
      done: "portfolio:payments.cancel.done",
      describe: {
        idle: "No cancel under way; a withdrawal not yet sent to the bank offers Cancel withdrawal in its details",
        confirming: "The confirmation asks: Cancel this withdrawal?",
        cancelling: "PATCH /users/withdraw/{ref}/cancel is under way; the confirmation shows progress",
      },
    }),
  },
})
