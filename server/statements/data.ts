/**
 * The statements of an account and what each PDF says, read from the account's own data.
 *
 * - The lists (`statementList`): a trade confirmation for every filled order (a row of the
 *   statements table, written with the fill), newest first; a monthly account statement for every
 *   calendar month since the account opened that has ended (`accountStatementMonths`,
 *   src/domain/statements.ts), worked out from the account's opening date rather than stored, so
 *   none is ever missing and a new month appears when it ends.
 * - A trade confirmation from its filled order (and the fill's cash transaction); a monthly account
 *   statement from the ledger (opening and closing cash are sums of the transactions' cash effects
 *   before and through the month), the fills up to the month's end (positions) and the synthetic
 *   market's price at the month's end (values).
 * Every amount is a decimal string (src/domain/decimal); nothing is summed as a float.
 */
import type { Kysely } from "kysely"
import { add, compare, mul, sub, sum, toFixed } from "../../src/domain/decimal"
import type { Statements } from "../../src/contract/accounts"
import type { OrderType } from "../../src/domain/order-ticket"
import type { TransactionText } from "../../src/domain/transaction-text"
import { accountStatementKey, accountStatementMonthOfKey, accountStatementMonths, statementKindOfKey } from "../../src/domain/statements"
import { cashEffect } from "../db/ledger"
import type { DB, TranType } from "../db/schema"
import { ApiErrors } from "../http/errors"
import { quoteAt } from "../market/index"
import type { AccountRow } from "../queries/common"

/** The text of the 404 for a statement key that is not one of the account's. */
export const STATEMENT_NOT_FOUND = "No such statement."

/** What may be a statement key: anything else is a 404 before the database is asked. */
const KEY = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/

export interface StatementAccount {
  readonly accountId: string
  readonly accountNumber: string
  readonly currency: string
  /** The custodian (partner). */
  readonly custodian: string
  readonly holder: string
}

export interface ConfirmationData {
  readonly kind: "confirmation"
  readonly account: StatementAccount
  /** The file's date (yyyy-mm-dd). */
  readonly date: string
  readonly orderId: string
  readonly side: "BUY" | "SELL"
  readonly type: OrderType
  readonly symbol: string
  readonly name: string
  readonly exchange: string
  readonly quantity: string
  readonly price: string
  readonly amount: string
  readonly fees: string
  readonly total: string
  /** When the order filled (ISO instant). */
  readonly tradeDate: string
  /** The settlement date: two business days after the trade (T+2), yyyy-mm-dd. */
  readonly settlementDate: string
}

export interface StatementTransaction {
  readonly time: string
  readonly type: TranType
  /** Free text where no code says it (`descriptionText` null). */
  readonly description: string | null
  /** What the transaction says, as a code and values (src/domain/transaction-text). */
  readonly descriptionText: TransactionText | null
  /** The signed cash effect. */
  readonly amount: string
  /** The cash after it. */
  readonly balance: string
}

export interface StatementPosition {
  readonly symbol: string
  readonly name: string
  readonly quantity: string
  readonly price: string
  readonly value: string
}

export interface AccountStatementData {
  readonly kind: "account"
  readonly account: StatementAccount
  /** The first day of the month (yyyy-mm-dd). */
  readonly periodStart: string
  /** The last day of the month (yyyy-mm-dd). */
  readonly periodEnd: string
  readonly openingCash: string
  readonly closingCash: string
  readonly transactions: ReadonlyArray<StatementTransaction>
  readonly positions: ReadonlyArray<StatementPosition>
  readonly positionsValue: string
}

export type StatementData = ConfirmationData | AccountStatementData

const day = (d: Date): string => d.toISOString().slice(0, 10)

/** Two business days (Monday to Friday) after the trade date. */
export const settlementDateOf = (trade: Date): string => {
  const d = new Date(Date.UTC(trade.getUTCFullYear(), trade.getUTCMonth(), trade.getUTCDate()))
  let left = 2
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1)
    const weekday = d.getUTCDay()
    if (weekday !== 0 && weekday !== 6) left--
  }
  return day(d)
}

const accountOf = async (db: Kysely<DB>, account: AccountRow): Promise<StatementAccount> => {
  const profile = await db.selectFrom("profiles").select("basic").where("userId", "=", account.userId).executeTakeFirst()
  const basic = profile?.basic
  const holder = [basic?.firstName, basic?.middleName, basic?.lastName].filter((p) => typeof p === "string" && p !== "").join(" ")
  return { accountId: account.accountId, accountNumber: account.accountNumber, currency: account.currency, custodian: account.partner, holder }
}

/** The account's statements at `now`: every trade confirmation and every ended month since it opened, newest first. */
export const statementList = async (db: Kysely<DB>, account: Pick<AccountRow, "accountId" | "createdAt">, now: Date): Promise<Statements> => {
  const confirmations = await db
    .selectFrom("statements")
    .select(["date", "key"])
    .where("accountId", "=", account.accountId)
    .where("kind", "=", "confirmation")
    .orderBy("date", "desc")
    .orderBy("createdAt", "desc")
    .orderBy("key")
    .execute()
  return {
    confirmation: confirmations.map((r) => ({ date: r.date, key: r.key })),
    account: accountStatementMonths(account.createdAt, now).map((month) => ({ date: `${month}-01`, key: accountStatementKey(month) })),
  }
}

/**
 * The statement `key` of the user's `account` (already checked to be theirs) at `now`, or 404: an
 * unknown key, another account's key, a malformed key, a month before the account opened or not
 * yet ended.
 */
export const statementData = async (db: Kysely<DB>, account: AccountRow, key: string, now: Date): Promise<StatementData> => {
  const kind = KEY.test(key) ? statementKindOfKey(key) : null
  if (kind === "account") {
    const month = accountStatementMonthOfKey(key)
    if (month === null || !accountStatementMonths(account.createdAt, now).includes(month)) throw ApiErrors.notFound(STATEMENT_NOT_FOUND)
    return accountStatementData(db, await accountOf(db, account), `${month}-01`)
  }
  const row =
    kind === "confirmation"
      ? await db
          .selectFrom("statements")
          .select(["date", "orderId"])
          .where("accountId", "=", account.accountId)
          .where("kind", "=", "confirmation")
          .where("key", "=", key)
          .executeTakeFirst()
      : undefined
  if (!row) throw ApiErrors.notFound(STATEMENT_NOT_FOUND)
  return confirmationData(db, await accountOf(db, account), row.date, row.orderId)
}

const confirmationData = async (db: Kysely<DB>, account: StatementAccount, date: string, orderId: string | null): Promise<ConfirmationData> => {
  const order = orderId
    ? await db
        .selectFrom("orders")
        .innerJoin("instruments", "instruments.id", "orders.instrumentId")
        .selectAll("orders")
        .select(["instruments.name as name"])
        .where("orders.id", "=", orderId)
        .where("orders.accountId", "=", account.accountId)
        .where("orders.status", "=", "FILLED")
        .executeTakeFirst()
    : undefined
  if (!order) throw ApiErrors.notFound(STATEMENT_NOT_FOUND)
  const fill = await db.selectFrom("transactions").select(["tranTime", "tranAmount"]).where("orderId", "=", order.id).orderBy("tranTime").executeTakeFirst()
  const tradeDate = fill ? new Date(fill.tranTime) : new Date(order.updatedAt)
  const total = fill?.tranAmount ?? order.total ?? "0"
  const amount = order.amount ?? total
  const quantity = order.quantity ?? "0"
  const price = order.fillPrice ?? order.price ?? "0"
  return {
    kind: "confirmation",
    account,
    date,
    orderId: order.id,
    side: order.side,
    type: order.type,
    symbol: order.symbol,
    name: order.name,
    exchange: order.exchange,
    quantity,
    price,
    amount: toFixed(amount, 2),
    fees: toFixed(sub(total, amount), 2),
    total: toFixed(total, 2),
    tradeDate: tradeDate.toISOString(),
    settlementDate: settlementDateOf(tradeDate),
  }
}

const accountStatementData = async (db: Kysely<DB>, account: StatementAccount, date: string): Promise<AccountStatementData> => {
  const start = new Date(`${date.slice(0, 7)}-01T00:00:00Z`)
  const next = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1))
  const lastInstant = new Date(next.getTime() - 1)
  const id = account.accountId
  const from = start.toISOString()
  const until = next.toISOString()
  const [before, during, fills] = await Promise.all([
    db.selectFrom("transactions").select(["tranType", "tranAmount"]).where("accountId", "=", id).where("tranTime", "<", from).execute(),
    db
      .selectFrom("transactions")
      .select(["tranType", "tranAmount", "tranTime", "description", "descriptionText"])
      .where("accountId", "=", id)
      .where("tranTime", ">=", from)
      .where("tranTime", "<", until)
      .orderBy("tranTime")
      .orderBy("createdAt")
      .orderBy("id")
      .execute(),
    // Every fill up to the month's end: the positions then.
    db
      .selectFrom("transactions")
      .innerJoin("orders", "orders.id", "transactions.orderId")
      .select(["orders.instrumentId", "orders.side", "orders.quantity"])
      .where("transactions.accountId", "=", id)
      .where("transactions.tranTime", "<", until)
      .where("orders.status", "=", "FILLED")
      .execute(),
  ])
  const openingCash = sum(before.map((t) => cashEffect(t.tranType, t.tranAmount)))
  let balance = openingCash
  const transactions = during.map((t): StatementTransaction => {
    const effect = cashEffect(t.tranType, t.tranAmount)
    balance = add(balance, effect)
    return {
      time: new Date(t.tranTime).toISOString(),
      type: t.tranType,
      description: t.description,
      descriptionText: t.descriptionText,
      amount: toFixed(effect, 2),
      balance: toFixed(balance, 2),
    }
  })
  const held = new Map<string, string>()
  for (const f of fills) {
    const quantity = f.quantity ?? "0"
    held.set(f.instrumentId, f.side === "BUY" ? add(held.get(f.instrumentId) ?? "0", quantity) : sub(held.get(f.instrumentId) ?? "0", quantity))
  }
  const ids = [...held].filter(([, q]) => compare(q, 0) > 0).map(([i]) => i)
  const instruments = ids.length === 0 ? [] : await db.selectFrom("instruments").selectAll().where("id", "in", ids).orderBy("symbol").execute()
  const positions = instruments.map((instrument): StatementPosition => {
    const quantity = held.get(instrument.id) ?? "0"
    const price = quoteAt(instrument, lastInstant).last
    return { symbol: instrument.symbol, name: instrument.name, quantity, price, value: toFixed(mul(quantity, price), 2) }
  })
  return {
    kind: "account",
    account,
    periodStart: day(start),
    periodEnd: day(lastInstant),
    openingCash: toFixed(openingCash, 2),
    closingCash: toFixed(balance, 2),
    transactions,
    positions,
    positionsValue: toFixed(sum(positions.map((p) => p.value)), 2),
  }
}
