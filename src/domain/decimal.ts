/**
 * Exact decimal arithmetic on decimal strings, for money, quantities and prices: values are held
 * as a scaled BigInt internally and always come back as a normalised decimal string ("0.3",
 * "-12.5", "100"), so nothing is ever summed as a float.
 *
 * Input (`Numeric`): a plain decimal string (`"12"`, `"-0.50"`, `"+3."`, `".5"`; no exponent, no
 * whitespace, no grouping separators, no NaN/Infinity), a finite number (converted through its
 * shortest round-trip text, so the JSON number 0.1 is exactly "0.1"), or a bigint.
 *
 * Bad input: the arithmetic functions throw a `DecimalError` (reason "invalid" or
 * "division-by-zero"), because passing them garbage is a programming error once the edge has
 * decoded the data. To check user input first, use `parseDecimal` (returns null) or `isDecimal`.
 *
 * Rounding: "half-up" (the default) rounds ties away from zero (1.005 -> 1.01, -1.005 -> -1.01),
 * which is the commercial rounding people expect on money; "half-even" is banker's rounding;
 * "down" truncates toward zero (used where an estimate must never exceed what was asked).
 */

/** A value the decimal functions accept: a plain decimal string, a finite number or a bigint. */
export type Numeric = string | number | bigint

/** How `div`, `round` and `toFixed` drop digits; see the module comment. */
export type RoundingMode = "half-up" | "half-even" | "down"

/**
 * Thrown by the decimal functions on input that is not a plain decimal ("invalid") or on a zero
 * divisor ("division-by-zero"). Match on `reason`; `input` holds the offending value.
 */
export class DecimalError extends Error {
  readonly _tag = "DecimalError" as const
  constructor(
    readonly reason: "invalid" | "division-by-zero",
    readonly input?: unknown,
  ) {
    super(reason === "invalid" ? `Not a plain decimal: ${String(input)}` : "Division by zero")
    this.name = "DecimalError"
  }
}

interface Scaled {
  readonly n: bigint
  readonly s: number
}

const PLAIN = /^([+-]?)(\d*)(?:\.(\d*))?$/
const EXPONENT = /^([+-]?)(\d+)(?:\.(\d+))?e([+-]?\d+)$/

const pow10 = (k: number): bigint => 10n ** BigInt(k)

const fromParts = (sign: string, int: string, frac: string): Scaled | null => {
  if (int.length === 0 && frac.length === 0) return null
  const n = BigInt((int || "0") + frac)
  return { n: sign === "-" ? -n : n, s: frac.length }
}

const parseString = (text: string): Scaled | null => {
  const m = PLAIN.exec(text)
  if (!m) return null
  return fromParts(m[1] ?? "", m[2] ?? "", m[3] ?? "")
}

const parseNumber = (value: number): Scaled | null => {
  if (!Number.isFinite(value)) return null
  const text = String(value)
  const plain = parseString(text)
  if (plain) return plain
  const m = EXPONENT.exec(text)
  if (!m) return null
  const base = fromParts(m[1] ?? "", m[2] ?? "", m[3] ?? "")
  if (!base) return null
  const s = base.s - Number(m[4])
  return s >= 0 ? { n: base.n, s } : { n: base.n * pow10(-s), s: 0 }
}

const parse = (value: unknown): Scaled | null => {
  if (typeof value === "string") return parseString(value)
  if (typeof value === "number") return parseNumber(value)
  if (typeof value === "bigint") return { n: value, s: 0 }
  return null
}

const req = (value: Numeric): Scaled => {
  const d = parse(value)
  if (!d) throw new DecimalError("invalid", value)
  return d
}

const rescale = (d: Scaled, s: number): bigint => d.n * pow10(s - d.s)

const align = (a: Scaled, b: Scaled): [bigint, bigint, number] => {
  const s = Math.max(a.s, b.s)
  return [rescale(a, s), rescale(b, s), s]
}

const abs = (n: bigint): bigint => (n < 0n ? -n : n)

const divRound = (num: bigint, den: bigint, mode: RoundingMode): bigint => {
  if (den === 0n) throw new DecimalError("division-by-zero")
  if (den < 0n) {
    num = -num
    den = -den
  }
  const q = num / den
  const r = num % den
  if (r === 0n || mode === "down") return q
  const away = num < 0n ? q - 1n : q + 1n
  const twice = abs(r) * 2n
  if (twice > den) return away
  if (twice < den) return q
  if (mode === "half-up") return away
  return q % 2n === 0n ? q : away
}

const checkDigits = (digits: number): void => {
  if (!Number.isInteger(digits) || digits < 0) throw new RangeError(`fraction digits must be a non-negative integer, got ${digits}`)
}

const roundScaled = (d: Scaled, digits: number, mode: RoundingMode): Scaled => (d.s <= digits ? d : { n: divRound(d.n, pow10(d.s - digits), mode), s: digits })

const format = (d: Scaled, minFraction = 0): string => {
  let { n, s } = d
  while (s > minFraction && n % 10n === 0n) {
    n /= 10n
    s -= 1
  }
  const negative = n < 0n
  const digits = abs(n)
    .toString()
    .padStart(s + 1, "0")
  const body = s === 0 ? digits : `${digits.slice(0, digits.length - s)}.${digits.slice(digits.length - s)}`
  return negative ? `-${body}` : body
}

/** True when `value` is a plain decimal string, finite number or bigint that the functions here accept. */
export const isDecimal = (value: unknown): value is Numeric => parse(value) !== null

/**
 * The normalised decimal string for `value`, or null when it is not a plain decimal (exponent,
 * NaN, empty, whitespace, grouping, anything not a string/number/bigint). Use it on user input
 * and on API fields before doing arithmetic.
 */
export const parseDecimal = (value: unknown): string | null => {
  const d = parse(value)
  return d ? format(d) : null
}

/**
 * The canonical text of a decimal: no leading zeros, no trailing fraction zeros, no "+" and no
 * "-0" ("007.500" -> "7.5", "-0.00" -> "0"). Throws `DecimalError` on invalid input.
 */
export const normalise = (value: Numeric): string => format(req(value))

/** a + b, exactly. */
export const add = (a: Numeric, b: Numeric): string => {
  const [x, y, s] = align(req(a), req(b))
  return format({ n: x + y, s })
}

/** a - b, exactly. */
export const sub = (a: Numeric, b: Numeric): string => {
  const [x, y, s] = align(req(a), req(b))
  return format({ n: x - y, s })
}

/** a x b, exactly (the scale of the result is the sum of the scales). */
export const mul = (a: Numeric, b: Numeric): string => {
  const x = req(a)
  const y = req(b)
  return format({ n: x.n * y.n, s: x.s + y.s })
}

/**
 * a / b with at most `digits` fraction digits, rounded by `mode` (default "half-up"): e.g.
 * `div("1", "3", 4)` is "0.3333", `div("2", "3", 2)` is "0.67". Throws `DecimalError` with reason
 * "division-by-zero" when b is zero.
 */
export const div = (a: Numeric, b: Numeric, digits: number, mode: RoundingMode = "half-up"): string => {
  checkDigits(digits)
  const x = req(a)
  const y = req(b)
  if (y.n === 0n) throw new DecimalError("division-by-zero", b)
  const num = x.n * pow10(y.s + digits)
  const den = y.n * pow10(x.s)
  return format({ n: divRound(num, den, mode), s: digits })
}

/** `value` rounded to at most `digits` fraction digits by `mode` (default "half-up"), normalised. */
export const round = (value: Numeric, digits: number, mode: RoundingMode = "half-up"): string => {
  checkDigits(digits)
  return format(roundScaled(req(value), digits, mode))
}

/** `value` rounded like `round` and then padded to exactly `digits` fraction digits ("1.5", 2 -> "1.50"). */
export const toFixed = (value: Numeric, digits: number, mode: RoundingMode = "half-up"): string => {
  checkDigits(digits)
  const r = roundScaled(req(value), digits, mode)
  return format({ n: rescale(r, digits), s: digits }, digits)
}

/** -1, 0 or 1 as a is less than, equal to or greater than b ("1.10" equals "1.1"). */
export const compare = (a: Numeric, b: Numeric): -1 | 0 | 1 => {
  const [x, y] = align(req(a), req(b))
  return x < y ? -1 : x > y ? 1 : 0
}

/** True when a and b are the same number ("2.50" and "2.5"). */
export const equals = (a: Numeric, b: Numeric): boolean => compare(a, b) === 0

/** -1, 0 or 1: the sign of `value`. */
export const sign = (value: Numeric): -1 | 0 | 1 => {
  const n = req(value).n
  return n < 0n ? -1 : n > 0n ? 1 : 0
}

/** True when `value` is greater than zero. */
export const isPositive = (value: Numeric): boolean => sign(value) === 1

/** True when `value` is less than zero. */
export const isNegative = (value: Numeric): boolean => sign(value) === -1

/** True when `value` is zero in any spelling ("0", "-0.00", ".0"). */
export const isZero = (value: Numeric): boolean => sign(value) === 0

/** The absolute value of `value`. */
export const absolute = (value: Numeric): string => {
  const d = req(value)
  return format({ n: abs(d.n), s: d.s })
}

/** -value. */
export const negate = (value: Numeric): string => {
  const d = req(value)
  return format({ n: -d.n, s: d.s })
}

/** The exact sum of `values` ("0" for none). */
export const sum = (values: Iterable<Numeric>): string => {
  let total: Scaled = { n: 0n, s: 0 }
  for (const v of values) {
    const [x, y, s] = align(total, req(v))
    total = { n: x + y, s }
  }
  return format(total)
}
