import { toFiniteNumber } from "./numeric"

/** What the recommendation tells the user to do. */
export type RecommendationAction = "none" | "sell" | "hold" | "buy"

/**
 * Why, as a code the views translate. The spec's English texts (part 1 section 4):
 * "none-available" -> 'none available' (star rating 0), "overvalued" -> 'overvalued',
 * "slightly-overvalued" -> 'slightly overvalued', "close-to-fair-value" -> 'close to fair value',
 * "moderately-undervalued" -> 'moderately undervalued', "undervalued" -> 'undervalued';
 * "none" means there is no valid rating at all and nothing is shown.
 */
export type RecommendationReason =
  "none" | "none-available" | "overvalued" | "slightly-overvalued" | "close-to-fair-value" | "moderately-undervalued" | "undervalued"

/** An action with its reason code, e.g. `{ action: "buy", reason: "undervalued" }`. */
export interface Recommendation {
  readonly action: RecommendationAction
  readonly reason: RecommendationReason
}

const BY_STARS: ReadonlyArray<Recommendation> = [
  { action: "none", reason: "none-available" },
  { action: "sell", reason: "overvalued" },
  { action: "hold", reason: "slightly-overvalued" },
  { action: "hold", reason: "close-to-fair-value" },
  { action: "buy", reason: "moderately-undervalued" },
  { action: "buy", reason: "undervalued" },
]

/**
 * The recommendation for an instrument's `StarRating`: an integer 0..5 (numbers or numeric
 * strings) maps per the spec (0 none available, 1 sell, 2 and 3 hold, 4 and 5 buy); anything else
 * (missing, 6, 2.5, -1, text) is `{ action: "none", reason: "none" }`.
 */
export const recommendation = (starRating: unknown): Recommendation => {
  const stars = toFiniteNumber(starRating)
  const hit = stars !== null && Number.isInteger(stars) ? BY_STARS[stars] : undefined
  return hit ?? { action: "none", reason: "none" }
}

/**
 * Whether a recommendation and a value analysis (`valueAnalysis`) say the same thing, so an
 * instrument page never shows 'Under Valued' beside 'Sell: overvalued': a buy goes with under
 * valued, a hold with fair value, a sell with over valued. No recommendation (star rating 0 or
 * none) or no value analysis contradicts nothing.
 */
export const recommendationAgrees = (advice: Recommendation, value: "under-valued" | "fair-value" | "over-valued" | "none"): boolean => {
  if (advice.action === "none" || value === "none") return true
  const expected = { buy: "under-valued", hold: "fair-value", sell: "over-valued" } as const
  return expected[advice.action] === value
}
