/**
 * Two API processes on one PostgreSQL, sharing nothing but the database (issue 15): real
 * `node server/main.ts` processes on their own ports, each running its own order and payment
 * engine, with requests spread over both. Runs in the PostgreSQL pass (DATABASE_URL set); each run
 * gets a database of its own (test-database.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ErrorCodes } from "../../../src/contract/errors"
import { compare, div, isNegative, sum } from "../../../src/domain/decimal"
import { cashEffect } from "../../../server/db/ledger"
import { seedId } from "../../../server/db/seed/ids"
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from "../../../server/http/idempotency"
import type { LiveAnswer, LiveClient } from "../support/live-server"
import type { TestDatabase } from "../support/test-database"
import { startTwoProcesses, type TwoProcesses } from "../support/two-processes"

const ACCOUNT = seedId("account", "demo-ngn")
const USER = seedId("user", "demo")
const PER_ACCOUNT = 10

let database: TestDatabase
let processes: TwoProcesses | undefined
let a: LiveClient
let b: LiveClient
let token: string

beforeAll(async () => {
  // The per-address limit is raised so the per-account count is what the rate-limit test sees.
  processes = await startTwoProcesses({ RATE_LIMIT_PER_ACCOUNT: String(PER_ACCOUNT), RATE_LIMIT_PER_ADDRESS: "100000" })
  ;({ database, a, b, token } = processes)
  expect(a.url).not.toBe(b.url)
}, 180_000)

afterAll(async () => {
  await processes?.stop()
})

const db = () => database.db
const both = (i: number): LiveClient => (i % 2 === 0 ? a : b)

const heldInstrument = async (): Promise<string> =>
  (await db().selectFrom("positions").select("instrumentId").where("accountId", "=", ACCOUNT).orderBy("instrumentId").executeTakeFirstOrThrow()).instrumentId

const ngnBank = async (): Promise<string> =>
  (await db().selectFrom("bankAccounts").select("ref").where("userId", "=", USER).where("currency", "=", "NGN").orderBy("createdAt").executeTakeFirstOrThrow())
    .ref

const cashOf = async (): Promise<string> =>
  (await db().selectFrom("accounts").select("cashBalance").where("accountId", "=", ACCOUNT).executeTakeFirstOrThrow()).cashBalance

const ledgerOf = async (): Promise<string> => {
  const rows = await db().selectFrom("transactions").select(["tranType", "tranAmount"]).where("accountId", "=", ACCOUNT).execute()
  return sum(rows.map((r) => cashEffect(r.tranType, r.tranAmount)))
}

/** Waits (polling the database, no fixed wait) until none of the orders is open. */
const settle = async (ids: ReadonlyArray<string>, timeoutMs = 90_000) => {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const rows = await db()
      .selectFrom("orders")
      .select(["id", "status", "progress"])
      .where("id", "in", [...ids])
      .execute()
    if (rows.every((r) => r.status !== "PENDING" && r.status !== "PROCESSING")) return rows
    if (Date.now() > deadline)
      throw new Error(`orders still open after ${timeoutMs} ms: ${rows.filter((r) => r.status === "PENDING" || r.status === "PROCESSING").length}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

const ordersSince = async (ids: Set<string>) =>
  (await db().selectFrom("orders").select("id").where("accountId", "=", ACCOUNT).execute()).map((r) => r.id).filter((id) => !ids.has(id))

/** Every FILLED order has exactly one fill: one FILLED step, one buy/sell transaction, one confirmation. */
const expectFilledOnce = async (ids: ReadonlyArray<string>) => {
  const rows = await db()
    .selectFrom("orders")
    .select(["id", "status", "progress"])
    .where("id", "in", [...ids])
    .execute()
  const txs = await db()
    .selectFrom("transactions")
    .select("orderId")
    .where("orderId", "in", [...ids])
    .execute()
  const confirmations = await db()
    .selectFrom("statements")
    .select("orderId")
    .where("orderId", "in", [...ids])
    .execute()
  for (const order of rows) {
    const fills = order.progress.filter((p) => p.status === "FILLED").length
    const accepted = order.progress.filter((p) => p.status === "PROCESSING").length
    const txCount = txs.filter((t) => t.orderId === order.id).length
    const confirmationCount = confirmations.filter((s) => s.orderId === order.id).length
    expect({ id: order.id, accepted, fills, txCount, confirmationCount }).toEqual(
      order.status === "FILLED"
        ? { id: order.id, accepted: 1, fills: 1, txCount: 1, confirmationCount: 1 }
        : { id: order.id, accepted: 1, fills: 0, txCount: 0, confirmationCount: 0 },
    )
  }
  return rows
}

describe("two server processes on one PostgreSQL", () => {
  it("take parallel orders and withdrawals from both without overdrawing; the ledger sums to the balance; both engines fill each order once", async () => {
    const instrumentId = await heldInstrument()
    const bankAccountRef = await ngnBank()
    const cash = await cashOf()
    const before = new Set(await ordersSince(new Set()))
    const paymentsBefore = (await db().selectFrom("payments").select("id").where("accountId", "=", ACCOUNT).execute()).length
    // Each order and each withdrawal takes an eighth of the cash: 4 withdrawals take half of it,
    // and 12 orders want one and a half times what is left, so some must be refused.
    const eighth = div(cash, "8", 2, "down")
    const withdrawal = (i: number): Promise<LiveAnswer> =>
      both(i).call("POST", "/api/users/withdraw", {
        token,
        body: { channel: "NUBAN", bankAccountRef, amount: eighth, accountId: ACCOUNT },
        headers: { [IDEMPOTENCY_KEY_HEADER]: crypto.randomUUID() },
      })
    const order = (i: number): Promise<LiveAnswer> =>
      both(i).call("POST", "/api/users/order", {
        token,
        body: { accountId: ACCOUNT, instrumentId, side: "BUY", type: "MARKET", priority: "amount", amount: eighth },
        headers: { [IDEMPOTENCY_KEY_HEADER]: crypto.randomUUID() },
      })
    const answers = await Promise.all([...Array.from({ length: 4 }, (_, i) => withdrawal(i)), ...Array.from({ length: 12 }, (_, i) => order(i))])
    for (const answer of answers) expect(answer.status).toBe(200)

    const ids = await ordersSince(before)
    expect(ids).toHaveLength(12)
    const settled = await settle(ids)
    const filled = settled.filter((o) => o.status === "FILLED").length
    const rejected = settled.filter((o) => o.status === "REJECTED").length
    expect(filled).toBeGreaterThanOrEqual(1)
    expect(rejected).toBeGreaterThanOrEqual(1)
    expect(filled + rejected).toBe(12)
    await expectFilledOnce(ids)

    const payments = await db().selectFrom("payments").select(["id", "status"]).where("accountId", "=", ACCOUNT).execute()
    expect(payments.length - paymentsBefore).toBe(4)
    const after = await cashOf()
    expect(isNegative(after)).toBe(false)
    expect(compare(after, await ledgerOf())).toBe(0)
    console.log(
      `two processes: 4 withdrawals and 12 orders on ${a.url} and ${b.url}: ${filled} filled once each, ${rejected} rejected for cash, cash ${cash} -> ${after} = ledger`,
    )
  })

  it("run their order engines over many small orders at once and never fill one twice", async () => {
    const instrumentId = await heldInstrument()
    const before = new Set(await ordersSince(new Set()))
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        both(i).call("POST", "/api/users/order", {
          token,
          body: { accountId: ACCOUNT, instrumentId, side: i % 4 === 3 ? "SELL" : "BUY", type: "MARKET", priority: "amount", amount: "50.00" },
          headers: { [IDEMPOTENCY_KEY_HEADER]: crypto.randomUUID() },
        }),
      ),
    )
    for (const answer of answers) expect(answer.status).toBe(200)
    const ids = await ordersSince(before)
    expect(ids).toHaveLength(40)
    const settled = await settle(ids)
    expect(settled.filter((o) => o.status === "FILLED").length).toBeGreaterThanOrEqual(1)
    await expectFilledOnce(ids)
    expect(compare(await cashOf(), await ledgerOf())).toBe(0)
    const position = await db()
      .selectFrom("positions")
      .select("totalQuantity")
      .where("accountId", "=", ACCOUNT)
      .where("instrumentId", "=", instrumentId)
      .executeTakeFirst()
    expect(isNegative(position?.totalQuantity ?? "0")).toBe(false)
  })

  it("create one thing for one Idempotency-Key sent to both at once; later both replay the stored answer", async () => {
    const instrumentId = await heldInstrument()
    const before = new Set(await ordersSince(new Set()))
    const key = crypto.randomUUID()
    const body = { accountId: ACCOUNT, instrumentId, side: "BUY", type: "MARKET", priority: "amount", amount: "75.00" }
    const send = (client: LiveClient) => client.call("POST", "/api/users/order", { token, body, headers: { [IDEMPOTENCY_KEY_HEADER]: key } })
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => send(both(i))))
    const created = answers.filter((x) => x.status === 200)
    expect(created.length).toBeGreaterThanOrEqual(1)
    expect(answers.filter((x) => x.status === 409).length + created.length).toBe(20)
    expect(await ordersSince(before)).toHaveLength(1)

    for (const client of [a, b]) {
      const replay = await send(client)
      expect(replay.status).toBe(200)
      expect(replay.body).toEqual(created[0]!.body)
      expect(replay.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBe("true")
    }
    expect(await ordersSince(before)).toHaveLength(1)

    // A withdrawal likewise (from the USD portfolio, which the tests above left alone): one payment
    // for one key, whichever process answers.
    const usd = seedId("account", "demo-usd")
    const bankAccountRef = (
      await db()
        .selectFrom("bankAccounts")
        .select("ref")
        .where("userId", "=", USER)
        .where("currency", "=", "USD")
        .orderBy("createdAt")
        .executeTakeFirstOrThrow()
    ).ref
    const paymentsBefore = (await db().selectFrom("payments").select("id").where("accountId", "=", usd).execute()).length
    const withdrawKey = crypto.randomUUID()
    const withdrawBody = { channel: "WIRE", bankAccountRef, amount: "12.34", accountId: usd }
    const withdrawals = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        both(i).call("POST", "/api/users/withdraw", { token, body: withdrawBody, headers: { [IDEMPOTENCY_KEY_HEADER]: withdrawKey } }),
      ),
    )
    expect(withdrawals.filter((x) => x.status === 200).length).toBeGreaterThanOrEqual(1)
    expect(withdrawals.filter((x) => x.status === 200 || x.status === 409)).toHaveLength(20)
    expect((await db().selectFrom("payments").select("id").where("accountId", "=", usd).execute()).length).toBe(paymentsBefore + 1)
  })

  it("refuse a nonce replayed on the other process", async () => {
    for (const [first, second] of [
      [a, b],
      [b, a],
    ] as const) {
      const headers = await first.sign("GET", "/api/users/profile", { token })
      expect((await first.send("GET", "/api/users/profile", headers)).status).toBe(200)
      const replayed = await second.send("GET", "/api/users/profile", headers)
      expect(replayed.status).toBe(401)
      expect(replayed.body.code).toBe(ErrorCodes.signatureReplayed)
    }
  })

  it("count sign-in attempts across processes: parallel wrong passwords on both get exactly the limit through", async () => {
    const login = (client: LiveClient, email: string) => client.call("POST", "/api/auth/login", { body: { email, password: "Wrong#12345" } })
    const answers = await Promise.all(Array.from({ length: 3 * PER_ACCOUNT }, (_, i) => login(both(i), "ghost.scale@example.test")))
    expect(answers.filter((x) => x.status === 401)).toHaveLength(PER_ACCOUNT)
    const limited = answers.filter((x) => x.status === 429)
    expect(limited).toHaveLength(2 * PER_ACCOUNT)
    for (const x of limited) expect(x.body.code).toBe(ErrorCodes.rateLimited)

    // One after the other, half on each: the next attempt is refused on both.
    const email = "ghost.sequential@example.test"
    for (let i = 0; i < PER_ACCOUNT; i++) expect((await login(both(i), email)).status).toBe(401)
    expect((await login(a, email)).status).toBe(429)
    expect((await login(b, email)).status).toBe(429)
  })
})
