/**
 * How each cash transaction kind moves a portfolio's cash. Amounts are stored as positive
 * magnitudes; deposits, sells and dividends add, withdrawals and buys subtract. An account's
 * `cashBalance` always equals the sum of `cashEffect` over its transactions: keep it so when
 * writing a transaction and the balance in one database transaction.
 */
import { negate, normalise, sum, type Numeric } from "../../src/domain/decimal"
import type { TranType } from "./schema"

/** Transaction kinds that add cash. */
export const CASH_IN: ReadonlySet<TranType> = new Set<TranType>(["deposit", "sell", "dividend"])

/** The signed cash effect of one transaction as a decimal string: `cashEffect("buy", "10.5")` is "-10.5". */
export const cashEffect = (tranType: TranType, tranAmount: Numeric): string =>
  CASH_IN.has(tranType) ? normalise(tranAmount) : negate(tranAmount)

/** The cash balance implied by a list of transactions (decimal string). */
export const cashFromTransactions = (transactions: Iterable<{ readonly tranType: TranType; readonly tranAmount: Numeric }>): string =>
  sum([...transactions].map((t) => cashEffect(t.tranType, t.tranAmount)))
