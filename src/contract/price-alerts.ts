/**
 * Price alerts (issue 36, decision 0260): "tell me when the price goes above / below X" or "moves
 * more than N % in a day" on one instrument, evaluated by the server against the reference
 * market. The rules (conditions, states, limits, when an alert fires) live in
 * src/domain/price-alert.ts.
 */
import { Schema } from "effect"
import {
  PRICE_ALERT_CONDITIONS,
  PRICE_ALERT_DECIMALS,
  PRICE_ALERT_MAX_PERCENT,
  PRICE_ALERT_MAX_PRICE,
  PRICE_ALERT_SETTABLE_STATES,
  PRICE_ALERT_STATES,
  priceAlertThresholdProblem,
  type PriceAlertThresholdProblem,
} from "../domain/price-alert"
import { CurrencyCode, Decimal, IsoDate, requiredLiterals, requiredString } from "./common"

/** The English texts of a refused threshold (the app says them by field in the user's language). */
export const PRICE_ALERT_THRESHOLD_TEXT: Readonly<Record<PriceAlertThresholdProblem, string>> = {
  required: "Enter the price or percentage to watch for.",
  "not-positive": "Enter a number above zero.",
  decimals: `Use at most ${PRICE_ALERT_DECIMALS} decimal places.`,
  "too-large": `Enter at most ${PRICE_ALERT_MAX_PRICE} for a price, ${PRICE_ALERT_MAX_PERCENT} for a percentage.`,
}

export const PriceAlertCondition = requiredLiterals(PRICE_ALERT_CONDITIONS, "Choose above, below or a daily move.")
export const PriceAlertState = Schema.Literals(PRICE_ALERT_STATES)

/**
 * One alert of the user: the instrument (with what a list shows of it), the condition and its
 * threshold (a price in the instrument's currency, or a percentage for `move`), its state, how
 * many times it was armed, and its last firing (when and at what price), if any.
 */
export const PriceAlert = Schema.Struct({
  id: Schema.String,
  instrumentId: Schema.String,
  symbol: Schema.String,
  name: Schema.String,
  currency: CurrencyCode,
  condition: Schema.Literals(PRICE_ALERT_CONDITIONS),
  threshold: Decimal,
  state: PriceAlertState,
  armSeq: Schema.Number,
  firedAt: Schema.NullOr(IsoDate),
  firedPrice: Schema.NullOr(Decimal),
  createdAt: IsoDate,
})
export type PriceAlert = typeof PriceAlert.Type

/** GET /users/price-alerts: every alert of the user, newest first. */
export const PriceAlertList = Schema.Array(PriceAlert)
export type PriceAlertList = typeof PriceAlertList.Type

/** The condition and threshold of a create or edit request; the threshold is checked for its condition. */
const conditionFields = {
  condition: PriceAlertCondition,
  threshold: Schema.String.pipe(Schema.annotateKey({ messageMissingKey: PRICE_ALERT_THRESHOLD_TEXT.required })),
}

const thresholdCheck = Schema.makeFilter((o: { readonly condition: (typeof PRICE_ALERT_CONDITIONS)[number]; readonly threshold: string }) => {
  const problem = priceAlertThresholdProblem(o.condition, o.threshold)
  return problem === null || { path: ["threshold"], issue: PRICE_ALERT_THRESHOLD_TEXT[problem] }
})

/** POST /users/price-alerts body (with an Idempotency-Key): a new, armed alert. */
export const CreatePriceAlertRequest = Schema.Struct({ instrumentId: requiredString(), ...conditionFields }).check(thresholdCheck)
export type CreatePriceAlertRequest = typeof CreatePriceAlertRequest.Type

/** PATCH /users/price-alerts/:id body: the new condition and threshold (the state stays). */
export const EditPriceAlertRequest = Schema.Struct(conditionFields).check(thresholdCheck)
export type EditPriceAlertRequest = typeof EditPriceAlertRequest.Type

/** PUT /users/price-alerts/:id/state body: arm (also re-arm a fired alert) or pause. */
export const PriceAlertStateRequest = Schema.Struct({ state: requiredLiterals(PRICE_ALERT_SETTABLE_STATES, "Choose armed or paused.") })
export type PriceAlertStateRequest = typeof PriceAlertStateRequest.Type

/** POST /dev/market/move body (demo mode): move an instrument's whole price path by `percent` (-90 to 1000, not 0). */
export const MarketMoveRequest = Schema.Struct({
  instrumentId: requiredString(),
  percent: Decimal.check(Schema.makeFilter<string>((p) => (Number(p) > -90 && Number(p) <= 1000 && Number(p) !== 0) || "Move by -90 to 1000 percent, not 0.")),
})
export type MarketMoveRequest = typeof MarketMoveRequest.Type

/** The answer of POST /dev/market/move: the instrument's last price before and after the move. */
export const MarketMoved = Schema.Struct({ instrumentId: Schema.String, before: Decimal, after: Decimal })
export type MarketMoved = typeof MarketMoved.Type
