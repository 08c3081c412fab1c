/**
 * Crash safety (issue 15): a client fires orders and withdrawals at a real server process and
 * records every request the server acknowledged (200); the server is killed with SIGKILL (kill -9,
 * no shutdown code at all) in the middle of that, then started again on the same data. Every
 * acknowledged write must be there, and no write half-made: a payment without its DEBIT
 * transaction, a transaction without its payment or order, cash that differs from its
 * transactions. Runs on the database of the pass: the embedded database (a PGlite data directory)
 * by default, PostgreSQL in the PostgreSQL pass. Prints the counts.
 */
import { mkdirSync, rmSync } from "node:fs"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { isNegative, normalise, sum, toFixed, compare } from "../../../src/domain/decimal"
import { openDatabase, type Database } from "../../../server/db/database"
import { cashEffect } from "../../../server/db/ledger"
import { DEMO_EMAILS } from "../../../server/db/seed/demo-users"
import { seedId } from "../../../server/db/seed/ids"
import { IDEMPOTENCY_KEY_HEADER } from "../../../server/http/idempotency"
import { liveClient, startLiveServer, type LiveDatabase, type LiveServer } from "../support/live-server"
import { createTestDatabase, makeTempDataDir, postgresServerUrl, templateBlob, type TestDatabase } from "../support/test-database"

const ACCOUNT = seedId("account", "demo-ngn")
const USER = seedId("user", "demo")
/** The server is killed once this many writes were acknowledged (more are in flight then). */
const KILL_AFTER = 60
const WORKERS = 8

const kind = postgresServerUrl() ? "PostgreSQL" : "embedded PGlite"
let postgres: TestDatabase | null = null
let dataDir: string | null = null
let where: LiveDatabase
const running: LiveServer[] = []

/** Opens the data for reading: PostgreSQL's own pool, or the data directory once no server holds it. */
const withData = async <T>(fn: (database: Database) => Promise<T>): Promise<T> => {
  if (postgres) return fn(postgres)
  const database = await openDatabase({ dataDir: dataDir! })
  try {
    return await fn(database)
  } finally {
    await database.close()
  }
}

beforeAll(async () => {
  if (postgresServerUrl()) {
    postgres = await createTestDatabase()
    where = { databaseUrl: postgres.databaseUrl! }
  } else {
    dataDir = makeTempDataDir("crash")
    mkdirSync(dataDir, { recursive: true })
    const seeded = await openDatabase({ dataDir, loadDataDir: await templateBlob() })
    await seeded.close()
    where = { dataDir }
  }
}, 120_000)

afterAll(async () => {
  await Promise.all(running.map((s) => s.kill9()))
  await postgres?.close()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

interface Acknowledged {
  readonly kind: "order" | "withdrawal"
  /** The unique figure that finds the write again: the order's quantity, the withdrawal's amount. */
  readonly figure: string
}

describe(`kill -9 of the server on the ${kind} database`, () => {
  // Two server processes start (as main.test.ts's do, each within its own limit): on a busy 2-core
  // machine that alone can take most of the server project's 60 s default.
  it("loses no acknowledged order or withdrawal and leaves no half-written payment", { timeout: 180_000 }, async () => {
    const { instrumentId, bankAccountRef } = await withData(async (database) => ({
      instrumentId: (
        await database.db.selectFrom("positions").select("instrumentId").where("accountId", "=", ACCOUNT).orderBy("instrumentId").executeTakeFirstOrThrow()
      ).instrumentId,
      bankAccountRef: (
        await database.db
          .selectFrom("bankAccounts")
          .select("ref")
          .where("userId", "=", USER)
          .where("currency", "=", "NGN")
          .orderBy("createdAt")
          .executeTakeFirstOrThrow()
      ).ref,
    }))
    const startedAt = new Date(Date.now() - 1_000)

    const first = await startLiveServer(where)
    running.push(first)
    const client = liveClient(first.url)
    const token = await client.signIn(DEMO_EMAILS.demo)

    const acknowledged: Acknowledged[] = []
    const refused: string[] = []
    let next = 0
    let killing: Promise<void> | null = null
    const worker = async () => {
      for (;;) {
        const i = next++
        const isOrder = i % 2 === 0
        // Unique per request: a quantity of 1.0xxxx1 shares, or an amount of NGN 20+i.19.
        const figure = isOrder ? `1.${String(i).padStart(5, "0")}1` : `${20 + i}.19`
        const path = isOrder ? "/api/users/order" : "/api/users/withdraw"
        const body = isOrder
          ? { accountId: ACCOUNT, instrumentId, side: "BUY", type: "MARKET", priority: "quantity", quantity: figure, amount: "5000.00" }
          : { channel: "NUBAN", bankAccountRef, amount: figure, accountId: ACCOUNT }
        try {
          const answer = await client.call("POST", path, { token, body, headers: { [IDEMPOTENCY_KEY_HEADER]: crypto.randomUUID() } })
          if (answer.status === 200) acknowledged.push({ kind: isOrder ? "order" : "withdrawal", figure })
          else refused.push(`${answer.status} ${JSON.stringify(answer.body)}`)
        } catch (error) {
          // The connection died with the server: not acknowledged, so nothing is owed.
          if (killing) return
          throw new Error(`a request failed before the server was killed: ${String(error)}`)
        }
        // Requests of the other workers are in flight while the process dies; the kill lands a few
        // milliseconds after an answer, in the middle of the next writes rather than between them.
        if (acknowledged.length >= KILL_AFTER && !killing) killing = new Promise((resolve) => setTimeout(resolve, 15)).then(() => first.kill9())
      }
    }
    const workers = Array.from({ length: WORKERS }, () => worker())
    // Keep sending until the process is gone; the workers then stop at their first failed request.
    const results = await Promise.allSettled(workers)
    for (const r of results) if (r.status === "rejected") throw r.reason
    expect(killing).not.toBeNull()
    await killing
    expect(refused).toEqual([])

    // Started again on the same data: it recovers and serves the session the client had.
    const second = await startLiveServer(where)
    running.push(second)
    expect((await liveClient(second.url).call("GET", "/api/users/profile", { token })).status).toBe(200)
    expect(await second.stop()).toBe(0)
    running.length = 0

    const found = await withData(async ({ db }) => {
      const orders = await db
        .selectFrom("orders")
        .select(["id", "quantity", "status"])
        .where("accountId", "=", ACCOUNT)
        .where("createdAt", ">=", startedAt.toISOString())
        .execute()
      const payments = await db
        .selectFrom("payments")
        .select(["id", "amount", "total", "status", "type"])
        .where("accountId", "=", ACCOUNT)
        .where("createdAt", ">=", startedAt.toISOString())
        .execute()
      const transactions = await db
        .selectFrom("transactions")
        .select(["tranType", "tranAmount", "orderId", "paymentId"])
        .where("accountId", "=", ACCOUNT)
        .execute()
      const allPayments = await db.selectFrom("payments").select(["id"]).where("accountId", "=", ACCOUNT).execute()
      const allOrders = await db.selectFrom("orders").select(["id", "status"]).where("accountId", "=", ACCOUNT).execute()
      const cash = (await db.selectFrom("accounts").select("cashBalance").where("accountId", "=", ACCOUNT).executeTakeFirstOrThrow()).cashBalance
      return { orders, payments, transactions, allPayments, allOrders, cash }
    })

    const orderFigures = found.orders.map((o) => normalise(o.quantity ?? ""))
    const paymentFigures = found.payments.map((p) => toFixed(p.amount, 2))
    const present = acknowledged.filter((w) =>
      w.kind === "order"
        ? orderFigures.filter((f) => f === normalise(w.figure)).length === 1
        : paymentFigures.filter((f) => f === toFixed(w.figure, 2)).length === 1,
    )
    const lost = acknowledged.length - present.length
    console.log(
      `kill -9 on ${kind}: acknowledged ${acknowledged.length} (${acknowledged.filter((w) => w.kind === "order").length} orders, ${acknowledged.filter((w) => w.kind === "withdrawal").length} withdrawals), present ${present.length}, lost ${lost}; in the data: ${found.orders.length} orders and ${found.payments.length} withdrawals of this run`,
    )
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER)
    expect(lost).toBe(0)

    // No half-written payment: each withdrawal has exactly one DEBIT transaction (and a failed one
    // its reversal), each payment transaction its payment, each order transaction a FILLED order.
    const paymentIds = new Set(found.allPayments.map((p) => p.id))
    const filled = new Set(found.allOrders.filter((o) => o.status === "FILLED").map((o) => o.id))
    for (const payment of found.payments) {
      const own = found.transactions.filter((t) => t.paymentId === payment.id)
      expect({ payment: payment.id, withdraws: own.filter((t) => t.tranType === "withdraw").map((t) => t.tranAmount) }).toEqual({
        payment: payment.id,
        withdraws: [payment.total],
      })
      expect(own.filter((t) => t.tranType === "reversal")).toHaveLength(payment.status === "FAILED" ? 1 : 0)
    }
    for (const t of found.transactions) {
      if (t.paymentId !== null) expect(paymentIds.has(t.paymentId)).toBe(true)
      if (t.orderId !== null) expect(filled.has(t.orderId)).toBe(true)
    }
    for (const id of filled) expect(found.transactions.filter((t) => t.orderId === id)).toHaveLength(1)
    // Cash moved only with its transactions.
    expect(compare(found.cash, sum(found.transactions.map((t) => cashEffect(t.tranType, t.tranAmount))))).toBe(0)
    expect(isNegative(found.cash)).toBe(false)
  })
})
