import { toFiniteNumber } from "./numeric"

/**
 * The value-analysis codes for an instrument. Views translate them; the spec's English texts are:
 * "under-valued" -> 'Under Valued', "fair-value" -> 'Fair Value', "over-valued" -> 'Over Valued',
 * "none" -> nothing is shown.
 */
export type ValueAnalysis = "under-valued" | "fair-value" | "over-valued" | "none"

/**
 * The value analysis from an instrument's `PricetoFairValue` (spec part 1 section 4): 0.9 or less
 * is under valued, above 0.9 up to and including 1.19 fair value, above 1.19 over valued; a
 * missing or non-numeric ratio gives "none". Numeric strings are accepted (see `toFiniteNumber`).
 */
export const valueAnalysis = (priceToFairValue: unknown): ValueAnalysis => {
  const ratio = toFiniteNumber(priceToFairValue)
  if (ratio === null) return "none"
  if (ratio <= 0.9) return "under-valued"
  if (ratio <= 1.19) return "fair-value"
  return "over-valued"
}
