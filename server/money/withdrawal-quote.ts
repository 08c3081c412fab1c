/**
 * POST /users/withdraw/quote (issue 30): the rate of a withdrawal to a bank account in another
 * currency than the portfolio's, from the reference market (server/market/fx.ts), stored for the
 * user, portfolio, bank account, channel and amount it was asked for, valid for
 * FX_QUOTE_VALIDITY_MS and used by at most one withdrawal (`takeQuote`, in the withdrawal's own
 * database transaction). Rounding and validity are src/domain/fx.ts.
 *
 * Refusals, each with a code the client says in the user's language: the form's own rules (as the
 * withdrawal's), no rate between the two currencies (`withdrawal.no_rate`), an amount that
 * converts to less than a cent (`withdrawal.too_small_to_convert`); at the withdrawal, a quote that
 * ran out (`withdrawal.quote_expired`), or none, another's, one for other figures or one already
 * used (`withdrawal.quote_invalid`).
 */
import type { Kysely, Transaction } from "kysely"
import type { WithdrawalQuote, WithdrawalQuoteRequest } from "../../src/contract/money-movement"
import { ErrorCodes } from "../../src/contract/errors"
import { equals, toFixed } from "../../src/domain/decimal"
import { convertAmount, FX_QUOTE_VALIDITY_MS, isBelowPayoutMinimum, isQuoteExpired, needsConversion } from "../../src/domain/fx"
import { channelFits, exceedsCash, isWithdrawalAmount, withdrawalCharges } from "../../src/domain/withdrawal"
import { isUuid } from "../auth/users"
import type { DB, Row } from "../db/schema"
import { ApiError, ApiErrors } from "../http/errors"
import { fxRateAt } from "../market/fx"
import { ACCOUNT_NOT_FOUND } from "../queries/common"

/** Quotes are kept this long after they run out (for the payment's audit), then swept. */
const QUOTE_KEPT_MS = 24 * 60 * 60 * 1000

const SELECT_BANK_ACCOUNT = "Select Bank Account"

/** The refusal of a bank account that is not (or no longer) the user's: the spec's text. */
export const bankAccountRefused = (): ApiError => ApiErrors.badRequest(SELECT_BANK_ACCOUNT, { bankAccountRef: SELECT_BANK_ACCOUNT })

/** The refusal of a channel that does not fit the bank account's currency. */
export const channelRefused = (channel: string): ApiError => {
  const text = channel === "NUBAN" ? "NUBAN withdrawals go to an NGN bank account." : "WIRE withdrawals go to a bank account outside NGN."
  return ApiErrors.badRequest(text, { bankAccountRef: text })
}

/** The refusal of a withdrawal between two currencies the market has no rate for. */
export const noRateRefused = (from: string, to: string): ApiError => {
  const text = `No exchange rate from ${from} to ${to} is available right now.`
  return new ApiError(400, ErrorCodes.withdrawalNoRate, text, { bankAccountRef: text }, { from, to })
}

/** The refusal of a withdrawal (or its quote) whose total is more than the portfolio's cash. */
export const aboveCashRefused = (cashBalance: string, currency: string): ApiError => {
  const cash = toFixed(cashBalance, 2)
  const text = `The amount is more than the cash available (${cash} ${currency}).`
  return new ApiError(400, ErrorCodes.withdrawalAboveCash, text, { amount: text }, { cash, currency })
}

const quoteInvalid = (): ApiError =>
  new ApiError(
    400,
    ErrorCodes.withdrawalQuoteInvalid,
    "This withdrawal needs a current rate quote for this portfolio, bank account and amount. Review it again.",
  )

const quoteExpired = (): ApiError =>
  new ApiError(400, ErrorCodes.withdrawalQuoteExpired, "The exchange rate quote has expired. Get a new rate and confirm again.")

/** Quotes a withdrawal for `userId` at `now` (see the module comment). */
export const quoteWithdrawal = async (db: Kysely<DB>, userId: string, request: WithdrawalQuoteRequest, now: Date): Promise<WithdrawalQuote> => {
  if (!isWithdrawalAmount(request.amount)) throw ApiErrors.badRequest("Enter Valid Amount", { amount: "Enter Valid Amount" })
  if (!isUuid(request.accountId)) throw ApiErrors.notFound(ACCOUNT_NOT_FOUND)
  const account = await db
    .selectFrom("accounts")
    .select(["accountId", "currency", "cashBalance"])
    .where("accountId", "=", request.accountId)
    .where("userId", "=", userId)
    .executeTakeFirst()
  if (!account) throw ApiErrors.notFound(ACCOUNT_NOT_FOUND)
  const bank = await db
    .selectFrom("bankAccounts")
    .select(["id", "ref", "currency"])
    .where("ref", "=", request.bankAccountRef)
    .where("userId", "=", userId)
    .executeTakeFirst()
  if (!bank) throw bankAccountRefused()
  if (!channelFits(request.channel, bank.currency)) throw channelRefused(request.channel)
  if (!needsConversion(account.currency, bank.currency)) {
    const text = `This bank account is in ${account.currency}, the portfolio's own currency: the withdrawal needs no exchange rate.`
    throw ApiErrors.badRequest(text, { bankAccountRef: text })
  }
  const rate = fxRateAt(account.currency, bank.currency, now)
  if (rate === null) throw noRateRefused(account.currency, bank.currency)
  const { amount, total } = withdrawalCharges(request.channel, request.amount)
  // No rate for more than the cash: the withdrawal could not be sent (and a quote's amount stays within its column).
  if (exceedsCash(total, account.cashBalance)) throw aboveCashRefused(account.cashBalance, account.currency)
  const payoutAmount = convertAmount(amount, rate)
  if (isBelowPayoutMinimum(payoutAmount)) {
    const text = `The amount is too small to convert: less than 0.01 ${bank.currency} would arrive.`
    throw new ApiError(400, ErrorCodes.withdrawalTooSmallToConvert, text, { amount: text }, { currency: bank.currency })
  }
  const expiresAt = new Date(now.getTime() + FX_QUOTE_VALIDITY_MS)
  // Quotes long past their validity go; the ones payments used are kept for a day like the rest.
  await db
    .deleteFrom("withdrawalQuotes")
    .where("expiresAt", "<", new Date(now.getTime() - QUOTE_KEPT_MS).toISOString())
    .execute()
  const row = await db
    .insertInto("withdrawalQuotes")
    .values({
      userId,
      accountId: account.accountId,
      bankAccountId: bank.id,
      channel: request.channel,
      amount,
      currency: account.currency,
      rate,
      payoutAmount,
      payoutCurrency: bank.currency,
      createdAt: now,
      expiresAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow()
  return {
    quoteId: row.id,
    accountId: account.accountId,
    bankAccountRef: bank.ref,
    amount,
    currency: account.currency,
    rate,
    payoutAmount,
    payoutCurrency: bank.currency,
    expiresAt: expiresAt.toISOString(),
    validForMs: FX_QUOTE_VALIDITY_MS,
  }
}

/** What a withdrawal was given for: the figures its quote must match. */
export interface QuotedWithdrawal {
  readonly userId: string
  readonly accountId: string
  readonly bankAccountId: string
  readonly channel: string
  readonly amount: string
  readonly currency: string
  readonly payoutCurrency: string
}

/**
 * Takes the quote `quoteId` for a withdrawal inside its database transaction: locked, checked
 * against the withdrawal (`QuotedWithdrawal`) and `now`, and marked used, so one quote pays one
 * withdrawal. Throws the refusals of the module comment.
 */
export const takeQuote = async (
  trx: Transaction<DB>,
  quoteId: string | undefined,
  withdrawal: QuotedWithdrawal,
  now: Date,
): Promise<Row<"withdrawalQuotes">> => {
  if (quoteId === undefined || !isUuid(quoteId)) throw quoteInvalid()
  const quote = await trx.selectFrom("withdrawalQuotes").selectAll().where("id", "=", quoteId).forUpdate().executeTakeFirst()
  const fits =
    quote !== undefined &&
    quote.userId === withdrawal.userId &&
    quote.accountId === withdrawal.accountId &&
    quote.bankAccountId === withdrawal.bankAccountId &&
    quote.channel === withdrawal.channel &&
    quote.currency === withdrawal.currency &&
    quote.payoutCurrency === withdrawal.payoutCurrency &&
    equals(quote.amount, withdrawal.amount) &&
    quote.usedAt === null
  if (!quote || !fits) throw quoteInvalid()
  if (isQuoteExpired(new Date(quote.expiresAt).getTime(), now.getTime())) throw quoteExpired()
  await trx.updateTable("withdrawalQuotes").set({ usedAt: now }).where("id", "=", quote.id).execute()
  return quote
}
