/**
 * Money movement: withdrawals and the reserved account's instant-deposit update (spec part 2
 * sections 2, 5 and 7).
 */
import { Schema } from "effect"
import { isWithdrawalAmount, WITHDRAWAL_CHANNELS } from "../domain/withdrawal"
import { positiveDecimal, requiredLiterals, requiredString } from "./common"

/** Where a withdrawal goes: NUBAN (a local NGN bank account) or WIRE (a foreign, non-NGN one). */
export const WithdrawChannel = Schema.Literals(WITHDRAWAL_CHANNELS)
export type WithdrawChannel = typeof WithdrawChannel.Type

/**
 * POST /users/withdraw body (send an Idempotency-Key): channel ('Select Withdrawal Channel'),
 * the saved bank account's `ref` ('Select Bank Account'), an amount above zero as a decimal
 * string with at most two decimals ('Enter Valid Amount', the domain's `isWithdrawalAmount`) and
 * the portfolio. The server also refuses to overdraw cash and
 * a bank account whose currency does not fit the channel. Answer: `Message`.
 */
export const WithdrawRequest = Schema.Struct({
  channel: requiredLiterals(WITHDRAWAL_CHANNELS, "Select Withdrawal Channel"),
  bankAccountRef: requiredString("Select Bank Account"),
  amount: positiveDecimal("Enter Valid Amount").check(Schema.makeFilter<string>((s) => isWithdrawalAmount(s) || "Enter Valid Amount")),
  accountId: requiredString("Select Portfolio"),
})
export type WithdrawRequest = typeof WithdrawRequest.Type

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
