import { describe, expect, it, vi, type Mock } from "vitest"
import type { AccountDetails, AccountList } from "../../src/contract/accounts"
import { accountRedirect, isOwnAccount, portfoliosMachine, type PortfoliosContext } from "../../src/machines/portfolios.machine"
import { defineChartModel, describeModel } from "./harness"

const account = (accountId: string) => ({ accountId, accountNumber: `N-${accountId}`, currency: "NGN" }) as unknown as AccountList[number]
/**
 * An account whose one order is about to move (PENDING), waits for its price (a PROCESSING LIMIT),
 * or is done (FILLED); "settling": its order is done but a withdrawal is on its way to the bank.
 */
const details = (accountId: string, order: "moving" | "waiting" | "done" | "settling") =>
  ({
    ...account(accountId),
    details: {
      orders: [
        order === "moving"
          ? { id: `O-${accountId}`, status: "PENDING", type: "MARKET" }
          : order === "waiting"
            ? { id: `O-${accountId}`, status: "PROCESSING", type: "LIMIT" }
            : { id: `O-${accountId}`, status: "FILLED", type: "MARKET" },
      ],
      payments:
        order === "settling"
          ? [{ ref: `W-${accountId}`, type: "WITHDRAWAL", status: "SENT_TO_BANK" }]
          : [{ ref: `D-${accountId}`, type: "DEPOSIT", status: "pending" }],
    },
  }) as unknown as AccountDetails

const both = [account("A1"), account("A2")]
const network = { _tag: "NetworkError", text: "The server could not be reached." }
const cancelled = { _tag: "RequestCancelled", text: "Cancel Request" }

type Snap = { context: PortfoliosContext; hasTag: (t: "loading" | "failed" | "details.loading" | "details.failed") => boolean }
const ids = (c: PortfoliosContext) => c.accounts?.map((a) => a.accountId) ?? null

// In every state: the page goes elsewhere exactly when the URL names an account that is not the
// user's, and then to the first one (spec part 2 "Portfolio area"); a URL naming one of the user's
// portfolios selects it once the accounts are known, and while they load it is the one the load selects.
const routeRules = (snap: Snap, { path, step }: { path: { steps: ReadonlyArray<{ event?: { kind: string; event?: unknown } }> }; step: number }) => {
  expect(snap.context.redirect).toBe(accountRedirect(snap.context.accounts, snap.context.routeAccountId))
  const taken = path.steps[step]?.event
  const event = taken?.kind === "event" ? (taken.event as { type: string; accountId?: string | null }) : null
  if (event?.type === "route.account") {
    const named = event.accountId ?? null
    expect(snap.context.routeAccountId).toBe(named)
    if (isOwnAccount(snap.context.accounts, named)) expect(snap.context.selectedId).toBe(named)
    if (snap.context.accounts === null && snap.hasTag("loading") && named !== null) expect(snap.context.selectedId).toBe(named)
  }
}

// Without a wanted account the first is selected; with one (from the URL) that one, when it exists.
const model = (input: { accountId?: string }) =>
  defineChartModel({
    chart: "portfolios",
    machine: portfoliosMachine,
    input,
    events: [
      { type: "portfolio.select", accountId: "A1" },
      { type: "portfolio.select", accountId: "A2" },
      { type: "portfolio.select", accountId: null },
      { type: "accounts.reload" },
      { type: "account.refetch" },
      { type: "portfolios.retry" },
      // The URL names one of the user's portfolios, another id, or none (the page left the area).
      { type: "route.account", accountId: "A1" },
      { type: "route.account", accountId: "A2" },
      { type: "route.account", accountId: "B9" },
      { type: "route.account", accountId: null },
    ],
    invocations: {
      // The first load brings the selected account's details (A1's, or A2's when A2 is wanted), or
      // none (they failed, or no account); details of another account than the selection are not used.
      loadPortfolios: {
        done: [
          { profile: { status: "verified" }, accounts: both, details: null },
          { profile: { status: "verified" }, accounts: both, details: details(input.accountId ?? "A1", "done") },
          { profile: { status: "verified" }, accounts: both, details: details(input.accountId ?? "A1", "moving") },
          { profile: { status: "verified" }, accounts: both, details: details(input.accountId === "A2" ? "A1" : "A2", "done") },
          { profile: { status: "pending" }, accounts: [], details: null },
        ],
        error: [network, cancelled],
      },
      loadAccounts: { done: [both, [account("A2")]], error: [network, cancelled] },
      loadAccount: { done: [details("A1", "done"), details("A1", "moving"), details("A1", "waiting"), details("A1", "settling")], error: [network, cancelled] },
      refreshAccount: {
        done: [details("A1", "done"), details("A1", "moving"), details("A1", "waiting"), details("A1", "settling")],
        error: [network, cancelled],
      },
    },
    implementations: () => ({ actions: { notify: vi.fn<(_: unknown, p: unknown) => void>() } }),
    serialize: (snap: Snap) => ({
      profile: snap.context.profile !== null,
      accounts: ids(snap.context),
      selectedId: snap.context.selectedId,
      details: snap.context.details ? [snap.context.details.accountId, snap.context.details.details.orders[0]?.status] : null,
      failure: snap.context.failure?.tag ?? null,
      routeAccountId: snap.context.routeAccountId,
      redirect: snap.context.redirect,
    }),
    states: {
      loading: (snap, { inputOf, path, step }) => {
        routeRules(snap, { path, step })
        expect(snap.hasTag("loading")).toBe(true)
        expect(snap.context.accounts).toBeNull()
        // The load asks with the wanted account (its program selects as the chart does); a portfolio
        // chosen (or named by the URL) while it runs changes the selection, not the load under way.
        const taken = path.steps[step]?.event
        if (!(taken?.kind === "event" && (taken.event.type === "portfolio.select" || taken.event.type === "route.account")))
          expect(inputOf("loadPortfolios")).toEqual({ accountId: snap.context.selectedId })
      },
      failed: (snap, { path, step, implementations }) => {
        routeRules(snap, { path, step })
        expect(snap.context.failure).not.toBeNull()
        expect(snap.hasTag("failed")).toBe(true)
        const taken = path.steps[step]?.event
        // A failed load is toasted, unless the client cancelled the request itself.
        if (taken?.kind === "error") {
          const calls = (implementations.actions?.notify as Mock).mock.calls
          if ((taken.error as { _tag: string })._tag === "RequestCancelled") expect(calls).toEqual([])
          else expect(calls.at(-1)?.[1]).toEqual({ kind: "error", text: network.text, code: "network" })
        }
      },
      ready: (snap, { path, step }) => {
        routeRules(snap, { path, step })
        expect(snap.context.accounts).not.toBeNull()
        // Right after the first load (nothing chosen yet), the wanted account is selected when it exists, else the first.
        const taken = path.steps[step]?.event
        const chose = path.steps.slice(0, step).some((s) => s.event?.kind === "event" && s.event.event.type === "portfolio.select")
        if (taken?.kind === "done" && taken.actorId === "loadPortfolios" && ids(snap.context)?.length && !chose) {
          expect(snap.context.selectedId).toBe(input.accountId ?? "A1")
        }
        expect(snap.context.profile).not.toBeNull()
        // The selection is always one of the accounts, or none.
        if (snap.context.selectedId !== null) expect(ids(snap.context)).toContain(snap.context.selectedId)
      },
      "ready.unselected": (snap) => {
        expect(snap.context.selectedId).toBeNull()
        expect(snap.context.details).toBeNull()
      },
      "ready.loadingDetails": (snap, { inputOf }) => {
        expect(snap.hasTag("details.loading")).toBe(true)
        expect(inputOf("loadAccount")).toEqual({ accountId: snap.context.selectedId })
      },
      "ready.shown": (snap, { path, step }) => {
        expect(snap.context.details).not.toBeNull()
        // Shown straight from the first load only with the selected account's own details.
        const taken = path.steps[step]?.event
        if (taken?.kind === "done" && taken.actorId === "loadPortfolios") expect(snap.context.details?.accountId).toBe(snap.context.selectedId)
      },
      "ready.refreshing": (snap, { inputOf, path, step }) => {
        // The shown details stay on screen while they are refetched.
        expect(snap.context.details).not.toBeNull()
        expect(inputOf("refreshAccount")).toEqual({ accountId: snap.context.selectedId })
        // A refetch no one asked for is the poll: every 2 s while an order is about to move or a
        // withdrawal settles, every 15 s while orders only wait for their price.
        const taken = path.steps[step]?.event
        if (taken?.kind === "timer") {
          const order = snap.context.details?.details.orders[0]
          const settling = snap.context.details?.details.payments.some((p) => p.type === "WITHDRAWAL" && p.status === "SENT_TO_BANK") === true
          if (settling) expect(taken.after).toBe(2000)
          else {
            expect(order?.status === "PENDING" || order?.status === "PROCESSING").toBe(true)
            expect(taken.after === 2000 ? "moving" : "waiting").toBe(order?.status === "PENDING" ? "moving" : "waiting")
          }
        }
      },
      "ready.detailsFailed": (snap) => {
        expect(snap.context.details).toBeNull()
        expect([snap.hasTag("details.failed"), snap.hasTag("failed")]).toEqual([true, false])
      },
      reloading: (snap, { path, step }) => {
        routeRules(snap, { path, step })
        expect(snap.context.accounts).not.toBeNull()
      },
    },
  })

describeModel([model({}), model({ accountId: "A2" })])

describe("the account a URL names (isOwnAccount, accountRedirect)", () => {
  const list = [{ accountId: "A1" }, { accountId: "A2" }] as unknown as AccountList
  it("is the user's only when it is in the account list", () => {
    expect(isOwnAccount(list, "A2")).toBe(true)
    expect(isOwnAccount(list, "B9")).toBe(false)
    expect(isOwnAccount(list, null)).toBe(false)
    expect(isOwnAccount(null, "A1")).toBe(false)
  })
  it("goes to the first account when it is not the user's, and nowhere while the accounts are unknown", () => {
    expect(accountRedirect(list, "B9")).toBe("A1")
    expect(accountRedirect(list, "A2")).toBeNull()
    expect(accountRedirect(null, "B9")).toBeNull()
    expect(accountRedirect([] as unknown as AccountList, "B9")).toBeNull()
  })
})
