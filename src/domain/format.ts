import { absolute, compare, mul, parseDecimal, round, type Numeric } from "./decimal"

/** The symbols the spec fixes (part 1 section 9): naira sign for NGN, dollar sign for USD. */
export const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = { NGN: "₦", USD: "$" }

/** Options of `formatMoney`. */
export interface MoneyFormatOptions {
  /**
   * The one rule for a money figure is "fixed" (the default): the currency's decimals, always
   * ("₦62,049.00", "$25.50"; 0 for a currency without minor units), so an amount reads the same on
   * every page. Two figures that are not amounts of money held differ: "whole" rounds to a whole
   * number (chart scales and income bands: "₦25,000,000"); "exact" keeps every fraction digit the
   * value has, at least the currency's, never rounded ("$25.1234": a typed target price as sent).
   */
  readonly fraction?: "fixed" | "whole" | "exact"
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

const currencyDigitsCache = new Map<string, number>()

/** The decimals of `currency` (ISO 4217 minor units, from Intl): 2 for NGN and USD, 0 for JPY; 2 for an unknown code. */
export const currencyDecimals = (currency: string): number => {
  const code = currency.trim().toUpperCase()
  let digits = currencyDigitsCache.get(code)
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat("en", { style: "currency", currency: code }).resolvedOptions().maximumFractionDigits ?? 2
    } catch {
      digits = 2
    }
    currencyDigitsCache.set(code, digits)
  }
  return digits
}

/**
 * A money amount in `locale` with its currency symbol: NGN always shows "₦" and USD "$" (the
 * symbol part Intl produces is replaced if a locale renders the code instead), other currencies
 * use Intl's narrow symbol. The currency's decimals (see `MoneyFormatOptions`), rounded half up
 * from the exact decimal before Intl sees it, so huge values lose no digits and "-0.001" shows as
 * "₦0.00", not "-₦0.00". Returns "" when `amount` is not a decimal.
 * Example: `formatMoney("1234.5", "NGN", "de-DE")` is "1.234,50 ₦".
 */
export const formatMoney = (amount: Numeric | null | undefined, currency: string, locale: string, options: MoneyFormatOptions = {}): string => {
  const exact = parseDecimal(amount)
  if (exact === null) return ""
  const fraction = options.fraction ?? "fixed"
  const code = currency.trim().toUpperCase()
  const decimals = currencyDecimals(code)
  const digits = fraction === "whole" ? 0 : fraction === "exact" ? Math.max(decimals, (exact.split(".")[1] ?? "").length) : decimals
  return moneyText(round(exact, digits), code, locale, {
    minimumFractionDigits: fraction === "exact" ? decimals : digits,
    maximumFractionDigits: digits,
    signDisplay: options.signDisplay ?? "auto",
  })
}

/**
 * A decimal `value` as money of the currency `code` (upper case) in `locale`, with Intl's
 * `options`: the spec's symbol for NGN and USD, Intl's narrow symbol for others, and the code after
 * the number for a code Intl does not know. For `formatMoney` and ./compact-money.ts.
 */
export const moneyText = (value: string, code: string, locale: string, options: Intl.NumberFormatOptions): string => {
  let parts: Intl.NumberFormatPart[]
  try {
    parts = safeFormatter(locale, { ...options, style: "currency", currency: code, currencyDisplay: "narrowSymbol" }).formatToParts(asIntl(value))
  } catch {
    const number = safeFormatter(locale, options).format(asIntl(value))
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
export const formatPercent = (percent: Numeric | null | undefined, locale: string, options: Omit<NumberFormatOptions, "compact"> = {}): string => {
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

/**
 * The full value of a quantity in `locale`, every fraction digit it has (grouped, never rounded):
 * what hovering a shown quantity or an order's details give ("169.6404341926"). "" when not a decimal.
 */
export const formatFullQuantity = (value: Numeric | null | undefined, locale: string): string => {
  const exact = parseDecimal(value)
  if (exact === null) return ""
  const digits = (exact.split(".")[1] ?? "").replace(/0+$/, "").length
  return formatNumber(exact, locale, { maximumFractionDigits: Math.min(digits, 100) })
}

/** A price without currency in `locale`: 2 fraction digits, more below 1 (see `PRICE_DISPLAY_DIGITS`). "" when not a decimal. */
export const formatPrice = (value: Numeric | null | undefined, locale: string): string => {
  const exact = parseDecimal(value)
  if (exact === null) return ""
  const below1 = compare(absolute(exact), "1") < 0 && compare(exact, "0") !== 0
  const digits = below1 ? Math.max(PRICE_DISPLAY_DIGITS, smallDigits(exact, 4, 8)) : PRICE_DISPLAY_DIGITS
  return formatNumber(exact, locale, { minimumFractionDigits: PRICE_DISPLAY_DIGITS, maximumFractionDigits: digits })
}
