/**
 * Statement files (spec part 2 "Statements"): the two tabs, the monthly account statements an
 * account has (every month since it opened), the pages a long list is shown in, the languages a
 * statement PDF can be asked for, and the name a downloaded PDF is saved under (the server's
 * Content-Disposition and the browser's save use the same rule).
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

const MONTH_KEY = /^account-(\d{4})-(0[1-9]|1[0-2])$/

/** The key of the monthly account statement of `month` ("2026-02"): "account-2026-02". */
export const accountStatementKey = (month: string): string => `account-${month}`

/** The month ("2026-02") an account statement key names, or null for any other key. */
export const accountStatementMonthOfKey = (key: string): string | null => {
  const match = MONTH_KEY.exec(key)
  return match ? `${match[1]}-${match[2]}` : null
}

/**
 * The months with a monthly account statement, newest first ("2026-02", "2026-01", ...): every
 * calendar month (UTC) from the one the account opened in through the last one that has ended
 * before `now`. The month in progress has none yet; an account opened this month has none.
 */
export const accountStatementMonths = (openedAt: Date | string, now: Date): ReadonlyArray<string> => {
  const opened = new Date(openedAt)
  if (Number.isNaN(opened.getTime())) return []
  const first = opened.getUTCFullYear() * 12 + opened.getUTCMonth()
  const last = now.getUTCFullYear() * 12 + now.getUTCMonth() - 1
  const months: string[] = []
  for (let m = last; m >= first; m--) months.push(`${String(Math.floor(m / 12)).padStart(4, "0")}-${String((m % 12) + 1).padStart(2, "0")}`)
  return months
}

/** Files shown per page of a statements tab. */
export const STATEMENTS_PAGE_SIZE = 12

/** One page of a list: its items, its number (1-based) and how many pages the list has (at least 1). */
export interface ListPage<T> {
  readonly items: ReadonlyArray<T>
  readonly page: number
  readonly pageCount: number
}

/**
 * Page `page` (1-based) of `items`, `size` a page; a page past the end (the list got shorter)
 * shows the last one, a page before the first the first.
 */
export const listPage = <T>(items: ReadonlyArray<T>, page: number, size: number = STATEMENTS_PAGE_SIZE): ListPage<T> => {
  const pageCount = Math.max(1, Math.ceil(items.length / size))
  const shown = Math.min(pageCount, Math.max(1, Math.floor(Number.isFinite(page) ? page : 1)))
  return { items: items.slice((shown - 1) * size, shown * size), page: shown, pageCount }
}
