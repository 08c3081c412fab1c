import { parseDecimal, type Numeric } from "./decimal"
import { formatNumber } from "./format"
import { issue, ValidationCodes as C, type ValidationIssue } from "./validation"

/**
 * Numbers as people type and read them in their own language: the one rule for every money,
 * quantity and price field (the order ticket's amount, quantity and target price, the withdrawal's
 * amount). A field keeps the user's text; this module reads it into the canonical decimal string
 * that is computed with and sent ("1234.56"), and writes a decimal back in the user's notation.
 *
 * The notation is the locale's own (Intl): en-GB, zh-CN, ja-JP write `1,234.56`; de-DE and es-ES
 * `1.234,56`; fr-FR `1 234,56` (a narrow no-break space). Reading (`readNumberText`):
 * - the locale's decimal separator marks the fraction, once at most ("1,5" in de is 1.5; ",5" is 0.5;
 *   "12," is 12);
 * - grouping is taken only where it is well formed: 1 to 3 digits, then groups of exactly 3, with
 *   one separator throughout, which is the locale's group separator or a space (any kind of space
 *   in every locale). So "1.234" in de is 1234 and "1,234" in en is 1234, while "1,5" in en,
 *   "1.5" in de, "1.234,5" in en and "1.234,56" in fr are not numbers in that notation: they get
 *   the "notation" problem, never a guess;
 * - a sign ("-5", "+5", "−5") is the "sign" problem and an exponent ("1e3") the "exponent" problem:
 *   refused in words, never read as 5 or 13;
 * - more fraction digits than the field allows (after dropping trailing zeros) is the "decimals"
 *   problem;
 * - full-width digits and separators of Chinese and Japanese input methods ("１２．５") and the
 *   ideographic full stop ("１２。５") read as their ASCII forms; surrounding spaces are ignored.
 *
 * What may be typed at all (`isNumberDraft`) is wider than what reads: digits, both separators and
 * spaces are always kept (dropping a separator would silently multiply the number), and so is a
 * leading sign, so that it can be refused in words; any other character (a letter, the "e" of an
 * exponent included, a currency sign) is refused as it is typed and the field keeps its text. So
 * no letter ever stays in a numeric field; the "exponent" problem remains for text that did not
 * come from typing (a draft stored by an earlier version).
 */

/** How a locale writes numbers: its decimal separator, and its group separator (" " stands for any space). */
export interface NumberNotation {
  readonly decimal: "." | ","
  readonly group: "," | "." | " "
}

/** Why a typed text is not a number the field takes. */
export const NUMBER_TEXT_PROBLEMS = ["sign", "exponent", "notation", "decimals"] as const
/** One of `NUMBER_TEXT_PROBLEMS`. */
export type NumberTextProblem = (typeof NUMBER_TEXT_PROBLEMS)[number]

/** A typed text as read: empty, a canonical decimal string, or why it is not one. */
export type NumberRead =
  { readonly kind: "empty" } | { readonly kind: "number"; readonly value: string } | { readonly kind: "problem"; readonly problem: NumberTextProblem }

/**
 * The text with input-method forms folded to ASCII: full-width digits, signs and separators and
 * every kind of space (NFKC), and the ideographic full stop as a point.
 */
const fold = (text: string): string => text.normalize("NFKC").replace(/\u3002/g, ".")

const notations = new Map<string, NumberNotation>()

/** The notation of `locale` (Intl's decimal and group symbols); an unknown locale writes like English. */
export const numberNotation = (locale: string): NumberNotation => {
  const known = notations.get(locale)
  if (known) return known
  let parts: Intl.NumberFormatPart[]
  try {
    parts = new Intl.NumberFormat(locale, { useGrouping: "always", minimumFractionDigits: 1 }).formatToParts(1234.5)
  } catch {
    parts = new Intl.NumberFormat("en", { useGrouping: "always", minimumFractionDigits: 1 }).formatToParts(1234.5)
  }
  const decimal = parts.find((p) => p.type === "decimal")?.value === "," ? "," : "."
  const group = fold(parts.find((p) => p.type === "group")?.value ?? "")
  const notation: NumberNotation = { decimal, group: group === " " ? " " : group === "." || group === "," ? group : decimal === "," ? "." : "," }
  notations.set(locale, notation)
  return notation
}

const DRAFT = /^[+\-\u2212]?[\d., ]*$/

/**
 * Whether a field may hold `text` while it is typed: digits, points, commas and spaces, with at
 * most a leading sign (kept so that it is refused in words). Anything else (a letter, the "e" of
 * an exponent, a currency sign, a sign inside the number) is refused as it is typed.
 */
export const isNumberDraft = (text: string): boolean => DRAFT.test(fold(text))

const WELL_GROUPED = /^\d{1,3}(?:\x00\d{3})*$/

/** The integer part's digits when its grouping is well formed in `notation` (or it has none); null otherwise. */
const integerDigits = (integer: string, notation: NumberNotation): string | null => {
  const separators = new Set(integer.replace(/\d/g, ""))
  if (separators.size === 0) return integer
  if (separators.size > 1) return null
  const [separator] = [...separators]
  if (separator !== notation.group && separator !== " ") return null
  const marked = integer.split(separator ?? "").join("\x00")
  return WELL_GROUPED.test(marked) ? marked.replace(/\x00/g, "") : null
}

/** The number of fraction digits of a canonical decimal string. */
const fractionDigits = (value: string): number => (value.split(".")[1] ?? "").length

/**
 * Reads what the user typed in `locale`'s notation (see the module comment) into a canonical
 * decimal string; with `maxDecimals`, a number with more fraction digits is the "decimals" problem.
 * Examples (de-DE): "1,5" -> 1.5, "1.234,56" -> 1234.56, "1.5" -> notation, "-5" -> sign,
 * "1e3" -> exponent, "" -> empty.
 */
export const readNumberText = (text: string, locale: string, maxDecimals?: number): NumberRead => {
  const typed = fold(text).trim()
  if (typed === "") return { kind: "empty" }
  if (/[eE]/.test(typed)) return { kind: "problem", problem: "exponent" }
  if (/[+\-\u2212]/.test(typed)) return { kind: "problem", problem: "sign" }
  if (/[^\d., ]/.test(typed)) return { kind: "problem", problem: "notation" }
  const notation = numberNotation(locale)
  const [integer = "", fraction = "", ...more] = typed.split(notation.decimal)
  if (more.length > 0 || !/^\d*$/.test(fraction)) return { kind: "problem", problem: "notation" }
  const digits = integerDigits(integer, notation)
  if (digits === null || (digits === "" && fraction === "")) return { kind: "problem", problem: "notation" }
  const value = parseDecimal(`${digits}.${fraction}`)
  if (value === null) return { kind: "problem", problem: "notation" }
  if (maxDecimals !== undefined && fractionDigits(value) > maxDecimals) return { kind: "problem", problem: "decimals" }
  return { kind: "number", value }
}

/** The canonical decimal string of what the user typed, or null when it is empty or has a problem. */
export const numberTextValue = (text: string, locale: string, maxDecimals?: number): string | null => {
  const read = readNumberText(text, locale, maxDecimals)
  return read.kind === "number" ? read.value : null
}

/**
 * A decimal written exactly in `locale`'s notation, grouped, with every fraction digit it has
 * and no more ("1234.5" -> "1.234,5" in de-DE, "1 234,5" in fr-FR, "1,234.5" in en-GB): what a
 * field shows back, and what `readNumberText` reads back to the same value. "" when not a decimal.
 */
export const writeNumberText = (value: Numeric | null | undefined, locale: string): string => {
  const exact = parseDecimal(value)
  if (exact === null) return ""
  const digits = fractionDigits(exact)
  return formatNumber(exact, locale, { minimumFractionDigits: digits, maximumFractionDigits: digits })
}

/**
 * Whether a problem is shown while the user types: a sign, an exponent and too many decimals can
 * never become a valid number by typing on; a notation problem may be a number half typed ("1." on
 * the way to "1.234" in de), so it shows once the field is left or the form is submitted.
 */
export const showsWhileTyping = (problem: NumberTextProblem): boolean => problem !== "notation"

/** What limits a field's fraction digits, for the message: at most `max`, and the currency when the field is money. */
export interface DecimalsRule {
  readonly max: number
  readonly currency?: string | null
}

/**
 * The validation issue of a problem, for the user's language (`forms:validation.*`): the sign and
 * exponent rules, the locale's notation with an example written in it ("1.234,56"), and the
 * decimals rule with its limit (and currency, for money).
 */
export const numberTextIssue = (problem: NumberTextProblem, locale: string, rule: DecimalsRule): ValidationIssue => {
  switch (problem) {
    case "sign":
      return issue(C.numberSign)
    case "exponent":
      return issue(C.numberExponent)
    case "notation":
      return issue(C.numberNotation, { example: writeNumberText("1234.56", locale) })
    case "decimals":
      return rule.currency ? issue(C.amountDecimals, { max: rule.max, currency: rule.currency }) : issue(C.numberDecimals, { max: rule.max })
  }
}

/** Money is kept to the cent at most: the ledger holds two fraction digits. */
export const MONEY_FRACTION_DIGITS = 2

// A form reads the rule on every keystroke: a formatter per currency is made once.
const currencyDigits = new Map<string, number>()

/**
 * How many fraction digits an amount in `currency` may have: the currency's minor unit (ISO 4217,
 * through Intl: 2 for NGN and USD, 0 for JPY), at most `MONEY_FRACTION_DIGITS`; 2 when unknown.
 */
export const moneyDecimals = (currency: string | null | undefined): number => {
  if (!currency) return MONEY_FRACTION_DIGITS
  const known = currencyDigits.get(currency)
  if (known !== undefined) return known
  let digits: number
  try {
    digits = Math.min(
      MONEY_FRACTION_DIGITS,
      new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? MONEY_FRACTION_DIGITS,
    )
  } catch {
    digits = MONEY_FRACTION_DIGITS
  }
  if (currencyDigits.size >= 200) currencyDigits.clear()
  currencyDigits.set(currency, digits)
  return digits
}
