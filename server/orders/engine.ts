/**
 * The simulated market's order engine. `advanceOrders(db, now)` moves every open order one step
 * when it is due (timings in rules.ts):
 *
 *   PENDING --acceptAfterMs--> PROCESSING --executeAfterMs, price crossed--> FILLED | REJECTED
 *
 * Each step appends `{ status, time: now }` to the order's `progress`. MARKET orders execute at
 * the ask (BUY) or bid (SELL) of `quoteAt(instrument, now)`; LIMIT and STOP orders stay
 * PROCESSING until the price crosses (rules.ts `isTriggered`). Outside an instrument's session the
 * quote is the last close, so MARKET orders still execute (at that close) and waiting orders wait.
 *
 * A fill is one database transaction: the account row is locked (`for update`), then the order
 * row; the order is re-read under the lock and skipped unless still PROCESSING (a cancel that won
 * the race stays cancelled). Cash (BUY) or the held quantity (SELL) is checked under the account
 * lock, so orders executing in parallel can never take cash or a position below zero: one that no
 * longer fits is REJECTED with a readable `response_error`. A fill writes the order (FILLED, price,
 * quantity, amount, total, fill price), the position (quantity, average cost basis; removed when
 * sold out), the cash balance and its buy/sell transaction (so cash stays the sum of the cash
 * transactions, ledger.ts), a trade confirmation, and re-marks the account's snapshot at `now`.
 *
 * Lock order everywhere: account, then order (the cancel route locks only the order), so no two
 * transactions ever wait on each other in a cycle.
 */
import type { Kysely, Transaction } from "kysely"
import { add, compare, div, isPositive, mul, sub, toFixed } from "../../src/domain/decimal"
import { isOrderMove, type OrderRejection } from "../../src/domain/order-ticket"
import { transactionText } from "../../src/domain/transaction-text"
import { cashEffect } from "../db/ledger"
import { evaluatePriceAlerts } from "../alerts/evaluate"
import { reviewDocuments } from "../documents/review"
import { advancePayments, type PaymentTimings } from "../money/payment-engine"
import { json, type DB, type OrderProgressStep, type OrderStatus, type Row } from "../db/schema"
import { quoteAt, type MarketInstrument } from "../market/index"
import { accountOwner, notify } from "../notifications/notify"
import { executionOf, isTriggered, ORDER_ENGINE_INTERVAL_MS, ORDER_TIMINGS, rejectionText, type OrderTimings } from "./rules"

/** One step the engine took. */
export interface OrderStep {
  readonly orderId: string
  readonly status: OrderStatus
  /** The rejection reason, for REJECTED. */
  readonly error?: string
}

const OPEN: ReadonlyArray<OrderStatus> = ["PENDING", "PROCESSING"]

const lastStepMs = (order: Pick<Row<"orders">, "progress" | "createdAt">): number => {
  const last = order.progress[order.progress.length - 1]
  return Date.parse(last ? last.time : order.createdAt)
}

/** The progress with one more step; a move the lifecycle does not have (ORDER_STATUS_MOVES) is an error, never written. */
const withStep = (progress: ReadonlyArray<OrderProgressStep>, status: OrderStatus, at: string): string => {
  const from = progress[progress.length - 1]?.status
  if (from !== undefined && !isOrderMove(from, status)) throw new Error(`An order cannot move from ${from} to ${status}.`)
  return json([...progress, { status, time: at }])
}

type Db = Kysely<DB> | Transaction<DB>

/** The instruments of some orders, by id, with what the market needs. */
const instrumentsById = async (db: Db, ids: ReadonlyArray<string>): Promise<Map<string, Row<"instruments">>> => {
  if (ids.length === 0) return new Map()
  const rows = await db
    .selectFrom("instruments")
    .selectAll()
    .where("id", "in", [...new Set(ids)])
    .execute()
  return new Map(rows.map((r) => [r.id, r]))
}

const market = (instrument: Row<"instruments">): MarketInstrument => instrument

/**
 * Marks every position of an account and the account's snapshot (long market value, equity) at
 * `now`'s last prices. Runs inside the fill's transaction, after cash and positions changed.
 */
const markAccount = async (trx: Transaction<DB>, accountId: string, cash: string, now: Date): Promise<void> => {
  const positions = await trx.selectFrom("positions").select(["id", "instrumentId", "totalQuantity"]).where("accountId", "=", accountId).execute()
  const instruments = await instrumentsById(
    trx,
    positions.map((p) => p.instrumentId),
  )
  let longMarketValue = "0"
  for (const position of positions) {
    const instrument = instruments.get(position.instrumentId)
    if (!instrument) continue
    const price = quoteAt(market(instrument), now).last
    const equity = toFixed(mul(position.totalQuantity, price), 2)
    longMarketValue = add(longMarketValue, equity)
    await trx.updateTable("positions").set({ price, equityBalance: equity, markedAt: now, updatedAt: now }).where("id", "=", position.id).execute()
  }
  await trx
    .updateTable("accounts")
    .set({ longMarketValue: toFixed(longMarketValue, 2), portfolioEquity: toFixed(add(longMarketValue, cash), 2), markedAt: now, updatedAt: now })
    .where("accountId", "=", accountId)
    .execute()
}

const reject = async (trx: Transaction<DB>, order: Row<"orders">, reason: OrderRejection, at: Date): Promise<OrderStep> => {
  const error = rejectionText(reason)
  await trx
    .updateTable("orders")
    .set({
      status: "REJECTED",
      responseError: error,
      responseReason: json(reason),
      progress: withStep(order.progress, "REJECTED", at.toISOString()),
      updatedAt: at,
    })
    .where("id", "=", order.id)
    .execute()
  await notify(trx, {
    userId: await accountOwner(trx, order.accountId),
    kind: "order-rejected",
    dedupeKey: `order-rejected:${order.id}`,
    subject: { type: "order", id: order.id, accountId: order.accountId },
    params: { side: order.side, symbol: order.symbol },
    at,
  })
  return { orderId: order.id, status: "REJECTED", error }
}

/**
 * Executes one PROCESSING order at `now` if its price has crossed, in one transaction with the
 * account and the order locked. Answers the step taken, or null (not due, not crossed, no longer
 * open).
 */
const execute = async (db: Kysely<DB>, orderId: string, accountId: string, now: Date, timings: OrderTimings): Promise<OrderStep | null> =>
  db.transaction().execute(async (trx) => {
    const account = await trx.selectFrom("accounts").selectAll().where("accountId", "=", accountId).forUpdate().executeTakeFirst()
    const order = await trx.selectFrom("orders").selectAll().where("id", "=", orderId).forUpdate().executeTakeFirst()
    if (!account || !order || order.status !== "PROCESSING") return null
    if (lastStepMs(order) + timings.executeAfterMs > now.getTime()) return null
    const instrument = await trx.selectFrom("instruments").selectAll().where("id", "=", order.instrumentId).executeTakeFirst()
    if (!instrument) return reject(trx, order, { code: "instrument_unlisted" }, now)
    const quote = quoteAt(market(instrument), now)
    if (!isTriggered(order, quote)) return null

    const fill = executionOf(order, quote)
    const currency = account.currency
    if (!isPositive(fill.quantity) || !isPositive(fill.total)) return reject(trx, order, { code: "too_small", currency, price: fill.price }, now)

    const position = await trx
      .selectFrom("positions")
      .selectAll()
      .where("accountId", "=", accountId)
      .where("instrumentId", "=", order.instrumentId)
      .executeTakeFirst()

    let cash: string
    if (order.side === "BUY") {
      if (compare(fill.total, account.cashBalance) > 0)
        return reject(trx, order, { code: "insufficient_cash", currency, needed: fill.total, held: account.cashBalance }, now)
      cash = add(account.cashBalance, cashEffect("buy", fill.total))
      if (position) {
        const quantity = add(position.totalQuantity, fill.quantity)
        await trx
          .updateTable("positions")
          .set({ totalQuantity: quantity, costBasis: toFixed(add(position.costBasis, fill.total), 2), updatedAt: now })
          .where("id", "=", position.id)
          .execute()
      } else {
        await trx
          .insertInto("positions")
          .values({
            accountId,
            instrumentId: order.instrumentId,
            totalQuantity: fill.quantity,
            costBasis: fill.total,
            price: quote.last,
            equityBalance: toFixed(mul(fill.quantity, quote.last), 2),
            markedAt: now,
            createdAt: now,
            updatedAt: now,
          })
          .execute()
      }
    } else {
      const held = position?.totalQuantity ?? "0"
      if (!position || compare(fill.quantity, held) > 0)
        return reject(trx, order, { code: "insufficient_quantity", symbol: order.symbol, selling: fill.quantity, held }, now)
      cash = add(account.cashBalance, cashEffect("sell", fill.total))
      const remaining = sub(held, fill.quantity)
      if (!isPositive(remaining)) {
        await trx.deleteFrom("positions").where("id", "=", position.id).execute()
      } else {
        // Average cost: the sold part takes its proportional share of the cost basis.
        const soldCost = div(mul(position.costBasis, fill.quantity), held, 2)
        await trx
          .updateTable("positions")
          .set({ totalQuantity: remaining, costBasis: toFixed(sub(position.costBasis, soldCost), 2), updatedAt: now })
          .where("id", "=", position.id)
          .execute()
      }
    }

    await trx
      .updateTable("accounts")
      .set({ cashBalance: toFixed(cash, 2), updatedAt: now })
      .where("accountId", "=", accountId)
      .execute()
    const bought = order.side === "BUY"
    await trx
      .insertInto("transactions")
      .values({
        accountId,
        tranType: bought ? "buy" : "sell",
        tranAmount: fill.total,
        tranTime: now,
        description: null,
        comment: null,
        descriptionText: json(transactionText(bought ? "bought" : "sold", { quantity: fill.quantity, symbol: order.symbol, price: fill.price })),
        commentText: json(transactionText("order-filled", { orderType: order.type })),
        orderId: order.id,
        createdAt: now,
      })
      .execute()
    const date = now.toISOString().slice(0, 10)
    await trx
      .insertInto("statements")
      .values({ accountId, kind: "confirmation", date, key: `confirmation-${date}-${order.id.slice(0, 8)}`, orderId: order.id, createdAt: now })
      .onConflict((oc) => oc.columns(["accountId", "key"]).doNothing())
      .execute()
    await trx
      .updateTable("orders")
      .set({
        status: "FILLED",
        // MARKET orders take the execution price; LIMIT and STOP keep their target price.
        price: order.type === "MARKET" ? fill.price : order.price,
        quantity: fill.quantity,
        amount: fill.total,
        total: fill.total,
        fillPrice: fill.price,
        responseError: null,
        progress: withStep(order.progress, "FILLED", now.toISOString()),
        updatedAt: now,
      })
      .where("id", "=", order.id)
      .execute()
    await markAccount(trx, accountId, cash, now)
    await notify(trx, {
      userId: account.userId,
      kind: "order-filled",
      dedupeKey: `order-filled:${order.id}`,
      subject: { type: "order", id: order.id, accountId },
      params: { side: order.side, quantity: fill.quantity, symbol: order.symbol, price: fill.price, currency },
      at: now,
    })
    return { orderId: order.id, status: "FILLED" as const }
  })

/** Moves a PENDING order to PROCESSING if it is due and still pending (order row locked). */
const accept = async (db: Kysely<DB>, orderId: string, now: Date, timings: OrderTimings): Promise<OrderStep | null> =>
  db.transaction().execute(async (trx) => {
    const order = await trx.selectFrom("orders").selectAll().where("id", "=", orderId).forUpdate().executeTakeFirst()
    if (!order || order.status !== "PENDING" || lastStepMs(order) + timings.acceptAfterMs > now.getTime()) return null
    await trx
      .updateTable("orders")
      .set({ status: "PROCESSING", progress: withStep(order.progress, "PROCESSING", now.toISOString()), updatedAt: now })
      .where("id", "=", order.id)
      .execute()
    return { orderId: order.id, status: "PROCESSING" as const }
  })

/** Options of `advanceOrders`. */
export interface AdvanceOptions {
  /** Default ORDER_TIMINGS. */
  readonly timings?: OrderTimings
  /** Called for an order whose step failed unexpectedly; the other orders still advance. Default: rethrow after the pass. */
  readonly onError?: (error: unknown, orderId: string) => void
}

/**
 * Advances every open order that is due at `now` by one step (see the module comment) and answers
 * the steps taken, oldest order first. Safe to run while requests place and cancel orders, and
 * from several processes (each step re-checks the order under its row lock).
 */
export const advanceOrders = async (db: Kysely<DB>, now: Date | number, options: AdvanceOptions = {}): Promise<OrderStep[]> => {
  const at = typeof now === "number" ? new Date(now) : now
  const timings = options.timings ?? ORDER_TIMINGS
  const open = await db
    .selectFrom("orders")
    .select(["id", "accountId", "instrumentId", "status", "side", "type", "priority", "price", "quantity", "amount", "progress", "createdAt"])
    .where("status", "in", OPEN)
    .orderBy("createdAt")
    .orderBy("id")
    .execute()
  const instruments = await instrumentsById(
    db,
    open.filter((o) => o.status === "PROCESSING").map((o) => o.instrumentId),
  )

  const steps: OrderStep[] = []
  const failures: unknown[] = []
  for (const order of open) {
    try {
      let step: OrderStep | null = null
      if (order.status === "PENDING") {
        if (lastStepMs(order) + timings.acceptAfterMs > at.getTime()) continue
        step = await accept(db, order.id, at, timings)
      } else {
        if (lastStepMs(order) + timings.executeAfterMs > at.getTime()) continue
        // Waiting LIMIT and STOP orders are checked without a lock first; the fill re-checks.
        const instrument = instruments.get(order.instrumentId)
        if (instrument && !isTriggered(order, quoteAt(market(instrument), at))) continue
        step = await execute(db, order.id, order.accountId, at, timings)
      }
      if (step) steps.push(step)
    } catch (error) {
      if (options.onError) options.onError(error, order.id)
      else failures.push(error)
    }
  }
  if (failures.length > 0) throw failures[0]
  return steps
}

/** A running engine: `stop()` clears the interval and waits for a pass in progress. */
export interface OrderEngine {
  readonly stop: () => Promise<void>
}

/** Options of `startOrderEngine`. */
export interface OrderEngineOptions {
  readonly db: Kysely<DB>
  /** The clock (milliseconds). Default Date.now. */
  readonly now?: () => number
  /** Default ORDER_ENGINE_INTERVAL_MS. */
  readonly intervalMs?: number
  readonly timings?: OrderTimings
  /** The payout rail's waits (default PAYMENT_TIMINGS). */
  readonly paymentTimings?: PaymentTimings
  /**
   * How long an uploaded document waits before the demo back office reviews it
   * (server/documents/review.ts); absent, no document is reviewed (outside demo mode).
   */
  readonly documentReviewAfterMs?: number
  /** Default: console.error. */
  readonly onError?: (error: unknown, orderId: string | null) => void
}

/**
 * Runs `advanceOrders`, then `advancePayments`, then `evaluatePriceAlerts`, then (when
 * `documentReviewAfterMs` is given) `reviewDocuments`, every `intervalMs`; a pass still running when
 * the next is due is not overlapped (that tick is skipped).
 */
export const startOrderEngine = (options: OrderEngineOptions): OrderEngine => {
  const now = options.now ?? Date.now
  const onError =
    options.onError ??
    ((error: unknown, orderId: string | null) => {
      console.error(orderId ? `The order engine could not advance order ${orderId}:` : "The order engine pass failed:", error)
    })
  let running: Promise<void> | null = null
  let stopped = false
  const tick = () => {
    if (running || stopped) return
    const at = now()
    running = advanceOrders(options.db, at, { ...(options.timings ? { timings: options.timings } : {}), onError })
      // The same pass moves open withdrawals along their payout (server/money/payment-engine.ts).
      .then(() => advancePayments(options.db, at, options.paymentTimings))
      // And fires the price alerts the market crossed (server/alerts/evaluate.ts).
      .then(() => evaluatePriceAlerts(options.db, new Date(at)))
      // And, in demo mode, lets the back office review the documents that waited long enough (server/documents/review.ts).
      .then(() => (options.documentReviewAfterMs === undefined ? undefined : reviewDocuments(options.db, new Date(at), options.documentReviewAfterMs)))
      .then(() => undefined)
      .catch((error: unknown) => onError(error, null))
      .finally(() => {
        running = null
      })
  }
  const timer = setInterval(tick, options.intervalMs ?? ORDER_ENGINE_INTERVAL_MS)
  timer.unref()
  return {
    stop: async () => {
      stopped = true
      clearInterval(timer)
      if (running) await running
    },
  }
}
