/**
 * What a cash transaction says (its description and its comment) as structured data, so every
 * reader says it in the user's language: a code and the values it names. The server writes these
 * for every transaction it books; the client labels them through i18next
 * (`portfolio:transactions.text.<code>`) and the statement PDFs through their texts, each value
 * formatted by the kind given here (a quantity by the quantity rule, money by the money rule of
 * the account's currency, an order type or a reason through its label).
 */

/** How a value of a transaction text is shown. */
export type TransactionTextValueKind =
  /** a quantity of shares (formatQuantity) */
  | "quantity"
  /** an amount in the account's currency (formatMoney) */
  | "money"
  /** shown as it is (a symbol, a reference, a bank's name, the last digits of a number) */
  | "text"
  /** an order type (the `orderType` enum's label) */
  | "orderType"
  /** a withdrawal channel (the withdrawal's channel label) */
  | "channel"
  /** why a payout failed (`PAYOUT_FAILURE_REASONS`) */
  | "reason"

/** Why a withdrawal's payout came back. */
export const PAYOUT_FAILURE_REASONS = ["bank-unverified", "bank-removed", "bank-returned"] as const
export type PayoutFailureReason = (typeof PAYOUT_FAILURE_REASONS)[number]

/**
 * Every transaction text the server writes, with the names and kinds of its values. Descriptions:
 * a fill (bought, sold), a dividend, a deposit (through a reserved account, by card, by wire), a
 * withdrawal to a bank account, its return and its cancellation. Comments: the order that filled, the synthetic
 * dividend, the payment a movement belongs to (with its fee, or held for review), the withdrawal
 * requested through a channel, the reason a payout failed.
 */
export const TRANSACTION_TEXTS = {
  bought: { quantity: "quantity", symbol: "text", price: "money" },
  sold: { quantity: "quantity", symbol: "text", price: "money" },
  dividend: { quantity: "quantity", symbol: "text", perShare: "money" },
  "deposit-reserved-account": { account: "text" },
  "deposit-card": { last4: "text" },
  "deposit-wire": {},
  "withdrawal-to": { bank: "text", last4: "text" },
  "withdrawal-returned": { ref: "text" },
  "withdrawal-cancelled": { ref: "text" },
  "order-filled": { orderType: "orderType" },
  "synthetic-dividend": {},
  payment: { ref: "text" },
  "payment-fee": { ref: "text", fee: "money" },
  "payment-held": { ref: "text" },
  "withdrawal-requested": { channel: "channel", ref: "text" },
  "payout-failed": { reason: "reason" },
} as const satisfies Readonly<Record<string, Readonly<Record<string, TransactionTextValueKind>>>>

export type TransactionTextCode = keyof typeof TRANSACTION_TEXTS
export const TRANSACTION_TEXT_CODES = Object.keys(TRANSACTION_TEXTS) as ReadonlyArray<TransactionTextCode>

/** A transaction text: its code and the values it names (decimal strings for quantities and money). */
export interface TransactionText<C extends TransactionTextCode = TransactionTextCode> {
  readonly code: C
  readonly values: { readonly [K in keyof (typeof TRANSACTION_TEXTS)[C]]: string }
}

/** Builds a transaction text (typed: the values its code names, each a string). */
export const transactionText = <C extends TransactionTextCode>(code: C, values: TransactionText<C>["values"]): TransactionText<C> => ({ code, values })

/** How a reader shows each kind of value (the reader's own number and label rules). */
export type TransactionTextFormatters = Readonly<Record<TransactionTextValueKind, (value: string) => string>>

/**
 * The values of `text`, each formatted by its kind, ready for the reader's template; a value its
 * code does not name is left out, one it names but lacks is "".
 */
export const formattedTransactionValues = (
  text: { readonly code: string; readonly values: Readonly<Record<string, string>> },
  format: TransactionTextFormatters,
): Record<string, string> => formattedValues(TRANSACTION_TEXTS, text, format)

/**
 * The values of a coded text (`{ code, values }`) whose codes and value kinds are `table`, each
 * formatted by its kind; a value its code does not name is left out, one it names but lacks is "".
 * Shared by the transaction texts and the payment steps (src/domain/payment-step-text).
 */
export const formattedValues = (
  table: Readonly<Record<string, Readonly<Record<string, TransactionTextValueKind>>>>,
  text: { readonly code: string; readonly values: Readonly<Record<string, string>> },
  format: TransactionTextFormatters,
): Record<string, string> => {
  const kinds = Object.hasOwn(table, text.code) ? table[text.code] : undefined
  const out: Record<string, string> = {}
  for (const [name, kind] of Object.entries(kinds ?? {})) {
    const value = text.values[name]
    out[name] = value === undefined ? "" : format[kind](value)
  }
  return out
}

/** Whether `code` is one of the transaction texts. */
export const isTransactionTextCode = (code: string): code is TransactionTextCode => Object.hasOwn(TRANSACTION_TEXTS, code)
