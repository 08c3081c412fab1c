import { assign, fromPromise, sendTo, setup, type ActorRefFrom } from "xstate"
import type { Message } from "../contract/common"
import { isWithdrawalCancellable } from "../domain/withdrawal"
import type { Notice } from "./failure"
import { notifyFailure, type Tag, TAG } from "./kit"
import type { portfoliosMachine } from "./portfolios.machine"

/** The withdrawal a cancel is about: its ref, and what the confirmation names (its amount and currency). */
export interface WithdrawalCancelTarget {
  readonly ref: string
  readonly amount: string
  readonly currency: string
}

export interface WithdrawalCancelContext {
  /** The withdrawal being confirmed or cancelled; null while idle. */
  readonly target: WithdrawalCancelTarget | null
  /** The shared portfolios actor, told to refetch the account after a cancel (or a refused one). */
  readonly portfolios: ActorRefFrom<typeof portfoliosMachine>
}

export interface WithdrawalCancelInput {
  readonly portfolios: ActorRefFrom<typeof portfoliosMachine>
}

export type WithdrawalCancelEvent =
  /** The payment detail's 'Cancel withdrawal': ask to confirm cancelling it (its type and status decide whether it may be). */
  | ({ type: "cancel.request"; paymentType: string; status: string } & WithdrawalCancelTarget)
  /** The confirmation's 'Cancel withdrawal': send PATCH /users/withdraw/{ref}/cancel. */
  | { type: "cancel.confirm" }
  /** The confirmation was dismissed ('Keep withdrawal', Escape, close): nothing is sent. */
  | { type: "cancel.dismiss" }

/** The server's message as a success toast; the app's own text when it sent none. */
export const withdrawalCancelledNotice = (answer: Message): Notice =>
  answer.message.trim() !== "" ? { kind: "success", text: answer.message } : { kind: "success", key: "portfolio:payments.cancel.done" }

/**
 * Cancelling a withdrawal from the payment's details (issue 35): 'Cancel withdrawal' exists only
 * while the payout rail has not sent it to the bank (QUEUED or PENDING, src/domain/withdrawal.ts),
 * and asks "Cancel this withdrawal?" first, because a cancel cannot be undone; confirming sends
 * PATCH /users/withdraw/{ref}/cancel. The server's message is a success toast and the account is
 * refetched, so the details show CANCELLED and the cash back; a refusal (the rail sent it
 * meanwhile: 409 with its reason, said in the user's language) is an error toast, with a refetch
 * that shows it SENT_TO_BANK; a request the client cancelled shows nothing. One cancel at a time.
 *
 * Provide the actor `cancelWithdrawal` ({ ref } -> Message) and the action `notify` (params:
 * Notice, a toast); the refetch goes to the portfolios actor given as input.
 */
export const withdrawalCancelMachine = setup({
  types: {
    tags: {} as Tag,
    context: {} as WithdrawalCancelContext,
    events: {} as WithdrawalCancelEvent,
    input: {} as WithdrawalCancelInput,
  },
  actors: {
    cancelWithdrawal: fromPromise<Message, { ref: string }>(async () => {
      throw new Error("the cancelWithdrawal actor is not implemented, add it with provide(...)")
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
    isCancellable: ({ event }) => event.type === "cancel.request" && isWithdrawalCancellable({ type: event.paymentType, status: event.status }),
  },
}).createMachine({
  id: "withdrawal-cancel",
  // What the chart's events and guards mean (English; the workflows namespace translates them).
  meta: {
    title: "Cancel a withdrawal",
    purpose: "Confirming and sending the cancellation of a withdrawal the payout rail has not sent to the bank yet, the cash back in the portfolio.",
    events: {
      "cancel.request": "The user asks to cancel a withdrawal.",
      "cancel.dismiss": "The user keeps the withdrawal.",
      "cancel.confirm": "The user confirms the cancellation.",
    },
    guards: {
      isCancellable: "Only a withdrawal not yet sent to the bank (queued or pending) can be cancelled.",
    },
  },
  context: ({ input }) => ({ target: null, portfolios: input.portfolios }),
  initial: "idle",
  states: {
    idle: {
      meta: { description: "No cancel under way; a withdrawal not yet sent to the bank offers Cancel withdrawal in its details" },
      on: {
        "cancel.request": {
          guard: "isCancellable",
          target: "confirming",
          actions: assign({ target: ({ event }) => ({ ref: event.ref, amount: event.amount, currency: event.currency }) }),
        },
      },
    },
    confirming: {
      meta: { description: "The confirmation asks: Cancel this withdrawal?" },
      on: {
        "cancel.confirm": { target: "cancelling" },
        "cancel.dismiss": { target: "idle", actions: assign({ target: null }) },
      },
    },
    cancelling: {
      tags: [TAG.busy],
      meta: { description: "PATCH /users/withdraw/{ref}/cancel is under way; the confirmation shows progress" },
      invoke: {
        id: "cancelWithdrawal",
        src: "cancelWithdrawal",
        input: ({ context }) => ({ ref: context.target?.ref ?? "" }),
        onDone: {
          target: "idle",
          actions: [assign({ target: null }), { type: "notify", params: ({ event }) => withdrawalCancelledNotice(event.output) }, "refetchAccount"],
        },
        onError: {
          target: "idle",
          // Refetched too: a cancel refused because the rail sent the withdrawal meanwhile shows its new status.
          actions: [assign({ target: null }), { type: "notifyFailure", params: ({ event }) => ({ error: event.error }) }, "refetchAccount"],
        },
      },
    },
  },
})
