/**
 * Watchlists (issue 36): a user's named lists of instruments, in their order, and one list's rows
 * with prices and a month of closes in one answer (decision 0210). The rules (name length, how
 * many lists and instruments) live in src/domain/watchlist.ts.
 */
import { Schema } from "effect"
import { WATCHLIST_NAME_MAX, watchlistNameProblem } from "../domain/watchlist"
import { CurrencyCode, Decimal } from "./common"

/** The text of a blank list name. */
export const WATCHLIST_NAME_REQUIRED = "Enter a name for the watchlist."
/** The text of a list name over WATCHLIST_NAME_MAX characters. */
export const WATCHLIST_NAME_TOO_LONG = `A watchlist name has at most ${WATCHLIST_NAME_MAX} characters.`

/** A list name: required, at most WATCHLIST_NAME_MAX characters once trimmed. */
export const WatchlistName = Schema.String.check(
  Schema.makeFilter<string>((name) => {
    const problem = watchlistNameProblem(name)
    return problem === null || (problem === "required" ? WATCHLIST_NAME_REQUIRED : WATCHLIST_NAME_TOO_LONG)
  }),
).pipe(Schema.annotateKey({ messageMissingKey: WATCHLIST_NAME_REQUIRED }))

/**
 * A watchlist: its id, its name (null for the default list the server made, which the app names in
 * the user's language) and its instruments' ids in the list's order (newest added last).
 */
export const Watchlist = Schema.Struct({
  id: Schema.String,
  name: Schema.NullOr(Schema.String),
  instrumentIds: Schema.Array(Schema.String),
})
export type Watchlist = typeof Watchlist.Type

/** The answer of GET /users/watchlists: every list of the user in their order (at least one). */
export const WatchlistList = Schema.Array(Watchlist)
export type WatchlistList = typeof WatchlistList.Type

/**
 * One row of a list: the instrument, its last price and today's change (decimal strings, the
 * percentage a display-only number) and the daily closes of about a month, oldest first, for the
 * sparkline (plotted only, so numbers).
 */
export const WatchlistRow = Schema.Struct({
  instrumentId: Schema.String,
  symbol: Schema.String,
  name: Schema.String,
  currency: CurrencyCode,
  last: Decimal,
  priceChange: Decimal,
  priceChangePercent: Schema.Number,
  closes: Schema.Array(Schema.Number),
})
export type WatchlistRow = typeof WatchlistRow.Type

/** The answer of GET /users/watchlists/:id: the list and its rows, in the list's order. */
export const WatchlistDetail = Schema.Struct({
  ...Watchlist.fields,
  rows: Schema.Array(WatchlistRow),
})
export type WatchlistDetail = typeof WatchlistDetail.Type

/** POST /users/watchlists and PATCH /users/watchlists/:id body. */
export const WatchlistNameRequest = Schema.Struct({ name: WatchlistName })
export type WatchlistNameRequest = typeof WatchlistNameRequest.Type

/** PUT /users/watchlists/order body: every list id of the user, once each, in the new order. */
export const WatchlistOrderRequest = Schema.Struct({ ids: Schema.Array(Schema.String) })
export type WatchlistOrderRequest = typeof WatchlistOrderRequest.Type
