/**
 * Accounts (portfolios) and what hangs off them: positions, cash transactions, payments,
 * reserved (NUBAN) and wire accounts, statements, performance, margin figures, and the
 * create-portfolio body (spec part 1 section 3; part 2 sections 2 and 3).
 */
import { Schema } from "effect"
import { STATEMENT_KINDS, STATEMENT_LANGUAGES } from "../domain/statements"
import { PAYMENT_STEP_CODES } from "../domain/payment-step-text"
import { TRANSACTION_TEXT_CODES } from "../domain/transaction-text"
import { CurrencyCode, Decimal, IsoDate, requiredString } from "./common"
import { InstrumentSummary } from "./instruments"
import { Order } from "./orders"

/** What a position holds, for the asset column: symbol and logo (null: show the fallback icon). */
export const PositionAsset = Schema.Struct({
  symbol: Schema.String,
  imageUrl: Schema.NullOr(Schema.String),
})
export type PositionAsset = typeof PositionAsset.Type

/**
 * A holding. All figures are decimal strings; profit/loss is `equityBalance - costBasis`
 * (src/domain/profit-loss).
 */
export const Position = Schema.Struct({
  instrumentId: Schema.String,
  symbol: Schema.String,
  asset: PositionAsset,
  totalQuantity: Decimal,
  costBasis: Decimal,
  price: Decimal,
  equityBalance: Decimal,
})
export type Position = typeof Position.Type

/**
 * What a transaction says as a code and its values (src/domain/transaction-text): the client
 * says it in the user's language, each value formatted by its kind (quantities, money of the
 * account's currency, labels).
 */
export const TransactionText = Schema.Struct({
  code: Schema.Literals(TRANSACTION_TEXT_CODES),
  values: Schema.Record(Schema.String, Schema.String),
})
export type TransactionText = typeof TransactionText.Type

/**
 * A cash movement of an account, newest first. `tranType` is open text: withdraw and buy are
 * debits, deposit and sell credits, anything else (dividend, fee...) "others" (src/domain);
 * `tranAmount` is a non-negative decimal string (the kind gives the direction). The text after
 * the upper-cased type is `descriptionText` (a code the client labels) or, when none, the free
 * text `description` as it was written; the tooltip is `commentText` or else `comment`.
 */
export const Transaction = Schema.Struct({
  tranType: Schema.String,
  tranAmount: Decimal,
  tranTime: IsoDate,
  created: Schema.NullOr(IsoDate),
  description: Schema.NullOr(Schema.String),
  comment: Schema.NullOr(Schema.String),
  /** The description as a code and values (an addition to the spec's shape); absent or null: `description` is the text. */
  descriptionText: Schema.optionalKey(Schema.NullOr(TransactionText)),
  /** The comment as a code and values (an addition to the spec's shape); absent or null: `comment` is the text. */
  commentText: Schema.optionalKey(Schema.NullOr(TransactionText)),
  /** The payment a deposit, withdrawal or reversal belongs to (its `ref`), so a returned withdrawal is netted against it (an addition to the spec's shape). */
  paymentRef: Schema.optionalKey(Schema.NullOr(Schema.String)),
})
export type Transaction = typeof Transaction.Type

/** A payment is a deposit or a withdrawal. */
export const PaymentType = Schema.Literals(["DEPOSIT", "WITHDRAWAL"])
export type PaymentType = typeof PaymentType.Type

/** What a payment step says as a code and its values (src/domain/payment-step-text), said by the client. */
export const PaymentStepText = Schema.Struct({
  code: Schema.Literals(PAYMENT_STEP_CODES),
  values: Schema.Record(Schema.String, Schema.String),
})
export type PaymentStepText = typeof PaymentStepText.Type

/**
 * One step of a payment's progress timeline, oldest first. What it did is `activityText` (a code
 * the client labels) or, when none, the free text `activity` as it was written.
 */
export const PaymentProgress = Schema.Struct({
  status: Schema.String,
  date: IsoDate,
  activity: Schema.NullOr(Schema.String),
  /** The activity as a code and values (an addition to the spec's shape); absent or null: `activity` is the text. */
  activityText: Schema.optionalKey(Schema.NullOr(PaymentStepText)),
})
export type PaymentProgress = typeof PaymentProgress.Type

/**
 * A deposit or withdrawal. Money fields are decimal strings; `rate` is the exchange rate applied
 * (null when none). `method` null shows as '***'; `last4` the bank account's last four digits.
 * A withdrawal also says what arrives at the bank account: `payoutAmount` in `payoutCurrency`
 * (`amount` at `rate`; an addition to the spec's shape, absent on older payments).
 */
export const Payment = Schema.Struct({
  ref: Schema.String,
  gatewayRef: Schema.NullOr(Schema.String),
  status: Schema.String,
  type: PaymentType,
  method: Schema.NullOr(Schema.String),
  gateway: Schema.NullOr(Schema.String),
  currency: CurrencyCode,
  rate: Schema.NullOr(Decimal),
  amount: Decimal,
  serviceFee: Decimal,
  instantFee: Decimal,
  processFee: Decimal,
  total: Decimal,
  instantDeposit: Schema.Boolean,
  instantComment: Schema.NullOr(Schema.String),
  description: Schema.NullOr(Schema.String),
  last4: Schema.NullOr(Schema.String),
  ip: Schema.NullOr(Schema.String),
  createdAt: IsoDate,
  updatedAt: IsoDate,
  progress: Schema.Array(PaymentProgress),
  payoutAmount: Schema.optionalKey(Schema.NullOr(Decimal)),
  payoutCurrency: Schema.optionalKey(Schema.NullOr(CurrencyCode)),
})
export type Payment = typeof Payment.Type

/**
 * A reserved (NUBAN) bank account that funds the portfolio by transfer. `ref` is the `:id` of
 * PATCH /users/reserve-account/:id; `instantDeposit` is the Enabled/Disabled control.
 */
export const ReservedAccount = Schema.Struct({
  ref: Schema.String,
  accountNumber: Schema.String,
  accountName: Schema.String,
  bankName: Schema.String,
  gateway: Schema.String,
  instantDeposit: Schema.Boolean,
})
export type ReservedAccount = typeof ReservedAccount.Type

/** The placeholder inside `WireAccount.instructions` for the trading account number (the domain's). */
export { WIRE_ACCOUNT_NUMBER_PLACEHOLDER } from "../domain/cash-flow"

/**
 * Where to wire money to fund the portfolio. `instructions` contains
 * `WIRE_ACCOUNT_NUMBER_PLACEHOLDER` for the trading account number.
 */
export const WireAccount = Schema.Struct({
  accountNumber: Schema.String,
  beneficiaryName: Schema.String,
  bankName: Schema.String,
  swiftCode: Schema.String,
  routingNumber: Schema.String,
  bankAddress: Schema.String,
  instructions: Schema.String,
})
export type WireAccount = typeof WireAccount.Type

/** A downloadable statement: its date and the `:key` of GET /users/statement/:accountId/:key. */
export const StatementFile = Schema.Struct({
  date: IsoDate,
  key: Schema.String,
})
export type StatementFile = typeof StatementFile.Type

/** The two statement tabs: trade confirmations (default) and monthly account statements, newest first. */
export const Statements = Schema.Struct({
  confirmation: Schema.Array(StatementFile),
  account: Schema.Array(StatementFile),
})
export type Statements = typeof Statements.Type

/** The statement tabs by key. */
export const StatementTab = Schema.Literals(STATEMENT_KINDS)
export type StatementTab = typeof StatementTab.Type

/**
 * The query of GET /users/statement/:accountId/:key: the language the PDF's labels, amounts and
 * dates are written in (the interface language; English when absent or unknown).
 */
export const StatementQuery = Schema.Struct({ lang: Schema.optional(Schema.Literals(STATEMENT_LANGUAGES)) })
export type StatementQuery = typeof StatementQuery.Type

/** One point of the performance chart: `x` the date, `value` the account value (plotted only, a number). */
export const PerformancePoint = Schema.Struct({
  x: IsoDate,
  value: Schema.Number,
})
export type PerformancePoint = typeof PerformancePoint.Type

/**
 * Margin inputs (decimal strings): Total Margin = (multiplier - 1) x equity, shown only when
 * `multiplier` is above 1 (src/domain/account-value).
 */
export const PortfolioMargin = Schema.Struct({
  multiplier: Decimal,
  equity: Decimal,
  long_market_value: Decimal,
})
export type PortfolioMargin = typeof PortfolioMargin.Type

/**
 * A portfolio (trading account) as GET /users/account lists it. `userType` INDIVIDUAL_TRADER is
 * labelled IND, anything else CUS; `partner` is the custodian; `cashBalance` a decimal string.
 */
export const Account = Schema.Struct({
  accountId: Schema.String,
  userId: Schema.String,
  accountNumber: Schema.String,
  userType: Schema.String,
  status: Schema.String,
  partner: Schema.String,
  currency: CurrencyCode,
  cashBalance: Decimal,
  created: IsoDate,
  updated: IsoDate,
})
export type Account = typeof Account.Type

/** The answer of GET /users/account (the first account is selected by default). */
export const AccountList = Schema.Array(Account)
export type AccountList = typeof AccountList.Type

/**
 * The subpages' data of one portfolio: every list newest first, statements by tab, and the
 * performance series oldest first.
 */
export const AccountActivity = Schema.Struct({
  transactions: Schema.Array(Transaction),
  payments: Schema.Array(Payment),
  orders: Schema.Array(Order),
  positions: Schema.Array(Position),
  statement: Statements,
  partner: Schema.String,
  currency: CurrencyCode,
  performance: Schema.Array(PerformancePoint),
})
export type AccountActivity = typeof AccountActivity.Type

/**
 * GET /users/account/:accountId: the account with its current `positions` and `transactions`
 * (the same lists as `details.positions` and `details.transactions`), reserved accounts
 * (`nubans`), the wire account (null when the currency has none), margin inputs (`portfolio`,
 * null for a cash account), the subpages' `details`, and instrument `suggestion`s for the
 * profile's risk band.
 */
export const AccountDetails = Schema.Struct({
  ...Account.fields,
  positions: Schema.Array(Position),
  transactions: Schema.Array(Transaction),
  nubans: Schema.Array(ReservedAccount),
  wireAccount: Schema.NullOr(WireAccount),
  portfolio: Schema.NullOr(PortfolioMargin),
  details: AccountActivity,
  suggestion: Schema.Array(InstrumentSummary),
})
export type AccountDetails = typeof AccountDetails.Type

/**
 * POST /users/account body (send an Idempotency-Key): the chosen custodian ('Select Trading
 * Account Partner'), one of the user group's partners, and optionally the currency (the partner's
 * default when absent). Only verified profiles may create one. Answer: `Message`.
 */
export const CreateAccountRequest = Schema.Struct({
  partner: requiredString("Select Trading Account Partner"),
  currency: Schema.optionalKey(CurrencyCode),
})
export type CreateAccountRequest = typeof CreateAccountRequest.Type
