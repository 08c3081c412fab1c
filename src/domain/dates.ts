/** A date as the API sends it (ISO 8601 text), a Date, or epoch milliseconds. */
export type DateInput = string | number | Date

/** Options of the date formatters; `timeZone` defaults to the user's own (tests pin it). */
export interface DateFormatOptions {
  readonly timeZone?: string
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/

const toDate = (value: DateInput | null | undefined): Date | null => {
  if (value === null || value === undefined || value === "") return null
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

// A date-only text ("2024-03-01") names a calendar day, not an instant: show it in UTC, where
// `new Date` put it, so a user west of Greenwich does not see the day before.
const zoneFor = (value: DateInput, options: DateFormatOptions): string | undefined =>
  typeof value === "string" && DATE_ONLY.test(value) ? "UTC" : options.timeZone

const format = (value: DateInput | null | undefined, locale: string, style: Intl.DateTimeFormatOptions, options: DateFormatOptions): string => {
  const date = toDate(value)
  if (!date || value === null || value === undefined) return ""
  const timeZone = zoneFor(value, options)
  return dateFormatter(locale, timeZone ? { ...style, timeZone } : style).format(date)
}

// Formatters are costly to build and tables format thousands of dates: kept per locale and options.
const dateFormatters = new Map<string, Intl.DateTimeFormat>()
const dateFormatter = (locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat => {
  const key = `${locale}|${JSON.stringify(options)}`
  let formatter = dateFormatters.get(key)
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat(locale, options)
    if (dateFormatters.size >= 200) dateFormatters.clear()
    dateFormatters.set(key, formatter)
  }
  return formatter
}

/** A date in `locale`'s medium style ("5 Mar 2024" in en-GB, "5 mars 2024" in fr-FR); "" for a missing or invalid date. */
export const formatDate = (value: DateInput | null | undefined, locale: string, options: DateFormatOptions = {}): string =>
  format(value, locale, { dateStyle: "medium" }, options)

/** A date and time in `locale` (medium date, short time), for order and payment progress timelines; "" when invalid. */
export const formatDateTime = (value: DateInput | null | undefined, locale: string, options: DateFormatOptions = {}): string =>
  format(value, locale, { dateStyle: "medium", timeStyle: "short" }, options)

/** Short month and year ("Mar 2024", "mars 2024"), the label of an account statement; "" when invalid. */
export const formatShortMonthYear = (value: DateInput | null | undefined, locale: string, options: DateFormatOptions = {}): string =>
  format(value, locale, { month: "short", year: "numeric" }, options)

/**
 * A date of birth as the locale writes a numeric date, two-digit day and month ("05/03/1990" in
 * en-GB, "05.03.1990" in de-DE, "1990/03/05" in ja-JP); "" when any part is missing, not a whole
 * number, or not a real day (31 February).
 */
export const formatBirthDate = (day: unknown, month: unknown, year: unknown, locale = "en-GB"): string => {
  const parts = [day, month, year].map((p) => (typeof p === "string" && p.trim() !== "" ? Number(p) : p))
  if (!parts.every((p) => typeof p === "number" && Number.isInteger(p) && p > 0)) return ""
  const [d, m, y] = parts as number[]
  const date = new Date(Date.UTC(y!, m! - 1, d!))
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m! - 1 || date.getUTCDate() !== d) return ""
  return dateFormatter(locale, { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" }).format(date)
}
