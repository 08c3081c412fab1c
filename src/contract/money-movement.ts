/**
 * Money movement: withdrawals and the reserved account's instant-deposit update (spec part 2
 * sections 2, 5 and 7).
 */
import { Schema } from "effect"
import { isWithdrawalAmount, WITHDRAWAL_CHANNELS } from "../domain/withdrawal"
import { CurrencyCode, Decimal, IsoDate, positiveDecimal, requiredLiterals, requiredString } from "./common"

/** Where a withdrawal goes: NUBAN (a local NGN bank account) or WIRE (a foreign, non-NGN one). */
export const WithdrawChannel = Schema.Literals(WITHDRAWAL_CHANNELS)
export type WithdrawChannel = typeof WithdrawChannel.Type

const withdrawalFields = {
  channel: requiredLiterals(WITHDRAWAL_CHANNELS, "Select Withdrawal Channel"),
  bankAccountRef: requiredString("Select Bank Account"),
  amount: positiveDecimal("Enter Valid Amount").check(Schema.makeFilter<string>((s) => isWithdrawalAmount(s) || "Enter Valid Amount")),
  accountId: requiredString("Select Portfolio"),
}

/**
 * POST /users/withdraw body (send an Idempotency-Key): channel ('Select Withdrawal Channel'),
 * the saved bank account's `ref` ('Select Bank Account'), an amount above zero as a decimal
 * string with at most two decimals ('Enter Valid Amount', the domain's `isWithdrawalAmount`) and
 * the portfolio. A bank account in another currency than the portfolio's is paid at a quoted
 * rate: `quoteId` names the quote (POST /users/withdraw/quote) given for this user, portfolio,
 * bank account and amount, still valid and unused; a payout in the portfolio's own currency needs
 * none (rate 1). The server also refuses to overdraw cash and a bank account whose currency does
 * not fit the channel. Answer: `Message`.
 */
export const WithdrawRequest = Schema.Struct({
  ...withdrawalFields,
  quoteId: Schema.optionalKey(Schema.String),
})
export type WithdrawRequest = typeof WithdrawRequest.Type

/** POST /users/withdraw/quote body: the withdrawal to be converted (the same fields and rules as the withdrawal's). */
export const WithdrawalQuoteRequest = Schema.Struct(withdrawalFields)
export type WithdrawalQuoteRequest = typeof WithdrawalQuoteRequest.Type

/**
 * The answer of POST /users/withdraw/quote: the rate the reference market gives now for turning
 * the portfolio's `currency` into the bank account's `payoutCurrency` (one unit of `currency` is
 * `rate` units of `payoutCurrency`), `amount` leaving the portfolio and `payoutAmount` arriving
 * (decimal strings; src/domain/fx.ts rounds), kept by the server under `quoteId` until
 * `expiresAt`; `validForMs` is the validity left when the answer was written (the client counts
 * it down on its own clock).
 */
export const WithdrawalQuote = Schema.Struct({
  quoteId: Schema.String,
  accountId: Schema.String,
  bankAccountRef: Schema.String,
  amount: Decimal,
  currency: CurrencyCode,
  rate: Decimal,
  payoutAmount: Decimal,
  payoutCurrency: CurrencyCode,
  expiresAt: IsoDate,
  validForMs: Schema.Number,
})
export type WithdrawalQuote = typeof WithdrawalQuote.Type

/**
 * PATCH /users/reserve-account/:ref body: the portfolio, the new instant-deposit status ('Select
 * Instant Deposit Status') and, optionally, the reserved account's other data as listed (they
 * identify it; only `instantDeposit` changes). Answer: `Message`.
 */
export const ReserveAccountUpdateRequest = Schema.Struct({
  accountId: requiredString("Select Portfolio"),
  instantDeposit: Schema.Boolean.annotate({ message: "Select Instant Deposit Status" }).pipe(
    Schema.annotateKey({ messageMissingKey: "Select Instant Deposit Status" }),
  ),
  ref: Schema.optionalKey(Schema.String),
  accountNumber: Schema.optionalKey(Schema.String),
  accountName: Schema.optionalKey(Schema.String),
  bankName: Schema.optionalKey(Schema.String),
  gateway: Schema.optionalKey(Schema.String),
})
export type ReserveAccountUpdateRequest = typeof ReserveAccountUpdateRequest.Type
