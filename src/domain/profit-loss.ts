import { compare, div, mul, sign, sub, type Numeric } from "./decimal"

/** The display tone of a figure: primary colour when positive, danger when negative. */
export type Tone = "positive" | "negative" | "zero"

/** Profit or loss of a position; every figure is a decimal string. */
export interface ProfitLoss {
  /** equityBalance - costBasis, exact. */
  readonly amount: string
  /** amount / costBasis x 100, rounded half up to at most 2 fraction digits; "0" when costBasis <= 0. */
  readonly percentage: string
  /** The sign of `amount` (show a "+" for 1). */
  readonly sign: -1 | 0 | 1
  /** The tone of `amount`. */
  readonly tone: Tone
}

/** The tone of a signed figure: "positive", "negative" or "zero". */
export const toneOf = (value: Numeric): Tone => {
  const s = sign(value)
  return s > 0 ? "positive" : s < 0 ? "negative" : "zero"
}

/**
 * The profit or loss of a position (spec part 2, Positions): amount = equityBalance - costBasis;
 * percentage of costBasis to two decimals, or "0" when costBasis is 0 or negative (a gift or a
 * short has no meaningful percentage). Format with `formatMoney` and `formatPercent`. Throws
 * `DecimalError` when a figure is not a decimal.
 */
export const profitLoss = (position: { readonly equityBalance: Numeric; readonly costBasis: Numeric }): ProfitLoss => {
  const amount = sub(position.equityBalance, position.costBasis)
  const percentage = compare(position.costBasis, 0) > 0 ? div(mul(amount, 100), position.costBasis, 2) : "0"
  return { amount, percentage, sign: sign(amount), tone: toneOf(amount) }
}
