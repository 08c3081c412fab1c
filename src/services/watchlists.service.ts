import { Context, Effect, Layer } from "effect"
import type { Watchlist, WatchlistDetail, WatchlistList } from "../contract/watchlists"
import { WatchlistEndpoints as Endpoints } from "../contract/endpoints/watchlists"
import { ApiClient } from "./api-client"
import type { ApiFailure } from "./api-errors"

type Call<A> = Effect.Effect<A, ApiFailure>

interface WatchlistsShape {
  /** GET /users/watchlists: every list of the user in their order (the server makes the default one). */
  list(): Call<WatchlistList>
  /** GET /users/watchlists/:id: the list's rows with prices and a month of closes, in one request. */
  detail(id: string): Call<WatchlistDetail>
  /** POST /users/watchlists; `idempotencyKey` is one per user intent, reused on retry. */
  create(name: string, idempotencyKey: string): Call<Watchlist>
  /** PATCH /users/watchlists/:id. */
  rename(id: string, name: string): Call<Watchlist>
  /** DELETE /users/watchlists/:id: the lists left. */
  remove(id: string): Call<WatchlistList>
  /** PUT /users/watchlists/order: every list id once, in the new order. */
  reorder(ids: ReadonlyArray<string>): Call<WatchlistList>
  /** PUT /users/watchlists/:id/instruments/:instrumentId. */
  addInstrument(id: string, instrumentId: string): Call<Watchlist>
  /** DELETE /users/watchlists/:id/instruments/:instrumentId. */
  removeInstrument(id: string, instrumentId: string): Call<Watchlist>
}

/**
 * The watchlist calls (issue 36): the user's lists, one list's rows, and changing them.
 *
 * Layers: `layer` (through the ApiClient).
 */
export class Watchlists extends Context.Service<Watchlists, WatchlistsShape>()("chartfolio/services/Watchlists") {
  static readonly layer: Layer.Layer<Watchlists, never, ApiClient> = Layer.effect(
    Watchlists,
    Effect.gen(function* () {
      const api = yield* ApiClient
      return Watchlists.of({
        list: Effect.fn("Watchlists.list")(function* () {
          return yield* api.call(Endpoints.listWatchlists)
        }),
        detail: Effect.fn("Watchlists.detail")(function* (id: string) {
          return yield* api.call(Endpoints.getWatchlist, { params: { id } })
        }),
        create: Effect.fn("Watchlists.create")(function* (name: string, idempotencyKey: string) {
          return yield* api.call(Endpoints.createWatchlist, { body: { name }, idempotencyKey })
        }),
        rename: Effect.fn("Watchlists.rename")(function* (id: string, name: string) {
          return yield* api.call(Endpoints.renameWatchlist, { params: { id }, body: { name } })
        }),
        remove: Effect.fn("Watchlists.remove")(function* (id: string) {
          return yield* api.call(Endpoints.deleteWatchlist, { params: { id } })
        }),
        reorder: Effect.fn("Watchlists.reorder")(function* (ids: ReadonlyArray<string>) {
          return yield* api.call(Endpoints.reorderWatchlists, { body: { ids } })
        }),
        addInstrument: Effect.fn("Watchlists.addInstrument")(function* (id: string, instrumentId: string) {
          return yield* api.call(Endpoints.addToWatchlist, { params: { id, instrumentId } })
        }),
        removeInstrument: Effect.fn("Watchlists.removeInstrument")(function* (id: string, instrumentId: string) {
          return yield* api.call(Endpoints.removeFromWatchlist, { params: { id, instrumentId } })
        }),
      })
    }),
  )
}
