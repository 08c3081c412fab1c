/**
 * Building blocks shared by every area of the contract.
 *
 * Wire conventions (both the browser client and the reference server follow them):
 *
 * - Money, prices, quantities and anything a workflow computes with (amounts, balances, cash,
 *   cost basis, equity, fees, totals, rates, order and quote prices, margin figures) travel as
 *   `Decimal` strings: "-12.5", "0.0000001", "100". Never a JSON number, never an exponent, so
 *   nothing is summed as a float. Do the arithmetic with src/domain/decimal.
 * - Figures that are only displayed or plotted are JSON numbers: history candles
 *   (open/high/low/close), performance chart values, ratings (FairValue, PricetoFairValue,
 *   StarRating), marketCap, totalDailyVolume, priceChangePercent, admin level, birth date parts.
 * - Dates are ISO-8601 strings (`IsoDate`): a calendar date "2026-01-31" or a date-time
 *   "2026-01-31T09:30:00.000Z"; the server always sends UTC date-times with `Z`.
 * - Answers: a value that may be unknown is present with `null` (`Schema.NullOr`); keys are not
 *   dropped. Requests: an input the user may leave out is an optional key (`Schema.optionalKey`).
 * - Unknown extra keys in an answer are ignored (decoding strips them), so the server may add
 *   fields without breaking older clients; a missing or mistyped known field is a decode error.
 * - Request schemas carry the validation the server repeats: a failing body is answered 400 with
 *   `ErrorBody.message` holding one readable text per field (see `validationMessages`).
 */
import { Schema } from "effect"
import { SCORED_RISK_BANDS } from "../domain/risk-band"
import { isEmail } from "../domain/validation"

const DECIMAL = /^-?\d+(\.\d+)?$/

/**
 * A decimal number as a string: optional minus, digits, optional fraction ("-12.5", "0.0000001",
 * "100"). No exponent, sign "+", spaces, separators, NaN or Infinity. Use for every money, price
 * and quantity field; decode answers with it and compute with src/domain/decimal.
 */
export const Decimal = Schema.String.check(
  Schema.isPattern(DECIMAL, { message: 'Expected a decimal string such as "-12.5" (digits, optional fraction, no exponent)' }),
)
export type Decimal = typeof Decimal.Type

/** True when a `Decimal` string is above zero ("0", "0.00" and negatives are not). */
const isAboveZero = (text: string): boolean => !text.startsWith("-") && /[1-9]/.test(text)

/**
 * A decimal string above zero ("0.5", "100"; not "0", "-1", "1e5"). `message` replaces the
 * generic text, so a request field can carry the spec's own wording ('Enter Valid Amount').
 */
export const positiveDecimal = (message = 'Expected a positive decimal such as "12.5"') =>
  Schema.String.annotate({ message })
    .check(
      Schema.isPattern(DECIMAL, { message }),
      Schema.makeFilter<string>((s) => isAboveZero(s) || message),
    )
    .pipe(Schema.annotateKey({ messageMissingKey: message }))

/** A decimal string above zero with the generic message; see `positiveDecimal` for a custom text. */
export const PositiveDecimal = positiveDecimal()
export type PositiveDecimal = typeof PositiveDecimal.Type

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/

/**
 * An ISO-8601 date ("2026-01-31") or date-time ("2026-01-31T09:30:00.000Z") string that names a
 * real moment. Stays a string after decoding; format it with src/domain/dates.
 */
export const IsoDate = Schema.String.check(
  Schema.makeFilter<string>((s) => (ISO_DATE.test(s) && !Number.isNaN(Date.parse(s))) || 'Expected an ISO-8601 date such as "2026-01-31T09:30:00Z"'),
)
export type IsoDate = typeof IsoDate.Type

/** A three-letter upper-case currency code ("NGN", "USD"). */
export const CurrencyCode = Schema.String.check(Schema.isPattern(/^[A-Z]{3}$/, { message: 'Expected a three-letter currency code such as "USD"' }))
export type CurrencyCode = typeof CurrencyCode.Type

/** The answer of every call whose spec answer is "message": a human-readable confirmation. */
export const Message = Schema.Struct({ message: Schema.String })
export type Message = typeof Message.Type

/**
 * The bytes of a downloaded file (statement PDFs). Endpoints answering with it have
 * `responseType: "file"`: the client reads the body as bytes instead of JSON.
 */
export const FileBytes = Schema.Uint8Array
export type FileBytes = typeof FileBytes.Type

/** Chart ranges of the portfolio chart (spec part 1 section 4); the instrument chart has no "ytd". */
export const PortfolioChartRange = Schema.Literals(["7d", "1m", "3m", "6m", "1y", "2y", "ytd"])
export type PortfolioChartRange = typeof PortfolioChartRange.Type

/** Chart ranges of the instrument chart. */
export const InstrumentChartRange = Schema.Literals(["7d", "1m", "3m", "6m", "1y", "2y"])
export type InstrumentChartRange = typeof InstrumentChartRange.Type

/** How the instrument price chart is drawn. */
export const ChartType = Schema.Literals(["line", "candlestick"])
export type ChartType = typeof ChartType.Type

/**
 * The risk bands of a profile's risk score; the second path parameter of the suggestion call.
 * (The domain's extra "none" means "no band, no call" and never goes on the wire.)
 */
export const RiskBand = Schema.Literals(SCORED_RISK_BANDS)
export type RiskBand = typeof RiskBand.Type

// --- request-field helpers -------------------------------------------------------------------

/** True when `text` contains something besides whitespace. */
const isFilled = (text: string): boolean => text.trim() !== ""

/**
 * A required text field of a request: missing, blank or non-string all fail with `message`
 * (e.g. 'Select Bank Account'). Add `.check(...)` for more rules.
 */
export const requiredString = (message = "Required field") =>
  Schema.String.annotate({ message })
    .check(Schema.makeFilter<string>((s) => isFilled(s) || message))
    .pipe(Schema.annotateKey({ messageMissingKey: message }))

/** Length bounds in Unicode code points, with the texts to show when they fail. */
export interface LengthRule {
  readonly min: number
  readonly max: number
  readonly minMessage: string
  readonly maxMessage: string
}

/** A required text field with length bounds (code points); checks run in order, first failure reported. */
export const boundedString = (rule: LengthRule, requiredMessage = "Required field") =>
  requiredString(requiredMessage).check(
    Schema.isMinCodePoints(rule.min, { message: rule.minMessage }),
    Schema.isMaxCodePoints(rule.max, { message: rule.maxMessage }),
  )

/**
 * A required e-mail field: blank fails with `requiredMessage`, a malformed address with
 * `formatMessage`, then the length bounds. Same format rule as the forms in src/domain.
 */
export const emailField = (rule: LengthRule, formatMessage = "Wrong email format", requiredMessage = "Required field") =>
  requiredString(requiredMessage).check(
    // The pattern only guides generated test values (effect's Arbitrary); `isEmail` decides.
    Schema.makeFilter<string>((s) => isEmail(s) || formatMessage, { arbitraryConstraint: { patterns: [{ source: EMAIL_SAMPLE, flags: "" }] } }),
    Schema.isMinCodePoints(rule.min, { message: rule.minMessage }),
    Schema.isMaxCodePoints(rule.max, { message: rule.maxMessage }),
  )

/** The shape of the e-mail addresses generated for tests from `emailField` (any valid one would do). */
const EMAIL_SAMPLE = "^[a-z][a-z0-9._-]{2,14}@[a-z][a-z0-9-]{1,12}\\.(com|net|org|ng|io)$"

/** A required field restricted to a closed set: anything else (or nothing) fails with `message`. */
export const requiredLiterals = <const L extends ReadonlyArray<string>>(literals: L, message: string) =>
  Schema.Literals(literals)
    .annotate({ message })
    .pipe(Schema.annotateKey({ messageMissingKey: message }))
