/**
 * The rules of watchlists (issue 36; decision 0210): a name is required and at most
 * WATCHLIST_NAME_MAX characters (trimmed); a user has at most MAX_WATCHLISTS lists, each with at
 * most MAX_WATCHLIST_INSTRUMENTS instruments, and always at least one list. The server and the
 * watchlist chart both read these.
 */
import { compare } from "./decimal"
import { textLength } from "./validation"

/** The longest list name, in characters after trimming. */
export const WATCHLIST_NAME_MAX = 40
/** The most watchlists one user keeps. */
export const MAX_WATCHLISTS = 10
/** The most instruments on one watchlist. */
export const MAX_WATCHLIST_INSTRUMENTS = 50
/** How many daily closes a row's sparkline shows (about a month of trading days). */
export const SPARKLINE_DAYS = 22

/** What is wrong with a list name, or null when it is fine. */
export type WatchlistNameProblem = "required" | "too-long"

export const watchlistNameProblem = (name: string): WatchlistNameProblem | null => {
  const trimmed = name.trim()
  if (trimmed === "") return "required"
  if (textLength(trimmed) > WATCHLIST_NAME_MAX) return "too-long"
  return null
}

/** A watchlist row's sortable columns. */
export const WATCHLIST_SORT_KEYS = ["symbol", "name", "last", "change", "percent"] as const
export type WatchlistSortKey = (typeof WATCHLIST_SORT_KEYS)[number]

/** The closes' sparkline as an SVG path in a width x height box (y grows downwards); "" for fewer than two points. */
export const sparklinePath = (closes: ReadonlyArray<number>, width: number, height: number): string => {
  if (closes.length < 2) return ""
  const min = Math.min(...closes)
  const max = Math.max(...closes)
  const span = max - min || 1
  const step = width / (closes.length - 1)
  return closes.map((c, i) => `${i === 0 ? "M" : "L"}${(i * step).toFixed(1)} ${(height - ((c - min) / span) * height).toFixed(1)}`).join(" ")
}

/** What sorting needs of a row (prices as decimal strings, never summed). */
export interface SortableWatchlistRow {
  readonly symbol: string
  readonly name: string
  readonly last: string
  readonly priceChange: string
  readonly priceChangePercent: number
}

/** The rows sorted by a column, ascending or descending; ties keep the list's own order. */
export const sortWatchlistRows = <R extends SortableWatchlistRow>(rows: ReadonlyArray<R>, key: WatchlistSortKey, direction: "asc" | "desc"): R[] => {
  const by = (a: R, b: R): number => {
    switch (key) {
      case "symbol":
        return a.symbol.localeCompare(b.symbol)
      case "name":
        return a.name.localeCompare(b.name)
      case "last":
        return compare(a.last, b.last)
      case "change":
        return compare(a.priceChange, b.priceChange)
      case "percent":
        return a.priceChangePercent - b.priceChangePercent
    }
  }
  const factor = direction === "asc" ? 1 : -1
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => factor * by(a.row, b.row) || a.index - b.index)
    .map((x) => x.row)
}
