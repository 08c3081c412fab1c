/**
 * Money never goes below zero when orders execute in parallel, and cancelling follows the rules:
 * only PENDING or PROCESSING orders, only the user's own, and a cancel racing a fill leaves one
 * consistent outcome. Uses the USD portfolio: at the test instant the USD session is closed, so
 * its quotes hold still and every figure is known in advance.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { compare, div, isNegative, mul, sub, toFixed } from "../../../src/domain/decimal"
import { advanceOrders } from "../../../server/orders/engine"
import { startOrdersHarness, type OrdersHarness } from "./harness"

let o: OrdersHarness

beforeAll(async () => {
  o = await startOrdersHarness()
}, 60_000)

afterAll(async () => {
  await o.close()
})

const CANCELLED_MESSAGE = { message: "Order Cancelled Successfully" }

/** Places orders in parallel and answers the ids of the orders they created. */
const placeAll = async (accountId: string, bodies: ReadonlyArray<Record<string, string>>): Promise<string[]> => {
  const idsOf = async () => (await o.db.selectFrom("orders").select("id").where("accountId", "=", accountId).execute()).map((r) => r.id)
  const before = new Set(await idsOf())
  const answers = await Promise.all(bodies.map((body) => o.placeOrder(o.demo.token, { accountId, ...body })))
  for (const a of answers) expect(a.status).toBe(200)
  const created = (await idsOf()).filter((id) => !before.has(id))
  expect(created).toHaveLength(bodies.length)
  return created
}

describe("parallel orders", () => {
  test("20 BUYs each affordable alone but not together: exactly as many fill as the cash pays for, and cash stays >= 0 and equal to its transactions", async () => {
    const { accountId, held } = o.demo.usd
    const cash = (await o.account(accountId)).cashBalance
    const amount = div(cash, "7.5", 2, "down")
    expect(compare(amount, cash)).toBeLessThan(0)
    const ids = await placeAll(
      accountId,
      Array.from({ length: 20 }, () => ({ instrumentId: held.instrumentId, side: "BUY", type: "MARKET", priority: "amount", amount })),
    )

    await o.advance(1_000)
    o.clock.advance(1_000)
    // Three engine passes at once, as if several processes ran it: each order executes once.
    await Promise.all([advanceOrders(o.db, o.clock.now()), advanceOrders(o.db, o.clock.now()), advanceOrders(o.db, o.clock.now())])

    const orders = await o.db.selectFrom("orders").select(["id", "status", "responseError"]).where("id", "in", ids).execute()
    expect(orders.filter((x) => x.status === "FILLED")).toHaveLength(7)
    const rejected = orders.filter((x) => x.status === "REJECTED")
    expect(rejected).toHaveLength(13)
    for (const r of rejected) expect(r.responseError).toMatch(/^Insufficient cash: the order needs USD [\d,]+\.\d\d and the account holds USD [\d,]+\.\d\d\.$/)

    const after = (await o.account(accountId)).cashBalance
    expect(after).toBe(toFixed(sub(cash, mul(amount, "7")), 2))
    expect(isNegative(after)).toBe(false)
    expect(after).toBe(toFixed(await o.ledgerCash(accountId), 2))
    const buys = (await o.transactions(accountId)).filter((t) => t.orderId !== null && ids.includes(t.orderId))
    expect(buys).toHaveLength(7)
  })

  test("10 SELLs of 40% of a holding each: two fill and the quantity never goes below zero", async () => {
    const { accountId, held } = o.demo.usd
    const position = await o.position(accountId, held.instrumentId)
    if (!position) throw new Error("the seeded position is missing")
    const quantity = div(mul(position.totalQuantity, "0.4"), "1", 4, "down")
    const ids = await placeAll(
      accountId,
      Array.from({ length: 10 }, () => ({ instrumentId: held.instrumentId, side: "SELL", type: "MARKET", priority: "quantity", quantity, amount: "1" })),
    )
    await o.advance(1_000)
    o.clock.advance(1_000)
    await Promise.all([advanceOrders(o.db, o.clock.now()), advanceOrders(o.db, o.clock.now())])

    const orders = await o.db.selectFrom("orders").select(["status"]).where("id", "in", ids).execute()
    expect(orders.filter((x) => x.status === "FILLED")).toHaveLength(2)
    expect(orders.filter((x) => x.status === "REJECTED")).toHaveLength(8)
    expect((await o.position(accountId, held.instrumentId))?.totalQuantity).toBe(sub(position.totalQuantity, mul(quantity, "2")))
    expect((await o.account(accountId)).cashBalance).toBe(toFixed(await o.ledgerCash(accountId), 2))
  })
})

describe("PATCH /users/order/:id/cancel", () => {
  const buyBody = () => ({ instrumentId: o.demo.usd.held.instrumentId, side: "BUY", type: "MARKET", priority: "amount", amount: "10.00" })

  test("cancels a PENDING order, records the step, and the engine leaves it cancelled", async () => {
    const [id] = (await placeAll(o.demo.usd.accountId, [buyBody()])) as [string]
    const placedAt = o.clock.now()
    o.clock.advance(300)
    const res = await o.cancelOrder(o.demo.token, id)
    expect(res.status).toBe(200)
    expect(res.body).toEqual(CANCELLED_MESSAGE)
    const cancelled = await o.order(id)
    expect(cancelled.status).toBe("CANCELLED")
    expect(cancelled.progress).toEqual([
      { status: "PENDING", time: new Date(placedAt).toISOString() },
      { status: "CANCELLED", time: new Date(placedAt + 300).toISOString() },
    ])
    await o.advance(1_000)
    await o.advance(1_000)
    expect((await o.order(id)).status).toBe("CANCELLED")
    expect((await o.transactions(o.demo.usd.accountId)).some((t) => t.orderId === id)).toBe(false)
  })

  test("cancels a PROCESSING order that waits for its price", async () => {
    const ask = (await o.quote(o.demo.usd.held.instrumentId, o.clock.now())).ask
    const [id] = (await placeAll(o.demo.usd.accountId, [
      { instrumentId: o.demo.usd.held.instrumentId, side: "BUY", type: "LIMIT", price: toFixed(mul(ask, "0.5"), 2), quantity: "1" },
    ])) as [string]
    await o.advance(1_000)
    await o.advance(1_000)
    expect((await o.order(id)).status).toBe("PROCESSING")
    const res = await o.cancelOrder(o.demo.token, id)
    expect(res.status).toBe(200)
    expect((await o.order(id)).progress.map((p) => p.status)).toEqual(["PENDING", "PROCESSING", "CANCELLED"])
  })

  test("refuses FILLED, REJECTED and CANCELLED orders with 409 and a reason", async () => {
    const seeded = await o.db
      .selectFrom("orders")
      .select(["id", "status"])
      .where("accountId", "=", o.demo.usd.accountId)
      .where("status", "in", ["FILLED", "REJECTED", "CANCELLED"])
      .execute()
    const oneOf = (status: string) => {
      const row = seeded.find((r) => r.status === status)
      if (!row) throw new Error(`no ${status} order in the demo world`)
      return row.id
    }
    const expected = {
      FILLED: "This order has already been filled, so it cannot be cancelled: only PENDING or PROCESSING orders can be cancelled.",
      REJECTED: "This order was rejected, so it cannot be cancelled: only PENDING or PROCESSING orders can be cancelled.",
      CANCELLED: "This order is already cancelled, so it cannot be cancelled: only PENDING or PROCESSING orders can be cancelled.",
    }
    for (const [status, text] of Object.entries(expected)) {
      const id = oneOf(status)
      const res = await o.cancelOrder(o.demo.token, id)
      expect(res.status).toBe(409)
      expect(res.body).toMatchObject({ code: "conflict", error: text })
      expect((await o.order(id)).status).toBe(status)
    }
  })

  test("another user's order, an unknown id and a malformed id answer 404 and change nothing", async () => {
    const app = await o.signInApp()
    const [id] = (await placeAll(o.demo.usd.accountId, [buyBody()])) as [string]
    const res = await o.cancelOrder(app.token, id)
    expect(res.status).toBe(404)
    expect(res.body).toMatchObject({ code: "not_found", error: "This order was not found among your orders." })
    expect((await o.order(id)).status).toBe("PENDING")
    expect((await o.cancelOrder(o.demo.token, crypto.randomUUID())).status).toBe(404)
    expect((await o.cancelOrder(o.demo.token, "not-an-id")).status).toBe(404)
    // Its owner can.
    expect((await o.cancelOrder(o.demo.token, id)).status).toBe(200)
  })

  test("a cancel racing a fill leaves one consistent outcome: cancelled with no money moved, or filled and the cancel refused", async () => {
    const { accountId } = o.demo.usd
    const ids = await placeAll(
      accountId,
      Array.from({ length: 6 }, () => buyBody()),
    )
    await o.advance(1_000)
    o.clock.advance(1_000)
    const cashBefore = (await o.account(accountId)).cashBalance

    const outcomes = await Promise.all(ids.map(async (id) => (await Promise.all([o.cancelOrder(o.demo.token, id), advanceOrders(o.db, o.clock.now())]))[0]))

    let filled = 0
    for (const [index, id] of ids.entries()) {
      const answer = outcomes[index]
      const order = await o.order(id)
      const moved = (await o.transactions(accountId)).filter((t) => t.orderId === id)
      if (answer?.status === 200) {
        expect(order.status).toBe("CANCELLED")
        expect(moved).toHaveLength(0)
        expect(order.progress.map((p) => p.status)).toEqual(["PENDING", "PROCESSING", "CANCELLED"])
      } else {
        expect(answer?.status).toBe(409)
        expect(order.status).toBe("FILLED")
        expect(moved).toHaveLength(1)
        expect(order.progress.map((p) => p.status)).toEqual(["PENDING", "PROCESSING", "FILLED"])
        filled++
      }
    }
    const cashAfter = (await o.account(accountId)).cashBalance
    expect(cashAfter).toBe(toFixed(sub(cashBefore, mul("10.00", String(filled))), 2))
    expect(cashAfter).toBe(toFixed(await o.ledgerCash(accountId), 2))
    expect(isNegative(cashAfter)).toBe(false)
  })
})
