import { Watchlist, WatchlistDetail, WatchlistList, WatchlistNameRequest, WatchlistOrderRequest } from "../watchlists"
import { endpoint, pathParams } from "../endpoint"

/** Watchlists (issue 36; another user's list id: 404). */
export const WatchlistEndpoints = {
  listWatchlists: endpoint({ name: "listWatchlists", method: "GET", path: "/users/watchlists", response: WatchlistList }),
  createWatchlist: endpoint({
    name: "createWatchlist",
    method: "POST",
    path: "/users/watchlists",
    request: WatchlistNameRequest,
    response: Watchlist,
    idempotent: true,
  }),
  reorderWatchlists: endpoint({
    name: "reorderWatchlists",
    method: "PUT",
    path: "/users/watchlists/order",
    request: WatchlistOrderRequest,
    response: WatchlistList,
  }),
  getWatchlist: endpoint({ name: "getWatchlist", method: "GET", path: "/users/watchlists/:id", params: pathParams("id"), response: WatchlistDetail }),
  renameWatchlist: endpoint({
    name: "renameWatchlist",
    method: "PATCH",
    path: "/users/watchlists/:id",
    params: pathParams("id"),
    request: WatchlistNameRequest,
    response: Watchlist,
  }),
  deleteWatchlist: endpoint({ name: "deleteWatchlist", method: "DELETE", path: "/users/watchlists/:id", params: pathParams("id"), response: WatchlistList }),
  addToWatchlist: endpoint({
    name: "addToWatchlist",
    method: "PUT",
    path: "/users/watchlists/:id/instruments/:instrumentId",
    params: pathParams("id", "instrumentId"),
    response: Watchlist,
  }),
  removeFromWatchlist: endpoint({
    name: "removeFromWatchlist",
    method: "DELETE",
    path: "/users/watchlists/:id/instruments/:instrumentId",
    params: pathParams("id", "instrumentId"),
    response: Watchlist,
  }),
} as const
