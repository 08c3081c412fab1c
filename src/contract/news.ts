/**
 * Business news and the market insight page (spec part 2 sections 2, 3 and 7).
 */
import { Schema } from "effect"
import { IsoDate } from "./common"

/**
 * A business news article (opens `url` in a new tab). `urlToImage` null shows the fallback image;
 * `title` is shown up to ' - ' and `content` up to '[+'; `source` is the publisher's name.
 */
export const NewsItem = Schema.Struct({
  url: Schema.String,
  urlToImage: Schema.NullOr(Schema.String),
  title: Schema.String,
  content: Schema.String,
  source: Schema.String,
  publishedAt: IsoDate,
})
export type NewsItem = typeof NewsItem.Type

/** The answer of GET /overview/business-news, newest first. */
export const NewsList = Schema.Array(NewsItem)
export type NewsList = typeof NewsList.Type

/** The answer of GET /overview/market-insight: the address the embedded frame shows. */
export const MarketInsight = Schema.Struct({ url: Schema.String })
export type MarketInsight = typeof MarketInsight.Type
