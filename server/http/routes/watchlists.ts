/**
 * Watchlists (issue 36; server/queries/watchlists.ts says the rules), all of the signed-in user:
 *   GET    /users/watchlists                                  WatchlistList (the default list made on the first read)
 *   POST   /users/watchlists                                  WatchlistNameRequest -> Watchlist, 201 (Idempotency-Key;
 *                                                             past the most lists: 409 watchlist.too_many)
 *   PUT    /users/watchlists/order                            WatchlistOrderRequest -> WatchlistList
 *   GET    /users/watchlists/:id                              WatchlistDetail: rows with prices and a month of closes
 *   PATCH  /users/watchlists/:id                              WatchlistNameRequest -> Watchlist
 *   DELETE /users/watchlists/:id                              WatchlistList (the only list: 409 watchlist.last)
 *   PUT    /users/watchlists/:id/instruments/:instrumentId    Watchlist (full: 409 watchlist.full)
 *   DELETE /users/watchlists/:id/instruments/:instrumentId    Watchlist
 * Another user's (or an unknown) list id, or an instrument the user cannot see: 404.
 */
import { WatchlistNameRequest, WatchlistOrderRequest, type Watchlist, type WatchlistDetail, type WatchlistList } from "../../../src/contract/watchlists"
import { requireSession } from "../../auth/session"
import {
  addToWatchlist,
  createWatchlist,
  deleteWatchlist,
  listWatchlists,
  removeFromWatchlist,
  renameWatchlist,
  reorderWatchlists,
  watchlistDetail,
} from "../../queries/watchlists"
import { decodeOrBadRequest, parseJsonBody } from "../body"
import type { ApiRoutes } from "../context"
import { idempotent } from "../idempotency"

export const watchlistRoutes: ApiRoutes = {
  name: "watchlists",
  mount: (api, deps) => {
    const { db } = deps.database
    const signedIn = requireSession(deps, { satisfied: true })
    const once = idempotent(deps)

    api.get("/users/watchlists", signedIn, async (c) => {
      const answer: WatchlistList = await listWatchlists(db, c.get("session").userId)
      return c.json(answer)
    })

    api.post("/users/watchlists", signedIn, once, async (c) => {
      const body = decodeOrBadRequest(WatchlistNameRequest, parseJsonBody(c.get("rawBody")))
      const answer: Watchlist = await createWatchlist(db, c.get("session").userId, body.name)
      return c.json(answer, 201)
    })

    api.put("/users/watchlists/order", signedIn, async (c) => {
      const body = decodeOrBadRequest(WatchlistOrderRequest, parseJsonBody(c.get("rawBody")))
      const answer: WatchlistList = await reorderWatchlists(db, c.get("session").userId, body.ids)
      return c.json(answer)
    })

    api.get("/users/watchlists/:id", signedIn, async (c) => {
      const answer: WatchlistDetail = await watchlistDetail(db, c.get("session").userId, c.req.param("id"), new Date(deps.now()))
      return c.json(answer)
    })

    api.patch("/users/watchlists/:id", signedIn, async (c) => {
      const body = decodeOrBadRequest(WatchlistNameRequest, parseJsonBody(c.get("rawBody")))
      const answer: Watchlist = await renameWatchlist(db, c.get("session").userId, c.req.param("id"), body.name)
      return c.json(answer)
    })

    api.delete("/users/watchlists/:id", signedIn, async (c) => {
      const answer: WatchlistList = await deleteWatchlist(db, c.get("session").userId, c.req.param("id"))
      return c.json(answer)
    })

    api.put("/users/watchlists/:id/instruments/:instrumentId", signedIn, async (c) => {
      const answer: Watchlist = await addToWatchlist(db, c.get("session").userId, c.req.param("id"), c.req.param("instrumentId"))
      return c.json(answer)
    })

    api.delete("/users/watchlists/:id/instruments/:instrumentId", signedIn, async (c) => {
      const answer: Watchlist = await removeFromWatchlist(db, c.get("session").userId, c.req.param("id"), c.req.param("instrumentId"))
      return c.json(answer)
    })
  },
}
