/**
 * How a cash transaction moves money: out of the account, into it, back into it because a
 * withdrawal was returned, or neither.
 */
export type TransactionKind = "DEBIT" | "CREDIT" | "REVERSAL" | "OTHERS"

/** The transaction type that books a returned withdrawal's cash back, tied to its payment (issue 30). */
export const REVERSAL_TRAN_TYPE = "reversal"

/**
 * The kind of a transaction's `tranType` (spec part 2, Transactions), case-insensitively:
 * withdraw and buy are DEBIT; deposit and sell are CREDIT; a reversal (the cash of a withdrawal
 * that was returned, booked against that withdrawal) is REVERSAL, its own kind and neither an
 * inflow nor a deposit; anything else (dividend included, or a missing type) is OTHERS.
 */
export const transactionKind = (tranType: string | null | undefined): TransactionKind => {
  switch (tranType?.trim().toLowerCase()) {
    case "withdraw":
    case "buy":
      return "DEBIT"
    case "deposit":
    case "sell":
      return "CREDIT"
    case REVERSAL_TRAN_TYPE:
      return "REVERSAL"
    default:
      return "OTHERS"
  }
}
