import { Context, Effect, Layer } from "effect"
import type { AccountDetails, AccountList, CreateAccountRequest, StatementQuery } from "../contract/accounts"
import type { FileBytes, Message, RiskBand } from "../contract/common"
import { PortfolioEndpoints as Endpoints } from "../contract/endpoints/portfolio"
import type { InstrumentList } from "../contract/instruments"
import type { ReserveAccountUpdateRequest } from "../contract/money-movement"
import type { Profile } from "../contract/profile"
import { ApiClient } from "./api-client"
import type { ApiFailure } from "./api-errors"

type Call<A> = Effect.Effect<A, ApiFailure>

interface PortfolioShape {
  profile(): Call<Profile>
  accounts(): Call<AccountList>
  account(accountId: string): Call<AccountDetails>
  /** POST /users/account; `idempotencyKey` is one per user intent, reused on retry. */
  createAccount(body: CreateAccountRequest, idempotencyKey: string): Call<Message>
  suggestions(accountId: string, band: RiskBand): Call<InstrumentList>
  /** PATCH /users/reserve-account/{ref}: instant deposit on or off for a reserved account of the portfolio. */
  updateReserveAccount(ref: string, body: ReserveAccountUpdateRequest): Call<Message>
  /** GET /users/statement/{accountId}/{key}?lang=: the statement's PDF bytes, written in `lang`. */
  statement(accountId: string, key: string, lang: StatementQuery["lang"]): Call<FileBytes>
}

/**
 * The profile and portfolio (account) calls of spec part 1 section 7 and part 2 section 7: the
 * profile, the account list, one account's details, portfolio creation and the suggestions for
 * a risk band. Layers: `layer` (through the ApiClient).
 */
export class Portfolio extends Context.Service<Portfolio, PortfolioShape>()("chartfolio/services/Portfolio") {
  static readonly layer: Layer.Layer<Portfolio, never, ApiClient> = Layer.effect(
    Portfolio,
    Effect.gen(function* () {
      const api = yield* ApiClient
      return Portfolio.of({
        profile: Effect.fn("Portfolio.profile")(function* () {
          return yield* api.call(Endpoints.getProfile)
        }),
        accounts: Effect.fn("Portfolio.accounts")(function* () {
          return yield* api.call(Endpoints.listAccounts)
        }),
        account: Effect.fn("Portfolio.account")(function* (accountId: string) {
          return yield* api.call(Endpoints.getAccount, { params: { accountId } })
        }),
        createAccount: Effect.fn("Portfolio.createAccount")(function* (body: CreateAccountRequest, idempotencyKey: string) {
          return yield* api.call(Endpoints.createAccount, { body, idempotencyKey })
        }),
        suggestions: Effect.fn("Portfolio.suggestions")(function* (accountId: string, band: RiskBand) {
          return yield* api.call(Endpoints.getSuggestions, { params: { accountId, band } })
        }),
        updateReserveAccount: Effect.fn("Portfolio.updateReserveAccount")(function* (ref: string, body: ReserveAccountUpdateRequest) {
          return yield* api.call(Endpoints.updateReserveAccount, { params: { ref }, body })
        }),
        statement: Effect.fn("Portfolio.statement")(function* (accountId: string, key: string, lang: StatementQuery["lang"]) {
          return yield* api.call(Endpoints.downloadStatement, { params: { accountId, key }, query: lang === undefined ? {} : { lang } })
        }),
      })
    }),
  )
}
