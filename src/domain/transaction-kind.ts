/** How a cash transaction moves money: out of the account, into it, or neither. */
export type TransactionKind = "DEBIT" | "CREDIT" | "OTHERS"

/**
 * The kind of a transaction's `tranType` (spec part 2, Transactions), case-insensitively:
 * withdraw and buy are DEBIT; deposit and sell are CREDIT; anything else (dividend included, or a
 * missing type) is OTHERS.
 */
export const transactionKind = (tranType: string | null | undefined): TransactionKind => {
  switch (tranType?.trim().toLowerCase()) {
    case "withdraw":
    case "buy":
      return "DEBIT"
    case "deposit":
    case "sell":
      return "CREDIT"
    default:
      return "OTHERS"
  }
}
