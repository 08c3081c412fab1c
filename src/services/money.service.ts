import { Context, Effect, Layer } from "effect"
import type { BankAccountList } from "../contract/bank-accounts"
import type { Message } from "../contract/common"
import { Endpoints } from "../contract/endpoints"
import type { WithdrawRequest } from "../contract/money-movement"
import { ApiClient } from "./api-client"
import type { ApiFailure } from "./api-errors"

type Call<A> = Effect.Effect<A, ApiFailure>

interface MoneyShape {
  /** GET /users/bank-account: the user's saved bank accounts (where a withdrawal can go). */
  bankAccounts(): Call<BankAccountList>
  /** POST /users/withdraw; `idempotencyKey` is one per user intent, reused on retry. */
  withdraw(body: WithdrawRequest, idempotencyKey: string): Call<Message>
}

/**
 * The money-movement calls of spec part 2 section 7: the saved bank accounts a withdrawal can go
 * to, and the withdrawal itself. Layers: `layer` (through the ApiClient).
 */
export class Money extends Context.Service<Money, MoneyShape>()("chartfolio/services/Money") {
  static readonly layer: Layer.Layer<Money, never, ApiClient> = Layer.effect(
    Money,
    Effect.gen(function* () {
      const api = yield* ApiClient
      return Money.of({
        bankAccounts: Effect.fn("Money.bankAccounts")(function* () {
          return yield* api.call(Endpoints.listBankAccounts)
        }),
        withdraw: Effect.fn("Money.withdraw")(function* (body: WithdrawRequest, idempotencyKey: string) {
          return yield* api.call(Endpoints.withdraw, { body, idempotencyKey })
        }),
      })
    }),
  )
}
