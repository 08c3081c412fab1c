/**
 * The Kysely `DB` interface: every table of the reference server, as TypeScript sees it.
 *
 * Naming: SQL is snake_case (tables and columns), code is camelCase. `openDatabase` installs
 * Kysely's CamelCasePlugin with `maintainNestedObjectKeys: true`, so `accountId` in a query is
 * `account_id` in SQL and rows come back camelCased, while keys INSIDE jsonb values are left exactly
 * as stored (the spec's `long_market_value`, `FairValue`, `PricetoFairValue` survive). Table names
 * are written camelCase too (`db.selectFrom("bankAccounts")`). In raw `sql` fragments write the
 * snake_case names yourself.
 *
 * Value types come from the shared parser table (type-parsers.ts), identical on PGlite and
 * PostgreSQL: numeric -> decimal string (`Decimal`), timestamptz -> ISO UTC string (`Timestamp`;
 * write a Date or an ISO string), date -> "YYYY-MM-DD", int8 -> number, jsonb -> parsed value
 * (write it with `json(value)`, a JSON string, so pg never turns a JS array into a SQL array).
 *
 * Money is numeric in the database and a decimal string in code; never a float that is summed.
 * Columns: money `numeric(20, 2)` (reads "1500.00"); prices, quantities, rates and the margin
 * multiplier plain `numeric` (read back exactly as written: "28012", "6.6", "0.1234567891").
 *
 * Prices are not stored: quotes and history are computed by server/market from each instrument's
 * market parameters (basePrice, volatility, drift, ...). Positions and accounts keep a
 * mark-to-market snapshot (price, equityBalance, portfolio equity, long market value, markedAt)
 * written at seed or fill time; recompute from server/market for live figures.
 */
import type { OrderRejection, OrderSide, OrderStatus, OrderType } from "../../src/domain/order-ticket"
import type { NotificationSubject } from "../../src/domain/notifications"
import type { PaymentStepText } from "../../src/domain/payment-step-text"
import type { PriceAlertCondition, PriceAlertState } from "../../src/domain/price-alert"
import type { TransactionText } from "../../src/domain/transaction-text"
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely"

/** A numeric column: read as a decimal string, written as a decimal string (or number/bigint). */
export type Decimal = ColumnType<string, string | number | bigint, string | number | bigint>

/** A timestamptz column: read as an ISO 8601 UTC string, written as a Date or an ISO string. */
export type Timestamp = ColumnType<string, Date | string, Date | string>

/** A timestamptz column with a database default (`now()`). */
export type GeneratedTimestamp = ColumnType<string, Date | string | undefined, Date | string>

/** A date column: "YYYY-MM-DD" in and out. */
export type DateOnly = string

/** A jsonb column holding `T`: read as `T`, written as a JSON string made by `json(value)`. */
export type Json<T> = ColumnType<T, string, string>

/** A nullable jsonb column: SQL NULL reads as null; write `json(value)` or null. */
export type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>

/** A uuid primary key with a database default (`gen_random_uuid()`); the seed writes fixed ids. */
export type GeneratedId = ColumnType<string, string | undefined, never>

/** Serialises a value for a jsonb column (see `Json<T>`): `{ meta: json({ address, phone }) }`. */
export const json = <T>(value: T): string => JSON.stringify(value)

/** Currencies the demo world uses. */
export type Currency = "NGN" | "USD"

// ---------------------------------------------------------------------------------------------
// Partners, groups, users, profiles

/** A custodian / partner provider. `name` is what the spec's `partner` fields show. */
export interface PartnersTable {
  id: GeneratedId
  code: string
  name: string
  createdAt: GeneratedTimestamp
}

/** A user group: the company name shown in the quick user panel. */
export interface UserGroupsTable {
  id: GeneratedId
  companyName: string
  createdAt: GeneratedTimestamp
}

/** The ordered partner list of a group (spec: userGroup.partner). */
export interface GroupPartnersTable {
  userGroupId: string
  partnerId: string
  position: number
}

/** How a user receives the one-time code: "APP" (TOTP authenticator) or "EMAIL". */
export type OtpMethod = "EMAIL" | "APP"

/**
 * A user (admin or customer). `email` is unique case-insensitively (index on lower(email)); look
 * users up with `sql\`lower(email)\`` or compare lower-cased values. `passwordHash` is argon2id
 * (@node-rs/argon2, memoryCost 19456, timeCost 2).
 */
export interface UsersTable {
  id: GeneratedId
  email: string
  username: string
  fullName: string
  firstName: string
  lastName: string
  passwordHash: string
  /** Displayed label only (spec): 1 Admin, 2 Super Admin, 3 Admin; defaults to 1. */
  adminLevel: Generated<number>
  otpMethod: OtpMethod
  totpSecret: string | null
  userGroupId: string | null
  /** The compliance reviewer permission (issue 13): the workflow explorer and its approvals. */
  reviewer: Generated<boolean>
  createdAt: GeneratedTimestamp
  updatedAt: GeneratedTimestamp
}

/** Profile groups (spec part 2 section 3); stored as jsonb, one column per group. */
export interface ProfileBasic {
  username: string
  email: string
  firstName: string
  middleName: string | null
  lastName: string
  phone: string | null
  riskProfile?: { riskScore: number | string | null }
}
/** Spec: personalData. */
export interface ProfilePersonalData {
  gender: string | null
  marital: string | null
  birthDay: number | null
  birthMonth: number | null
  birthYear: number | null
  politicallyExposedNames: string[] | null
}
/** Spec: identificationData. */
export interface ProfileIdentification {
  type: string | null
  value: string | null
}
/** Spec: employmentData; status EMPLOYED, SELF_EMPLOYED, UNEMPLOYED, RETIRED, STUDENT. */
export interface ProfileEmployment {
  status: string | null
  company: string | null
  type: string | null
  position: string | null
  address: string | null
  zip: string | null
  city: string | null
  state: string | null
  country: string | null
}
/** Spec: trustData. */
export interface ProfileTrust {
  trustInfo: { firstName: string; lastName: string; email: string; phone: string } | null
  nextOfKin: { firstName: string; lastName: string; email: string; phone: string; relationship: string } | null
}
/** Spec: addressData. */
export interface ProfileAddress {
  street1: string | null
  street2: string | null
  postalCode: string | null
  city: string | null
  province: string | null
  country: string | null
}
/** Spec: disclosuresData. */
export interface ProfileDisclosures {
  termsOfUse: boolean
  customerAgreement: boolean
  iraAgreement: boolean
  marketDataAgreement: boolean
  marginAgreement: boolean
  accountAgreement: boolean
  rule14b: boolean
  privacyPolicy: boolean
  dataSharing: boolean
  ipAddress: string | null
  signedBy: string | null
  date: string | null
}
/** Spec: investmentData. */
export interface ProfileInvestment {
  annualIncome: string | null
  networthLiquid: string | null
  networthTotal: string | null
  investmentObjectives: string | null
  investmentExperience: string | null
  riskTolerance: string | null
  taxRate: string | null
}
/** Spec: complianceData. */
export interface ProfileCompliance {
  fundingSources: string[]
  transferFrequencyPerMonth: number | null
  transferTotalExpected: string | null
  investmentHistory12M: string | null
}

/**
 * A user's profile, one row per user. `status` is "verified" for verified users (compare
 * case-insensitively, spec); the demo world's unverified user has "pending".
 */
export interface ProfilesTable {
  userId: string
  status: string
  basic: Json<ProfileBasic>
  personalData: Json<ProfilePersonalData>
  identificationData: Json<ProfileIdentification>
  employmentData: Json<ProfileEmployment>
  trustData: Json<ProfileTrust>
  addressData: Json<ProfileAddress>
  disclosuresData: Json<ProfileDisclosures>
  investmentData: Json<ProfileInvestment>
  complianceData: Json<ProfileCompliance>
  createdAt: GeneratedTimestamp
  updatedAt: GeneratedTimestamp
}

// ---------------------------------------------------------------------------------------------
// Portfolios and what they hold

/**
 * A portfolio (trading account). `partnerId` is the custodian; `marginMultiplier` > 1 shows the
 * margin panel (Total Margin = (multiplier - 1) x equity). `portfolioEquity` and
 * `longMarketValue` are the mark-to-market snapshot as of `markedAt` (see the module comment).
 */
export interface AccountsTable {
  accountId: GeneratedId
  userId: string
  accountNumber: string
  userType: string
  status: string
  partnerId: string
  currency: Currency
  cashBalance: Decimal
  marginMultiplier: Decimal
  portfolioEquity: Decimal
  longMarketValue: Decimal
  markedAt: GeneratedTimestamp
  createdAt: GeneratedTimestamp
  updatedAt: GeneratedTimestamp
}

/**
 * The version of an account's details (migration 0019): changed by triggers at the commit of every
 * change to the account, its orders, payments, positions, transactions, statements, reserved and
 * wire accounts, or its owner's profile. Read-only for the application.
 */
export interface AccountVersionsTable {
  accountId: string
  /** int8: a number (type-parsers.ts); starts at the creation time in microseconds. */
  version: number
  bumpedIn: string | null
}

/**
 * The version of what GET /admins/me shows of a user (migration 0037): changed by triggers with
 * every change to the user's row, the user's group or the group's partners. Read-only for the
 * application.
 */
export interface UserVersionsTable {
  userId: string
  /** int8: a number (type-parsers.ts); starts at the creation time in microseconds. */
  version: number
}

/** The catalogue's version (migration 0037, one row): changed by every statement that writes instruments or partners. */
export interface CatalogueVersionTable {
  onlyRow: Generated<boolean>
  /** int8: a number (type-parsers.ts). */
  version: number
}

/**
 * A holding. `costBasis` is what the held quantity cost (average cost after sells); `price` and
 * `equityBalance` (= totalQuantity x price) are the snapshot as of `markedAt`.
 */
export interface PositionsTable {
  id: GeneratedId
  accountId: string
  instrumentId: string
  totalQuantity: Decimal
  costBasis: Decimal
  price: Decimal
  equityBalance: Decimal
  markedAt: GeneratedTimestamp
  createdAt: GeneratedTimestamp
  updatedAt: GeneratedTimestamp
}

/** Order lifecycle, side and type: the domain's (PENDING -> PROCESSING -> FILLED | REJECTED, or CANCELLED while open). */
export type { OrderSide, OrderStatus, OrderType }
/** One step of an order's visible lifecycle (spec: progress[] {status, time}). */
export interface OrderProgressStep {
  status: OrderStatus
  time: string
}

/**
 * An order. For MARKET orders `amount` (and the estimated `quantity`) are what was asked and
 * `priority` says which one the user typed; for LIMIT/STOP `price` is the target price. When
 * FILLED, `fillPrice`, `quantity` and `total` are what was executed. `responseError` is the
 * spec's response.error (REJECTED orders).
 */
export interface OrdersTable {
  id: GeneratedId
  accountId: string
  instrumentId: string
  symbol: string
  side: OrderSide
  type: OrderType
  status: OrderStatus
  priority: "amount" | "quantity" | null
  price: Decimal | null
  quantity: Decimal | null
  amount: Decimal | null
  total: Decimal | null
  fillPrice: Decimal | null
  currency: Currency
  country: string
  exchange: string
  provider: string
  progress: Json<OrderProgressStep[]>
  responseError: string | null
  /** Why a REJECTED order was refused, in codes and figures (migration 0005); null before it or when not rejected. */
  responseReason: NullableJson<OrderRejection>
  createdAt: GeneratedTimestamp
  updatedAt: GeneratedTimestamp
}

/**
 * Cash transaction kinds; see `cashEffect` in ledger.ts for how each moves cash. A `reversal`
 * books the cash of a returned withdrawal back, tied to its payment (migration 0010).
 */
export type TranType = "deposit" | "withdraw" | "buy" | "sell" | "dividend" | "reversal"

/**
 * A cash transaction. `tranAmount` is a positive magnitude; the direction comes from `tranType`
 * (ledger.ts `cashEffect`): the account's cashBalance equals the sum of its cash effects. What it
 * says is `descriptionText` / `commentText` (a code and values, src/domain/transaction-text,
 * migration 0011); `description` / `comment` hold free text only where no code says it.
 */
export interface TransactionsTable {
  id: GeneratedId
  accountId: string
  tranType: TranType
  tranAmount: Decimal
  tranTime: Timestamp
  description: string | null
  comment: string | null
  descriptionText: NullableJson<TransactionText>
  commentText: NullableJson<TransactionText>
  orderId: string | null
  paymentId: string | null
  createdAt: GeneratedTimestamp
}

/**
 * One step of a payment's timeline (spec: progress[] {status, date, activity}): what it did as a
 * code and values (`activityText`, migration 0012), `activity` null then (free text otherwise).
 */
export interface PaymentProgressStep {
  status: string
  date: string
  activity: string | null
  activityText?: PaymentStepText | null
}

/** A deposit or withdrawal (spec part 2 Payment). Money fields are decimal strings. */
export interface PaymentsTable {
  id: GeneratedId
  accountId: string
  ref: string
  gatewayRef: string | null
  status: string
  type: "DEPOSIT" | "WITHDRAWAL"
  method: string | null
  gateway: string | null
  rate: Decimal
  amount: Decimal
  serviceFee: Decimal
  instantFee: Decimal
  processFee: Decimal
  total: Decimal
  currency: Currency
  instantDeposit: boolean
  last4: string | null
  ip: string | null
  instantComment: string | null
  description: string | null
  bankAccountId: string | null
  progress: Json<PaymentProgressStep[]>
  /** What arrives at the bank account: `amount` at `rate`, in `payoutCurrency` (migration 0010; null before it). */
  payoutAmount: Decimal | null
  payoutCurrency: string | null
  createdAt: GeneratedTimestamp
  updatedAt: GeneratedTimestamp
}

/**
 * A rate quoted for one withdrawal in another currency (migration 0010): the user, portfolio,
 * bank account, channel and amount it was given for, the rate and what arrives, valid until
 * `expiresAt` and used at most once (`usedAt`).
 */
export interface WithdrawalQuotesTable {
  id: GeneratedId
  userId: string
  accountId: string
  bankAccountId: string
  channel: string
  amount: Decimal
  currency: string
  rate: Decimal
  payoutAmount: Decimal
  payoutCurrency: string
  createdAt: Timestamp
  expiresAt: Timestamp
  usedAt: Timestamp | null
}

/**
 * A statement file: a trade confirmation (one per filled order) or a monthly account statement
 * (`date` = first day of the month). The PDF is generated from the account's data on download;
 * `key` identifies it within the account.
 */
export interface StatementsTable {
  id: GeneratedId
  accountId: string
  kind: "confirmation" | "account"
  date: DateOnly
  key: string
  orderId: string | null
  createdAt: GeneratedTimestamp
}

/** A reserved account (nuban) for NGN deposits. */
export interface ReservedAccountsTable {
  id: GeneratedId
  accountId: string
  ref: string
  accountNumber: string
  accountName: string
  bankName: string
  gateway: string
  instantDeposit: boolean
  createdAt: GeneratedTimestamp
  updatedAt: GeneratedTimestamp
}

/**
 * The wire account for a USD portfolio. `instructions` contains the placeholder
 * `{accountNumber}` for the trading account number (spec part 2, Overview).
 */
export interface WireAccountsTable {
  id: GeneratedId
  accountId: string
  accountNumber: string
  beneficiaryName: string
  bankName: string
  swiftCode: string
  routingNumber: string
  bankAddress: string
  instructions: string
  createdAt: GeneratedTimestamp
}

// ---------------------------------------------------------------------------------------------
// Banks, bank accounts, documents

/** The bank list (spec: {ref, bankName}); the bank named "Foreign" selects the foreign form. */
export interface BanksTable {
  ref: string
  bankName: string
  countryCode: string
  currency: Currency
  position: number
  /** The 3-digit CBN bank code of a local bank (its NUBAN check digit uses it); null for "Foreign". */
  code: string | null
}

/** A user's withdrawal bank account. Foreign accounts fill the bank* and swiftAba fields. */
export interface BankAccountsTable {
  id: GeneratedId
  userId: string
  ref: string
  bankRef: string
  bankName: string
  accountNumber: string
  accountName: string
  accountType: "Saving" | "Checking"
  currency: Currency
  status: string
  swiftAba: string | null
  bankAddress: string | null
  bankCity: string | null
  bankProvince: string | null
  bankZipCode: string | null
  bankCountryCode: string | null
  createdAt: GeneratedTimestamp
  updatedAt: GeneratedTimestamp
}

/** A user's watchlist (issue 36); `name` null is the default list the server made. */
export interface WatchlistsTable {
  id: GeneratedId
  userId: string
  name: string | null
  position: number
  createdAt: GeneratedTimestamp
}

/** An instrument on a watchlist, at its position in the list. */
export interface WatchlistItemsTable {
  watchlistId: string
  instrumentId: string
  position: number
  addedAt: GeneratedTimestamp
}

/** A user's price alert (issue 36, decision 0260); rules in src/domain/price-alert.ts. */
export interface PriceAlertsTable {
  id: GeneratedId
  userId: string
  instrumentId: string
  condition: PriceAlertCondition
  threshold: Decimal
  state: PriceAlertState
  armSeq: ColumnType<number, number | undefined, number>
  firedAt: ColumnType<string | null, Date | string | null | undefined, Date | string | null>
  firedPrice: ColumnType<string | null, string | null | undefined, string | null>
  createdAt: GeneratedTimestamp
}

/** One firing of an alert: at most one per (alert, arming). */
export interface PriceAlertFiringsTable {
  id: GeneratedId
  alertId: string
  armSeq: number
  userId: string
  price: Decimal
  firedAt: ColumnType<string, Date | string, Date | string>
}

/** A notice of the inbox (issue 36): its kind, what it is about and its text's values (src/domain/notifications). */
export interface NotificationsTable {
  id: GeneratedId
  userId: string
  kind: string
  dedupeKey: string
  subject: Json<NotificationSubject>
  params: Json<Readonly<Record<string, string>>>
  createdAt: GeneratedTimestamp
  readAt: ColumnType<string | null, Date | string | null | undefined, Date | string | null>
}

/** Which kinds of notice are also mailed to the user, and the mail's language. */
export interface NotificationPreferencesTable {
  userId: string
  mailKinds: Json<ReadonlyArray<string>>
  language: string
  updatedAt: GeneratedTimestamp
}

/** Document categories (spec part 2, Document upload). */
export type DocumentCategory = "PICTURE_ID" | "PROOF_OF_ADDRESS" | "PICTURE_ID_PROOF_OF_ADDRESS" | "TAX" | "TRUST_DOCUMENTS"

/**
 * An uploaded identity document: its metadata, and the name of its file in the documents directory
 * (`fileName`, server-made; server/documents/files.ts). `content` (bytea -> Uint8Array) holds the
 * bytes only until they are moved to that file at start-up (seeded rows, rows from before files).
 */
export interface DocumentsTable {
  id: GeneratedId
  userId: string
  type: DocumentCategory
  status: string
  idType: string | null
  idValue: string | null
  rejectionReason: string | null
  contentType: string
  fileName: string
  content: ColumnType<Uint8Array | null, Uint8Array | null | undefined, Uint8Array | null>
  createdAt: GeneratedTimestamp
  updatedAt: GeneratedTimestamp
}

// ---------------------------------------------------------------------------------------------
// Instruments and news

/** Spec: analysis.EquityResearchRatingsEntity. Any field may be missing. */
export interface EquityResearchRatings {
  FairValue?: string | null
  PricetoFairValue?: string | null
  StarRating?: number | null
  Uncertainty?: string | null
  MoatTrend?: string | null
}

/** Spec: instrument.analysis. */
export interface InstrumentAnalysis {
  EquityResearchRatingsEntity: EquityResearchRatings
}

/**
 * An instrument, listed by one partner (`partnerId` = the provider searches filter on). The
 * market parameters feed server/market (prices are computed, never stored): `basePrice` is the
 * price level around the start of 2026, `volatility` and `drift` are annual fractions, `spreadBps`
 * the quoted spread in basis points.
 */
export interface InstrumentsTable {
  id: GeneratedId
  symbol: string
  name: string
  description: string
  type: "EQUITY" | "ETF"
  sector: string
  imageUrl: string
  url: string
  currency: Currency
  exchange: string
  country: string
  meta: Json<{ address: string; phone: string }>
  partnerId: string
  analysis: NullableJson<InstrumentAnalysis>
  basePrice: Decimal
  volatility: number
  drift: number
  spreadBps: number
  sharesOutstanding: number
  averageVolume: number
  createdAt: GeneratedTimestamp
}

/** A news item about one instrument (spec: instrument.news). */
export interface InstrumentNewsTable {
  id: GeneratedId
  instrumentId: string
  url: string
  imageUrl: string | null
  title: string
  content: string
  source: string
  publishedAt: Timestamp
}

/**
 * A business news article. `title` ends with " - Source" and `content` with " [+N chars]", as the
 * upstream feed does (the views strip them).
 */
export interface BusinessNewsTable {
  id: GeneratedId
  url: string
  urlToImage: string | null
  title: string
  content: string
  source: string
  publishedAt: Timestamp
}

// ---------------------------------------------------------------------------------------------
// Server plumbing

/** Key/value settings; keys in `SettingKey`. */
export interface SettingsTable {
  key: string
  value: string
}

/** Known setting keys. */
export const SettingKey = {
  /** The market insight page address (GET /overview/market-insight). */
  marketInsightUrl: "market_insight_url",
  /** Written last by the seed: the demo world is complete (see seed/index.ts isSeeded). */
  demoWorldSeededAt: "demo_world_seeded_at",
} as const

/** Outgoing mail, kept instead of sent (the dev mailbox reads it). */
export interface OutboxTable {
  id: Generated<number>
  toAddress: string
  subject: string
  bodyText: string
  createdAt: GeneratedTimestamp
}

/** Request-signature nonces seen inside the replay window (shared by all API processes). */
export interface RequestNonceTable {
  nonce: string
  seenAt: Timestamp
}

/** One counted attempt of the authentication rate limiter (server/auth/rate-limit.ts). */
export interface AuthRateLimitHitsTable {
  id: Generated<number>
  /** SHA-256 (hex) of the limiter key. */
  key: string
  at: Timestamp
  expiresAt: Timestamp
}

/** One document upload of a user (server/documents/upload-limits.ts): running while `finishedAt` is null. */
export interface DocumentUploadAttemptsTable {
  id: GeneratedId
  userId: string
  startedAt: Timestamp
  finishedAt: ColumnType<string | null, Date | string | null, Date | string | null>
}

/** The state of an idempotency key: claimed by a running request, or answered. */
export type IdempotencyState = "in_progress" | "done"

/**
 * An Idempotency-Key of a creating POST, per user (server/http/idempotency.ts). `requestHash` is
 * the SHA-256 of method, path and canonical body; `statusCode` and `responseBody` are the answer
 * replayed to later requests with the same key once `state` is "done".
 */
export interface IdempotencyKeysTable {
  userId: string
  key: string
  requestMethod: string
  requestPath: string
  requestHash: string
  state: IdempotencyState
  statusCode: ColumnType<number | null, number | null | undefined, number | null>
  responseBody: NullableJson<unknown>
  createdAt: Timestamp
  completedAt: ColumnType<string | null, Date | string | null | undefined, Date | string | null>
}

/**
 * One approval of a chart's fingerprint by a reviewer (issue 13; migration 0006). The reviewer's
 * e-mail and name are copied at approval time. Only ever inserted.
 */
export interface ChartApprovalsTable {
  id: GeneratedId
  chart: string
  fingerprint: string
  note: string
  reviewerId: string
  reviewerEmail: string
  reviewerName: string
  approvedAt: Timestamp
}

/**
 * A chart version a reviewer approved (migration 0013): its canonical definition by chart and
 * fingerprint, kept so the explorer shows what changed since. Written at the first approval of the
 * version, never changed.
 */
export interface ChartVersionsTable {
  chart: string
  fingerprint: string
  definition: string
}

/** Every table, keyed by its camelCase name. */
export interface DB {
  partners: PartnersTable
  userGroups: UserGroupsTable
  groupPartners: GroupPartnersTable
  users: UsersTable
  profiles: ProfilesTable
  accounts: AccountsTable
  accountVersions: AccountVersionsTable
  userVersions: UserVersionsTable
  catalogueVersion: CatalogueVersionTable
  positions: PositionsTable
  orders: OrdersTable
  transactions: TransactionsTable
  payments: PaymentsTable
  statements: StatementsTable
  reservedAccounts: ReservedAccountsTable
  wireAccounts: WireAccountsTable
  banks: BanksTable
  bankAccounts: BankAccountsTable
  documents: DocumentsTable
  instruments: InstrumentsTable
  instrumentNews: InstrumentNewsTable
  businessNews: BusinessNewsTable
  settings: SettingsTable
  outbox: OutboxTable
  requestNonce: RequestNonceTable
  idempotencyKeys: IdempotencyKeysTable
  authRateLimitHits: AuthRateLimitHitsTable
  documentUploadAttempts: DocumentUploadAttemptsTable
  chartApprovals: ChartApprovalsTable
  chartVersions: ChartVersionsTable
  withdrawalQuotes: WithdrawalQuotesTable
  watchlists: WatchlistsTable
  watchlistItems: WatchlistItemsTable
  priceAlerts: PriceAlertsTable
  priceAlertFirings: PriceAlertFiringsTable
  notifications: NotificationsTable
  notificationPreferences: NotificationPreferencesTable
}

/** A selected row of a table: `Row<"accounts">`. */
export type Row<T extends keyof DB> = Selectable<DB[T]>
/** An insertable row of a table: `NewRow<"orders">`. */
export type NewRow<T extends keyof DB> = Insertable<DB[T]>
/** An update of a table: `RowUpdate<"orders">`. */
export type RowUpdate<T extends keyof DB> = Updateable<DB[T]>
