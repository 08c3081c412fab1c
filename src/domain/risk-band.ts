import { toFiniteNumber } from "./numeric"

/**
 * A risk band; also the second path parameter of GET /users/suggestion/{accountId}/{band}
 * ("none" means there is no band, so no suggestion call).
 */
export type RiskBand = ScoredRiskBand | "none"

/** The bands a risk score falls in (the suggestion call's path parameter). */
export const SCORED_RISK_BANDS = ["low", "moderate", "high"] as const
/** A band a risk score falls in. */
export type ScoredRiskBand = (typeof SCORED_RISK_BANDS)[number]

/**
 * The risk band from a profile's `basic.riskProfile.riskScore` (spec part 1 section 4): take the
 * absolute value, round half up (4.49 -> 4, 4.5 -> 5), then 0..4 is low, 5..8 moderate, above 8
 * high. Numeric strings such as "7" are accepted (JSON often carries scores as text); anything
 * non-numeric (null, "", "high", NaN) is "none".
 */
export const riskBand = (riskScore: unknown): RiskBand => {
  const score = toFiniteNumber(riskScore)
  if (score === null) return "none"
  const rounded = Math.round(Math.abs(score))
  if (rounded <= 4) return "low"
  if (rounded <= 8) return "moderate"
  return "high"
}
