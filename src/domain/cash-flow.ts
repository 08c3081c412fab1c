import { add, parseDecimal, round } from "./decimal"
import { maskLast4 } from "./masks"
import { transactionKind } from "./transaction-kind"

/** One month of the overview's inflow/outflow chart: its first day (YYYY-MM) and whole-number totals. */
export interface MonthlyCashFlow {
  /** The month, "YYYY-MM" (UTC). */
  readonly month: string
  /** Deposits and sells of the month, rounded to a whole number (decimal string). */
  readonly inflow: string
  /** Withdrawals and buys of the month, rounded to a whole number (decimal string). */
  readonly outflow: string
}

const monthKey = (date: Date): string => `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, "0")}`

/** A transaction as the inflow/outflow chart reads it; `paymentRef` ties a withdrawal and its reversal to their payment. */
export interface CashFlowTransaction {
  readonly tranType: string
  readonly tranAmount: string
  readonly tranTime: string
  readonly paymentRef?: string | null
}

/**
 * The overview's six-month inflow/outflow (spec part 2 "Overview"): for `months` months ending
 * with the month of `now` (oldest first, UTC), the sum of CREDIT transactions (deposit, sell) as
 * inflow and of DEBIT ones (withdraw, buy) as outflow, summed exactly and then rounded half-up to
 * whole numbers. A returned withdrawal is netted against the withdrawal it reverses: the
 * REVERSAL and every DEBIT of the same payment are left out (the money never left), and a
 * reversal is never inflow (docs/decisions/0083-returned-withdrawal-reversal.md). OTHERS (dividends, fees...) and transactions
 * outside the months are left out; a month with none is "0" / "0". Amounts that are not decimals
 * count as nothing.
 */
export const monthlyCashFlows = (transactions: ReadonlyArray<CashFlowTransaction>, now: Date, months = 6): ReadonlyArray<MonthlyCashFlow> => {
  const keys: string[] = []
  for (let back = months - 1; back >= 0; back--) keys.push(monthKey(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1))))
  const totals = new Map(keys.map((k) => [k, { inflow: "0", outflow: "0" }]))
  const reversed = new Set(transactions.filter((tr) => transactionKind(tr.tranType) === "REVERSAL" && tr.paymentRef).map((tr) => tr.paymentRef))
  for (const tr of transactions) {
    const at = new Date(tr.tranTime)
    const amount = parseDecimal(tr.tranAmount)
    const bucket = Number.isNaN(at.getTime()) ? undefined : totals.get(monthKey(at))
    if (!bucket || amount === null) continue
    const kind = transactionKind(tr.tranType)
    if (kind === "CREDIT") bucket.inflow = add(bucket.inflow, amount)
    else if (kind === "DEBIT" && !(tr.paymentRef && reversed.has(tr.paymentRef))) bucket.outflow = add(bucket.outflow, amount)
  }
  return keys.map((month) => {
    const t = totals.get(month) ?? { inflow: "0", outflow: "0" }
    return { month, inflow: round(t.inflow, 0), outflow: round(t.outflow, 0) }
  })
}

/** How many transactions the overview lists (spec part 2 "Overview": the latest four). */
export const OVERVIEW_LATEST_TRANSACTIONS = 4

/** The overview's latest transactions: the first four of a newest-first list. */
export const latestTransactions = <T>(newestFirst: ReadonlyArray<T>): ReadonlyArray<T> => newestFirst.slice(0, OVERVIEW_LATEST_TRANSACTIONS)

/**
 * A payment's activity line (spec part 2 "Payments"): type / method, '***' when there is none /
 * the bank account's last four as ****xxxx (left out when unknown), e.g. "WITHDRAWAL / NUBAN / ****6789".
 */
export const paymentActivity = (
  payment: { readonly type: string; readonly method: string | null; readonly last4: string | null },
  typeLabel: (type: string) => string = (type) => type,
): string => [typeLabel(payment.type), payment.method ?? "***", payment.last4 ? maskLast4(payment.last4) : null].filter((part) => part !== null).join(" / ")

/** The placeholder in a wire account's instructions that stands for the trading account number. */
export const WIRE_ACCOUNT_NUMBER_PLACEHOLDER = "{accountNumber}"

/**
 * A wire account's instructions as the overview shows them: every placeholder replaced with the
 * portfolio's trading account number (spec part 2 "Overview"). The sentence about third-party
 * wires is the app's own text, added by the view in the user's language.
 */
export const wireInstructions = (instructions: string, tradingAccountNumber: string): string =>
  instructions.split(WIRE_ACCOUNT_NUMBER_PLACEHOLDER).join(tradingAccountNumber)
