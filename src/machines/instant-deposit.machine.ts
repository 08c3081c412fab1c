import { assign, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from "xstate"
import type { Message } from "../contract/common"
import type { ReserveAccountUpdateRequest } from "../contract/money-movement"
import { canUpdateInstantDeposit, validateInstantDeposit } from "../domain/portfolio-rules"
import type { ValidationIssue } from "../domain/validation"
import type { Failure, Notice } from "./failure"
import { shownFailure, type Tag, TAG, providedCall, providedAction } from "./kit"
import { watchPeer } from "./peers"
import type { portfoliosMachine } from "./portfolios.machine"

export interface InstantDepositContext {
  /** The portfolio the reserved account funds. */
  readonly accountId: string
  /** The reserved account's ref (the `:ref` of the call). */
  readonly ref: string
  /** The status as stored. */
  readonly current: boolean
  /** The user's choice; null until one is made. */
  readonly chosen: boolean | null
  /** Set once the user tried to update without a choice ('Select Instant Deposit Status'). */
  readonly issue: ValidationIssue | null
  /** The last failed update (its text shown by the control); null otherwise. */
  readonly failure: Failure | null
  /** The shared portfolios actor, told to refetch the account after an update. */
  readonly portfolios: ActorRefFrom<typeof portfoliosMachine>
}

export interface InstantDepositInput {
  readonly accountId: string
  readonly ref: string
  readonly current: boolean
  readonly portfolios: ActorRefFrom<typeof portfoliosMachine>
}

export type InstantDepositEvent =
  /** The Enabled / Disabled choice (null: the placeholder again). */
  | { type: "choice.change"; value: boolean | null }
  /** The Update button. */
  | { type: "update.submit" }
  | CurrentChange

/** The stored status as the portfolios actor holds it (sent by the watcher whenever it changes). */
type CurrentChange = { type: "current.change"; value: boolean }

type PortfoliosPeer = ActorRefFrom<typeof portfoliosMachine>

/** What the control reads of the portfolios actor: its reserved account's stored status. */
export const readCurrent =
  (accountId: string, ref: string, fallback: boolean) =>
  (snapshot: SnapshotFrom<typeof portfoliosMachine>): CurrentChange => {
    const details = snapshot.context.details
    const nuban = details?.accountId === accountId ? details.nubans.find((n) => n.ref === ref) : undefined
    return { type: "current.change", value: nuban?.instantDeposit ?? fallback }
  }

/** Whether Update may be pressed: a choice is made and differs from the stored status (spec part 2 "Overview"). */
export const canUpdate = (c: Pick<InstantDepositContext, "current" | "chosen">): boolean => canUpdateInstantDeposit(c.current, c.chosen)

/**
 * A reserved account's instant-deposit control (spec part 2 "Overview" and "Instant deposit
 * update"): Enabled or Disabled; Update only when the choice differs from the stored status;
 * no choice is 'Select Instant Deposit Status'. PATCH /users/reserve-account/{ref}; success
 * toasts the server's message and refetches the account (the stored status follows); a failure
 * shows its text and keeps the choice.
 *
 * Provide the actor `updateReserveAccount` ({ ref, body } -> Message) and the action `notify`
 * (params: Notice).
 */
export const instantDepositMachine = setup({
  types: {
    tags: {} as Tag,
    context: {} as InstantDepositContext,
    events: {} as InstantDepositEvent,
    input: {} as InstantDepositInput,
  },
  actors: {
    watchPortfolios: watchPeer<PortfoliosPeer, CurrentChange>(),
    updateReserveAccount: providedCall<Message, { ref: string; body: ReserveAccountUpdateRequest }>("updateReserveAccount"),
  },
  actions: {
    notify: providedAction<Notice>("notify"),
    refetchAccount: sendTo(({ context }) => context.portfolios, { type: "account.refetch" }),
  },
  guards: {
    hasNoChoice: ({ context }) => validateInstantDeposit({ instantDeposit: context.chosen }).instantDeposit !== undefined,
    canUpdate: ({ context }) => canUpdate(context),
  },
}).createMachine({
  id: "instant-deposit",
  // What the chart's events and guards mean (English; the workflows namespace translates them).
  meta: {
    title: "Instant deposit",
    purpose: "Turning instant deposit on or off for one reserved account.",
    events: {
      "choice.change": "The user chooses Enabled or Disabled.",
      "current.change": "The stored instant-deposit status changed.",
      "update.submit": "The user presses Update.",
    },
    guards: {
      hasNoChoice: "No status is chosen yet.",
      canUpdate: "Choose a status that differs from the current one to update it.",
    },
  },
  context: ({ input }) => ({ ...input, chosen: null, issue: null, failure: null }),
  initial: "editing",
  // The stored status follows the portfolios actor (a refetch after an update, or a poll).
  invoke: {
    id: "watchPortfolios",
    src: "watchPortfolios",
    input: ({ context }) => ({ peer: context.portfolios, read: readCurrent(context.accountId, context.ref, context.current) }),
  },
  on: {
    "current.change": { actions: assign({ current: ({ event }) => event.value }) },
  },
  states: {
    editing: {
      meta: { description: "Enabled / Disabled is chosen; Update is enabled once the choice differs from the stored status" },
      on: {
        "choice.change": { actions: assign({ chosen: ({ event }) => event.value, issue: null, failure: null }) },
        "update.submit": [
          { guard: "hasNoChoice", actions: assign({ issue: () => validateInstantDeposit({ instantDeposit: null }).instantDeposit ?? null }) },
          { guard: "canUpdate", target: "updating", actions: assign({ failure: null }) },
        ],
      },
    },
    updating: {
      tags: [TAG.busy],
      meta: { description: "PATCH /users/reserve-account/{ref} with the portfolio and the chosen status" },
      invoke: {
        id: "updateReserveAccount",
        src: "updateReserveAccount",
        input: ({ context }) => ({ ref: context.ref, body: { accountId: context.accountId, instantDeposit: context.chosen === true } }),
        onDone: {
          target: "editing",
          actions: [
            assign({ current: ({ context }) => context.chosen === true, chosen: null }),
            { type: "notify", params: ({ event }) => ({ kind: "success", text: event.output.message }) },
            "refetchAccount",
          ],
        },
        onError: { target: "editing", actions: assign({ failure: ({ event }) => shownFailure(event.error) }) },
      },
    },
  },
})
