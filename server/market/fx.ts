/**
 * The reference market's exchange rates (issue 30): deterministic like the instrument prices, and
 * computed by the same model (prices.ts), so a rate is a pure function of the pair and the
 * instant, identical in every process. One pair per pair of the app's currencies, quoted as one
 * unit of `base` in `quote` with a bid and an ask, moving during the quote currency's session and
 * holding its close outside it. The rate a conversion gets from a two-way price, and how amounts
 * are rounded, are src/domain/fx.ts.
 *
 *   fxMarketAt("USD", "NGN", now)   // { base: "USD", quote: "NGN", bid: "1479.12", ask: "1485.04", tradingDay }
 *   fxRateAt("NGN", "USD", now)     // "0.0006733824" (1 / ask, rounded down), or null without a market
 */
import { conversionRate, type FxMarketQuote } from "../../src/domain/fx"
import { quoteAt, type MarketInstrument } from "./prices"

/** A pair the reference market quotes: `base` priced in `quote` by the synthetic price model. */
interface FxPair {
  readonly base: string
  readonly quote: string
  readonly model: MarketInstrument
}

/** The quoted pairs: USD/NGN around 1,480 naira a dollar at the anchor date, with a 40 bp spread. */
export const FX_PAIRS: ReadonlyArray<FxPair> = [
  {
    base: "USD",
    quote: "NGN",
    model: {
      symbol: "FX:USD/NGN",
      currency: "NGN",
      basePrice: "1480.00",
      volatility: "0.12",
      drift: "0.08",
      spreadBps: "40",
      sharesOutstanding: 0,
      averageVolume: 0,
    },
  },
]

/** The pair's two-way price at an instant, with the trading day it belongs to. */
export interface FxMarketAt extends FxMarketQuote {
  readonly tradingDay: string
}

const pairOf = (a: string, b: string): FxPair | undefined => FX_PAIRS.find((p) => (p.base === a && p.quote === b) || (p.base === b && p.quote === a))

/** The market price of the pair of `a` and `b` (either order) at `now`, or null when the market quotes no such pair or has no price yet. */
export const fxMarketAt = (a: string, b: string, now: Date): FxMarketAt | null => {
  const pair = pairOf(a.toUpperCase(), b.toUpperCase())
  if (!pair) return null
  try {
    const quote = quoteAt(pair.model, now)
    return { base: pair.base, quote: pair.quote, bid: quote.bid, ask: quote.ask, tradingDay: quote.tradingDay }
  } catch (error) {
    // Before the market's first day there is no price.
    if (error instanceof RangeError) return null
    throw error
  }
}

/** The rate that turns one unit of `from` into `to` at `now` (src/domain/fx.ts `conversionRate`), or null when there is none. */
export const fxRateAt = (from: string, to: string, now: Date): string | null => {
  const market = fxMarketAt(from, to, now)
  return market ? conversionRate(market, from, to) : null
}
