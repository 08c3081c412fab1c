/**
 * Instruments: search results, detail (quote, price history, news, ratings), the quote-only call
 * and portfolio suggestions (spec part 1 sections 3 and 7).
 */
import { Schema } from "effect"
import { CurrencyCode, Decimal, IsoDate } from "./common"

/**
 * An instrument as search results and suggestions list it. `id` and `instrumentId` carry the
 * same value (the spec names both); `imageUrl` is null when there is no logo (show the fallback
 * icon). `provider` is the partner (custodian) that offers it; search filters on it.
 */
export const InstrumentSummary = Schema.Struct({
  id: Schema.String,
  instrumentId: Schema.String,
  symbol: Schema.String,
  name: Schema.String,
  type: Schema.String,
  imageUrl: Schema.NullOr(Schema.String),
  currency: CurrencyCode,
  exchange: Schema.String,
  provider: Schema.String,
})
export type InstrumentSummary = typeof InstrumentSummary.Type

/** Contact data of the issuer, shown in the asset description; the website is the instrument's `url`. */
export const InstrumentMeta = Schema.Struct({
  address: Schema.NullOr(Schema.String),
  phone: Schema.NullOr(Schema.String),
})
export type InstrumentMeta = typeof InstrumentMeta.Type

/** One daily price candle of the history, oldest first. Plotted only, so the prices are numbers. */
export const Candle = Schema.Struct({
  date: IsoDate,
  open: Schema.Number,
  high: Schema.Number,
  low: Schema.Number,
  close: Schema.Number,
})
export type Candle = typeof Candle.Type

/**
 * The quote figures of the fundamentals panel. Prices are decimal strings (the order ticket
 * computes MARKET estimates from `ask` for BUY and `bid` for SELL); volume, market cap and the
 * change percentage are display-only numbers; `marketCap` is null where it does not apply.
 */
export const Quote = Schema.Struct({
  last: Decimal,
  ask: Decimal,
  bid: Decimal,
  open: Decimal,
  high: Decimal,
  low: Decimal,
  previousClose: Decimal,
  priceChange: Decimal,
  priceChangePercent: Schema.Number,
  totalDailyVolume: Schema.Number,
  week52High: Decimal,
  week52Low: Decimal,
  marketCap: Schema.NullOr(Schema.Number),
  currency: CurrencyCode,
})
export type Quote = typeof Quote.Type

/** A news article about an instrument; the detail page shows a 150-character snippet of `content`. */
export const InstrumentNews = Schema.Struct({
  url: Schema.String,
  imageUrl: Schema.NullOr(Schema.String),
  title: Schema.String,
  content: Schema.String,
  date: IsoDate,
})
export type InstrumentNews = typeof InstrumentNews.Type

/**
 * Research ratings (field names as the upstream provider spells them). `PricetoFairValue` feeds
 * the value analysis and `StarRating` (0 to 5) the recommendation (src/domain); null means not
 * rated, which the views show as "none".
 */
export const EquityResearchRatings = Schema.Struct({
  FairValue: Schema.NullOr(Schema.Number),
  PricetoFairValue: Schema.NullOr(Schema.Number),
  StarRating: Schema.NullOr(Schema.Number),
  Uncertainty: Schema.NullOr(Schema.String),
  MoatTrend: Schema.NullOr(Schema.String),
})
export type EquityResearchRatings = typeof EquityResearchRatings.Type

/** The analysis block of an instrument: read `analysis.EquityResearchRatingsEntity`. */
export const InstrumentAnalysis = Schema.Struct({
  EquityResearchRatingsEntity: Schema.NullOr(EquityResearchRatings),
})
export type InstrumentAnalysis = typeof InstrumentAnalysis.Type

/**
 * The instrument detail of GET /instruments/:instrumentId: the summary plus description, website
 * (`url`), issuer contact (`meta`), ten years of daily `history` oldest first, the `quote`, news
 * and the analysis (null when there is none).
 */
export const Instrument = Schema.Struct({
  ...InstrumentSummary.fields,
  description: Schema.NullOr(Schema.String),
  url: Schema.NullOr(Schema.String),
  meta: InstrumentMeta,
  history: Schema.Array(Candle),
  quote: Quote,
  news: Schema.Array(InstrumentNews),
  analysis: Schema.NullOr(InstrumentAnalysis),
})
export type Instrument = typeof Instrument.Type

/**
 * Query of the instrument searches (GET /instruments, GET /users/instruments): the typed text and
 * the allowed providers comma-joined ("Alpaca,Drivewealth"); no `provider` means all the user's
 * partners. Blank text is never sent (the search chart ignores it).
 */
export const InstrumentSearchQuery = Schema.Struct({
  // Absent is the same as blank: the answer is [] (the client always sends it).
  query: Schema.optionalKey(Schema.String),
  provider: Schema.optionalKey(Schema.String),
})
export type InstrumentSearchQuery = typeof InstrumentSearchQuery.Type

/** Query of GET /users/instruments/:id that asks for the quote alone: `quote=only`. */
export const QuoteOnlyQuery = Schema.Struct({ quote: Schema.Literal("only") })
export type QuoteOnlyQuery = typeof QuoteOnlyQuery.Type

/** A list of instruments: the answer of the searches and of the suggestion call. */
export const InstrumentList = Schema.Array(InstrumentSummary)
export type InstrumentList = typeof InstrumentList.Type
