import { absolute, compare, mul, parseDecimal, round, type Numeric } from "./decimal"

/** The symbols the spec fixes (part 1 section 9): naira sign for NGN, dollar sign for USD. */
export const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = { NGN: "₦", USD: "$" }

/** Options of `formatMoney`. */
export interface MoneyFormatOptions {
  /**
   * "auto" (default): a whole amount has no fraction, any other shows exactly 2 digits ("₦1,500",
   * "₦1,500.50"); "fixed": always 2 digits ("₦1,500.00", for aligned table columns); "whole":
   * rounded to a whole number (the overview inflow/outflow chart); "exact": every fraction digit
   * the value has, at least 2, never rounded ("$25.1234", "$25.50": a typed target price as sent).
   */
  readonly fraction?: "auto" | "fixed" | "whole" | "exact"
  /** Intl sign display; "exceptZero" gives "+₦10" for a profit. Default "auto". */
  readonly signDisplay?: "auto" | "exceptZero" | "always" | "never"
  /**
   * Compact notation for chart axes ("₦4.7M", "4,7 M ₦", "₦470万"): at most 1 fraction digit
   * (2 below 10, so "₦0.25" stays readable); `fraction` is then ignored.
   */
  readonly compact?: boolean
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

/**
 * One grouping rule per locale everywhere: Intl leaves 4-digit numbers ungrouped in some locales
 * (es: "6555,88" beside "81.118,12"), so every formatter groups always ("6.555,88").
 */
const GROUPING = { useGrouping: "always" } as const satisfies Intl.NumberFormatOptions

const safeFormatter = (locale: string, given: Intl.NumberFormatOptions): Intl.NumberFormat => {
  const options: Intl.NumberFormatOptions = { ...GROUPING, ...given }
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
  const digits = fraction === "whole" ? 0 : fraction === "exact" ? Math.max(2, (exact.split(".")[1] ?? "").length) : 2
  const value = options.compact ? exact : round(exact, digits)
  const code = currency.trim().toUpperCase()
  const base: Intl.NumberFormatOptions = options.compact
    ? {
        notation: "compact",
        minimumFractionDigits: 0,
        maximumFractionDigits: compare(absolute(exact), "10") < 0 ? 2 : 1,
        signDisplay: options.signDisplay ?? "auto",
      }
    : {
        minimumFractionDigits: fraction === "exact" ? 2 : digits,
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

/**
 * Precision of quantities (holdings, order quantities, estimates shown, not typed): up to 4
 * fraction digits ("28,613.0551"); a quantity below 1 keeps up to 4 significant digits after its
 * leading zeros, at most 10 ("0.0001234" stays readable, never "0"). Rounded half up from the
 * exact decimal; trailing zeros dropped. The exact value is what is stored and sent.
 */
export const QUANTITY_DISPLAY_DIGITS = 4

/** Precision of prices: 2 fraction digits; a price below 1 keeps up to 4 significant digits, at most 8 ("0.004512"). */
export const PRICE_DISPLAY_DIGITS = 2

/** Fraction digits that keep `significant` digits of a value below 1 (its leading zeros plus those), capped at `cap`. */
const smallDigits = (exact: string, significant: number, cap: number): number => {
  const fraction = (absolute(exact).split(".")[1] ?? "").replace(/0+$/, "")
  const zeros = /^0*/.exec(fraction)?.[0].length ?? 0
  return Math.min(cap, zeros + significant)
}

/** A quantity in `locale` with the quantity precision (see `QUANTITY_DISPLAY_DIGITS`). "" when not a decimal. */
export const formatQuantity = (value: Numeric | null | undefined, locale: string): string => {
  const exact = parseDecimal(value)
  if (exact === null) return ""
  const below1 = compare(absolute(exact), "1") < 0
  const digits = below1 ? Math.max(QUANTITY_DISPLAY_DIGITS, smallDigits(exact, 4, 10)) : QUANTITY_DISPLAY_DIGITS
  return formatNumber(exact, locale, { maximumFractionDigits: digits })
}

/** A price without currency in `locale`: 2 fraction digits, more below 1 (see `PRICE_DISPLAY_DIGITS`). "" when not a decimal. */
export const formatPrice = (value: Numeric | null | undefined, locale: string): string => {
  const exact = parseDecimal(value)
  if (exact === null) return ""
  const below1 = compare(absolute(exact), "1") < 0 && compare(exact, "0") !== 0
  const digits = below1 ? Math.max(PRICE_DISPLAY_DIGITS, smallDigits(exact, 4, 8)) : PRICE_DISPLAY_DIGITS
  return formatNumber(exact, locale, { minimumFractionDigits: PRICE_DISPLAY_DIGITS, maximumFractionDigits: digits })
}
