import { Context, Effect, Layer } from "effect"
import { InstrumentEndpoints as Endpoints } from "../contract/endpoints/instruments"
import type { Instrument, InstrumentList } from "../contract/instruments"
import { ApiClient } from "./api-client"
import type { ApiFailure } from "./api-errors"

type Call<A> = Effect.Effect<A, ApiFailure>

interface InstrumentsShape {
  /**
   * GET /instruments?query=&provider= (spec part 1 section 7): the instruments matching `query`
   * (trimmed) offered by `providers` (the user's group partners, sent comma-joined; none sends no
   * `provider`, so the server limits the search to the user's own partners).
   */
  search(query: string, providers: ReadonlyArray<string>): Call<InstrumentList>
  /** GET /instruments/{instrumentId}: the detail (quote, history, news, analysis). */
  detail(instrumentId: string): Call<Instrument>
}

/**
 * The instrument calls of spec part 1 section 7 used by the side menu's search and the instrument
 * page. The search uses GET /instruments (not /users/instruments, which answers an empty list on
 * error) so that a failure reaches the search chart, which shows an empty list plus an error
 * notification as the error catalogue asks (docs/decisions/0023-instrument-search-endpoint.md).
 *
 * Layers: `layer` (through the ApiClient).
 */
export class Instruments extends Context.Service<Instruments, InstrumentsShape>()("chartfolio/services/Instruments") {
  static readonly layer: Layer.Layer<Instruments, never, ApiClient> = Layer.effect(
    Instruments,
    Effect.gen(function* () {
      const api = yield* ApiClient
      return Instruments.of({
        search: Effect.fn("Instruments.search")(function* (query: string, providers: ReadonlyArray<string>) {
          const provider = providers
            .map((p) => p.trim())
            .filter((p) => p !== "")
            .join(",")
          return yield* api.call(Endpoints.searchInstruments, { query: provider ? { query: query.trim(), provider } : { query: query.trim() } })
        }),
        detail: Effect.fn("Instruments.detail")(function* (instrumentId: string) {
          return yield* api.call(Endpoints.getInstrument, { params: { instrumentId } })
        }),
      })
    }),
  )
}
