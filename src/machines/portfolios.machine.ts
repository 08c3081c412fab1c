import { assign, setup } from "xstate"
import { isOrderOpen } from "../domain/order-ticket"
import { isSettlingWithdrawal } from "../domain/withdrawal"
import type { AccountDetails, AccountList } from "../contract/accounts"
import type { Profile } from "../contract/profile"
import { toFailure, type Failure, type Notice } from "./failure"
import { notifyFailure, type RegionTag, regionTag, TAG, type Tag, providedCall, providedAction } from "./kit"

/** While an order or a withdrawal of the shown account is about to move (see `isMoving`), its details are refetched this often. */
export const MOVING_ORDERS_POLL_MS = 2000
/** While the shown account's only open orders are LIMIT or STOP orders waiting for their price, this often. */
export const WAITING_ORDERS_POLL_MS = 15000

export interface PortfoliosContext {
  readonly profile: Profile | null
  readonly accounts: AccountList | null
  /** The selected portfolio (null: none chosen, or the selector was cleared). */
  readonly selectedId: string | null
  /** The selected portfolio's details; null while they load for a newly selected one. */
  readonly details: AccountDetails | null
  /** Why the profile and accounts could not be loaded (the page offers a retry). */
  readonly failure: Failure | null
  /** The portfolio the page's URL names (/portfolio/{accountId}/...); null outside the portfolio area. */
  readonly routeAccountId: string | null
  /**
   * Where the page goes instead when the URL names a portfolio that is not one of the user's: the
   * first account (spec part 2 "Portfolio area"); null when the URL's portfolio is fine, or while the
   * accounts are not known. The portfolio area's frame renders this redirect.
   */
  readonly redirect: string | null
}

export type PortfoliosEvent =
  /** Choose a portfolio (null clears the selector). */
  | { type: "portfolio.select"; accountId: string | null }
  /** The account list changed (a portfolio was created): reload it, keeping the selection when it still exists. */
  | { type: "accounts.reload" }
  /** The selected account changed on the server (an order was placed or cancelled): refetch its details. */
  | { type: "account.refetch" }
  /** Try loading the profile and accounts again after a failure. */
  | { type: "portfolios.retry" }
  /** The page's URL names this portfolio (the portfolio area's route sends it), or none (the page left the area). */
  | { type: "route.account"; accountId: string | null }

/**
 * What the first load answers: the profile, the account list and, in the same call, the details of
 * the account it selects (`selectionAfterLoad` of the wanted one), so the page renders once with
 * all three instead of once with the list and again with the details a round trip later. null
 * when there is no account, or when the details could not be loaded (the chart then loads them
 * itself, which shows their failure as usual).
 */
export interface PortfoliosLoad {
  readonly profile: Profile
  readonly accounts: AccountList
  readonly details: AccountDetails | null
}

export interface PortfoliosInput {
  /** A portfolio to select once the accounts are known (e.g. the one in the URL). */
  readonly accountId?: string | null
}

/** Whether an id names one of the user's accounts (another user's id, or an unknown one, never does). */
export const isOwnAccount = (accounts: AccountList | null, accountId: string | null): accountId is string =>
  accountId !== null && (accounts ?? []).some((a) => a.accountId === accountId)

/** The selection after the accounts (re)loaded: the wanted one when it exists, else the first, else none. */
export const selectionAfterLoad = (accounts: AccountList, wanted: string | null): string | null =>
  isOwnAccount(accounts, wanted) ? wanted : (accounts[0]?.accountId ?? null)

/**
 * The details a load brought, when they are the selected account's: the selection may have changed
 * while the load ran (a portfolio chosen meanwhile), and then they are not used.
 */
export const detailsOfSelection = (load: PortfoliosLoad, wanted: string | null): AccountDetails | null => {
  const selected = selectionAfterLoad(load.accounts, wanted)
  return load.details !== null && load.details.accountId === selected ? load.details : null
}

/**
 * Where a URL naming an account should go instead (spec part 2 "Portfolio area": an id that is not
 * one of the user's accounts goes to the first account): null while the accounts are unknown or
 * when the id is the user's; else the first account (null when there is none).
 */
export const accountRedirect = (accounts: AccountList | null, accountId: string | null): string | null =>
  accounts === null || accountId === null || isOwnAccount(accounts, accountId) ? null : (accounts[0]?.accountId ?? null)

/** The context once a load answered: its profile and accounts, the selection, the selection's details when it brought them, the URL's redirect. */
const afterLoad = (context: PortfoliosContext, load: PortfoliosLoad): Partial<PortfoliosContext> => ({
  profile: load.profile,
  accounts: load.accounts,
  selectedId: selectionAfterLoad(load.accounts, context.selectedId),
  details: detailsOfSelection(load, context.selectedId),
  failure: null,
  redirect: accountRedirect(load.accounts, context.routeAccountId),
})

/** Whether an account has an order that may still change (PENDING or PROCESSING). */
export const hasOpenOrders = (details: AccountDetails | null): boolean => details !== null && details.details.orders.some((o) => isOrderOpen(o.status))

/**
 * Whether an account has an order that will move within seconds: one still PENDING, or a MARKET
 * order PROCESSING (LIMIT and STOP orders may wait for their price for days).
 */
export const hasMovingOrders = (details: AccountDetails | null): boolean =>
  details !== null && details.details.orders.some((o) => o.status === "PENDING" || (o.status === "PROCESSING" && o.type === "MARKET"))

/** Whether an account has a withdrawal still on its way to the bank: it settles within seconds. */
export const hasMovingPayments = (details: AccountDetails | null): boolean => details !== null && details.details.payments.some(isSettlingWithdrawal)

/** Whether something of the account will change within seconds: an order about to move or a withdrawal settling. */
export const isMoving = (details: AccountDetails | null): boolean => hasMovingOrders(details) || hasMovingPayments(details)

/**
 * The signed-in customer's portfolios (spec part 1 "Portfolio selector", "Dashboard"; part 2
 * "Portfolio area"): the "selected-user state" the dashboard, the portfolio area and the order
 * ticket share. It loads the profile and the account list together (GET /users/profile,
 * GET /users/account), selects the wanted or the first account, and loads the selected account's
 * details (GET /users/account/{accountId}): on the first load within the same call (see
 * `PortfoliosLoad`), afterwards on its own. Selecting another account drops the previous details
 * at once and cancels their request, so nothing stale is shown. `accounts.reload` (after a
 * portfolio was created) reloads the list; `account.refetch` (after an order) refetches the
 * details while still showing the current ones. While an order of the shown account is about to
 * move the details are refetched every MOVING_ORDERS_POLL_MS; while the only open orders wait for
 * their price, every WAITING_ORDERS_POLL_MS. Failures are error toasts (`notify`), except a
 * request the client cancelled.
 *
 * Provide the actors `loadPortfolios` ({ accountId: wanted } -> PortfoliosLoad), `loadAccounts`
 * (void -> AccountList) and `loadAccount` ({ accountId } -> AccountDetails), and the action
 * `notify` (params: Notice).
 */
export const portfoliosMachine = setup({
  types: {
    tags: {} as Tag | RegionTag<"details">,
    context: {} as PortfoliosContext,
    events: {} as PortfoliosEvent,
    input: {} as PortfoliosInput,
  },
  actors: {
    loadPortfolios: providedCall<PortfoliosLoad, { accountId: string | null }>("loadPortfolios"),
    loadAccounts: providedCall<AccountList, void>("loadAccounts"),
    loadAccount: providedCall<AccountDetails, { accountId: string }>("loadAccount"),
  },
  actions: {
    // The URL's portfolio, one of the user's other than the selected one, becomes the selection.
    selectRouted: assign(({ event }) =>
      event.type === "route.account" ? { selectedId: event.accountId, routeAccountId: event.accountId, details: null, redirect: null } : {},
    ),
    // The URL's portfolio is recorded, and where the page goes instead when it is not one of the user's.
    recordRouted: assign(({ context, event }) =>
      event.type === "route.account" ? { routeAccountId: event.accountId, redirect: accountRedirect(context.accounts, event.accountId) } : {},
    ),
    notifyFailure: notifyFailure(),
    notify: providedAction<Notice>("notify"),
  },
  guards: {
    hasSelection: ({ context }) => context.selectedId !== null,
    loadedWithDetails: ({ context, event }) => "output" in event && detailsOfSelection(event.output as unknown as PortfoliosLoad, context.selectedId) !== null,
    isNewSelection: ({ context, event }) =>
      event.type === "portfolio.select" &&
      event.accountId !== context.selectedId &&
      (event.accountId === null || isOwnAccount(context.accounts, event.accountId)),
    routesToOtherAccount: ({ context, event }) =>
      event.type === "route.account" && event.accountId !== context.selectedId && isOwnAccount(context.accounts, event.accountId),
    hasOpenOrders: ({ context }) => hasOpenOrders(context.details),
    isMoving: ({ context }) => isMoving(context.details),
  },
  delays: { poll: MOVING_ORDERS_POLL_MS, slowPoll: WAITING_ORDERS_POLL_MS },
}).createMachine({
  id: "portfolios",
  // What the chart's events and guards mean (English; the workflows namespace translates them).
  meta: {
    title: "Portfolios",
    purpose: "The user's portfolios and the selected one, loaded once for every page and refetched after a change.",
    events: {
      "portfolio.select": "The user selects a portfolio (or clears the selection).",
      "accounts.reload": "A portfolio was created: the account list reloads.",
      "account.refetch": "Something changed the selected account: its details reload.",
      "portfolios.retry": "The user asks to load the profile and portfolios again.",
      "route.account": "The page's address names a portfolio (or the page left the portfolio area).",
    },
    guards: {
      hasSelection: "A portfolio is selected.",
      loadedWithDetails: "The load brought the selected portfolio's details too.",
      isNewSelection: "The chosen portfolio is one of the user's own and not the current one.",
      routesToOtherAccount: "The address names one of the user's own portfolios, not the selected one.",
      hasOpenOrders: "The portfolio has orders waiting to be filled.",
      isMoving: "An order or a withdrawal is about to change status.",
    },
  },
  context: ({ input }) => ({
    profile: null,
    accounts: null,
    selectedId: input.accountId ?? null,
    details: null,
    failure: null,
    routeAccountId: null,
    redirect: null,
  }),
  initial: "loading",
  states: {
    loading: {
      tags: [TAG.loading],
      meta: {
        description:
          "Loading the profile and the account list (GET /users/profile, GET /users/account), then the selected account's details (GET /users/account/{accountId}) in the same call",
      },
      on: {
        "portfolio.select": { actions: assign({ selectedId: ({ event }) => event.accountId }) },
        // The URL's portfolio is the one the load selects when it is the user's (else the first, and the page goes there).
        "route.account": {
          actions: assign({ routeAccountId: ({ event }) => event.accountId, selectedId: ({ context, event }) => event.accountId ?? context.selectedId }),
        },
      },
      invoke: {
        id: "loadPortfolios",
        src: "loadPortfolios",
        input: ({ context }) => ({ accountId: context.selectedId }),
        onDone: [
          { guard: "loadedWithDetails", target: "ready.shown", actions: assign(({ context, event }) => afterLoad(context, event.output)) },
          { target: "ready", actions: assign(({ context, event }) => afterLoad(context, event.output)) },
        ],
        onError: {
          target: "failed",
          actions: [assign({ failure: ({ event }) => toFailure(event.error) }), { type: "notifyFailure", params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
    failed: {
      tags: [TAG.failed],
      meta: { description: "The profile or the accounts could not be loaded; the page offers a retry" },
      on: {
        "portfolios.retry": { target: "loading", actions: assign({ failure: null }) },
        "route.account": { actions: assign({ routeAccountId: ({ event }) => event.accountId }) },
      },
    },
    ready: {
      meta: { description: "Profile and accounts are known; the selected account's details load and show" },
      initial: "choosing",
      on: {
        // Choosing the shown account again, or one that is not the user's, changes nothing.
        "portfolio.select": {
          guard: "isNewSelection",
          target: ".choosing",
          reenter: true,
          actions: assign({ selectedId: ({ event }) => event.accountId, details: null }),
        },
        // The URL's portfolio is selected when it is the user's; another id sends the page to the first.
        "route.account": [{ guard: "routesToOtherAccount", target: ".choosing", reenter: true, actions: "selectRouted" }, { actions: "recordRouted" }],
        "accounts.reload": { target: "reloading" },
      },
      states: {
        choosing: {
          meta: { description: "Deciding what to show for the selection" },
          always: [{ guard: "hasSelection", target: "loadingDetails" }, { target: "unselected" }],
        },
        unselected: {
          meta: { description: "No portfolio selected (none exist, or the selector was cleared)" },
        },
        loadingDetails: {
          tags: [regionTag("details", TAG.loading)],
          meta: { description: "Loading the selected account's details (GET /users/account/{accountId}); skeletons show" },
          invoke: {
            id: "loadAccount",
            src: "loadAccount",
            input: ({ context }) => ({ accountId: context.selectedId ?? "" }),
            onDone: { target: "shown", actions: assign({ details: ({ event }) => event.output }) },
            onError: {
              target: "detailsFailed",
              actions: [assign({ details: null }), { type: "notifyFailure", params: ({ event }) => ({ error: event.error }) }],
            },
          },
        },
        shown: {
          meta: {
            description:
              "The selected account's details are shown; refetched on request, and while an order is open (often while an order or a withdrawal is about to move)",
          },
          on: { "account.refetch": { target: "refreshing" } },
          after: { poll: { guard: "isMoving", target: "refreshing" }, slowPoll: { guard: "hasOpenOrders", target: "refreshing" } },
        },
        refreshing: {
          meta: { description: "Refetching the shown account's details; the current ones stay on screen" },
          on: { "account.refetch": { target: "refreshing", reenter: true } },
          invoke: {
            id: "refreshAccount",
            src: "loadAccount",
            input: ({ context }) => ({ accountId: context.selectedId ?? "" }),
            onDone: { target: "shown", actions: assign({ details: ({ event }) => event.output }) },
            onError: { target: "shown", actions: { type: "notifyFailure", params: ({ event }) => ({ error: event.error }) } },
          },
        },
        detailsFailed: {
          tags: [regionTag("details", TAG.failed)],
          meta: { description: "The selected account's details could not be loaded; a refetch tries again" },
          on: { "account.refetch": { target: "loadingDetails" } },
        },
      },
    },
    reloading: {
      meta: { description: "Reloading the account list (after a portfolio was created); the current data stays on screen" },
      on: {
        "portfolio.select": { guard: "isNewSelection", actions: assign({ selectedId: ({ event }) => event.accountId, details: null }) },
        "route.account": [{ guard: "routesToOtherAccount", actions: "selectRouted" }, { actions: "recordRouted" }],
      },
      invoke: {
        id: "loadAccounts",
        src: "loadAccounts",
        onDone: {
          target: "ready",
          actions: assign({
            accounts: ({ event }) => event.output,
            selectedId: ({ context, event }) => selectionAfterLoad(event.output, context.selectedId),
            // The shown details stay while their account is still the selected one.
            details: ({ context, event }) => (context.details?.accountId === selectionAfterLoad(event.output, context.selectedId) ? context.details : null),
            redirect: ({ context, event }) => accountRedirect(event.output, context.routeAccountId),
          }),
        },
        onError: { target: "ready", actions: { type: "notifyFailure", params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
})
