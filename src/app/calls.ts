import { Effect } from "effect"
import type { CreateAccountRequest } from "../contract/accounts"
import type { LoginRequest, RegisterRequest } from "../contract/auth"
import type { RiskBand } from "../contract/common"
import type { CreateOrderRequest } from "../contract/orders"
import { makeAppLayer, type AppServices } from "../services/app-layer"
import { Auth } from "../services/auth.service"
import { makeAppRuntime, runForActor } from "../services/bridge"
import { ClientStorage } from "../services/client-storage"
import { DevMailbox } from "../services/dev-mailbox.service"
import { Instruments } from "../services/instruments.service"
import { News } from "../services/news.service"
import type { JsonStorage } from "../services/json-storage"
import { Orders } from "../services/orders.service"
import { Portfolio } from "../services/portfolio.service"
import { sessionPortLayer, type SessionLink } from "./session-link"

/**
 * Every I/O call the charts make, as `(input, signal) => Promise`. This module carries the Effect
 * runtime, the contract's schemas and the services, so the app loads it on demand (it is not
 * needed to render a page, only to talk to the API); see `src/app/wiring.ts`.
 */
export const makeCalls = (link: SessionLink, storage: JsonStorage) => {
  const runtime = makeAppRuntime(makeAppLayer({ session: sessionPortLayer(link), storage: ClientStorage.layerFrom(storage) }))
  const call =
    <I, A, E>(fn: (input: I) => Effect.Effect<A, E, AppServices>) =>
    (input: I, signal: AbortSignal): Promise<A> =>
      runForActor(runtime, fn(input), signal)
  return {
    logIn: call((input: LoginRequest) => Auth.use((a) => a.logIn(input))),
    reauthenticate: call((input: LoginRequest & { userId: string }) => Auth.use((a) => a.reauthenticate(input))),
    logOut: call((_: { token: string }) => Auth.use((a) => a.logOut())),
    verifyCode: call((input: { otp: string; trusted: boolean }) => Auth.use((a) => a.verifyCode(input))),
    resendCode: call((_: void) => Auth.use((a) => a.resendCode())),
    currentAdmin: call((_: void) => Auth.use((a) => a.currentAdmin())),
    register: call((input: RegisterRequest) => Auth.use((a) => a.register(input))),
    forgotPassword: call((input: { email: string }) => Auth.use((a) => a.forgotPassword(input))),
    resetPassword: call((input: { ref: string; password: string }) => Auth.use((a) => a.resetPassword(input))),
    listMailbox: call((input: { to?: string }) => DevMailbox.list(input.to)),
    // --- instruments (side-menu search, instrument page) ---
    searchInstruments: call((input: { query: string; providers: ReadonlyArray<string> }) => Instruments.use((i) => i.search(input.query, input.providers))),
    loadInstrument: call((input: { instrumentId: string }) => Instruments.use((i) => i.detail(input.instrumentId))),
    // --- portfolios (profile, accounts, details, creation, suggestions) ---
    loadPortfolios: call((_: void) =>
      Effect.all({ profile: Portfolio.use((p) => p.profile()), accounts: Portfolio.use((p) => p.accounts()) }, { concurrency: 2 }),
    ),
    loadAccounts: call((_: void) => Portfolio.use((p) => p.accounts())),
    loadAccount: call((input: { accountId: string }) => Portfolio.use((p) => p.account(input.accountId))),
    createAccount: call((input: { body: CreateAccountRequest; idempotencyKey: string }) =>
      Portfolio.use((p) => p.createAccount(input.body, input.idempotencyKey)),
    ),
    // --- orders ---
    placeOrder: call((input: { body: CreateOrderRequest; idempotencyKey: string }) => Orders.use((o) => o.place(input.body, input.idempotencyKey))),
    cancelOrder: call((input: { orderId: string }) => Orders.use((o) => o.cancel(input.orderId))),
    loadQuote: call((input: { instrumentId: string }) => Orders.use((o) => o.quote(input.instrumentId))),
    loadSuggestions: call((input: { accountId: string; band: RiskBand }) => Portfolio.use((p) => p.suggestions(input.accountId, input.band))),
    // --- news (dashboard's latest news) ---
    businessNews: call((_: void) => News.businessNews()),
  }
}

export type Calls = ReturnType<typeof makeCalls>
