import { Context, Effect, Layer } from "effect"
import { NewsEndpoints as Endpoints } from "../contract/endpoints/news"
import type { MarketInsight, NewsList } from "../contract/news"
import { ApiClient } from "./api-client"
import type { ApiFailure } from "./api-errors"

interface NewsShape {
  /** GET /overview/business-news: the latest business news, newest first. */
  businessNews(): Effect.Effect<NewsList, ApiFailure>
  /** GET /overview/market-insight: the address the market insight page frames. */
  marketInsight(): Effect.Effect<MarketInsight, ApiFailure>
}

/**
 * The news calls of spec part 1 section 7 (the dashboard's latest news; the /business-news page of
 * part 2 uses the same call). `News.businessNews()` is the Effect the actor bridge runs.
 *
 * Layers: `layer` (through the ApiClient).
 */
export class News extends Context.Service<News, NewsShape>()("chartfolio/services/News") {
  static readonly layer: Layer.Layer<News, never, ApiClient> = Layer.effect(
    News,
    Effect.gen(function* () {
      const api = yield* ApiClient
      return News.of({
        businessNews: Effect.fn("News.businessNews")(function* () {
          return yield* api.call(Endpoints.businessNews)
        }),
        marketInsight: Effect.fn("News.marketInsight")(function* () {
          return yield* api.call(Endpoints.marketInsight)
        }),
      })
    }),
  )

  /** `News.businessNews()` as an Effect needing the service. */
  static readonly businessNews = (): Effect.Effect<NewsList, ApiFailure, News> => News.use((n) => n.businessNews())
}
