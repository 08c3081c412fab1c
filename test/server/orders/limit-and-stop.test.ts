/**
 * LIMIT and STOP orders wait in PROCESSING until the synthetic price crosses their price, then
 * fill at the quote of that moment. Each test picks its price from the market's own path over the
 * next two days (server/market), so the crossing moment is known in advance.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { compare, mul, toFixed } from "../../../src/domain/decimal"
import { DEMO_EMAILS } from "../../../server/db/seed/demo-users"
import { quoteAt, type Quote } from "../../../server/market/index"
import { advanceOrders } from "../../../server/orders/engine"
import { startOrdersHarness, type OrdersHarness } from "./harness"

let o: OrdersHarness

beforeAll(async () => {
  o = await startOrdersHarness()
}, 60_000)

afterAll(async () => {
  await o.close()
})

const FIVE_MINUTES = 5 * 60_000
const TWO_DAYS = 2 * 86_400_000

/** Moves the clock to `ms` and runs the engine there. */
const runAt = async (ms: number) => {
  o.clock.advance(ms - o.clock.now())
  return advanceOrders(o.db, ms)
}

interface Plan {
  /** The order's price. */
  readonly price: string
  /** A moment after the first check when the price has not crossed yet. */
  readonly waiting: number
  /** The first moment it has crossed. */
  readonly crossing: number
}

/**
 * The extreme of `pick` over the next two days in five-minute steps after `from`, and the first
 * moment it is reached. Fails when the market is already at that extreme at `from`.
 */
const planFor = async (instrumentId: string, from: number, pick: (q: Quote) => string, lowest: boolean): Promise<Plan> => {
  const instrument = await o.instrument(instrumentId)
  const points: Array<{ at: number; value: string }> = []
  for (let at = from + FIVE_MINUTES; at <= from + TWO_DAYS; at += FIVE_MINUTES) points.push({ at, value: pick(quoteAt(instrument, new Date(at))) })
  const better = (a: string, b: string) => (lowest ? compare(a, b) < 0 : compare(a, b) > 0)
  let extreme = points[0] as { at: number; value: string }
  for (const point of points) if (better(point.value, extreme.value)) extreme = point
  const start = pick(quoteAt(instrument, new Date(from)))
  // The order must not cross at its first check: the extreme lies strictly beyond the price then.
  if (!better(extreme.value, start)) throw new Error("the market is already at its extreme: pick another instrument")
  const waiting = points.find((p) => p.at < extreme.at)?.at ?? from
  return { price: extreme.value, waiting, crossing: extreme.at }
}

/** Signs the demo user in again at the current clock (the previous test moved it by days). */
const freshToken = async () => (await o.signInFully(DEMO_EMAILS.demo)).token

/** Places an order and runs the engine to its first price check (PENDING, then PROCESSING, then 1 s). */
const placeAndProcess = async (body: Record<string, string>) => {
  const token = await freshToken()
  const placedAt = o.clock.now()
  const res = await o.placeOrder(token, { accountId: o.demo.ngn.accountId, instrumentId: o.demo.ngn.held.instrumentId, ...body })
  expect(res.status).toBe(200)
  const placed = await o.latestOrder(o.demo.ngn.accountId)
  await runAt(placedAt + 1_000)
  await runAt(placedAt + 2_000)
  return { id: placed.id, placedAt, firstCheck: placedAt + 2_000 }
}

describe("a LIMIT BUY", () => {
  test("waits while the ask is above its price and fills at the ask once it is at or below", async () => {
    const { held, accountId } = o.demo.ngn
    const plan = await planFor(held.instrumentId, o.clock.now() + 2_000, (q) => q.ask, true)
    const { id, placedAt, firstCheck } = await placeAndProcess({ side: "BUY", type: "LIMIT", price: plan.price, quantity: "100" })

    expect(await o.order(id)).toMatchObject({ status: "PROCESSING", price: plan.price, quantity: "100", amount: toFixed(mul(plan.price, "100"), 2) })
    expect((await o.order(id)).progress.map((p) => p.status)).toEqual(["PENDING", "PROCESSING"])
    expect(plan.waiting).toBeGreaterThan(firstCheck)
    await runAt(plan.waiting)
    expect((await o.order(id)).status).toBe("PROCESSING")

    await runAt(plan.crossing)
    const ask = (await o.quote(held.instrumentId, plan.crossing)).ask
    expect(compare(ask, plan.price)).toBeLessThanOrEqual(0)
    const filled = await o.order(id)
    expect(filled).toMatchObject({ status: "FILLED", fillPrice: ask, price: plan.price, total: toFixed(mul(ask, "100"), 2) })
    expect(filled.progress).toEqual([
      { status: "PENDING", time: new Date(placedAt).toISOString() },
      { status: "PROCESSING", time: new Date(placedAt + 1_000).toISOString() },
      { status: "FILLED", time: new Date(plan.crossing).toISOString() },
    ])
    expect((await o.transactions(accountId)).find((t) => t.orderId === id)).toMatchObject({ tranType: "buy", tranAmount: toFixed(mul(ask, "100"), 2) })
    expect((await o.account(accountId)).cashBalance).toBe(toFixed(await o.ledgerCash(accountId), 2))
  })
})

describe("a LIMIT SELL", () => {
  test("waits while the bid is below its price and fills at the bid once it is at or above", async () => {
    const { held } = o.demo.ngn
    const plan = await planFor(held.instrumentId, o.clock.now() + 2_000, (q) => q.bid, false)
    const { id } = await placeAndProcess({ side: "SELL", type: "LIMIT", price: plan.price, quantity: "100" })
    expect(plan.waiting).toBeGreaterThan(o.clock.now())
    await runAt(plan.waiting)
    expect((await o.order(id)).status).toBe("PROCESSING")
    await runAt(plan.crossing)
    const bid = (await o.quote(held.instrumentId, plan.crossing)).bid
    expect(compare(bid, plan.price)).toBeGreaterThanOrEqual(0)
    expect(await o.order(id)).toMatchObject({ status: "FILLED", fillPrice: bid, total: toFixed(mul(bid, "100"), 2) })
  })
})

describe("a STOP SELL", () => {
  test("waits while the bid is above the stop and sells at the bid once it falls to it", async () => {
    const { held, accountId } = o.demo.ngn
    const plan = await planFor(held.instrumentId, o.clock.now() + 2_000, (q) => q.bid, true)
    const positionBefore = await o.position(accountId, held.instrumentId)
    const { id } = await placeAndProcess({ side: "SELL", type: "STOP", price: plan.price, quantity: "250" })
    expect(plan.waiting).toBeGreaterThan(o.clock.now())
    await runAt(plan.waiting)
    expect((await o.order(id)).status).toBe("PROCESSING")
    expect(await o.position(accountId, held.instrumentId)).toEqual(positionBefore)
    await runAt(plan.crossing)
    const bid = (await o.quote(held.instrumentId, plan.crossing)).bid
    expect(compare(bid, plan.price)).toBeLessThanOrEqual(0)
    expect(await o.order(id)).toMatchObject({ status: "FILLED", type: "STOP", fillPrice: bid, quantity: "250", total: toFixed(mul(bid, "250"), 2) })
    expect((await o.transactions(accountId)).find((t) => t.orderId === id)).toMatchObject({ tranType: "sell" })
    expect((await o.account(accountId)).cashBalance).toBe(toFixed(await o.ledgerCash(accountId), 2))
  })
})
