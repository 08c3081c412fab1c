import { absolute, compare, parseDecimal, type Numeric } from "./decimal"
import { moneyText } from "./format"

/**
 * Money in compact notation, for chart axes and market caps ("₦4.7m", "4,7 Mio. ₦", "₦470万"): at
 * most 1 fraction digit (2 below 10, so "₦0.25" stays readable), plus `extraDigits` where labels
 * must tell close values apart (a chart's ticks, `distinctTickLabels`). The symbols are
 * `formatMoney`'s. Returns "" when `amount` is not a decimal. Apart from ./format.ts: only the
 * charts and the instrument page, loaded after a page's first paint, show it.
 */
export const formatCompactMoney = (amount: Numeric | null | undefined, currency: string, locale: string, extraDigits = 0): string => {
  const exact = parseDecimal(amount)
  if (exact === null) return ""
  return moneyText(exact, currency.trim().toUpperCase(), locale, {
    notation: "compact",
    minimumFractionDigits: 0,
    maximumFractionDigits: (compare(absolute(exact), "10") < 0 ? 2 : 1) + extraDigits,
  })
}
