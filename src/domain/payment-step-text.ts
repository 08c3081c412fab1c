/**
 * What each step of a payment's progress timeline says (spec: progress[] {status, date, activity})
 * as a code and the values it names, so the client says it in the user's language
 * (`portfolio:payments.step.<code>`), like the transaction texts (src/domain/transaction-text).
 * The server writes a code for every step it takes; `activity` keeps only free text no code says.
 */
import { formattedValues, type TransactionTextFormatters, type TransactionTextValueKind } from "./transaction-text"

/**
 * Every step text the server writes, with the names and kinds of its values. Deposits: requested,
 * funds received (through a reserved account, by card, by wire), cash credited; a card payment
 * started and declined. Withdrawals: requested, sent to the bank (the payout rail's step, or a
 * transfer sent to a named bank), confirmed by the receiving bank, paid to a bank account, and
 * returned to the portfolio with the reason (`PAYOUT_FAILURE_REASONS`); on the payout rail also
 * accepted and scheduled for the next send, and cancelled by the customer before it was sent.
 */
export const PAYMENT_STEP_TEXTS = {
  "deposit-requested": {},
  "funds-received-reserved-account": { account: "text" },
  "funds-received-card": { last4: "text" },
  "funds-received-wire": {},
  "cash-credited": {},
  "card-started": {},
  "card-declined": {},
  "withdrawal-requested": {},
  "payout-scheduled": {},
  "sent-to-bank": {},
  "transfer-sent": { bank: "text" },
  "transfer-confirmed": {},
  "paid-to": { bank: "text", last4: "text" },
  returned: { reason: "reason" },
  "cancelled-by-customer": {},
} as const satisfies Readonly<Record<string, Readonly<Record<string, TransactionTextValueKind>>>>

export type PaymentStepCode = keyof typeof PAYMENT_STEP_TEXTS
export const PAYMENT_STEP_CODES = Object.keys(PAYMENT_STEP_TEXTS) as ReadonlyArray<PaymentStepCode>

/** A payment step's text: its code and the values it names. */
export interface PaymentStepText<C extends PaymentStepCode = PaymentStepCode> {
  readonly code: C
  readonly values: { readonly [K in keyof (typeof PAYMENT_STEP_TEXTS)[C]]: string }
}

/** Builds a payment step text (typed: the values its code names, each a string). */
export const paymentStepText = <C extends PaymentStepCode>(code: C, values: PaymentStepText<C>["values"]): PaymentStepText<C> => ({ code, values })

/** The values of a step text, each formatted by its kind, ready for the reader's template. */
export const formattedPaymentStepValues = (
  text: { readonly code: string; readonly values: Readonly<Record<string, string>> },
  format: TransactionTextFormatters,
): Record<string, string> => formattedValues(PAYMENT_STEP_TEXTS, text, format)
