/**
 * Statement files (spec part 2 "Statements"): the two tabs, the languages a statement PDF can be
 * asked for, and the name a downloaded PDF is saved under (the server's Content-Disposition and the
 * browser's save use the same rule).
 */

/** The statement tabs: trade confirmations (the default) and monthly account statements. */
export const STATEMENT_KINDS = ["confirmation", "account"] as const
export type StatementKind = (typeof STATEMENT_KINDS)[number]
export const DEFAULT_STATEMENT_KIND: StatementKind = "confirmation"

/** The languages a statement PDF can be asked for (`?lang=`): the interface's six. */
export const STATEMENT_LANGUAGES = ["en", "zh", "es", "ja", "de", "fr"] as const
export type StatementLanguage = (typeof STATEMENT_LANGUAGES)[number]

/** The statement kind a file key names ("confirmation-…", "account-…"), or null for another key. */
export const statementKindOfKey = (key: string): StatementKind | null =>
  key.startsWith("confirmation-") ? "confirmation" : key.startsWith("account-") ? "account" : null

/** What may stand in a file name: letters, digits and dashes; anything else becomes a dash. */
const safePart = (value: string): string => value.replace(/[^A-Za-z0-9-]+/g, "-").replace(/^-+|-+$/g, "") || "unknown"

/**
 * The file name of a downloaded statement: `chartfolio-trade-confirmation-<accountNumber>-<yyyy-mm-dd>.pdf`
 * or `chartfolio-account-statement-<accountNumber>-<yyyy-mm>.pdf` (`date` is the file's date,
 * "2026-03-01" or a full ISO instant).
 */
export const statementFileName = (kind: StatementKind, accountNumber: string, date: string): string => {
  const day = date.slice(0, 10)
  return kind === "confirmation"
    ? `chartfolio-trade-confirmation-${safePart(accountNumber)}-${safePart(day)}.pdf`
    : `chartfolio-account-statement-${safePart(accountNumber)}-${safePart(day.slice(0, 7))}.pdf`
}
