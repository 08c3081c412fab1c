import { Context, Effect, Layer } from "effect"
import type { AccountNameAnswer, AddBankAccountRequest, BankAccountList, BankList } from "../contract/bank-accounts"
import type { Message } from "../contract/common"
import type { WithdrawalQuote, WithdrawalQuoteRequest, WithdrawRequest } from "../contract/money-movement"
import type { StepUpStart } from "../contract/step-up"
import type { ApiClient } from "./api-client"
import type { ApiFailure } from "./api-errors"
import { lazyLayer } from "./lazy-service"

type Call<A> = Effect.Effect<A, ApiFailure>

interface MoneyShape {
  /** GET /users/bank-account: the user's saved bank accounts (where a withdrawal can go). */
  bankAccounts(): Call<BankAccountList>
  /** POST /users/withdraw; `idempotencyKey` is one per user intent, reused on retry. */
  withdraw(body: WithdrawRequest, idempotencyKey: string): Call<Message>
  /** PATCH /users/withdraw/{ref}/cancel: cancels a withdrawal the payout rail has not sent to the bank yet. */
  cancelWithdrawal(ref: string): Call<Message>
  /** POST /users/withdraw/quote: the rate of a withdrawal to a bank account in another currency, held for a short time. */
  quoteWithdrawal(body: WithdrawalQuoteRequest): Call<WithdrawalQuote>
  /** GET /users/banks: the banks an account can be added at ("Foreign" among them). */
  banks(): Call<BankList>
  /** GET /users/bank-account/{bankRef}/{accountNumber}: the holder's name of a local account. */
  lookUpAccountName(bankRef: string, accountNumber: string): Call<AccountNameAnswer>
  /** POST /users/bank-account; `idempotencyKey` is one per user intent, reused on retry. */
  addBankAccount(body: AddBankAccountRequest, idempotencyKey: string): Call<Message>
  /** DELETE /users/bank-account/{ref}. */
  deleteBankAccount(ref: string): Call<Message>
  /** POST /auth/step-up: a code for this session's step-up before money leaves to a new place (mailed, or the app's). */
  startStepUp(): Call<StepUpStart>
  /** POST /auth/step-up/verify: the code; for 5 minutes the session may add a bank account or withdraw to a new one. */
  verifyStepUp(otp: string): Call<Message>
}

/**
 * The money-movement calls of spec part 2 section 7: the saved bank accounts a withdrawal can go
 * to (listed, looked up, added, deleted, and the bank list), and the withdrawal itself with, for a
 * bank account in another currency, its quoted rate (issue 30), and the step-up those need for a
 * new place (issue 35). Layers: `layer` (through the ApiClient).
 */
export class Money extends Context.Service<Money, MoneyShape>()("chartfolio/services/Money") {
  static readonly layer: Layer.Layer<Money, never, ApiClient> = lazyLayer(Money, () => import("./money.live"))
}
