import { Effect } from "effect"
import { MoneyEndpoints as Endpoints } from "../contract/endpoints/money"
import type { AddBankAccountRequest } from "../contract/bank-accounts"
import type { WithdrawalQuoteRequest, WithdrawRequest } from "../contract/money-movement"
import type { ApiClient } from "./api-client"

/** The live Money service: its calls through the ApiClient (loaded with its first call, `lazyLayer`, which checks it against the service's shape). */
export default (api: ApiClient["Service"]) => {
  return {
    bankAccounts: Effect.fn("Money.bankAccounts")(function* () {
      return yield* api.call(Endpoints.listBankAccounts)
    }),
    withdraw: Effect.fn("Money.withdraw")(function* (body: WithdrawRequest, idempotencyKey: string) {
      return yield* api.call(Endpoints.withdraw, { body, idempotencyKey })
    }),
    cancelWithdrawal: Effect.fn("Money.cancelWithdrawal")(function* (ref: string) {
      return yield* api.call(Endpoints.cancelWithdrawal, { params: { ref } })
    }),
    quoteWithdrawal: Effect.fn("Money.quoteWithdrawal")(function* (body: WithdrawalQuoteRequest) {
      return yield* api.call(Endpoints.quoteWithdrawal, { body })
    }),
    banks: Effect.fn("Money.banks")(function* () {
      return yield* api.call(Endpoints.listBanks)
    }),
    lookUpAccountName: Effect.fn("Money.lookUpAccountName")(function* (bankRef: string, accountNumber: string) {
      return yield* api.call(Endpoints.lookupAccountName, { params: { bankRef, accountNumber } })
    }),
    addBankAccount: Effect.fn("Money.addBankAccount")(function* (body: AddBankAccountRequest, idempotencyKey: string) {
      return yield* api.call(Endpoints.addBankAccount, { body, idempotencyKey })
    }),
    deleteBankAccount: Effect.fn("Money.deleteBankAccount")(function* (ref: string) {
      return yield* api.call(Endpoints.deleteBankAccount, { params: { ref } })
    }),
    startStepUp: Effect.fn("Money.startStepUp")(function* () {
      return yield* api.call(Endpoints.startStepUp)
    }),
    verifyStepUp: Effect.fn("Money.verifyStepUp")(function* (otp: string) {
      return yield* api.call(Endpoints.verifyStepUp, { body: { otp } })
    }),
  }
}
