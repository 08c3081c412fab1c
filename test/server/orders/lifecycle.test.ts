/**
 * The order lifecycle over the API and the engine: PENDING, PROCESSING, then FILLED or REJECTED,
 * each step with its time; MARKET fills at the ask or bid by amount and by quantity; the position,
 * cash and transactions change together; rejections carry a readable reason; bad requests are
 * refused. The clock stays inside the NGN session of the test day.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { ORDER_CREATED_MESSAGE } from "../../../src/contract/orders"
import { add, div, mul, sub, toFixed } from "../../../src/domain/decimal"
import { DEMO_EMAILS } from "../../../server/db/seed/demo-users"
import { advanceOrders } from "../../../server/orders/engine"
import { startOrdersHarness, type OrdersHarness } from "./harness"

let o: OrdersHarness

beforeAll(async () => {
  o = await startOrdersHarness()
}, 60_000)

afterAll(async () => {
  await o.close()
})

const iso = (ms: number) => new Date(ms).toISOString()

/** Money as the rejection texts write it: "NGN 1,234.00" (independent formatter). */
const money = (currency: string, amount: string) =>
  `${currency} ${new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount as unknown as number)}`

describe("a MARKET BUY by amount", () => {
  test("goes PENDING, PROCESSING after 1 s, FILLED at the ask 1 s later, with each step's time", async () => {
    const { accountId, held } = o.demo.ngn
    const before = await o.account(accountId)
    const positionBefore = await o.position(accountId, held.instrumentId)
    const placedAt = o.clock.now()

    const res = await o.placeOrder(o.demo.token, {
      accountId,
      instrumentId: held.instrumentId,
      side: "BUY",
      type: "MARKET",
      priority: "amount",
      amount: "10000",
      quantity: "1500",
    })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: ORDER_CREATED_MESSAGE })

    const placed = await o.latestOrder(accountId)
    expect(placed).toMatchObject({ status: "PENDING", side: "BUY", type: "MARKET", symbol: held.symbol, priority: "amount", amount: "10000.00", total: null })
    expect(placed.progress).toEqual([{ status: "PENDING", time: iso(placedAt) }])

    await o.advance(500)
    expect((await o.order(placed.id)).status).toBe("PENDING")
    await o.advance(500)
    const processing = await o.order(placed.id)
    expect(processing.status).toBe("PROCESSING")
    expect(processing.progress).toEqual([
      { status: "PENDING", time: iso(placedAt) },
      { status: "PROCESSING", time: iso(placedAt + 1_000) },
    ])
    expect((await o.account(accountId)).cashBalance).toBe(before.cashBalance)

    await o.advance(500)
    expect((await o.order(placed.id)).status).toBe("PROCESSING")
    const steps = await o.advance(500)
    expect(steps).toContainEqual({ orderId: placed.id, status: "FILLED" })

    const ask = (await o.quote(held.instrumentId, placedAt + 2_000)).ask
    const quantity = div("10000", ask, 10, "down")
    const filled = await o.order(placed.id)
    expect(filled).toMatchObject({ status: "FILLED", fillPrice: ask, price: ask, quantity, amount: "10000.00", total: "10000.00", responseError: null })
    expect(filled.progress).toEqual([
      { status: "PENDING", time: iso(placedAt) },
      { status: "PROCESSING", time: iso(placedAt + 1_000) },
      { status: "FILLED", time: iso(placedAt + 2_000) },
    ])

    const after = await o.account(accountId)
    expect(after.cashBalance).toBe(toFixed(sub(before.cashBalance, "10000"), 2))
    expect(after.cashBalance).toBe(toFixed(await o.ledgerCash(accountId), 2))
    const position = await o.position(accountId, held.instrumentId)
    expect(position?.totalQuantity).toBe(add(positionBefore?.totalQuantity ?? "0", quantity))
    expect(position?.costBasis).toBe(toFixed(add(positionBefore?.costBasis ?? "0", "10000"), 2))
    const transaction = (await o.transactions(accountId)).find((t) => t.orderId === placed.id)
    expect(transaction).toMatchObject({ tranType: "buy", tranAmount: "10000.00", tranTime: iso(placedAt + 2_000) })
  })
})

describe("a MARKET BUY by quantity", () => {
  test("buys exactly that quantity and pays quantity x ask to the cent", async () => {
    const { accountId, held } = o.demo.ngn
    const before = await o.account(accountId)
    const positionBefore = await o.position(accountId, held.instrumentId)
    const placedAt = o.clock.now()
    const res = await o.placeOrder(o.demo.token, {
      accountId,
      instrumentId: held.instrumentId,
      side: "BUY",
      type: "MARKET",
      priority: "quantity",
      quantity: "1234.5",
      amount: "8000.00",
    })
    expect(res.status).toBe(200)
    const placed = await o.latestOrder(accountId)
    await o.advance(1_000)
    await o.advance(1_000)

    const ask = (await o.quote(held.instrumentId, placedAt + 2_000)).ask
    const total = toFixed(mul("1234.5", ask), 2)
    expect(await o.order(placed.id)).toMatchObject({ status: "FILLED", quantity: "1234.5", fillPrice: ask, total, amount: total, priority: "quantity" })
    expect((await o.account(accountId)).cashBalance).toBe(toFixed(sub(before.cashBalance, total), 2))
    expect((await o.position(accountId, held.instrumentId))?.totalQuantity).toBe(add(positionBefore?.totalQuantity ?? "0", "1234.5"))
    expect((await o.account(accountId)).cashBalance).toBe(toFixed(await o.ledgerCash(accountId), 2))
  })
})

describe("a MARKET SELL by quantity", () => {
  test("fills at the bid, adds the cash and takes the sold part's share of the cost basis", async () => {
    const { accountId, held } = o.demo.ngn
    const before = await o.account(accountId)
    const positionBefore = await o.position(accountId, held.instrumentId)
    if (!positionBefore) throw new Error("the seeded position is missing")
    const placedAt = o.clock.now()
    expect(
      (
        await o.placeOrder(o.demo.token, {
          accountId,
          instrumentId: held.instrumentId,
          side: "SELL",
          type: "MARKET",
          priority: "quantity",
          quantity: "1000",
          amount: "6000",
        })
      ).status,
    ).toBe(200)
    const placed = await o.latestOrder(accountId)
    await o.advance(1_000)
    await o.advance(1_000)

    const bid = (await o.quote(held.instrumentId, placedAt + 2_000)).bid
    const total = toFixed(mul("1000", bid), 2)
    expect(await o.order(placed.id)).toMatchObject({ status: "FILLED", side: "SELL", fillPrice: bid, total })
    expect((await o.account(accountId)).cashBalance).toBe(toFixed(add(before.cashBalance, total), 2))
    const position = await o.position(accountId, held.instrumentId)
    expect(position?.totalQuantity).toBe(sub(positionBefore.totalQuantity, "1000"))
    const soldCost = div(mul(positionBefore.costBasis, "1000"), positionBefore.totalQuantity, 2)
    expect(position?.costBasis).toBe(toFixed(sub(positionBefore.costBasis, soldCost), 2))
    expect((await o.transactions(accountId)).find((t) => t.orderId === placed.id)).toMatchObject({ tranType: "sell", tranAmount: total })
  })
})

describe("rejections", () => {
  test("a BUY the cash cannot pay for is REJECTED with the amounts, and nothing moves", async () => {
    const { accountId, held } = o.demo.ngn
    const before = await o.account(accountId)
    const transactionsBefore = (await o.transactions(accountId)).length
    const positionBefore = await o.position(accountId, held.instrumentId)
    const amount = toFixed(add(before.cashBalance, "1000"), 2)
    const placedAt = o.clock.now()
    expect(
      (await o.placeOrder(o.demo.token, { accountId, instrumentId: held.instrumentId, side: "BUY", type: "MARKET", priority: "amount", amount })).status,
    ).toBe(200)
    const placed = await o.latestOrder(accountId)
    await o.advance(1_000)
    const steps = await o.advance(1_000)

    const error = `Insufficient cash: the order needs ${money("NGN", amount)} and the account holds ${money("NGN", before.cashBalance)}.`
    expect(steps).toContainEqual({ orderId: placed.id, status: "REJECTED", error })
    const rejected = await o.order(placed.id)
    expect(rejected).toMatchObject({ status: "REJECTED", responseError: error, total: null, fillPrice: null })
    // The same reason in codes and figures, for clients to say it in the user's language.
    expect(rejected.responseReason).toEqual({ code: "insufficient_cash", currency: "NGN", needed: amount, held: before.cashBalance })
    expect(rejected.progress.map((p) => [p.status, p.time])).toEqual([
      ["PENDING", iso(placedAt)],
      ["PROCESSING", iso(placedAt + 1_000)],
      ["REJECTED", iso(placedAt + 2_000)],
    ])
    expect((await o.account(accountId)).cashBalance).toBe(before.cashBalance)
    expect(await o.transactions(accountId)).toHaveLength(transactionsBefore)
    expect(await o.position(accountId, held.instrumentId)).toEqual(positionBefore)
  })

  test("a SELL of more than is held is REJECTED with both quantities", async () => {
    const { accountId, held } = o.demo.ngn
    const positionBefore = await o.position(accountId, held.instrumentId)
    if (!positionBefore) throw new Error("the seeded position is missing")
    const selling = add(positionBefore.totalQuantity, "1")
    expect(
      (
        await o.placeOrder(o.demo.token, {
          accountId,
          instrumentId: held.instrumentId,
          side: "SELL",
          type: "MARKET",
          priority: "quantity",
          quantity: selling,
          amount: "1.00",
        })
      ).status,
    ).toBe(200)
    const placed = await o.latestOrder(accountId)
    await o.advance(1_000)
    await o.advance(1_000)

    const count = (q: string) => new Intl.NumberFormat("en-US", { maximumFractionDigits: 10 }).format(q as unknown as number)
    expect(await o.order(placed.id)).toMatchObject({
      status: "REJECTED",
      responseError: `Insufficient quantity: the order sells ${count(selling)} ${held.symbol} and the account holds ${count(positionBefore.totalQuantity)} ${held.symbol}.`,
    })
    expect(await o.position(accountId, held.instrumentId)).toEqual(positionBefore)
  })

  test("a SELL of an instrument not held is REJECTED saying the account holds 0", async () => {
    const { accountId } = o.demo.ngn
    const notHeld = await o.db
      .selectFrom("instruments")
      .select(["id", "symbol"])
      .where("currency", "=", "NGN")
      .where("id", "not in", o.db.selectFrom("positions").select("instrumentId").where("accountId", "=", accountId))
      .where("partnerId", "=", (await o.account(accountId)).partnerId)
      .executeTakeFirstOrThrow()
    expect(
      (
        await o.placeOrder(o.demo.token, {
          accountId,
          instrumentId: notHeld.id,
          side: "SELL",
          type: "MARKET",
          priority: "quantity",
          quantity: "5",
          amount: "10",
        })
      ).status,
    ).toBe(200)
    const placed = await o.latestOrder(accountId)
    await o.advance(1_000)
    await o.advance(1_000)
    expect((await o.order(placed.id)).responseError).toBe(
      `Insufficient quantity: the order sells 5 ${notHeld.symbol} and the account holds 0 ${notHeld.symbol}.`,
    )
  })
})

describe("what the server refuses", () => {
  test("another user's portfolio answers 404 and creates nothing", async () => {
    const app = await o.signInApp()
    const before = await o.orderCount(app.usd.accountId)
    const res = await o.placeOrder(o.demo.token, {
      accountId: app.usd.accountId,
      instrumentId: app.usd.held.instrumentId,
      side: "BUY",
      type: "MARKET",
      amount: "100",
    })
    expect(res.status).toBe(404)
    expect(res.body).toMatchObject({ code: "not_found", error: "This portfolio was not found among your portfolios." })
    expect(await o.orderCount(app.usd.accountId)).toBe(before)
    const unknown = await o.placeOrder(o.demo.token, {
      accountId: "not-an-id",
      instrumentId: o.demo.ngn.held.instrumentId,
      side: "BUY",
      type: "MARKET",
      amount: "100",
    })
    expect(unknown.status).toBe(404)
  })

  test("an instrument no partner of the user's group offers answers 404", async () => {
    const foreign = await o.db
      .selectFrom("instruments")
      .innerJoin("partners", "partners.id", "instruments.partnerId")
      .select("instruments.id")
      .where("partners.code", "=", "MGC")
      .where("instruments.currency", "=", "USD")
      .executeTakeFirstOrThrow()
    const res = await o.placeOrder(o.demo.token, { accountId: o.demo.usd.accountId, instrumentId: foreign.id, side: "BUY", type: "MARKET", amount: "100" })
    expect(res.status).toBe(404)
    expect(res.body.error).toBe("This instrument was not found among the instruments your partners offer.")
  })

  test("an instrument in another currency than the portfolio answers 400 naming both", async () => {
    const res = await o.placeOrder(o.demo.token, {
      accountId: o.demo.ngn.accountId,
      instrumentId: o.demo.usd.held.instrumentId,
      side: "BUY",
      type: "MARKET",
      amount: "100",
    })
    expect(res.status).toBe(400)
    expect(res.body.error).toBe(`${o.demo.usd.held.symbol} trades in USD and this portfolio holds NGN: choose a USD portfolio.`)
  })

  test("the ticket's validation texts come back as 400 for bad figures", async () => {
    const { accountId, held } = o.demo.ngn
    const before = await o.orderCount(accountId)
    const limit = await o.placeOrder(o.demo.token, { accountId, instrumentId: held.instrumentId, side: "BUY", type: "LIMIT", price: "0", quantity: "5" })
    expect(limit.status).toBe(400)
    expect(limit.body.message).toEqual({ price: "Valid Target Price and Quantity required for LIMIT BUY" })
    const market = await o.placeOrder(o.demo.token, { accountId, instrumentId: held.instrumentId, side: "SELL", type: "MARKET", amount: "-3" })
    expect(market.status).toBe(400)
    expect(market.body.message).toMatchObject({ amount: "Valid Amount required for MARKET SELL" })
    const stopBuy = await o.placeOrder(o.demo.token, { accountId, instrumentId: held.instrumentId, side: "BUY", type: "STOP", price: "5", quantity: "5" })
    expect(stopBuy.status).toBe(400)
    expect(stopBuy.body.message).toEqual({ type: "Stop Loss is available for SELL only" })
    const cents = await o.placeOrder(o.demo.token, { accountId, instrumentId: held.instrumentId, side: "BUY", type: "MARKET", amount: "10.001" })
    expect(cents.status).toBe(400)
    expect(cents.body.message).toEqual({ amount: "Amount can have at most 2 decimal places." })
    const notJson = await o.placeOrder(o.demo.token, "{")
    expect(notJson.status).toBe(400)
    expect(await o.orderCount(accountId)).toBe(before)
  })

  test("a session still waiting for its one-time code gets 403, and no session 401", async () => {
    const { token } = await o.signIn(DEMO_EMAILS.demo, { deviceId: "device-orders-pending" })
    const body = { accountId: o.demo.ngn.accountId, instrumentId: o.demo.ngn.held.instrumentId, side: "BUY", type: "MARKET", amount: "100" }
    const pending = await o.send("POST", "/api/users/order", {
      token,
      body,
      deviceId: "device-orders-pending",
      headers: { "Idempotency-Key": crypto.randomUUID() },
    })
    expect(pending.status).toBe(403)
    const unsigned = await o.call("POST", "/api/users/order", { body })
    expect(unsigned.status).toBe(401)
  })
})

describe("the seeded open orders", () => {
  test("keep waiting while the market stays away from their prices", async () => {
    const open = await o.db
      .selectFrom("orders")
      .select(["id", "type", "status"])
      .where("status", "in", ["PENDING", "PROCESSING"])
      .where("type", "!=", "MARKET")
      .execute()
    expect(open.length).toBeGreaterThan(0)
    await advanceOrders(o.db, o.clock.now() + 5_000)
    await advanceOrders(o.db, o.clock.now() + 10_000)
    const after = await o.db
      .selectFrom("orders")
      .select(["id", "status"])
      .where(
        "id",
        "in",
        open.map((x) => x.id),
      )
      .execute()
    expect(after.map((x) => x.status).sort()).toEqual(open.map(() => "PROCESSING"))
  })
})
