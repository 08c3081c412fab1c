/**
 * The synthetic market (pure functions, nothing stored): `quoteAt(instrument, now)` for quotes and
 * order fills, `historyAt(instrument, now)` / `dailyHistory(instrument, from, to)` for charts,
 * `priceAt` for a price as a decimal string. An instruments row from the database is a valid
 * `MarketInstrument`. Prices are synthetic; the UI says so. See prices.ts for the model and units.
 */
export {
  ANCHOR_DATE,
  INTRADAY_STEPS,
  centsToDecimal,
  dailyHistory,
  historyAt,
  priceAt,
  quoteAt,
  type DailyBar,
  type MarketInstrument,
  type Quote,
} from "./prices"
export { MARKET_EPOCH, SESSIONS, isTradingDay, sessionFor, tradingDate, tradingIndex } from "./calendar"
export { createRandom, hashText, mulberry32, type Random } from "./prng"
export { FX_PAIRS, fxMarketAt, fxRateAt, type FxMarketAt } from "./fx"
