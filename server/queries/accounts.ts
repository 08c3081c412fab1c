/**
 * Portfolios as the contract shows them: the list (GET /users/account, oldest first so the first
 * account is stable) and the details (GET /users/account/:accountId) with positions marked to
 * market at the request's instant (server/market; the stored snapshot is not used), the lists of
 * the subpages, funding accounts, margin inputs, performance and suggestions.
 */
import type { Kysely } from "kysely"
import type { Account, AccountDetails, Payment, PortfolioMargin, Position, Transaction } from "../../src/contract/accounts"
import type { Order } from "../../src/contract/orders"
import { add, compare, mul, toFixed } from "../../src/domain/decimal"
import { riskBand } from "../../src/domain/risk-band"
import type { DB, Row } from "../db/schema"
import { quoteAt } from "../market/index"
import { statementList } from "../statements/data"
import { groupPartnersOf, type AccountRow } from "./common"
import { suggestInstruments } from "./instruments"
import { performanceSeries, type HeldInstrument } from "./performance"

/** The contract's `Account` of an account row with its partner's name. */
export const toAccount = (row: AccountRow): Account => ({
  accountId: row.accountId,
  userId: row.userId,
  accountNumber: row.accountNumber,
  userType: row.userType,
  status: row.status,
  partner: row.partner,
  currency: row.currency,
  cashBalance: row.cashBalance,
  created: row.createdAt,
  updated: row.updatedAt,
})

/** The user's portfolios, oldest first (ties by account number). */
export const listAccounts = async (db: Kysely<DB>, userId: string): Promise<Account[]> => {
  const rows = await db
    .selectFrom("accounts")
    .innerJoin("partners", "partners.id", "accounts.partnerId")
    .selectAll("accounts")
    .select("partners.name as partner")
    .where("accounts.userId", "=", userId)
    .orderBy("accounts.createdAt")
    .orderBy("accounts.accountNumber")
    .execute()
  return rows.map(toAccount)
}

/** The contract's `Order` of an orders row: amount falls back to price x quantity, a filled order shows its fill price. */
export const toOrder = (row: Row<"orders">): Order => {
  const price = row.status === "FILLED" && row.fillPrice !== null ? row.fillPrice : row.price
  const quantity = row.quantity ?? "0"
  const amount = row.amount ?? (row.price !== null ? toFixed(mul(row.price, quantity), 2) : "0")
  return {
    id: row.id,
    accountId: row.accountId,
    instrumentId: row.instrumentId,
    symbol: row.symbol,
    side: row.side,
    type: row.type,
    status: row.status,
    priority: row.priority,
    quantity,
    price,
    amount,
    total: row.total,
    currency: row.currency,
    country: row.country,
    exchange: row.exchange,
    provider: row.provider,
    created: row.createdAt,
    response: row.responseError === null ? null : row.responseReason ? { error: row.responseError, reason: row.responseReason } : { error: row.responseError },
    progress: row.progress,
  }
}

/** A transaction as the contract says it; `paymentRefs` gives the ref of the account's payments by id. */
const toTransaction = (row: Row<"transactions">, paymentRefs: ReadonlyMap<string, string>): Transaction => ({
  tranType: row.tranType,
  tranAmount: row.tranAmount,
  tranTime: row.tranTime,
  created: row.createdAt,
  description: row.description,
  comment: row.comment,
  descriptionText: row.descriptionText,
  commentText: row.commentText,
  paymentRef: row.paymentId === null ? null : (paymentRefs.get(row.paymentId) ?? null),
})

const toPayment = (row: Row<"payments">): Payment => ({
  ref: row.ref,
  gatewayRef: row.gatewayRef,
  status: row.status,
  type: row.type,
  method: row.method,
  gateway: row.gateway,
  currency: row.currency,
  rate: row.rate,
  amount: row.amount,
  serviceFee: row.serviceFee,
  instantFee: row.instantFee,
  processFee: row.processFee,
  total: row.total,
  instantDeposit: row.instantDeposit,
  instantComment: row.instantComment,
  description: row.description,
  last4: row.last4,
  ip: row.ip,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
  progress: row.progress,
  payoutAmount: row.payoutAmount,
  payoutCurrency: row.payoutCurrency,
})

/** The portfolio's positions marked to market at `now` (price = the quote's last, value = quantity x price). */
const markedPositions = async (db: Kysely<DB>, accountId: string, now: Date): Promise<{ positions: Position[]; held: HeldInstrument[] }> => {
  const rows = await db
    .selectFrom("positions")
    .innerJoin("instruments", "instruments.id", "positions.instrumentId")
    .select(["positions.instrumentId", "positions.totalQuantity", "positions.costBasis", "positions.createdAt"])
    .select([
      "instruments.symbol",
      "instruments.imageUrl",
      "instruments.currency",
      "instruments.basePrice",
      "instruments.volatility",
      "instruments.drift",
      "instruments.spreadBps",
      "instruments.sharesOutstanding",
      "instruments.averageVolume",
    ])
    .where("positions.accountId", "=", accountId)
    .orderBy("positions.createdAt", "desc")
    .orderBy("instruments.symbol")
    .execute()
  const positions = rows.map((row): Position => {
    const price = quoteAt(row, now).last
    return {
      instrumentId: row.instrumentId,
      symbol: row.symbol,
      asset: { symbol: row.symbol, imageUrl: row.imageUrl === "" ? null : row.imageUrl },
      totalQuantity: row.totalQuantity,
      costBasis: row.costBasis,
      price,
      equityBalance: toFixed(mul(row.totalQuantity, price), 2),
    }
  })
  return { positions, held: rows.map((row) => ({ instrumentId: row.instrumentId, quantity: row.totalQuantity, market: row })) }
}

/** Margin inputs at `now`, or null for a cash account (multiplier 1). */
const marginOf = (row: AccountRow, positions: ReadonlyArray<Position>): PortfolioMargin | null => {
  if (compare(row.marginMultiplier, 1) <= 0) return null
  const longMarketValue = toFixed(
    positions.reduce((total, p) => add(total, p.equityBalance), "0"),
    2,
  )
  return { multiplier: row.marginMultiplier, equity: toFixed(add(longMarketValue, row.cashBalance), 2), long_market_value: longMarketValue }
}

/** Everything GET /users/account/:accountId answers for one of the user's accounts, at `now`. */
export const accountDetails = async (db: Kysely<DB>, userId: string, account: AccountRow, now: Date): Promise<AccountDetails> => {
  const id = account.accountId
  const [{ positions, held }, transactionRows, paymentRows, orderRows, statement, nubanRows, wire, profile, partners] = await Promise.all([
    markedPositions(db, id, now),
    db.selectFrom("transactions").selectAll().where("accountId", "=", id).orderBy("tranTime", "desc").orderBy("createdAt", "desc").orderBy("id").execute(),
    db.selectFrom("payments").selectAll().where("accountId", "=", id).orderBy("createdAt", "desc").orderBy("id").execute(),
    db.selectFrom("orders").selectAll().where("accountId", "=", id).orderBy("createdAt", "desc").orderBy("id").execute(),
    statementList(db, account, now),
    db.selectFrom("reservedAccounts").selectAll().where("accountId", "=", id).orderBy("createdAt").orderBy("ref").execute(),
    db.selectFrom("wireAccounts").selectAll().where("accountId", "=", id).orderBy("createdAt").limit(1).executeTakeFirst(),
    db.selectFrom("profiles").select("basic").where("userId", "=", userId).executeTakeFirst(),
    groupPartnersOf(db, userId),
  ])
  const paymentRefs = new Map(paymentRows.map((p) => [p.id, p.ref]))
  const transactions = transactionRows.map((row) => toTransaction(row, paymentRefs))
  const orders = orderRows.map(toOrder)
  const band = riskBand(profile?.basic.riskProfile?.riskScore)
  const suggestion = band === "none" ? [] : await suggestInstruments(db, partners, account, band)
  const performance = await performanceSeries(db, { account, held, transactions: transactionRows, orders: orderRows, now })
  return {
    ...toAccount(account),
    positions,
    transactions,
    nubans: nubanRows.map((n) => ({
      ref: n.ref,
      accountNumber: n.accountNumber,
      accountName: n.accountName,
      bankName: n.bankName,
      gateway: n.gateway,
      instantDeposit: n.instantDeposit,
    })),
    wireAccount: wire
      ? {
          accountNumber: wire.accountNumber,
          beneficiaryName: wire.beneficiaryName,
          bankName: wire.bankName,
          swiftCode: wire.swiftCode,
          routingNumber: wire.routingNumber,
          bankAddress: wire.bankAddress,
          instructions: wire.instructions,
        }
      : null,
    portfolio: marginOf(account, positions),
    details: {
      transactions,
      payments: paymentRows.map(toPayment),
      orders,
      positions,
      statement,
      partner: account.partner,
      currency: account.currency,
      performance,
    },
    suggestion,
  }
}
