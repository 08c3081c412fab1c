/**
 * How each cash transaction kind moves a portfolio's cash, and which cash transactions a payment
 * books. Amounts are stored as positive magnitudes; deposits, sells, dividends and reversals add,
 * withdrawals and buys subtract. An account's `cashBalance` always equals the sum of `cashEffect`
 * over its transactions: keep it so when writing a transaction and the balance in one database
 * transaction.
 *
 * The payment rules (`paymentEntries`) are the one source for live payments (server/money) and the
 * seeded demo world (server/db/seed), so a seeded payment books exactly what a live one would.
 */
import { negate, normalise, sum, type Numeric } from "../../src/domain/decimal"
import type { TranType } from "./schema"

/** Transaction kinds that add cash. */
export const CASH_IN: ReadonlySet<TranType> = new Set<TranType>(["deposit", "sell", "dividend", "reversal"])

/** The signed cash effect of one transaction as a decimal string: `cashEffect("buy", "10.5")` is "-10.5". */
export const cashEffect = (tranType: TranType, tranAmount: Numeric): string => (CASH_IN.has(tranType) ? normalise(tranAmount) : negate(tranAmount))

/** The cash balance implied by a list of transactions (decimal string). */
export const cashFromTransactions = (transactions: Iterable<{ readonly tranType: TranType; readonly tranAmount: Numeric }>): string =>
  sum([...transactions].map((t) => cashEffect(t.tranType, t.tranAmount)))

/** The statuses (any case) of a deposit whose cash has arrived. */
const DEPOSIT_CREDITED = new Set(["COMPLETED"])
/** The statuses (any case) of a withdrawal whose cash came back to the portfolio. */
const WITHDRAWAL_RETURNED = new Set(["FAILED", "CANCELLED", "REJECTED", "RETURNED"])

/** One cash transaction a payment books: its kind and amount, and what it stands for. */
export interface PaymentEntry {
  readonly tranType: TranType
  readonly tranAmount: string
  /** "credit": a deposit's cash arrived; "reserve": a withdrawal took its total at request; "reversal": a returned withdrawal's total came back. */
  readonly step: "credit" | "reserve" | "reversal"
}

/** A payment as the ledger rules read it (a payments row fits). */
export interface LedgerPayment {
  readonly type: string
  readonly status: string
  readonly amount: Numeric
  readonly total: Numeric
}

/**
 * The cash transactions a payment has booked once it reached its status:
 * - a DEPOSIT credits its `amount` (what reaches the portfolio; fees were charged on top) when
 *   completed, and nothing while pending or after failing;
 * - a WITHDRAWAL reserves its `total` (amount and fees) as a `withdraw` the moment it is
 *   requested, whatever its status, so open withdrawals already lower the cash and the same money
 *   cannot be withdrawn twice; a returned one (failed, cancelled, rejected) adds the `reversal` of
 *   that total, tied to the same payment.
 */
export const paymentEntries = (payment: LedgerPayment): ReadonlyArray<PaymentEntry> => {
  const status = payment.status.trim().toUpperCase()
  if (payment.type.toUpperCase() === "DEPOSIT")
    return DEPOSIT_CREDITED.has(status) ? [{ tranType: "deposit", tranAmount: normalise(payment.amount), step: "credit" }] : []
  const reserve: PaymentEntry = { tranType: "withdraw", tranAmount: normalise(payment.total), step: "reserve" }
  return WITHDRAWAL_RETURNED.has(status) ? [reserve, { tranType: "reversal", tranAmount: normalise(payment.total), step: "reversal" }] : [reserve]
}

/** The entry of `step` a payment books (see `paymentEntries`); throws when the payment books none of that step. */
export const paymentEntry = (payment: LedgerPayment, step: PaymentEntry["step"]): PaymentEntry => {
  const entry = paymentEntries(payment).find((e) => e.step === step)
  if (!entry) throw new Error(`A ${payment.type} payment in status ${payment.status} books no ${step}`)
  return entry
}
