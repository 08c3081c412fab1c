import { assign, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from "xstate"
import type { CreateAccountRequest } from "../contract/accounts"
import type { Message } from "../contract/common"
import { canCreatePortfolio, validateCreatePortfolio } from "../domain/portfolio-rules"
import { isFormValid, type FormIssues } from "../domain/validation"
import { type Failure, type Notice } from "./failure"
import { intentKey, shownFailure, type Tag, TAG, providedCall, providedAction } from "./kit"
import { watchPeer } from "./peers"
import type { portfoliosMachine } from "./portfolios.machine"

/** The shared portfolios actor: the modal follows the profile's status and reloads the accounts after a creation. */
export type PortfoliosPeer = ActorRefFrom<typeof portfoliosMachine>

type ProfileChange = { type: "profile.change"; status: string | null }

/** The profile's status as the modal reads it from the portfolios actor (null while it loads). */
export const readProfileStatus = (snapshot: SnapshotFrom<PortfoliosPeer>): ProfileChange => ({
  type: "profile.change",
  status: snapshot.context.profile?.status ?? null,
})

/** The currencies a portfolio may be opened in; null leaves the choice to the partner (its default). */
export const PORTFOLIO_CURRENCIES = ["NGN", "USD"] as const
export type PortfolioCurrency = (typeof PORTFOLIO_CURRENCIES)[number]

export interface CreatePortfolioContext {
  /** The user's group partners (custodians): the only choices offered. */
  readonly partners: ReadonlyArray<string>
  /** The profile's status (null while the profile is not known yet). */
  readonly profileStatus: string | null
  /** The chosen custodian (required: 'Select Trading Account Partner'). */
  readonly partner: string | null
  /** The chosen currency; null: the partner's default. */
  readonly currency: PortfolioCurrency | null
  /** Whether the form's issues are shown (after a submit attempt). */
  readonly showIssues: boolean
  /** Why the last creation failed, shown in the modal (null: nothing to show). */
  readonly failure: Failure | null
  /** The Idempotency-Key of the current intent: made on the first submit, reused on retries, dropped when the choice changes or the portfolio was created. */
  readonly idempotencyKey: string | null
  /** The modal opens as the chart starts (the user asked for it while its module loaded). */
  readonly opensAtStart: boolean
  /** Makes a fresh Idempotency-Key (a UUID in the app). */
  readonly newKey: () => string
  readonly portfolios: PortfoliosPeer
}

export type CreatePortfolioEvent =
  | { type: "modal.open" }
  | { type: "modal.close" }
  /** The profile's status as the portfolios chart knows it (null while it loads); sent by the chart's own watcher. */
  | ProfileChange
  | { type: "partner.change"; partner: string | null }
  | { type: "currency.change"; currency: PortfolioCurrency | null }
  | { type: "form.submit" }

export interface CreatePortfolioInput {
  readonly partners: ReadonlyArray<string>
  readonly newKey: () => string
  /** The shared portfolios actor (followed for the profile's status; told to reload the accounts). */
  readonly portfolios: PortfoliosPeer
  /** Open the modal at once: the request that loaded the modal's module was the user opening it. */
  readonly open?: boolean
}

/** The form's issues (spec part 1 section 5: the custodian is required). */
export const createPortfolioIssues = (c: Pick<CreatePortfolioContext, "partner">): FormIssues<"partner"> => validateCreatePortfolio({ partner: c.partner })

/** The request body of the current choices. */
export const createPortfolioBody = (c: Pick<CreatePortfolioContext, "partner" | "currency">): CreateAccountRequest =>
  c.currency === null ? { partner: c.partner ?? "" } : { partner: c.partner ?? "", currency: c.currency }

/**
 * The create-portfolio modal (spec part 1 sections 4, 5 and 6): closed or open. Open, it waits for
 * the profile, then either refuses (not verified, case-insensitively: the title reads 'Portfolio
 * are for verified users only' and Create is disabled) or offers the form: the custodian, one of
 * the user group's partners (required, 'Select Trading Account Partner'), and optionally the
 * currency. A valid submit sends POST /users/account with an Idempotency-Key kept per intent (the
 * same choices retried reuse it; changing a choice makes a new one). Success toasts the server's
 * message, closes the modal and tells the portfolios chart to reload the accounts
 * (`accountsChanged`); a failure shows the server's text in the modal and keeps every choice. The
 * modal cannot be closed while the request runs. It follows the profile's status on the shared
 * portfolios actor (input `portfolios`) and tells that actor to reload the accounts itself.
 *
 * Provide the actor `createAccount` ({ body, idempotencyKey } -> Message) and the action `notify`
 * (params: Notice).
 */
export const createPortfolioMachine = setup({
  types: {
    tags: {} as Tag | "notAllowed" | "editable",
    context: {} as CreatePortfolioContext,
    events: {} as CreatePortfolioEvent,
    input: {} as CreatePortfolioInput,
  },
  actors: {
    createAccount: providedCall<Message, { body: CreateAccountRequest; idempotencyKey: string }>("createAccount"),
    watchPortfolios: watchPeer<PortfoliosPeer, ProfileChange>(),
  },
  actions: {
    notify: providedAction<Notice>("notify"),
    accountsChanged: sendTo(({ context }) => context.portfolios, { type: "accounts.reload" }),
    setStatus: assign({ profileStatus: (_, params: { status: string | null }) => params.status }),
  },
  guards: {
    profileUnknown: ({ context }) => context.profileStatus === null,
    isVerified: ({ context }) => canCreatePortfolio(context.profileStatus),
    isFormValid: ({ context }) => isFormValid(createPortfolioIssues(context)),
    opensAtStart: ({ context }) => context.opensAtStart,
  },
}).createMachine({
  id: "create-portfolio",
  // What the chart's events and guards mean (English; the workflows namespace translates them).
  meta: {
    title: "Create a portfolio",
    purpose: "The modal that opens a new portfolio for a verified user: custodian and currency, and the idempotent create.",
    events: {
      "modal.open": "The user opens the create-portfolio modal.",
      "modal.close": "The user closes the modal; the choices are kept.",
      "profile.change": "The profile's verification status changed.",
      "partner.change": "The user chooses the custodian.",
      "currency.change": "The user chooses the currency.",
      "form.submit": "The user presses Create.",
    },
    guards: {
      profileUnknown: "The profile has not loaded yet.",
      isVerified: "Only verified profiles can create a portfolio.",
      isFormValid: "A custodian is chosen.",
      opensAtStart: "The user opened the modal as it loaded.",
    },
  },
  context: ({ input }) => ({
    partners: input.partners,
    profileStatus: null,
    partner: null,
    currency: null,
    showIssues: false,
    failure: null,
    idempotencyKey: null,
    newKey: input.newKey,
    portfolios: input.portfolios,
    opensAtStart: input.open ?? false,
  }),
  // The modal follows the portfolios actor's profile for its whole life.
  invoke: { id: "watchPortfolios", src: "watchPortfolios", input: ({ context }) => ({ peer: context.portfolios, read: readProfileStatus }) },
  initial: "starting",
  on: {
    "profile.change": { actions: { type: "setStatus", params: ({ event }) => ({ status: event.status }) } },
  },
  states: {
    starting: {
      meta: { description: "Starting: open at once when the user's request loaded the modal, else closed" },
      always: [{ guard: "opensAtStart", target: "open" }, { target: "closed" }],
    },
    closed: {
      meta: { description: "The modal is closed; the choices made so far are kept" },
      on: { "modal.open": { target: "open", actions: assign({ failure: null, showIssues: false }) } },
    },
    open: {
      tags: [TAG.open],
      meta: { description: "The create-portfolio modal is open" },
      initial: "deciding",
      states: {
        deciding: {
          meta: { description: "Deciding from the profile's status what the modal offers" },
          always: [{ guard: "profileUnknown", target: "awaitingProfile" }, { guard: "isVerified", target: "editing" }, { target: "notAllowed" }],
        },
        awaitingProfile: {
          tags: [TAG.loading],
          meta: { description: "The profile is still loading; the modal shows a placeholder and Create is disabled" },
          on: {
            "modal.close": { target: "#create-portfolio.closed" },
            "profile.change": { target: "deciding", actions: { type: "setStatus", params: ({ event }) => ({ status: event.status }) } },
          },
        },
        notAllowed: {
          tags: ["notAllowed"],
          meta: { description: "The profile is not verified: the title reads 'Portfolio are for verified users only' and Create is disabled" },
          on: {
            "modal.close": { target: "#create-portfolio.closed" },
            "profile.change": { target: "deciding", actions: { type: "setStatus", params: ({ event }) => ({ status: event.status }) } },
          },
        },
        editing: {
          tags: ["editable"],
          meta: { description: "Choosing the custodian (required) and the currency; Create submits when the form is valid" },
          on: {
            "modal.close": { target: "#create-portfolio.closed" },
            "profile.change": { target: "deciding", actions: { type: "setStatus", params: ({ event }) => ({ status: event.status }) } },
            "partner.change": {
              actions: assign({
                partner: ({ event }) => event.partner,
                idempotencyKey: ({ context, event }) => (event.partner === context.partner ? context.idempotencyKey : null),
                showIssues: true,
              }),
            },
            "currency.change": {
              actions: assign({
                currency: ({ event }) => event.currency,
                idempotencyKey: ({ context, event }) => (event.currency === context.currency ? context.idempotencyKey : null),
              }),
            },
            "form.submit": [
              {
                guard: "isFormValid",
                target: "submitting",
                actions: assign({ failure: null, showIssues: true, idempotencyKey: ({ context }) => intentKey(context) }),
              },
              { actions: assign({ showIssues: true }) },
            ],
          },
        },
        submitting: {
          tags: [TAG.busy, "editable"],
          meta: { description: "POST /users/account with the Idempotency-Key of this intent; the modal stays open" },
          invoke: {
            id: "createAccount",
            src: "createAccount",
            input: ({ context }) => ({ body: createPortfolioBody(context), idempotencyKey: context.idempotencyKey ?? "" }),
            onDone: {
              target: "#create-portfolio.closed",
              actions: [
                { type: "notify", params: ({ event }) => ({ kind: "success", text: event.output.message }) },
                "accountsChanged",
                assign({ partner: null, currency: null, showIssues: false, failure: null, idempotencyKey: null }),
              ],
            },
            onError: { target: "deciding", actions: assign({ failure: ({ event }) => shownFailure(event.error) }) },
          },
        },
      },
    },
  },
})
