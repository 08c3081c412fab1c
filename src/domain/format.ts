import { mul, parseDecimal, round, type Numeric } from "./decimal"

/** The symbols the spec fixes (part 1 section 9): naira sign for NGN, dollar sign for USD. */
export const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = { NGN: "₦", USD: "$" }

/** Options of `formatMoney`. */
export interface MoneyFormatOptions {
  /**
   * "auto" (default): a whole amount has no fraction, any other shows exactly 2 digits ("₦1,500",
   * "₦1,500.50"); "fixed": always 2 digits ("₦1,500.00", for aligned table columns); "whole":
   * rounded to a whole number (the overview inflow/outflow chart).
   */
  readonly fraction?: "auto" | "fixed" | "whole"
  /** Intl sign display; "exceptZero" gives "+₦10" for a profit. Default "auto". */
  readonly signDisplay?: "auto" | "exceptZero" | "always" | "never"
}

/** Options of `formatNumber`. */
export interface NumberFormatOptions {
  /** At most this many fraction digits, rounded half up (default 2). */
  readonly maximumFractionDigits?: number
  /** At least this many fraction digits (default 0). */
  readonly minimumFractionDigits?: number
  /** Compact notation ("1.2M", "1,2 Mio."), for volumes and market caps. */
  readonly compact?: boolean
  /** Intl sign display. Default "auto". */
  readonly signDisplay?: "auto" | "exceptZero" | "always" | "never"
}

type IntlNumeric = `${number}`

// Intl accepts decimal strings (Intl.NumberFormat v3), so huge values keep every digit; the
// cast only tells TypeScript that a normalised decimal string is such a literal.
const asIntl = (decimal: string): IntlNumeric => decimal as IntlNumeric

// Building an Intl formatter costs far more than using one, and tables format thousands of cells:
// formatters are kept per locale and options (a handful in practice).
const numberFormatters = new Map<string, Intl.NumberFormat>()

const safeFormatter = (locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat => {
  const key = `${locale}|${JSON.stringify(options)}`
  let formatter = numberFormatters.get(key)
  if (formatter === undefined) {
    try {
      formatter = new Intl.NumberFormat(locale, options)
    } catch {
      formatter = new Intl.NumberFormat("en", options)
    }
    if (numberFormatters.size >= 200) numberFormatters.clear()
    numberFormatters.set(key, formatter)
  }
  return formatter
}

/**
 * A money amount in `locale` with its currency symbol: NGN always shows "₦" and USD "$" (the
 * symbol part Intl produces is replaced if a locale renders the code instead), other currencies
 * use Intl's narrow symbol. At most 2 fraction digits, rounded half up from the exact decimal
 * before Intl sees it, so huge values lose no digits and "-0.001" shows as "₦0", not "-₦0". See
 * `MoneyFormatOptions` for the fraction rule. Returns "" when `amount` is not a decimal.
 * Example: `formatMoney("1234.5", "NGN", "de-DE")` is "1.234,50 ₦".
 */
export const formatMoney = (
  amount: Numeric | null | undefined,
  currency: string,
  locale: string,
  options: MoneyFormatOptions = {},
): string => {
  const exact = parseDecimal(amount)
  if (exact === null) return ""
  const fraction = options.fraction ?? "auto"
  const digits = fraction === "whole" ? 0 : 2
  const value = round(exact, digits)
  const code = currency.trim().toUpperCase()
  const base: Intl.NumberFormatOptions = {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    trailingZeroDisplay: fraction === "auto" ? "stripIfInteger" : "auto",
    signDisplay: options.signDisplay ?? "auto",
  }
  let parts: Intl.NumberFormatPart[]
  try {
    parts = safeFormatter(locale, { ...base, style: "currency", currency: code, currencyDisplay: "narrowSymbol" }).formatToParts(asIntl(value))
  } catch {
    const number = safeFormatter(locale, base).format(asIntl(value))
    return code ? `${number} ${code}` : number
  }
  const symbol = CURRENCY_SYMBOLS[code]
  return parts.map((p) => (p.type === "currency" && symbol ? symbol : p.value)).join("")
}

/**
 * A plain number in `locale` (quantities, prices, quote figures), at most 2 fraction digits by
 * default, rounded half up from the exact decimal. Returns "" when `value` is not a decimal.
 * Example: `formatNumber("1234.5678", "fr-FR")` is "1 234,57" (narrow no-break space).
 */
export const formatNumber = (value: Numeric | null | undefined, locale: string, options: NumberFormatOptions = {}): string => {
  const exact = parseDecimal(value)
  if (exact === null) return ""
  const max = options.maximumFractionDigits ?? 2
  const min = Math.min(options.minimumFractionDigits ?? 0, max)
  const formatter = safeFormatter(locale, {
    minimumFractionDigits: min,
    maximumFractionDigits: max,
    signDisplay: options.signDisplay ?? "auto",
    ...(options.compact ? { notation: "compact" } : {}),
  })
  return formatter.format(asIntl(options.compact ? exact : round(exact, max)))
}

/**
 * A percentage given in percent units ("12.5" means 12.5 %) in `locale`, with the locale's percent
 * sign and spacing ("12,5 %" in de-DE), at most 2 fraction digits by default, rounded half up.
 * Returns "" when `percent` is not a decimal.
 */
export const formatPercent = (
  percent: Numeric | null | undefined,
  locale: string,
  options: Omit<NumberFormatOptions, "compact"> = {},
): string => {
  const exact = parseDecimal(percent)
  if (exact === null) return ""
  const max = options.maximumFractionDigits ?? 2
  const min = Math.min(options.minimumFractionDigits ?? 0, max)
  const formatter = safeFormatter(locale, {
    style: "percent",
    minimumFractionDigits: min,
    maximumFractionDigits: max,
    signDisplay: options.signDisplay ?? "auto",
  })
  return formatter.format(asIntl(mul(round(exact, max), "0.01")))
}
