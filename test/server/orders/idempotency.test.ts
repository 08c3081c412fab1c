/**
 * Idempotency-Key on POST /users/order (and the middleware itself): 50 concurrent submits with one
 * key make one order; a duplicate while the first runs gets 409; the same key with another body
 * 422; once answered, the same request gets the stored answer; keys are per user.
 */
import { Hono } from "hono"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { ORDER_CREATED_MESSAGE } from "../../../src/contract/orders"
import type { SessionEnv, SignedInSession } from "../../../server/auth/session"
import type { AppEnv } from "../../../server/http/context"
import { ApiError, ApiErrors } from "../../../server/http/errors"
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER, idempotent } from "../../../server/http/idempotency"
import { startOrdersHarness, type OrdersHarness } from "./harness"

let o: OrdersHarness

beforeAll(async () => {
  o = await startOrdersHarness()
}, 60_000)

afterAll(async () => {
  await o.close()
})

const STILL_RUNNING = "A request with this Idempotency-Key is still being processed. Wait for its answer instead of sending it again."
const MISMATCH = "This Idempotency-Key was already used for a different request. Use a new key for a new request."

const buy = (amount: string) => ({
  accountId: o.demo.usd.accountId,
  instrumentId: o.demo.usd.held.instrumentId,
  side: "BUY",
  type: "MARKET",
  priority: "amount",
  amount,
})

describe("POST /users/order with an Idempotency-Key", () => {
  test("50 concurrent submits with one key create exactly one order; the others get 409 or the same answer", async () => {
    const { accountId } = o.demo.usd
    const before = await o.orderCount(accountId)
    const key = crypto.randomUUID()
    const answers = await Promise.all(Array.from({ length: 50 }, () => o.placeOrder(o.demo.token, buy("25.00"), key)))

    expect(await o.orderCount(accountId)).toBe(before + 1)
    const created = answers.filter((a) => a.status === 200)
    const refused = answers.filter((a) => a.status === 409)
    expect(created.length).toBeGreaterThanOrEqual(1)
    expect(created.length + refused.length).toBe(50)
    for (const a of created) expect(a.body).toEqual({ message: ORDER_CREATED_MESSAGE })
    for (const a of refused) expect(a.body).toMatchObject({ code: "conflict", error: STILL_RUNNING })

    // Once answered, the same request gets the stored answer again and still creates nothing.
    const replay = await o.placeOrder(o.demo.token, buy("25.00"), key)
    expect(replay.status).toBe(200)
    expect(replay.body).toEqual({ message: ORDER_CREATED_MESSAGE })
    expect(replay.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBe("true")
    expect(await o.orderCount(accountId)).toBe(before + 1)
  })

  test("the same key with a different body gets 422 and creates nothing; key order and spacing do not count as different", async () => {
    const { accountId } = o.demo.usd
    const key = crypto.randomUUID()
    expect((await o.placeOrder(o.demo.token, buy("30.00"), key)).status).toBe(200)
    const after = await o.orderCount(accountId)

    const other = await o.placeOrder(o.demo.token, buy("31.00"), key)
    expect(other.status).toBe(422)
    expect(other.body).toMatchObject({ code: "idempotency.mismatch", error: MISMATCH })

    const reordered = JSON.stringify(Object.fromEntries(Object.entries(buy("30.00")).reverse()), null, 2)
    const same = await o.placeOrder(o.demo.token, reordered, key)
    expect(same.status).toBe(200)
    expect(same.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBe("true")
    expect(await o.orderCount(accountId)).toBe(after)
  })

  test("a missing or blank key is refused with 400 before anything is created", async () => {
    const { accountId } = o.demo.usd
    const before = await o.orderCount(accountId)
    const missing = await o.placeOrder(o.demo.token, buy("20.00"), null)
    expect(missing.status).toBe(400)
    expect(missing.body.error).toBe(
      "This request needs an Idempotency-Key header: one unique value (such as a UUID) per request, sent again unchanged when the same request is retried.",
    )
    expect((await o.placeOrder(o.demo.token, buy("20.00"), "   ")).status).toBe(400)
    expect((await o.placeOrder(o.demo.token, buy("20.00"), "x".repeat(256))).status).toBe(400)
    expect(await o.orderCount(accountId)).toBe(before)
  })

  test("a refused request does not use up its key: the corrected request with the same key goes through", async () => {
    const { accountId } = o.demo.usd
    const key = crypto.randomUUID()
    const before = await o.orderCount(accountId)
    const bad = await o.placeOrder(o.demo.token, { ...buy("20.00"), amount: "0" }, key)
    expect(bad.status).toBe(400)
    const fixed = await o.placeOrder(o.demo.token, buy("20.00"), key)
    expect(fixed.status).toBe(200)
    expect(fixed.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBeNull()
    expect(await o.orderCount(accountId)).toBe(before + 1)
  })

  test("keys are per user: another user may use the same key for their own order", async () => {
    const app = await o.signInApp()
    const key = crypto.randomUUID()
    expect((await o.placeOrder(o.demo.token, buy("22.00"), key)).status).toBe(200)
    const before = await o.orderCount(app.usd.accountId)
    const theirs = await o.placeOrder(
      app.token,
      { accountId: app.usd.accountId, instrumentId: app.usd.held.instrumentId, side: "BUY", type: "MARKET", amount: "22.00" },
      key,
    )
    expect(theirs.status).toBe(200)
    expect(theirs.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBeNull()
    expect(await o.orderCount(app.usd.accountId)).toBe(before + 1)
  })
})

describe("the idempotent() middleware", () => {
  /** A one-route app whose handler waits for `release()` and counts its runs. */
  const gatedApp = () => {
    let runs = 0
    let release!: () => void
    let started!: () => void
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const running = new Promise<void>((resolve) => {
      started = resolve
    })
    let answer: () => Response | Promise<Response> = () => new Response(null)
    const app = new Hono<AppEnv & SessionEnv<SignedInSession>>()
    app.use("*", async (c, next) => {
      c.set("rawBody", await c.req.text())
      c.set("session", { tokenId: "t", userId: o.demo.userId, deviceHash: "d", satisfied: true, chainStartedAt: new Date(0).toISOString(), dataStamp: null })
      await next()
    })
    app.post("/things", idempotent({ database: o.database, now: o.clock.now }), async (c) => {
      runs++
      started()
      await gate
      const made = await answer()
      return made.status === 204 ? c.json({ made: runs }, 201) : made
    })
    app.onError((error, c) => (error instanceof ApiError ? c.json(error.body, error.status) : c.json({ error: String(error) }, 500)))
    const post = (key: string, body: unknown) =>
      app.request("/things", { method: "POST", headers: { [IDEMPOTENCY_KEY_HEADER]: key, "Content-Type": "application/json" }, body: JSON.stringify(body) })
    return {
      post,
      release,
      running,
      runs: () => runs,
      answerWith: (f: () => Response | Promise<Response>) => {
        answer = f
      },
    }
  }

  test("answers 409 while the first request runs, then replays its answer (status and body) without running again", async () => {
    const g = gatedApp()
    g.answerWith(() => new Response(null, { status: 204 }))
    const key = crypto.randomUUID()
    const first = g.post(key, { n: 1 })
    await g.running

    const duplicate = await g.post(key, { n: 1 })
    expect(duplicate.status).toBe(409)
    expect(await duplicate.json()).toMatchObject({ code: "conflict", error: STILL_RUNNING })
    const different = await g.post(key, { n: 2 })
    expect(different.status).toBe(422)

    g.release()
    const answered = await first
    expect(answered.status).toBe(201)
    expect(await answered.json()).toEqual({ made: 1 })

    const replay = await g.post(key, { n: 1 })
    expect(replay.status).toBe(201)
    expect(await replay.json()).toEqual({ made: 1 })
    expect(replay.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBe("true")
    expect(g.runs()).toBe(1)
  })

  test("a failed first request (thrown error or 5xx) releases the key, so the retry runs", async () => {
    const g = gatedApp()
    g.release()
    const key = crypto.randomUUID()
    g.answerWith(() => {
      throw ApiErrors.internal()
    })
    expect((await g.post(key, { n: 1 })).status).toBe(500)
    g.answerWith(() => new Response(null, { status: 204 }))
    const retry = await g.post(key, { n: 1 })
    expect(retry.status).toBe(201)
    expect(await retry.json()).toEqual({ made: 2 })
    expect(g.runs()).toBe(2)
  })
})
