import { formatMoney } from "./format"

/**
 * The figures of a server error said by its code (`ErrorBody.values`): which of them are money in
 * the answer's `currency` (formatted for the user's locale with two fraction digits); the others
 * are shown as they came.
 */
export const MONEY_ERROR_VALUES: ReadonlyArray<string> = ["cash"]

/** The values of a coded server error, ready for a translation in `locale`. */
export const formatErrorValues = (values: Readonly<Record<string, string>> | undefined, locale: string): Record<string, string> => {
  const out: Record<string, string> = {}
  if (!values) return out
  const currency = values["currency"]
  for (const [key, value] of Object.entries(values)) {
    out[key] = currency && MONEY_ERROR_VALUES.includes(key) ? formatMoney(value, currency, locale, { fraction: "fixed" }) : value
  }
  return out
}
