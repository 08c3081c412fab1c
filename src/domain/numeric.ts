import { isDecimal } from "./decimal"

/**
 * A score-like API field as a finite number, or null. Accepts finite numbers and numeric strings
 * in plain decimal form after trimming ("7", " 4.5 ", "-6"), because JSON from upstream systems
 * often carries numbers as text; rejects everything else (null, "", "abc", "1e3", NaN, Infinity,
 * booleans), so `Number("")` never sneaks in as 0. Use it for ratings and scores, never for money
 * (money stays a decimal string: see decimal.ts).
 */
export const toFiniteNumber = (value: unknown): number | null => {
  if (typeof value === "number") return Number.isFinite(value) ? value : null
  if (typeof value !== "string") return null
  const text = value.trim()
  return isDecimal(text) ? Number(text) : null
}
