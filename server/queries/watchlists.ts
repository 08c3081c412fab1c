/**
 * Watchlists (issue 36, decision 0210): each user's named lists, in their order, and each list's
 * instruments. A user always has at least one list: the first read makes the default one (name
 * null). Every query is scoped to the signed-in user: another user's list id is a 404, like an
 * unknown one. Changes run in a transaction that locks the user's row, so two requests at once
 * cannot pass a limit together. Prices come from server/market at the request's instant.
 */
import type { Kysely, Transaction } from "kysely"
import type { Watchlist, WatchlistDetail, WatchlistList, WatchlistRow } from "../../src/contract/watchlists"
import { ErrorCodes } from "../../src/contract/errors"
import { MAX_WATCHLIST_INSTRUMENTS, MAX_WATCHLISTS, SPARKLINE_DAYS } from "../../src/domain/watchlist"
import { isUuid } from "../auth/users"
import type { DB } from "../db/schema"
import { ApiError, ApiErrors } from "../http/errors"
import { historyAt, quoteAt } from "../market/index"
import { visibleInstrument } from "./instruments"

export const WATCHLIST_NOT_FOUND = "No such watchlist."
export const WATCHLIST_DELETED = "Watchlist deleted"
export const TOO_MANY_WATCHLISTS = `You already have ${MAX_WATCHLISTS} watchlists, the most allowed.`
export const WATCHLIST_FULL = `This watchlist already has ${MAX_WATCHLIST_INSTRUMENTS} instruments, the most allowed.`
export const LAST_WATCHLIST = "You need at least one watchlist."
export const BAD_ORDER = "Send every one of your watchlist ids once, in the new order."

type Db = Kysely<DB> | Transaction<DB>

/** Runs `work` in a transaction holding the user's row, after making the default list if there is none. */
const forUser = <T>(db: Kysely<DB>, userId: string, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> =>
  db.transaction().execute(async (trx) => {
    await trx.selectFrom("users").select("id").where("id", "=", userId).forUpdate().executeTakeFirstOrThrow()
    const any = await trx.selectFrom("watchlists").select("id").where("userId", "=", userId).limit(1).executeTakeFirst()
    if (!any) await trx.insertInto("watchlists").values({ userId, name: null, position: 0 }).execute()
    return work(trx)
  })

/** The user's lists with their instrument ids, in order. */
const listsOf = async (db: Db, userId: string): Promise<Watchlist[]> => {
  const lists = await db.selectFrom("watchlists").select(["id", "name"]).where("userId", "=", userId).orderBy("position").orderBy("createdAt").execute()
  if (lists.length === 0) return []
  const items = await db
    .selectFrom("watchlistItems")
    .select(["watchlistId", "instrumentId"])
    .where(
      "watchlistId",
      "in",
      lists.map((l) => l.id),
    )
    .orderBy("position")
    .execute()
  return lists.map((l) => ({ id: l.id, name: l.name, instrumentIds: items.filter((i) => i.watchlistId === l.id).map((i) => i.instrumentId) }))
}

/** The user's list with this id, else 404 (also for a non-UUID id or another user's list). */
const ownList = async (db: Db, userId: string, id: string): Promise<Watchlist> => {
  const list = isUuid(id) ? (await listsOf(db, userId)).find((l) => l.id === id) : undefined
  if (!list) throw ApiErrors.notFound(WATCHLIST_NOT_FOUND)
  return list
}

/** GET /users/watchlists: every list (the default one made on the first read). */
export const listWatchlists = (db: Kysely<DB>, userId: string): Promise<WatchlistList> => forUser(db, userId, (trx) => listsOf(trx, userId))

/** POST /users/watchlists: a new, empty list placed last; 409 past MAX_WATCHLISTS. */
export const createWatchlist = (db: Kysely<DB>, userId: string, name: string): Promise<Watchlist> =>
  forUser(db, userId, async (trx) => {
    const lists = await listsOf(trx, userId)
    if (lists.length >= MAX_WATCHLISTS) throw new ApiError(409, ErrorCodes.watchlistTooMany, TOO_MANY_WATCHLISTS, undefined, { limit: String(MAX_WATCHLISTS) })
    const row = await trx
      .insertInto("watchlists")
      .values({ userId, name: name.trim(), position: lists.length })
      .returning(["id", "name"])
      .executeTakeFirstOrThrow()
    return { id: row.id, name: row.name, instrumentIds: [] }
  })

/** PATCH /users/watchlists/:id: the new name. */
export const renameWatchlist = (db: Kysely<DB>, userId: string, id: string, name: string): Promise<Watchlist> =>
  forUser(db, userId, async (trx) => {
    const list = await ownList(trx, userId, id)
    await trx.updateTable("watchlists").set({ name: name.trim() }).where("id", "=", list.id).execute()
    return { ...list, name: name.trim() }
  })

/** DELETE /users/watchlists/:id: the lists left; 409 for the user's only list. */
export const deleteWatchlist = (db: Kysely<DB>, userId: string, id: string): Promise<WatchlistList> =>
  forUser(db, userId, async (trx) => {
    const list = await ownList(trx, userId, id)
    const lists = await listsOf(trx, userId)
    if (lists.length <= 1) throw new ApiError(409, ErrorCodes.watchlistLast, LAST_WATCHLIST)
    await trx.deleteFrom("watchlists").where("id", "=", list.id).execute()
    return listsOf(trx, userId)
  })

/** PUT /users/watchlists/order: the lists in the order given (every id of the user once, else 400). */
export const reorderWatchlists = (db: Kysely<DB>, userId: string, ids: ReadonlyArray<string>): Promise<WatchlistList> =>
  forUser(db, userId, async (trx) => {
    const lists = await listsOf(trx, userId)
    const known = new Set(lists.map((l) => l.id))
    if (ids.length !== lists.length || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id)))
      throw ApiErrors.badRequest(BAD_ORDER, { ids: BAD_ORDER })
    for (const [position, id] of ids.entries()) await trx.updateTable("watchlists").set({ position }).where("id", "=", id).execute()
    return listsOf(trx, userId)
  })

/** PUT /users/watchlists/:id/instruments/:instrumentId: the instrument last on the list (already there: unchanged); 409 when full. */
export const addToWatchlist = (db: Kysely<DB>, userId: string, id: string, instrumentId: string): Promise<Watchlist> =>
  forUser(db, userId, async (trx) => {
    const list = await ownList(trx, userId, id)
    const instrument = await visibleInstrument(trx as unknown as Kysely<DB>, userId, instrumentId)
    if (list.instrumentIds.includes(instrument.id)) return list
    if (list.instrumentIds.length >= MAX_WATCHLIST_INSTRUMENTS)
      throw new ApiError(409, ErrorCodes.watchlistFull, WATCHLIST_FULL, undefined, { limit: String(MAX_WATCHLIST_INSTRUMENTS) })
    await trx.insertInto("watchlistItems").values({ watchlistId: list.id, instrumentId: instrument.id, position: list.instrumentIds.length }).execute()
    return { ...list, instrumentIds: [...list.instrumentIds, instrument.id] }
  })

/**
 * DELETE /users/watchlists/:id/instruments/:instrumentId: the list without it (a visible instrument
 * not there: unchanged; an instrument the user cannot see, or not an id: 404, as for adding).
 */
export const removeFromWatchlist = (db: Kysely<DB>, userId: string, id: string, instrumentId: string): Promise<Watchlist> =>
  forUser(db, userId, async (trx) => {
    const list = await ownList(trx, userId, id)
    if (!list.instrumentIds.includes(instrumentId)) {
      await visibleInstrument(trx as unknown as Kysely<DB>, userId, instrumentId)
      return list
    }
    await trx.deleteFrom("watchlistItems").where("watchlistId", "=", list.id).where("instrumentId", "=", instrumentId).execute()
    return { ...list, instrumentIds: list.instrumentIds.filter((i) => i !== instrumentId) }
  })

/** GET /users/watchlists/:id: the list and a row per instrument with its quote and a month of closes at `now`. */
export const watchlistDetail = async (db: Kysely<DB>, userId: string, id: string, now: Date): Promise<WatchlistDetail> => {
  const list = await forUser(db, userId, (trx) => ownList(trx, userId, id))
  if (list.instrumentIds.length === 0) return { ...list, rows: [] }
  const instruments = await db
    .selectFrom("instruments")
    .selectAll()
    .where("id", "in", [...list.instrumentIds])
    .execute()
  const rows: WatchlistRow[] = list.instrumentIds.flatMap((instrumentId) => {
    const row = instruments.find((i) => i.id === instrumentId)
    if (!row) return []
    const quote = quoteAt(row, now)
    return [
      {
        instrumentId,
        symbol: row.symbol,
        name: row.name,
        currency: row.currency,
        last: quote.last,
        priceChange: quote.priceChange,
        priceChangePercent: Number(quote.priceChangePercent),
        closes: historyAt(row, now, 1)
          .slice(-SPARKLINE_DAYS)
          .map((bar) => bar.close),
      },
    ]
  })
  return { ...list, rows }
}
