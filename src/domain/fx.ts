import { compare, div, isPositive, mul, round, toFixed } from "./decimal"

/**
 * Currency conversion of a payout (issue 30): a withdrawal to a bank account in another currency
 * than the portfolio's is converted at a rate quoted from the reference market, held for a short
 * time. The rounding rules live here and only here; the server quotes and books with them and the
 * withdrawal chart reads the quote it was given.
 */

/** How long a quoted rate holds, from the moment it is quoted (docs/decisions/0081-fx-quotes.md). */
export const FX_QUOTE_VALIDITY_MS = 60_000

/** Fraction digits a rate carries ("1476.25", "0.0006773920"). */
export const FX_RATE_DECIMALS = 10

/** Fraction digits of the amount that arrives (both currencies of the app have cents). */
export const PAYOUT_DECIMALS = 2

/** The error codes of a conversion refused by the server (ErrorCodes carries them; the chart matches on them). */
export const FX_ERROR_CODES = {
  /** No market rate between the two currencies (`values`: from, to). */
  noRate: "withdrawal.no_rate",
  /** The quote's validity ran out before the withdrawal reached the server. */
  quoteExpired: "withdrawal.quote_expired",
  /** No quote, or one of another user, portfolio, bank account or amount, or one already used. */
  quoteInvalid: "withdrawal.quote_invalid",
  /** The amount converts to less than one cent of the bank account's currency. */
  tooSmall: "withdrawal.too_small_to_convert",
} as const

const code = (currency: string | null | undefined): string => currency?.trim().toUpperCase() ?? ""

/** Whether money leaving a portfolio in `from` must be converted to reach a bank account in `to`. */
export const needsConversion = (from: string | null | undefined, to: string | null | undefined): boolean =>
  code(from) !== "" && code(to) !== "" && code(from) !== code(to)

/** A market's two-way price of one unit of `base` in `quote` (decimal strings): the bank buys base at `bid` and sells it at `ask`. */
export interface FxMarketQuote {
  readonly base: string
  readonly quote: string
  readonly bid: string
  readonly ask: string
}

/**
 * The rate that turns one unit of `from` into units of `to` at a market's two-way price, or null
 * when the price is not of these two currencies. Selling the base currency gets the bid; buying
 * it pays the ask, so one unit of the quote currency is 1 / ask units of base, rounded down to
 * FX_RATE_DECIMALS (the customer never receives more than the market gives).
 */
export const conversionRate = (market: FxMarketQuote, from: string, to: string): string | null => {
  if (!isPositive(market.bid) || !isPositive(market.ask)) return null
  if (code(from) === code(market.base) && code(to) === code(market.quote)) return round(market.bid, FX_RATE_DECIMALS, "down")
  if (code(from) === code(market.quote) && code(to) === code(market.base)) return div("1", market.ask, FX_RATE_DECIMALS, "down")
  return null
}

/** The amount that arrives for `amount` at `rate`: rounded down to whole cents (never more than the rate gives). */
export const convertAmount = (amount: string, rate: string): string => toFixed(mul(amount, rate), PAYOUT_DECIMALS, "down")

/** Whether a converted amount is too small to pay out (less than one cent arrives). */
export const isBelowPayoutMinimum = (payoutAmount: string): boolean => compare(payoutAmount, "0.01") < 0

/** Whether a quote valid until `expiresAtMs` can no longer be used at `nowMs`. */
export const isQuoteExpired = (expiresAtMs: number, nowMs: number): boolean => nowMs > expiresAtMs
