/**
 * The deterministic demo world as rows, built without a database: `buildDemoWorld(now, hashes)`
 * gives every table's rows for a reference instant `now` (dates are relative to it so the data
 * looks recent). The same `now` and hashes give identical rows; only the password hashes (random
 * salts) differ between seeds.
 *
 * Consistency the rows keep (and tests check): each account's cashBalance is the sum of its cash
 * transactions' effects; every payment books exactly the cash transactions a live one would
 * (db/ledger.ts `paymentEntries`: a completed deposit its credit, every withdrawal its reserve at
 * request, open ones included, a returned one also its reversal); every filled order has its buy/sell transaction and a trade confirmation;
 * position quantities and cost bases follow the filled orders (average cost on sells); fill prices
 * are the synthetic market's ask (buys) or bid (sells) at the fill instant; position price, equity
 * and the account's portfolio snapshot are marked at `now`.
 */
import { valueAnalysis, type ValueAnalysis } from "../../../src/domain/value-analysis"
import { add, compare, div, mul, sub, sum, toFixed } from "../../../src/domain/decimal"
import { nubanFor } from "../../../src/domain/nuban"
import { quoteAt, sessionFor, tradingIndex, type MarketInstrument } from "../../market/index"
import { tradingDayMs } from "../../market/calendar"
import { cashEffect, paymentEntries, type PaymentEntry } from "../ledger"
import { rejectionText } from "../../orders/rules"
import type { OrderRejection } from "../../../src/domain/order-ticket"
import { paymentStepText, type PaymentStepText } from "../../../src/domain/payment-step-text"
import { transactionText, type PayoutFailureReason, type TransactionText } from "../../../src/domain/transaction-text"
import {
  json,
  SettingKey,
  type Currency,
  type EquityResearchRatings,
  type NewRow,
  type OrderProgressStep,
  type OrderSide,
  type OrderStatus,
  type OrderType,
  type PaymentProgressStep,
  type ProfileAddress,
  type ProfileEmployment,
  type TranType,
} from "../schema"
import { buildCatalogue, PARTNERS, type CatalogueEntry, type PartnerCode } from "./catalogue"
import { DEMO_GROUP_NAME, DEMO_USERS } from "./demo-users"
import { seedDigits, seedId, seedRef } from "./ids"
import { buildBusinessNews, buildInstrumentNews } from "./news"
import { newUserProfile } from "../new-user-profile"

/** Where the market insight page is served (by the app's static files). */
export const MARKET_INSIGHT_URL = "/embedded/market-insight.html"

/** Argon2id hashes of the demo password, one per demo user. */
export type DemoPasswordHashes = Readonly<Record<keyof typeof DEMO_USERS, string>>

/** Every table's seed rows, in insertion (foreign-key) order. */
export interface DemoWorld {
  readonly partners: NewRow<"partners">[]
  readonly userGroups: NewRow<"userGroups">[]
  readonly groupPartners: NewRow<"groupPartners">[]
  readonly users: NewRow<"users">[]
  readonly profiles: NewRow<"profiles">[]
  readonly instruments: NewRow<"instruments">[]
  readonly instrumentNews: NewRow<"instrumentNews">[]
  readonly businessNews: NewRow<"businessNews">[]
  readonly banks: NewRow<"banks">[]
  readonly bankAccounts: NewRow<"bankAccounts">[]
  readonly accounts: NewRow<"accounts">[]
  readonly reservedAccounts: NewRow<"reservedAccounts">[]
  readonly wireAccounts: NewRow<"wireAccounts">[]
  readonly orders: NewRow<"orders">[]
  readonly payments: NewRow<"payments">[]
  readonly transactions: NewRow<"transactions">[]
  readonly positions: NewRow<"positions">[]
  /** Trade confirmations (monthly account statements are worked out from the opening date: server/statements/data.ts). */
  readonly statements: NewRow<"statements">[]
  readonly documents: NewRow<"documents">[]
  readonly settings: NewRow<"settings">[]
}

/** The tables of a DemoWorld in the order they must be inserted. */
export const WORLD_TABLES = [
  "partners",
  "userGroups",
  "groupPartners",
  "users",
  "profiles",
  "instruments",
  "instrumentNews",
  "businessNews",
  "banks",
  "bankAccounts",
  "accounts",
  "reservedAccounts",
  "wireAccounts",
  "orders",
  "payments",
  "transactions",
  "positions",
  "statements",
  "documents",
  "settings",
] as const satisfies ReadonlyArray<keyof DemoWorld>

const MINUTE_MS = 60_000
const DAY_MS = 86_400_000

const iso = (ms: number): string => new Date(ms).toISOString()

// ---------------------------------------------------------------------------------------------
// Reference data

/** The local banks with their 3-digit CBN codes (the NUBAN check digit of their accounts uses them; migration 0004 has the same codes). */
export const BANKS: ReadonlyArray<{ ref: string; bankName: string; code: string }> = [
  { ref: "HTB", bankName: "Harbour Trust Bank", code: "101" },
  { ref: "LCB", bankName: "Lekki Commercial Bank", code: "102" },
  { ref: "USB", bankName: "Unity Savings Bank", code: "103" },
  { ref: "SMB", bankName: "Sahel Merchant Bank", code: "104" },
  { ref: "NDB", bankName: "Niger Delta Bank", code: "105" },
  { ref: "ECB", bankName: "Eko Cooperative Bank", code: "106" },
  { ref: "KTB", bankName: "Kano Trade Bank", code: "107" },
  { ref: "BCB", bankName: "Benue Community Bank", code: "108" },
  { ref: "ADB", bankName: "Atlas Digital Bank", code: "109" },
  { ref: "CMB", bankName: "Calabar Microfinance Bank", code: "110" },
  { ref: "GFB", bankName: "Gateway First Bank", code: "111" },
  { ref: "OPB", bankName: "Oyo Peoples Bank", code: "112" },
]

/** The bank ref of the "Foreign" entry (selects the foreign-bank form). */
export const FOREIGN_BANK_REF = "FOREIGN"

// A 1x1 PNG: seeded documents are placeholders with valid PNG magic bytes.
const PLACEHOLDER_PNG = Uint8Array.from(
  Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64"),
)

// Value analysis bands cycle through the ratios; the star rating is drawn from the ratings that
// agree with the band (`recommendationAgrees`: buy with under valued, hold with fair value, sell
// with over valued; 0 and a missing rating agree with anything), so no demo instrument shows
// 'Under Valued' beside 'Sell: overvalued'. The star lists' lengths are co-prime with the ratio
// list's, so every band still meets every rating it agrees with.
// "missing-ratio" keeps the entity without PricetoFairValue; "no-analysis" leaves analysis null.
const PRICE_TO_FAIR_VALUE: ReadonlyArray<string> = ["0.62", "0.78", "0.90", "0.95", "1.05", "1.19", "1.20", "1.34", "1.52", "missing-ratio", "no-analysis"]
const STAR_RATINGS: ReadonlyArray<number | null> = [5, 4, 3, 2, 1, 0, null]
const STARS_BY_BAND: Readonly<Record<ValueAnalysis, ReadonlyArray<number | null>>> = {
  "under-valued": [5, 4, 0, 5, null],
  "fair-value": [3, 2, 0, 3, null],
  "over-valued": [1, 0, 1, null, 1],
  none: STAR_RATINGS,
}
const UNCERTAINTY = ["Low", "Medium", "High", "Very High", "Extreme"]
const MOAT_TREND = ["Positive", "Stable", "Negative"]

const analysisFor = (index: number, last: string): { analysis: { EquityResearchRatingsEntity: EquityResearchRatings } | null } => {
  const ratio = PRICE_TO_FAIR_VALUE[index % PRICE_TO_FAIR_VALUE.length] as string
  if (ratio === "no-analysis") return { analysis: null }
  const stars = STARS_BY_BAND[ratio === "missing-ratio" ? "none" : valueAnalysis(ratio)]
  const star = stars[Math.floor(index / PRICE_TO_FAIR_VALUE.length) % stars.length] ?? null
  const entity: EquityResearchRatings = {
    FairValue: ratio === "missing-ratio" ? null : div(last, ratio, 2),
    PricetoFairValue: ratio === "missing-ratio" ? null : ratio,
    StarRating: star,
    Uncertainty: UNCERTAINTY[index % UNCERTAINTY.length] ?? null,
    MoatTrend: MOAT_TREND[index % MOAT_TREND.length] ?? null,
  }
  if (star === null) delete entity.StarRating
  return { analysis: { EquityResearchRatingsEntity: entity } }
}

// ---------------------------------------------------------------------------------------------
// Profiles

const fullProfile = (
  user: (typeof DEMO_USERS)["demo"] | (typeof DEMO_USERS)["app"],
  details: {
    phone: string
    gender: string
    marital: string
    birth: [number, number, number]
    identification: { type: string; value: string }
    employment: ProfileEmployment
    address: ProfileAddress
    riskScore: number
    signedAt: string
  },
) => ({
  basic: {
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    middleName: user.key === "demo" ? "Chioma" : null,
    lastName: user.lastName,
    phone: details.phone,
    riskProfile: { riskScore: details.riskScore },
  },
  personalData: {
    gender: details.gender,
    marital: details.marital,
    birthDay: details.birth[0],
    birthMonth: details.birth[1],
    birthYear: details.birth[2],
    politicallyExposedNames: null,
  },
  identificationData: details.identification,
  employmentData: details.employment,
  trustData:
    user.key === "demo"
      ? {
          trustInfo: { firstName: "Ifeoma", lastName: "Eze", email: "ifeoma.eze@example.com", phone: "+234 803 555 0142" },
          nextOfKin: { firstName: "Chidi", lastName: "Okafor", email: "chidi.okafor@example.com", phone: "+234 805 555 0177", relationship: "Sibling" },
        }
      : {
          trustInfo: { firstName: "Samuel", lastName: "Owusu", email: "samuel.owusu@example.com", phone: "+1 617 555 0158" },
          nextOfKin: { firstName: "Abena", lastName: "Mensah", email: "abena.mensah@example.com", phone: "+1 617 555 0163", relationship: "Parent" },
        },
  addressData: details.address,
  disclosuresData: {
    termsOfUse: true,
    customerAgreement: true,
    iraAgreement: false,
    marketDataAgreement: true,
    marginAgreement: user.key === "demo",
    accountAgreement: true,
    rule14b: false,
    privacyPolicy: true,
    dataSharing: false,
    ipAddress: "198.51.100.23",
    signedBy: user.fullName,
    date: details.signedAt,
  },
  investmentData: {
    annualIncome: user.key === "demo" ? "25,000,000 - 50,000,000 NGN" : "75,000 - 100,000 USD",
    networthLiquid: user.key === "demo" ? "10,000,000 - 25,000,000 NGN" : "50,000 - 100,000 USD",
    networthTotal: user.key === "demo" ? "50,000,000 - 100,000,000 NGN" : "250,000 - 500,000 USD",
    investmentObjectives: user.key === "demo" ? "GROWTH" : "INCOME",
    investmentExperience: user.key === "demo" ? "GOOD" : "LIMITED",
    riskTolerance: user.key === "demo" ? "MEDIUM" : "LOW",
    taxRate: "10%",
  },
  complianceData: {
    fundingSources: user.key === "demo" ? ["EMPLOYMENT_INCOME", "INVESTMENTS"] : ["EMPLOYMENT_INCOME"],
    transferFrequencyPerMonth: user.key === "demo" ? 3 : 1,
    transferTotalExpected: user.key === "demo" ? "5,000,000 NGN" : "5,000 USD",
    investmentHistory12M: user.key === "demo" ? "Listed equities and mutual funds" : "Exchange-traded funds",
  },
})

// ---------------------------------------------------------------------------------------------
// Portfolios

interface Ledger {
  cash: string
  readonly holdings: Map<string, { quantity: string; costBasis: string; since: number }>
}

interface PortfolioContext {
  readonly key: string
  readonly accountId: string
  readonly accountNumber: string
  readonly currency: Currency
  readonly partnerName: string
  readonly now: Date
  readonly instruments: ReadonlyMap<string, CatalogueEntry & { id: string }>
  readonly ledger: Ledger
  readonly world: MutableWorld
  sequence: number
}

type MutableWorld = { -readonly [K in keyof DemoWorld]: DemoWorld[K] }

const marketOf = (entry: CatalogueEntry): MarketInstrument => entry

/** An instant on a trading day `tradingDaysBack` before `now`'s trading day, inside the session. */
const sessionInstant = (ctx: PortfolioContext, tradingDaysBack: number, minutesAfterOpen: number): number => {
  const index = tradingIndex(ctx.now) - tradingDaysBack
  return tradingDayMs(index) + (sessionFor(ctx.currency).openMinute + minutesAfterOpen) * MINUTE_MS
}

const nextName = (ctx: PortfolioContext, what: string): string => `${ctx.key}/${what}/${++ctx.sequence}`

const addTransaction = (
  ctx: PortfolioContext,
  row: {
    tranType: TranType
    tranAmount: string
    at: number
    description: TransactionText
    comment: TransactionText | null
    orderId?: string
    paymentId?: string
  },
): void => {
  const name = nextName(ctx, "transaction")
  ctx.world.transactions.push({
    id: seedId("transaction", name),
    accountId: ctx.accountId,
    tranType: row.tranType,
    tranAmount: row.tranAmount,
    tranTime: iso(row.at),
    description: null,
    comment: null,
    descriptionText: json(row.description),
    commentText: row.comment === null ? null : json(row.comment),
    orderId: row.orderId ?? null,
    paymentId: row.paymentId ?? null,
    createdAt: iso(row.at),
  })
  ctx.ledger.cash = add(ctx.ledger.cash, cashEffect(row.tranType, row.tranAmount))
}

const instrumentOf = (ctx: PortfolioContext, symbol: string): CatalogueEntry & { id: string } => {
  const entry = ctx.instruments.get(symbol)
  if (!entry) throw new Error(`Seed plan names an unknown instrument ${symbol}`)
  return entry
}

const orderRow = (
  ctx: PortfolioContext,
  entry: CatalogueEntry & { id: string },
  order: {
    side: OrderSide
    type: OrderType
    status: OrderStatus
    createdAt: number
    steps: ReadonlyArray<readonly [OrderStatus, number]>
    priority: "amount" | "quantity" | null
    price: string | null
    quantity: string | null
    amount: string | null
    total: string | null
    fillPrice: string | null
    rejection?: OrderRejection
  },
): string => {
  const id = seedId("order", nextName(ctx, "order"))
  const progress: OrderProgressStep[] = order.steps.map(([status, at]) => ({ status, time: iso(at) }))
  const last = order.steps[order.steps.length - 1]
  ctx.world.orders.push({
    id,
    accountId: ctx.accountId,
    instrumentId: entry.id,
    symbol: entry.symbol,
    side: order.side,
    type: order.type,
    status: order.status,
    priority: order.priority,
    price: order.price,
    quantity: order.quantity,
    amount: order.amount,
    total: order.total,
    fillPrice: order.fillPrice,
    currency: entry.currency,
    country: entry.country,
    exchange: entry.exchange,
    provider: ctx.partnerName,
    progress: json(progress),
    responseError: order.rejection ? rejectionText(order.rejection) : null,
    responseReason: order.rejection ? json(order.rejection) : null,
    createdAt: iso(order.createdAt),
    updatedAt: iso(last ? last[1] : order.createdAt),
  })
  return id
}

const confirmation = (ctx: PortfolioContext, orderId: string, at: number): void => {
  const date = iso(at).slice(0, 10)
  ctx.world.statements.push({
    id: seedId("statement", `${ctx.key}/confirmation/${orderId}`),
    accountId: ctx.accountId,
    kind: "confirmation",
    date,
    key: `confirmation-${date}-${orderId.slice(0, 8)}`,
    orderId,
    createdAt: iso(at + 30 * MINUTE_MS),
  })
}

/** A filled BUY of `quantity` (or of `cashShare` of the cash at the ask) at an instant in the session. */
const buy = (
  ctx: PortfolioContext,
  tradingDaysBack: number,
  symbol: string,
  size: { cashShare: number } | { quantity: number },
  type: OrderType = "MARKET",
): void => {
  const entry = instrumentOf(ctx, symbol)
  const at = sessionInstant(ctx, tradingDaysBack, 45 + (ctx.sequence % 5) * 30)
  const quote = quoteAt(marketOf(entry), new Date(at))
  const quantity =
    "quantity" in size ? String(size.quantity) : String(Math.max(1, Math.floor(Number(div(mul(ctx.ledger.cash, size.cashShare), quote.ask, 6, "down")))))
  const total = mul(quantity, quote.ask)
  if (compare(total, ctx.ledger.cash) > 0) throw new Error(`Seed plan overdraws ${ctx.key} buying ${symbol}`)
  const limit = type === "LIMIT" ? toFixed(mul(quote.ask, "1.01"), 2) : null
  const orderId = orderRow(ctx, entry, {
    side: "BUY",
    type,
    status: "FILLED",
    createdAt: at,
    steps: [
      ["PENDING", at],
      ["PROCESSING", at + 2_000],
      ["FILLED", at + 5_000],
    ],
    priority: type === "MARKET" ? "quantity" : null,
    price: limit ?? quote.ask,
    quantity,
    amount: type === "MARKET" ? total : null,
    total,
    fillPrice: quote.ask,
  })
  addTransaction(ctx, {
    tranType: "buy",
    tranAmount: total,
    at: at + 5_000,
    description: transactionText("bought", { quantity, symbol, price: quote.ask }),
    comment: transactionText("order-filled", { orderType: type }),
    orderId,
  })
  confirmation(ctx, orderId, at + 5_000)
  const holding = ctx.ledger.holdings.get(symbol)
  if (holding) {
    holding.quantity = add(holding.quantity, quantity)
    holding.costBasis = add(holding.costBasis, total)
  } else {
    ctx.ledger.holdings.set(symbol, { quantity, costBasis: total, since: at })
  }
}

/** A filled SELL of `share` of the holding (all of it for 1) at the bid. */
const sell = (ctx: PortfolioContext, tradingDaysBack: number, symbol: string, share: number): void => {
  const entry = instrumentOf(ctx, symbol)
  const holding = ctx.ledger.holdings.get(symbol)
  if (!holding) throw new Error(`Seed plan sells ${symbol} that ${ctx.key} does not hold`)
  const at = sessionInstant(ctx, tradingDaysBack, 60 + (ctx.sequence % 4) * 40)
  const quote = quoteAt(marketOf(entry), new Date(at))
  const quantity = share >= 1 ? holding.quantity : String(Math.max(1, Math.floor(Number(holding.quantity) * share)))
  const total = mul(quantity, quote.bid)
  const orderId = orderRow(ctx, entry, {
    side: "SELL",
    type: "MARKET",
    status: "FILLED",
    createdAt: at,
    steps: [
      ["PENDING", at],
      ["PROCESSING", at + 2_000],
      ["FILLED", at + 6_000],
    ],
    priority: "quantity",
    price: quote.bid,
    quantity,
    amount: total,
    total,
    fillPrice: quote.bid,
  })
  addTransaction(ctx, {
    tranType: "sell",
    tranAmount: total,
    at: at + 6_000,
    description: transactionText("sold", { quantity, symbol, price: quote.bid }),
    comment: transactionText("order-filled", { orderType: "MARKET" }),
    orderId,
  })
  confirmation(ctx, orderId, at + 6_000)
  const remaining = sub(holding.quantity, quantity)
  if (compare(remaining, 0) === 0) {
    ctx.ledger.holdings.delete(symbol)
  } else {
    // Average cost: the sold part takes its proportional share of the cost basis.
    holding.costBasis = sub(holding.costBasis, div(mul(holding.costBasis, quantity), holding.quantity, 2))
    holding.quantity = remaining
  }
}

/** A quarterly dividend on a holding: quantity x price x yearly yield / 4, in cents. */
const dividend = (ctx: PortfolioContext, tradingDaysBack: number, symbol: string): void => {
  const entry = instrumentOf(ctx, symbol)
  const holding = ctx.ledger.holdings.get(symbol)
  if (!holding) throw new Error(`Seed plan pays a dividend on ${symbol} that ${ctx.key} does not hold`)
  const at = sessionInstant(ctx, tradingDaysBack, -120)
  const quote = quoteAt(marketOf(entry), new Date(at))
  const perShare = div(mul(quote.last, String(Math.max(entry.dividendYield, 0.01))), 4, 4, "down")
  const amount = toFixed(mul(holding.quantity, perShare), 2, "down")
  addTransaction(ctx, {
    tranType: "dividend",
    tranAmount: compare(amount, "0.01") < 0 ? "0.01" : amount,
    at,
    description: transactionText("dividend", { quantity: holding.quantity, symbol, perShare }),
    comment: transactionText("synthetic-dividend", {}),
  })
}

type PaymentMethod = "NUBAN" | "CARD" | "WIRE"

const paymentRow = (
  ctx: PortfolioContext,
  payment: {
    type: "DEPOSIT" | "WITHDRAWAL"
    status: string
    method: PaymentMethod
    amount: string
    fees?: { service?: string; instant?: string; process?: string }
    at: number
    steps: ReadonlyArray<readonly [string, number, PaymentStepText]>
    last4?: string | null
    gateway: string
    instantDeposit?: boolean
    instantComment?: string | null
    description: string
    bankAccountId?: string | null
  },
): SeedPayment => {
  const name = nextName(ctx, "payment")
  const service = payment.fees?.service ?? "0.00"
  const instant = payment.fees?.instant ?? "0.00"
  const process = payment.fees?.process ?? "0.00"
  const total = toFixed(sum([payment.amount, service, instant, process]), 2)
  const id = seedId("payment", name)
  const ref = seedRef("PAY", name)
  const progress: PaymentProgressStep[] = payment.steps.map(([status, at, activityText]) => ({ status, date: iso(at), activity: null, activityText }))
  const last = payment.steps[payment.steps.length - 1]
  ctx.world.payments.push({
    id,
    accountId: ctx.accountId,
    ref,
    gatewayRef: seedRef("GW", name, 12),
    status: payment.status,
    type: payment.type,
    method: payment.method,
    gateway: payment.gateway,
    rate: "1",
    amount: payment.amount,
    serviceFee: service,
    instantFee: instant,
    processFee: process,
    total,
    currency: ctx.currency,
    instantDeposit: payment.instantDeposit ?? false,
    last4: payment.last4 ?? null,
    ip: "198.51.100.23",
    instantComment: payment.instantComment ?? null,
    description: payment.description,
    bankAccountId: payment.bankAccountId ?? null,
    progress: json(progress),
    // Seeded withdrawals go to a bank account in the portfolio's currency: rate 1, the amount arrives.
    payoutAmount: payment.type === "WITHDRAWAL" ? payment.amount : null,
    payoutCurrency: payment.type === "WITHDRAWAL" ? ctx.currency : null,
    createdAt: iso(payment.at),
    updatedAt: iso(last ? last[1] : payment.at),
  })
  return { id, ref, type: payment.type, status: payment.status, amount: payment.amount, total }
}

/** A seeded payment as the ledger rules read it. */
interface SeedPayment {
  readonly id: string
  readonly ref: string
  readonly type: "DEPOSIT" | "WITHDRAWAL"
  readonly status: string
  readonly amount: string
  readonly total: string
}

/**
 * Books the cash transactions a payment implies by the ledger's rules (db/ledger.ts
 * `paymentEntries`), exactly as the live payment code does: each step at its instant, with its
 * texts, tied to the payment.
 */
const bookPayment = (
  ctx: PortfolioContext,
  payment: SeedPayment,
  steps: Partial<Record<PaymentEntry["step"], { readonly at: number; readonly description: TransactionText; readonly comment: TransactionText }>>,
): void => {
  for (const entry of paymentEntries(payment)) {
    const step = steps[entry.step]
    if (!step) throw new Error(`Seed payment ${payment.ref} books a ${entry.step} without its instant and texts`)
    addTransaction(ctx, {
      tranType: entry.tranType,
      tranAmount: entry.tranAmount,
      at: step.at,
      description: step.description,
      comment: step.comment,
      paymentId: payment.id,
    })
  }
}

interface DepositOptions {
  readonly method: PaymentMethod
  readonly gateway: string
  readonly last4?: string | null
  readonly instantDeposit?: boolean
  readonly serviceFee?: string
  readonly via: string
  /** What the deposit's transaction says (how the money came). */
  readonly text: TransactionText
  /** What the timeline's step says when the funds arrived (how the money came). */
  readonly received: PaymentStepText
}

/** A completed deposit: payment with its timeline and the deposit transaction. */
const deposit = (ctx: PortfolioContext, tradingDaysBack: number, amount: string, options: DepositOptions): void => {
  const at = sessionInstant(ctx, tradingDaysBack, -90)
  const instantFee = options.instantDeposit ? toFixed(mul(amount, "0.005"), 2) : "0.00"
  const payment = paymentRow(ctx, {
    type: "DEPOSIT",
    status: "completed",
    method: options.method,
    amount,
    fees: { service: options.serviceFee ?? "0.00", instant: instantFee },
    at,
    steps: [
      ["pending", at, paymentStepText("deposit-requested", {})],
      ["processing", at + 4 * MINUTE_MS, options.received],
      ["completed", at + 7 * MINUTE_MS, paymentStepText("cash-credited", {})],
    ],
    last4: options.last4 ?? null,
    gateway: options.gateway,
    instantDeposit: options.instantDeposit ?? false,
    instantComment: options.instantDeposit ? "Instant deposit: credited before the bank transfer settled" : null,
    description: `Deposit ${options.via}`,
  })
  bookPayment(ctx, payment, { credit: { at: at + 7 * MINUTE_MS, description: options.text, comment: transactionText("payment", { ref: payment.ref }) } })
}

interface SeedBankAccount {
  readonly id: string
  readonly bankName: string
  readonly accountNumber: string
}

/** A completed withdrawal to a bank account: payment (with fee) and the withdraw transaction (amount + fee) reserved when it was requested. */
const withdraw = (ctx: PortfolioContext, tradingDaysBack: number, amount: string, bank: SeedBankAccount, method: PaymentMethod, fee = "0.00"): void => {
  const at = sessionInstant(ctx, tradingDaysBack, 200)
  const last4 = bank.accountNumber.slice(-4)
  const payment = paymentRow(ctx, {
    type: "WITHDRAWAL",
    status: "completed",
    method,
    amount,
    fees: { process: fee },
    at,
    steps: [
      ["pending", at, paymentStepText("withdrawal-requested", {})],
      ["processing", at + 30 * MINUTE_MS, paymentStepText("transfer-sent", { bank: bank.bankName })],
      ["completed", at + 3 * 60 * MINUTE_MS, paymentStepText("transfer-confirmed", {})],
    ],
    last4,
    gateway: method === "WIRE" ? "Hudson Harbor Bank" : "Chartfolio Pay",
    description: `Withdrawal to ${bank.bankName} ****${last4}`,
    bankAccountId: bank.id,
  })
  bookPayment(ctx, payment, {
    reserve: {
      at,
      description: transactionText("withdrawal-to", { bank: bank.bankName, last4 }),
      comment: compare(fee, 0) > 0 ? transactionText("payment-fee", { ref: payment.ref, fee }) : transactionText("payment", { ref: payment.ref }),
    },
  })
}

/** Orders that never filled: one of each open and closed status, at fixed offsets before `now`. */
const unfilledOrders = (ctx: PortfolioContext, symbols: { pending: string; processing: string; cancelled: string; rejected: string }): void => {
  const nowMs = ctx.now.getTime()
  const limitBelow = (symbol: string, at: number, factor: string): { entry: CatalogueEntry & { id: string }; price: string } => {
    const entry = instrumentOf(ctx, symbol)
    return { entry, price: toFixed(mul(quoteAt(marketOf(entry), new Date(at)).bid, factor), 2) }
  }

  const cancelledAt = sessionInstant(ctx, 8, 30)
  const cancelled = limitBelow(symbols.cancelled, cancelledAt, "0.9")
  orderRow(ctx, cancelled.entry, {
    side: "BUY",
    type: "LIMIT",
    status: "CANCELLED",
    createdAt: cancelledAt,
    steps: [
      ["PENDING", cancelledAt],
      ["CANCELLED", cancelledAt + DAY_MS],
    ],
    priority: null,
    price: cancelled.price,
    quantity: "100",
    amount: null,
    total: null,
    fillPrice: null,
  })

  const rejectedAt = sessionInstant(ctx, 5, 75)
  const rejectedEntry = instrumentOf(ctx, symbols.rejected)
  const rejectedQuote = quoteAt(marketOf(rejectedEntry), new Date(rejectedAt))
  const askedAmount = toFixed(mul(ctx.ledger.cash, "3"), 2)
  orderRow(ctx, rejectedEntry, {
    side: "BUY",
    type: "MARKET",
    status: "REJECTED",
    createdAt: rejectedAt,
    steps: [
      ["PENDING", rejectedAt],
      ["PROCESSING", rejectedAt + 2_000],
      ["REJECTED", rejectedAt + 4_000],
    ],
    priority: "amount",
    price: rejectedQuote.ask,
    quantity: div(askedAmount, rejectedQuote.ask, 10, "down"),
    amount: askedAmount,
    total: null,
    fillPrice: null,
    rejection: { code: "insufficient_cash", currency: ctx.currency, needed: askedAmount, held: toFixed(ctx.ledger.cash, 2) },
  })

  const processingAt = nowMs - 3 * 60 * MINUTE_MS
  const processingEntry = instrumentOf(ctx, symbols.processing)
  const held = ctx.ledger.holdings.get(symbols.processing)
  const processingQuantity = held ? String(Math.max(1, Math.floor(Number(held.quantity) / 4))) : "10"
  orderRow(ctx, processingEntry, {
    side: "SELL",
    type: "STOP",
    status: "PROCESSING",
    createdAt: processingAt,
    steps: [
      ["PENDING", processingAt],
      ["PROCESSING", processingAt + 90 * MINUTE_MS],
    ],
    priority: null,
    price: toFixed(mul(quoteAt(marketOf(processingEntry), new Date(processingAt)).bid, "0.97"), 2),
    quantity: processingQuantity,
    amount: null,
    total: null,
    fillPrice: null,
  })

  const pendingAt = nowMs - 40 * MINUTE_MS
  const pending = limitBelow(symbols.pending, pendingAt, "0.95")
  orderRow(ctx, pending.entry, {
    side: "BUY",
    type: "LIMIT",
    status: "PENDING",
    createdAt: pendingAt,
    steps: [["PENDING", pendingAt]],
    priority: null,
    price: pending.price,
    quantity: "50",
    amount: null,
    total: null,
    fillPrice: null,
  })
}

/**
 * Payments that did not complete: a failed card deposit (no cash moved), a withdrawal the bank
 * returned (reserved, then reversed) and a pending withdrawal held for review (reserved: its cash
 * is already out of the available cash, as a live one's is).
 */
const unfinishedPayments = (
  ctx: PortfolioContext,
  bank: SeedBankAccount,
  amounts: { failed: string; pending: string },
  withdrawalMethod: PaymentMethod,
  returned: { readonly bank: SeedBankAccount; readonly amount: string; readonly code: PayoutFailureReason },
): void => {
  const failedAt = sessionInstant(ctx, 3, -60)
  const failed = paymentRow(ctx, {
    type: "DEPOSIT",
    status: "failed",
    method: "CARD",
    amount: amounts.failed,
    at: failedAt,
    steps: [
      ["pending", failedAt, paymentStepText("card-started", {})],
      ["failed", failedAt + 2 * MINUTE_MS, paymentStepText("card-declined", {})],
    ],
    last4: "4081",
    gateway: "Chartfolio Pay",
    description: "Card deposit (declined)",
  })
  bookPayment(ctx, failed, {})
  const gateway = withdrawalMethod === "WIRE" ? "Hudson Harbor Bank" : "Chartfolio Pay"

  const returnedAt = sessionInstant(ctx, 2, 150)
  const returnedLast4 = returned.bank.accountNumber.slice(-4)
  const returnedAtBank = returnedAt + 3 * 60 * MINUTE_MS
  const back = paymentRow(ctx, {
    type: "WITHDRAWAL",
    status: "failed",
    method: withdrawalMethod,
    amount: returned.amount,
    at: returnedAt,
    steps: [
      ["pending", returnedAt, paymentStepText("withdrawal-requested", {})],
      ["processing", returnedAt + 30 * MINUTE_MS, paymentStepText("transfer-sent", { bank: returned.bank.bankName })],
      ["failed", returnedAtBank, paymentStepText("returned", { reason: returned.code })],
    ],
    last4: returnedLast4,
    gateway,
    description: `Withdrawal to ${returned.bank.bankName} ****${returnedLast4}`,
    bankAccountId: returned.bank.id,
  })
  bookPayment(ctx, back, {
    reserve: {
      at: returnedAt,
      description: transactionText("withdrawal-to", { bank: returned.bank.bankName, last4: returnedLast4 }),
      comment: transactionText("payment", { ref: back.ref }),
    },
    reversal: {
      at: returnedAtBank,
      description: transactionText("withdrawal-returned", { ref: back.ref }),
      comment: transactionText("payout-failed", { reason: returned.code }),
    },
  })

  const pendingAt = ctx.now.getTime() - 26 * 60 * MINUTE_MS
  const last4 = bank.accountNumber.slice(-4)
  const pending = paymentRow(ctx, {
    type: "WITHDRAWAL",
    status: "pending",
    method: withdrawalMethod,
    amount: amounts.pending,
    at: pendingAt,
    steps: [["pending", pendingAt, paymentStepText("withdrawal-requested", {})]],
    last4,
    gateway,
    description: `Withdrawal to ${bank.bankName} ****${last4}`,
    bankAccountId: bank.id,
  })
  bookPayment(ctx, pending, {
    reserve: {
      at: pendingAt,
      description: transactionText("withdrawal-to", { bank: bank.bankName, last4 }),
      comment: transactionText("payment-held", { ref: pending.ref }),
    },
  })
}

/** Writes the account row and its positions, marked to market at `now`. */
const closePortfolio = (
  ctx: PortfolioContext,
  account: { userId: string; userType: string; partnerId: string; multiplier: string; createdAt: number },
): void => {
  const nowIso = ctx.now.toISOString()
  let longMarketValue = "0"
  for (const [symbol, holding] of [...ctx.ledger.holdings.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const entry = instrumentOf(ctx, symbol)
    const price = quoteAt(marketOf(entry), ctx.now).last
    const equity = toFixed(mul(holding.quantity, price), 2)
    longMarketValue = add(longMarketValue, equity)
    ctx.world.positions.push({
      id: seedId("position", `${ctx.key}/${symbol}`),
      accountId: ctx.accountId,
      instrumentId: entry.id,
      totalQuantity: holding.quantity,
      costBasis: toFixed(holding.costBasis, 2),
      price,
      equityBalance: equity,
      markedAt: nowIso,
      createdAt: iso(holding.since),
      updatedAt: nowIso,
    })
  }
  ctx.world.accounts.push({
    accountId: ctx.accountId,
    userId: account.userId,
    accountNumber: ctx.accountNumber,
    userType: account.userType,
    status: "active",
    partnerId: account.partnerId,
    currency: ctx.currency,
    cashBalance: toFixed(ctx.ledger.cash, 2),
    marginMultiplier: account.multiplier,
    portfolioEquity: toFixed(add(longMarketValue, ctx.ledger.cash), 2),
    longMarketValue: toFixed(longMarketValue, 2),
    markedAt: nowIso,
    createdAt: iso(account.createdAt),
    updatedAt: nowIso,
  })
}

// ---------------------------------------------------------------------------------------------

/** Builds the whole demo world for the reference instant `now` (see the module comment). */
export const buildDemoWorld = (now: Date, passwordHashes: DemoPasswordHashes): DemoWorld => {
  const nowMs = now.getTime()
  if (Number.isNaN(nowMs)) throw new RangeError("buildDemoWorld needs a valid `now`")
  const daysAgo = (days: number, hour = 9): string => iso(Math.floor((nowMs - days * DAY_MS) / DAY_MS) * DAY_MS + hour * 3_600_000)

  const world: MutableWorld = {
    partners: [],
    userGroups: [],
    groupPartners: [],
    users: [],
    profiles: [],
    instruments: [],
    instrumentNews: [],
    businessNews: [],
    banks: [],
    bankAccounts: [],
    accounts: [],
    reservedAccounts: [],
    wireAccounts: [],
    orders: [],
    payments: [],
    transactions: [],
    positions: [],
    statements: [],
    documents: [],
    settings: [],
  }

  // Partners and the demo group.
  const partnerIds = new Map<PartnerCode, string>()
  PARTNERS.forEach((partner, index) => {
    const id = seedId("partner", partner.code)
    partnerIds.set(partner.code, id)
    world.partners.push({ id, code: partner.code, name: partner.name, createdAt: daysAgo(900 - index) })
  })
  const groupId = seedId("user-group", "demo")
  world.userGroups.push({ id: groupId, companyName: DEMO_GROUP_NAME, createdAt: daysAgo(890) })
  PARTNERS.filter((p) => p.inDemoGroup).forEach((partner, position) => {
    world.groupPartners.push({ userGroupId: groupId, partnerId: partnerIds.get(partner.code) as string, position })
  })
  const partnerName = (code: PartnerCode): string => PARTNERS.find((p) => p.code === code)?.name ?? code

  // Users and profiles.
  const userIds = { demo: seedId("user", "demo"), new: seedId("user", "new"), app: seedId("user", "app"), reviewer: seedId("user", "reviewer") }
  const userCreated = { demo: daysAgo(430, 10), new: daysAgo(2, 16), app: daysAgo(300, 11), reviewer: daysAgo(200, 9) }
  for (const user of [DEMO_USERS.demo, DEMO_USERS.new, DEMO_USERS.app, DEMO_USERS.reviewer]) {
    world.users.push({
      id: userIds[user.key],
      email: user.email,
      username: user.username,
      fullName: user.fullName,
      firstName: user.firstName,
      lastName: user.lastName,
      passwordHash: passwordHashes[user.key],
      adminLevel: user.adminLevel,
      otpMethod: user.otpMethod,
      totpSecret: user.totpSecret,
      userGroupId: groupId,
      reviewer: user.reviewer,
      createdAt: userCreated[user.key],
      updatedAt: userCreated[user.key],
    })
  }
  const demoProfile = fullProfile(DEMO_USERS.demo, {
    phone: "+234 803 555 0101",
    gender: "FEMALE",
    marital: "MARRIED",
    birth: [14, 6, 1988],
    identification: { type: "nin", value: "70123456789" },
    employment: {
      status: "EMPLOYED",
      company: "Eko Logistics Plc (synthetic)",
      type: "FULL_TIME",
      position: "Head of Finance",
      address: "14 Marina Road",
      zip: "101001",
      city: "Lagos Island",
      state: "Lagos",
      country: "NGA",
    },
    address: { street1: "22 Bourdillon Road", street2: "Flat 4B", postalCode: "106104", city: "Ikoyi", province: "Lagos", country: "NGA" },
    riskScore: 6,
    signedAt: daysAgo(428),
  })
  const appProfile = fullProfile(DEMO_USERS.app, {
    phone: "+1 617 555 0134",
    gender: "FEMALE",
    marital: "SINGLE",
    birth: [3, 11, 1992],
    identification: { type: "passport", value: "P4829173650" },
    employment: {
      status: "SELF_EMPLOYED",
      company: "Mensah Design Studio (synthetic)",
      type: "CONSULTANT",
      position: "Founder",
      address: "88 Harbor Avenue",
      zip: "02110",
      city: "Boston",
      state: "Massachusetts",
      country: "USA",
    },
    address: { street1: "40 Beacon Street", street2: null, postalCode: "02108", city: "Boston", province: "Massachusetts", country: "USA" },
    riskScore: 3,
    signedAt: daysAgo(299),
  })
  const profileRow = (userId: string, status: string, profile: ReturnType<typeof fullProfile>, createdAt: string): NewRow<"profiles"> => ({
    userId,
    status,
    basic: json(profile.basic),
    personalData: json(profile.personalData),
    identificationData: json(profile.identificationData),
    employmentData: json(profile.employmentData),
    trustData: json(profile.trustData),
    addressData: json(profile.addressData),
    disclosuresData: json(profile.disclosuresData),
    investmentData: json(profile.investmentData),
    complianceData: json(profile.complianceData),
    createdAt,
    updatedAt: createdAt,
  })
  world.profiles.push(profileRow(userIds.demo, "verified", demoProfile, userCreated.demo))
  const newUser = DEMO_USERS.new
  world.profiles.push(
    newUserProfile({
      userId: userIds.new,
      username: newUser.username,
      email: newUser.email,
      firstName: newUser.firstName,
      lastName: newUser.lastName,
      ipAddress: "203.0.113.7",
      privacyPolicy: true,
      at: userCreated.new,
    }),
  )
  world.profiles.push(profileRow(userIds.app, "verified", appProfile, userCreated.app))
  const reviewer = DEMO_USERS.reviewer
  world.profiles.push(
    newUserProfile({
      userId: userIds.reviewer,
      username: reviewer.username,
      email: reviewer.email,
      firstName: reviewer.firstName,
      lastName: reviewer.lastName,
      ipAddress: "203.0.113.9",
      privacyPolicy: true,
      at: userCreated.reviewer,
    }),
  )

  // Instruments with analysis at today's synthetic price, and their news.
  const catalogue = buildCatalogue()
  const instruments = new Map<string, CatalogueEntry & { id: string }>()
  catalogue.forEach((entry, index) => {
    const id = seedId("instrument", entry.symbol)
    instruments.set(entry.symbol, { ...entry, id })
    const last = quoteAt(marketOf(entry), now).last
    const { analysis } = analysisFor(index, last)
    world.instruments.push({
      id,
      symbol: entry.symbol,
      name: entry.name,
      description: entry.description,
      type: entry.type,
      sector: entry.sector,
      imageUrl: entry.imageUrl,
      url: entry.url,
      currency: entry.currency,
      exchange: entry.exchange,
      country: entry.country,
      meta: json(entry.meta),
      partnerId: partnerIds.get(entry.partner) as string,
      analysis: analysis === null ? null : json(analysis),
      basePrice: entry.basePrice,
      volatility: entry.volatility,
      drift: entry.drift,
      spreadBps: entry.spreadBps,
      sharesOutstanding: entry.sharesOutstanding,
      averageVolume: entry.averageVolume,
      createdAt: daysAgo(880),
    })
    for (const item of buildInstrumentNews(entry, now)) {
      world.instrumentNews.push({
        id: seedId("instrument-news", item.key),
        instrumentId: id,
        url: item.url,
        imageUrl: item.imageUrl,
        title: item.title,
        content: item.content,
        source: item.source,
        publishedAt: item.publishedAt,
      })
    }
  })
  for (const item of buildBusinessNews(now)) {
    world.businessNews.push({
      id: seedId("business-news", item.key),
      url: item.url,
      urlToImage: item.urlToImage,
      title: item.title,
      content: item.content,
      source: item.source,
      publishedAt: item.publishedAt,
    })
  }

  // Banks and bank accounts.
  BANKS.forEach((bank, position) =>
    world.banks.push({ ref: bank.ref, bankName: bank.bankName, code: bank.code, countryCode: "NGA", currency: "NGN", position }),
  )
  world.banks.push({ ref: FOREIGN_BANK_REF, bankName: "Foreign", code: null, countryCode: "", currency: "USD", position: BANKS.length })

  const bankAccount = (
    key: string,
    userKey: keyof typeof userIds,
    row: Omit<NewRow<"bankAccounts">, "id" | "userId" | "ref" | "createdAt" | "updatedAt">,
    createdDaysAgo: number,
  ): SeedBankAccount => {
    const id = seedId("bank-account", key)
    world.bankAccounts.push({
      id,
      userId: userIds[userKey],
      ref: seedRef("BA", key),
      ...row,
      createdAt: daysAgo(createdDaysAgo, 12),
      updatedAt: daysAgo(createdDaysAgo, 12),
    })
    return { id, bankName: row.bankName, accountNumber: row.accountNumber }
  }
  const local = (ref: string) => BANKS.find((b) => b.ref === ref)?.bankName ?? ref
  // Seeded local numbers are valid NUBANs of their bank: 9 seeded digits and the check digit.
  const nuban = (ref: string, name: string) => nubanFor(BANKS.find((b) => b.ref === ref)?.code ?? "", seedDigits(name, 9)) ?? seedDigits(name, 10)
  const foreignFields = {
    swiftAba: null,
    bankAddress: null,
    bankCity: null,
    bankProvince: null,
    bankZipCode: null,
    bankCountryCode: null,
  }
  const demoNgnBank = bankAccount(
    "demo-ngn-1",
    "demo",
    {
      bankRef: "LCB",
      bankName: local("LCB"),
      accountNumber: nuban("LCB", "bank/demo-ngn-1"),
      accountName: "ADAEZE CHIOMA OKAFOR",
      accountType: "Saving",
      currency: "NGN",
      status: "active",
      ...foreignFields,
    },
    420,
  )
  const demoNgnUnverifiedBank = bankAccount(
    "demo-ngn-2",
    "demo",
    {
      bankRef: "HTB",
      bankName: local("HTB"),
      accountNumber: nuban("HTB", "bank/demo-ngn-2"),
      accountName: "ADAEZE CHIOMA OKAFOR",
      accountType: "Checking",
      currency: "NGN",
      status: "pending",
      ...foreignFields,
    },
    6,
  )
  const demoUsdBank = bankAccount(
    "demo-usd-1",
    "demo",
    {
      bankRef: FOREIGN_BANK_REF,
      bankName: "Hudson Harbor Bank",
      accountNumber: seedDigits("bank/demo-usd-1", 12),
      accountName: "Adaeze Okafor",
      accountType: "Checking",
      currency: "USD",
      status: "active",
      swiftAba: "HUHBUS33",
      bankAddress: "500 Harbor Avenue",
      bankCity: "New York",
      bankProvince: "New York",
      bankZipCode: "10004",
      bankCountryCode: "USA",
    },
    400,
  )
  const appUsdBank = bankAccount(
    "app-usd-1",
    "app",
    {
      bankRef: FOREIGN_BANK_REF,
      bankName: "Beacon Street Savings",
      accountNumber: seedDigits("bank/app-usd-1", 11),
      accountName: "Grace Mensah",
      accountType: "Saving",
      currency: "USD",
      status: "active",
      swiftAba: "021000089",
      bankAddress: "12 Beacon Street",
      bankCity: "Boston",
      bankProvince: "Massachusetts",
      bankZipCode: "02108",
      bankCountryCode: "USA",
    },
    290,
  )

  // Portfolios.
  const symbolsOf = (partner: PartnerCode, currency: Currency): string[] =>
    catalogue.filter((e) => e.partner === partner && e.currency === currency && e.type === "EQUITY").map((e) => e.symbol)
  const portfolio = (key: string, currency: Currency, partner: PartnerCode): PortfolioContext => ({
    key,
    accountId: seedId("account", key),
    accountNumber: seedDigits(`account/${key}`, 10),
    currency,
    partnerName: partnerName(partner),
    now,
    instruments,
    ledger: { cash: "0", holdings: new Map() },
    world,
    sequence: 0,
  })
  const createdAt = (ctx: PortfolioContext, tradingDaysBack: number): number => sessionInstant(ctx, tradingDaysBack, -180)

  // demo: NGN at Lagos Custody Partners (individual trader).
  {
    const ctx = portfolio("demo-ngn", "NGN", "LCP")
    const [a, b, c, d, e, f, g, h] = symbolsOf("LCP", "NGN") as [string, string, string, string, string, string, string, string]
    const nubans = [
      { key: "demo-ngn-nuban-1", bankName: "Lekki Commercial Bank", instantDeposit: true },
      { key: "demo-ngn-nuban-2", bankName: "Harbour Trust Bank", instantDeposit: false },
    ].map((n) => ({ ...n, accountNumber: seedDigits(n.key, 10) }))
    nubans.forEach((n, i) =>
      world.reservedAccounts.push({
        id: seedId("reserved-account", n.key),
        accountId: ctx.accountId,
        ref: seedRef("NUBAN", n.key),
        accountNumber: n.accountNumber,
        accountName: `CHARTFOLIO/${DEMO_USERS.demo.fullName.toUpperCase()}`,
        bankName: n.bankName,
        gateway: "Chartfolio Pay",
        instantDeposit: n.instantDeposit,
        createdAt: iso(createdAt(ctx, 285) + (i + 1) * MINUTE_MS),
        updatedAt: iso(createdAt(ctx, 285) + (i + 1) * MINUTE_MS),
      }),
    )
    const [nuban1, nuban2] = nubans as [(typeof nubans)[number], (typeof nubans)[number]]
    deposit(ctx, 280, "2500000.00", {
      method: "NUBAN",
      gateway: "Chartfolio Pay",
      instantDeposit: true,
      via: `via reserved account ${nuban1.accountNumber}`,
      text: transactionText("deposit-reserved-account", { account: nuban1.accountNumber }),
      received: paymentStepText("funds-received-reserved-account", { account: nuban1.accountNumber }),
    })
    buy(ctx, 275, a, { cashShare: 0.25 })
    buy(ctx, 270, b, { cashShare: 0.2 }, "LIMIT")
    buy(ctx, 262, c, { cashShare: 0.2 })
    deposit(ctx, 230, "1500000.00", {
      method: "CARD",
      gateway: "Chartfolio Pay",
      last4: "4081",
      serviceFee: "22500.00",
      via: "by card ****4081",
      text: transactionText("deposit-card", { last4: "4081" }),
      received: paymentStepText("funds-received-card", { last4: "4081" }),
    })
    buy(ctx, 220, d, { cashShare: 0.25 })
    dividend(ctx, 200, a)
    sell(ctx, 180, b, 0.5)
    withdraw(ctx, 160, "300000.00", demoNgnBank, "NUBAN")
    buy(ctx, 140, e, { cashShare: 0.2 })
    dividend(ctx, 130, c)
    sell(ctx, 110, e, 1)
    deposit(ctx, 95, "1000000.00", {
      method: "NUBAN",
      gateway: "Chartfolio Pay",
      instantDeposit: false,
      via: `via reserved account ${nuban2.accountNumber}`,
      text: transactionText("deposit-reserved-account", { account: nuban2.accountNumber }),
      received: paymentStepText("funds-received-reserved-account", { account: nuban2.accountNumber }),
    })
    buy(ctx, 80, a, { cashShare: 0.15 })
    buy(ctx, 60, f, { cashShare: 0.2 }, "LIMIT")
    withdraw(ctx, 50, "250000.00", demoNgnBank, "NUBAN")
    dividend(ctx, 40, d)
    sell(ctx, 25, d, 0.4)
    dividend(ctx, 15, a)
    unfilledOrders(ctx, { pending: b, processing: a, cancelled: g, rejected: h })
    unfinishedPayments(ctx, demoNgnBank, { failed: "200000.00", pending: "150000.00" }, "NUBAN", {
      bank: demoNgnUnverifiedBank,
      amount: "50000.00",
      code: "bank-unverified",
    })
    closePortfolio(ctx, {
      userId: userIds.demo,
      userType: "INDIVIDUAL_TRADER",
      partnerId: partnerIds.get("LCP") as string,
      multiplier: "1",
      createdAt: createdAt(ctx, 285),
    })
  }

  // demo: USD at Atlantic Brokerage (custodial, margin multiplier 2).
  {
    const ctx = portfolio("demo-usd", "USD", "ATB")
    const [a, b, c, d, e, f, g, h] = symbolsOf("ATB", "USD") as [string, string, string, string, string, string, string, string]
    world.wireAccounts.push({
      id: seedId("wire-account", "demo-usd"),
      accountId: ctx.accountId,
      accountNumber: seedDigits("wire/demo-usd", 12),
      beneficiaryName: "Atlantic Brokerage LLC FBO Adaeze Okafor",
      bankName: "Hudson Harbor Bank, N.A.",
      swiftCode: "HUHBUS33",
      routingNumber: "021000089",
      bankAddress: "500 Harbor Avenue, New York, NY 10004, USA",
      instructions:
        "Send a USD wire to the account above. Put your trading account number {accountNumber} in the reference field so the funds reach your portfolio.",
      createdAt: iso(createdAt(ctx, 282)),
    })
    const wire = {
      method: "WIRE" as const,
      gateway: "Hudson Harbor Bank",
      via: "by wire transfer",
      text: transactionText("deposit-wire", {}),
      received: paymentStepText("funds-received-wire", {}),
    }
    deposit(ctx, 278, "20000.00", wire)
    buy(ctx, 274, a, { cashShare: 0.2 })
    buy(ctx, 268, b, { cashShare: 0.2 })
    buy(ctx, 259, c, { cashShare: 0.25 }, "LIMIT")
    deposit(ctx, 225, "12000.00", wire)
    buy(ctx, 215, d, { cashShare: 0.25 })
    dividend(ctx, 195, a)
    sell(ctx, 175, b, 0.5)
    withdraw(ctx, 150, "1500.00", demoUsdBank, "WIRE", "25.00")
    buy(ctx, 135, e, { cashShare: 0.2 })
    dividend(ctx, 125, c)
    sell(ctx, 105, e, 1)
    deposit(ctx, 90, "8000.00", wire)
    buy(ctx, 75, a, { cashShare: 0.15 })
    buy(ctx, 55, f, { cashShare: 0.25 })
    withdraw(ctx, 45, "1000.00", demoUsdBank, "WIRE", "25.00")
    dividend(ctx, 35, d)
    sell(ctx, 20, d, 0.4)
    dividend(ctx, 12, a)
    unfilledOrders(ctx, { pending: c, processing: a, cancelled: g, rejected: h })
    unfinishedPayments(ctx, demoUsdBank, { failed: "2500.00", pending: "750.00" }, "WIRE", {
      bank: demoUsdBank,
      amount: "300.00",
      code: "bank-returned",
    })
    closePortfolio(ctx, {
      userId: userIds.demo,
      userType: "CUSTODIAL",
      partnerId: partnerIds.get("ATB") as string,
      multiplier: "2",
      createdAt: createdAt(ctx, 282),
    })
  }

  // app: one USD portfolio at Chartfolio Securities.
  {
    const ctx = portfolio("app-usd", "USD", "CHS")
    const [a, b] = symbolsOf("CHS", "USD") as [string, string]
    world.wireAccounts.push({
      id: seedId("wire-account", "app-usd"),
      accountId: ctx.accountId,
      accountNumber: seedDigits("wire/app-usd", 12),
      beneficiaryName: "Chartfolio Securities Inc. FBO Grace Mensah",
      bankName: "Hudson Harbor Bank, N.A.",
      swiftCode: "HUHBUS33",
      routingNumber: "021000089",
      bankAddress: "500 Harbor Avenue, New York, NY 10004, USA",
      instructions:
        "Send a USD wire to the account above. Put your trading account number {accountNumber} in the reference field so the funds reach your portfolio.",
      createdAt: iso(createdAt(ctx, 200)),
    })
    const wire = {
      method: "WIRE" as const,
      gateway: "Hudson Harbor Bank",
      via: "by wire transfer",
      text: transactionText("deposit-wire", {}),
      received: paymentStepText("funds-received-wire", {}),
    }
    deposit(ctx, 198, "10000.00", wire)
    buy(ctx, 195, "CFTM", { cashShare: 0.3 })
    buy(ctx, 190, "CFDV", { cashShare: 0.3 })
    buy(ctx, 150, a, { cashShare: 0.25 })
    dividend(ctx, 120, "CFDV")
    sell(ctx, 70, a, 0.5)
    buy(ctx, 40, b, { cashShare: 0.2 })
    withdraw(ctx, 30, "500.00", appUsdBank, "WIRE", "25.00")
    dividend(ctx, 10, "CFTM")
    closePortfolio(ctx, {
      userId: userIds.app,
      userType: "INDIVIDUAL_TRADER",
      partnerId: partnerIds.get("CHS") as string,
      multiplier: "1",
      createdAt: createdAt(ctx, 200),
    })
  }

  // Documents.
  const document = (
    key: string,
    userKey: keyof typeof userIds,
    row: Pick<NewRow<"documents">, "type" | "status" | "idType" | "idValue" | "rejectionReason">,
    createdDaysAgo: number,
  ) =>
    world.documents.push({
      id: seedId("document", key),
      userId: userIds[userKey],
      ...row,
      contentType: "image/png",
      fileName: `${seedId("document-file", key)}.png`,
      content: PLACEHOLDER_PNG,
      createdAt: daysAgo(createdDaysAgo, 13),
      updatedAt: daysAgo(Math.max(0, createdDaysAgo - 2), 15),
    })
  document("demo-picture-id", "demo", { type: "PICTURE_ID", status: "APPROVED", idType: "NIN", idValue: "70123456789", rejectionReason: null }, 425)
  document(
    "demo-tax",
    "demo",
    {
      type: "TAX",
      status: "REJECTED",
      idType: "TIN",
      idValue: "18273645-0001",
      rejectionReason: "The scan is blurred: upload a sharper image of the whole page.",
    },
    40,
  )
  document("demo-proof-of-address", "demo", { type: "PROOF_OF_ADDRESS", status: "PENDING", idType: null, idValue: null, rejectionReason: null }, 3)
  document("app-picture-id", "app", { type: "PICTURE_ID", status: "APPROVED", idType: "PASSPORT", idValue: "P4829173650", rejectionReason: null }, 295)

  // Settings last: the seeded marker means everything above is in place.
  world.settings.push({ key: SettingKey.marketInsightUrl, value: MARKET_INSIGHT_URL })
  world.settings.push({ key: SettingKey.demoWorldSeededAt, value: now.toISOString() })

  world.orders.sort((x, y) => String(x.createdAt).localeCompare(String(y.createdAt)))
  return world
}
