import { add, compare, mul, sub, sum, type Numeric } from "./decimal"

/** A money field as the API may send it; null or undefined counts as zero. */
export type MaybeNumeric = Numeric | null | undefined

const orZero = (value: MaybeNumeric): Numeric => value ?? "0"

/**
 * The value of an account's positions: the exact sum of their `equityBalance` (a missing balance
 * counts as zero). Throws `DecimalError` on a malformed balance.
 */
export const positionsValue = (positions: ReadonlyArray<{ readonly equityBalance?: MaybeNumeric }>): string =>
  sum(positions.map((p) => orZero(p.equityBalance)))

/**
 * Account Value of the portfolio side panel (spec part 2): positions value + cash balance, e.g.
 * `accountValue(positionsValue(account.positions), account.cashBalance)`.
 */
export const accountValue = (positionsTotal: MaybeNumeric, cashBalance: MaybeNumeric): string => add(orZero(positionsTotal), orZero(cashBalance))

/** The margin figures of the side panel, as decimal strings. */
export interface MarginFigures {
  readonly totalMargin: string
  readonly marginBalance: string
}

/** The account's `portfolio` block as far as margin is concerned (snake case as the API sends it). */
export interface MarginInputs {
  readonly multiplier?: MaybeNumeric
  readonly equity?: MaybeNumeric
  readonly long_market_value?: MaybeNumeric
}

/**
 * The margin figures, or null when they must not be shown (no portfolio block, or a multiplier
 * that is missing or not above 1). Total Margin = (multiplier - 1) x equity; Margin Balance =
 * Total Margin when cash is zero or more, else Total Margin + equity - long market value. Exact;
 * round only when formatting.
 */
export const margin = (portfolio: MarginInputs | null | undefined, cashBalance: MaybeNumeric): MarginFigures | null => {
  const multiplier = portfolio?.multiplier
  if (multiplier === null || multiplier === undefined || compare(multiplier, 1) <= 0) return null
  const equity = orZero(portfolio?.equity)
  const totalMargin = mul(sub(multiplier, 1), equity)
  const marginBalance = compare(orZero(cashBalance), 0) >= 0 ? totalMargin : sub(add(totalMargin, equity), orZero(portfolio?.long_market_value))
  return { totalMargin, marginBalance }
}
