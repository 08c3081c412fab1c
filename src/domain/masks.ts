import { characters } from "./truncate"

const lastChars = (value: string, count: number): string => characters(value).slice(-count).join("")

/**
 * An account or card number as "****" plus its last 4 characters ("0123456789" -> "****6789");
 * shorter input keeps what there is ("12" -> "****12"); empty or missing input gives "" (there is
 * nothing to mask, and "****" alone would suggest a number exists).
 */
export const maskLast4 = (value: string | null | undefined): string => (value ? `****${lastChars(value, 4)}` : "")

/**
 * An account number as a list answer carries it: every character but the last 4 as "*", same
 * length ("0123456789" -> "******6789"); a value of 4 characters or fewer is all stars, so a list
 * never carries a whole number; empty gives "".
 */
export const maskAllButLast4 = (value: string): string => {
  const chars = characters(value)
  const hidden = chars.length > 4 ? chars.length - 4 : chars.length
  return "*".repeat(hidden) + chars.slice(hidden).join("")
}

/**
 * An identification value as six stars plus its last 5 characters, as the profile detail shows it
 * ("A12345678" -> "******45678"); shorter input keeps what there is ("ABC" -> "******ABC"); empty
 * or missing gives "".
 */
export const maskIdSixStars = (value: string | null | undefined): string => (value ? `******${lastChars(value, 5)}` : "")

/**
 * An identification value with every character but the last 5 replaced by "*", as the
 * user-account side panel shows it ("A12345678" -> "****45678", same length as the input). Input
 * of 5 characters or fewer is shown as it is (the spec keeps the last 5 visible); empty or
 * missing gives "".
 */
export const maskIdExceptLast5 = (value: string | null | undefined): string => {
  if (!value) return ""
  const chars = characters(value)
  const hidden = Math.max(0, chars.length - 5)
  return "*".repeat(hidden) + chars.slice(hidden).join("")
}
