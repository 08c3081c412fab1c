/**
 * The rules of price alerts (issue 36; decision 0260): what an alert watches, when it fires, its
 * states and the limits. The server (evaluation, limits), the contract (request checks) and the
 * price-alert chart (the form) all read these.
 *
 * An alert watches one instrument for one condition:
 *   above  the last price is at or above `threshold` (a price in the instrument's currency)
 *   below  the last price is at or below `threshold`
 *   move   today's change from the previous close is at least `threshold` percent, up or down
 * It is `armed` (watched), `paused` (kept, not watched) or `fired` (the condition held once; it
 * waits until the user arms it again). Arming counts: each arming is a new `armSeq`, and each
 * (alert, armSeq) fires at most once.
 */
import { absolute, compare, isPositive, parseDecimal } from "./decimal"

export const PRICE_ALERT_CONDITIONS = ["above", "below", "move"] as const
export type PriceAlertCondition = (typeof PRICE_ALERT_CONDITIONS)[number]

export const PRICE_ALERT_STATES = ["armed", "paused", "fired"] as const
export type PriceAlertState = (typeof PRICE_ALERT_STATES)[number]

/** The states a user may put an alert in (fired is the market's doing). */
export const PRICE_ALERT_SETTABLE_STATES = ["armed", "paused"] as const
export type PriceAlertSettableState = (typeof PRICE_ALERT_SETTABLE_STATES)[number]

/** The most armed (watched) alerts one user keeps; paused and fired ones do not count. */
export const MAX_ACTIVE_PRICE_ALERTS = 50
/** The most alerts one user keeps in any state. */
export const MAX_PRICE_ALERTS = 200

/** Fraction digits of a price threshold (the market quotes cents) and of a percentage. */
export const PRICE_ALERT_DECIMALS = 2
/** The highest price a threshold may name. */
export const PRICE_ALERT_MAX_PRICE = "1000000000"
/** The largest daily move in percent an alert may ask for. */
export const PRICE_ALERT_MAX_PERCENT = "100"

/** What is wrong with a threshold, or null when it is fine. */
export type PriceAlertThresholdProblem = "required" | "not-positive" | "decimals" | "too-large"

/** The problem of a threshold (a canonical decimal string, or null when nothing valid was typed) for a condition. */
export const priceAlertThresholdProblem = (condition: PriceAlertCondition, threshold: string | null): PriceAlertThresholdProblem | null => {
  if (threshold === null || threshold.trim() === "") return "required"
  const value = parseDecimal(threshold)
  if (value === null) return "required"
  if (!isPositive(value)) return "not-positive"
  if ((value.split(".")[1] ?? "").length > PRICE_ALERT_DECIMALS) return "decimals"
  if (compare(value, condition === "move" ? PRICE_ALERT_MAX_PERCENT : PRICE_ALERT_MAX_PRICE) > 0) return "too-large"
  return null
}

/** What an evaluation needs of the market at an instant: the last price and today's change in percent (decimal strings). */
export interface AlertQuote {
  readonly last: string
  readonly priceChangePercent: string
}

/** Whether the alert's condition holds for the quote (an armed alert then fires). */
export const priceAlertHolds = (condition: PriceAlertCondition, threshold: string, quote: AlertQuote): boolean => {
  switch (condition) {
    case "above":
      return compare(quote.last, threshold) >= 0
    case "below":
      return compare(quote.last, threshold) <= 0
    case "move":
      return compare(absolute(quote.priceChangePercent), threshold) >= 0
  }
}

/** Whether moving an alert to `to` makes one more armed alert (and so counts against MAX_ACTIVE_PRICE_ALERTS). */
export const armsAnother = (from: PriceAlertState | null, to: PriceAlertState): boolean => to === "armed" && from !== "armed"
