/**
 * Which figures of a long list are written widest, so that a table can size a column to them
 * without formatting every row (10,000 rows): the text of an amount grows with the digits before
 * its point (and the grouping separators that come with them) and with a minus sign; the decimals
 * shown are the same for every row. Comparing the decimal texts is enough: no row is formatted.
 */

interface Magnitude {
  /** The digits before the point, without leading zeros ("0" for a zero). */
  readonly whole: string
  /** The digits after the point. */
  readonly fraction: string
  readonly negative: boolean
}

const magnitudeOf = (value: string): Magnitude | null => {
  const text = value.trim()
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text)
  if (match === null || (match[2] === "" && (match[3] ?? "") === "")) return null
  const whole = (match[2] ?? "").replace(/^0+/, "") || "0"
  const fraction = match[3] ?? ""
  const zero = whole === "0" && /^0*$/.test(fraction)
  return { whole, fraction, negative: match[1] === "-" && !zero }
}

/** Whether `a` is larger than `b` in size (sign left aside): more whole digits, then digit by digit. */
const larger = (a: Magnitude, b: Magnitude): boolean => {
  if (a.whole.length !== b.whole.length) return a.whole.length > b.whole.length
  if (a.whole !== b.whole) return a.whole > b.whole
  const width = Math.max(a.fraction.length, b.fraction.length)
  return a.fraction.padEnd(width, "0") > b.fraction.padEnd(width, "0")
}

/**
 * The amounts of `rows` whose formatted text is the widest in each currency: per currency, the
 * largest positive and the largest negative amount in size (a minus sign makes a text wider, and a
 * larger amount can only have as many digits or more, also once rounded to the decimals shown).
 * Texts that are not decimals are left out. In the order the currencies first appear.
 */
export const widestAmounts = <T>(
  rows: ReadonlyArray<T>,
  amountOf: (row: T) => string | null | undefined,
  currencyOf: (row: T) => string,
): ReadonlyArray<{ readonly amount: string; readonly currency: string }> => {
  const best = new Map<string, { positive?: { amount: string; size: Magnitude }; negative?: { amount: string; size: Magnitude } }>()
  for (const row of rows) {
    const amount = amountOf(row)
    if (amount === null || amount === undefined) continue
    const size = magnitudeOf(amount)
    if (size === null) continue
    const currency = currencyOf(row)
    let entry = best.get(currency)
    if (entry === undefined) best.set(currency, (entry = {}))
    const side = size.negative ? "negative" : "positive"
    const known = entry[side]
    if (known === undefined || larger(size, known.size)) entry[side] = { amount: amount.trim(), size }
  }
  return [...best].flatMap(([currency, { positive, negative }]) => [positive, negative].filter((x) => x !== undefined).map((x) => ({ amount: x.amount, currency })))
}
