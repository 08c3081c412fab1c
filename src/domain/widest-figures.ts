/**
 * Which figures of a long list are written widest, so that a table can size a column to them
 * without formatting every row (10,000 rows): the text of an amount grows with the digits before
 * its point (and the grouping separators that come with them) and with a minus sign; the decimals
 * shown are the same for every row. Comparing the decimal texts is enough: no row is formatted.
 */

const isDigit = (code: number) => code >= 48 && code <= 57

/**
 * The size of a decimal text, read without copying it: whether it is negative, where its whole
 * digits start (after the sign and leading zeros) and how many there are; null when it is not a
 * decimal ("", "abc", "1e5"). Called for every row of a list, so it allocates nothing but its answer.
 */
const sizeOf = (text: string): { negative: boolean; start: number; digits: number } | null => {
  let i = 0
  const end = text.length
  const signed = end > 0 && (text[0] === "-" || text[0] === "+")
  if (signed) i = 1
  let any = false
  while (i < end && text.charCodeAt(i) === 48) {
    i++
    any = true
  }
  const start = i
  while (i < end && isDigit(text.charCodeAt(i))) i++
  const digits = i - start
  any ||= digits > 0
  let nonZeroFraction = false
  if (i < end && text[i] === ".") {
    i++
    while (i < end && isDigit(text.charCodeAt(i))) {
      any = true
      if (text.charCodeAt(i) !== 48) nonZeroFraction = true
      i++
    }
  }
  if (i !== end || !any) return null
  return { negative: signed && text[0] === "-" && (digits > 0 || nonZeroFraction), start, digits }
}

interface Best {
  readonly amount: string
  readonly start: number
  readonly digits: number
}

/** Whether `text` (sized by `size`) is larger than `best` in size (sign left aside): more whole digits, then digit by digit. */
const larger = (text: string, size: { start: number; digits: number }, best: Best): boolean => {
  if (size.digits !== best.digits) return size.digits > best.digits
  const other = best.amount
  // As many whole digits: compare them, then the fractions (a missing digit counts as 0), character by character.
  for (let k = 0; k < size.digits; k++) {
    const a = text.charCodeAt(size.start + k)
    const b = other.charCodeAt(best.start + k)
    if (a !== b) return a > b
  }
  const fractionAt = (t: string, start: number) => (t[start] === "." ? start + 1 : t.length)
  const fa = fractionAt(text, size.start + size.digits)
  const fb = fractionAt(other, best.start + best.digits)
  for (let k = 0; fa + k < text.length || fb + k < other.length; k++) {
    const a = fa + k < text.length ? text.charCodeAt(fa + k) : 48
    const b = fb + k < other.length ? other.charCodeAt(fb + k) : 48
    if (a !== b) return a > b
  }
  return false
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
  const best = new Map<string, { positive?: Best; negative?: Best }>()
  for (const row of rows) {
    const raw = amountOf(row)
    if (raw === null || raw === undefined) continue
    const amount = raw.trim()
    const size = sizeOf(amount)
    if (size === null) continue
    const currency = currencyOf(row)
    let entry = best.get(currency)
    if (entry === undefined) best.set(currency, (entry = {}))
    const side = size.negative ? "negative" : "positive"
    const known = entry[side]
    if (known === undefined || larger(amount, size, known)) entry[side] = { amount, start: size.start, digits: size.digits }
  }
  return [...best].flatMap(([currency, { positive, negative }]) =>
    [positive, negative].filter((x) => x !== undefined).map((x) => ({ amount: x.amount, currency })),
  )
}
