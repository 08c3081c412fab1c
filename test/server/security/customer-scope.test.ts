/**
 * Targets "another user's ids on every customer-scoped endpoint: 100 % answered 404, 0 bytes of
 * their data" and "schema-generated valid and mutated invalid bodies: 0 responses 5xx; invalid ->
 * 400 with the spec's error shape", over the customer-scoped endpoints the server implements.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Schema } from "effect"
import { AccountDetails, CreateAccountRequest } from "../../../src/contract/accounts"
import { CreateOrderRequest } from "../../../src/contract/orders"
import { ErrorBody } from "../../../src/contract/errors"
import { decode, SEEDED, startApiHarness, type ApiHarness } from "../api/api-harness"
import { IDEMPOTENCY_KEY_HEADER } from "../../../server/http/idempotency"

let h: ApiHarness
let owner: string
let intruder: string
let ownerDetails: AccountDetails

beforeAll(async () => {
  h = await startApiHarness()
  owner = await h.tokenOf("demo")
  intruder = await h.tokenOf("app")
  const res = await h.send("GET", `/api/users/account/${SEEDED.accounts.demoNgn}`, { token: owner })
  expect(res.status).toBe(200)
  ownerDetails = decode(AccountDetails, res.body)
})
afterAll(() => h.close())

/** The owner's identifying data that must never appear in an answer to someone else. */
const ownerSecrets = () => [ownerDetails.accountNumber, ownerDetails.accountId, ownerDetails.cashBalance, ...ownerDetails.details.orders.map((o) => o.id)]

const expectNotFoundWithoutData = (res: { status: number; body: unknown }) => {
  expect(res.status).toBe(404)
  decode(ErrorBody, res.body)
  const text = JSON.stringify(res.body)
  for (const secret of ownerSecrets()) expect(text).not.toContain(secret)
}

describe("another customer's ids", () => {
  it("are answered 404 with none of their data, on every customer-scoped endpoint", async () => {
    const order = ownerDetails.details.orders.find((o) => o.status === "PENDING" || o.status === "PROCESSING") ?? ownerDetails.details.orders[0]
    expect(order).toBeDefined()
    const accountId = SEEDED.accounts.demoNgn
    const attempts: Array<[string, string, unknown?]> = [
      ["GET", `/api/users/account/${accountId}`],
      ["GET", `/api/users/account/${SEEDED.accounts.demoUsd}`],
      ["GET", `/api/users/suggestion/${accountId}/low`],
      ["GET", `/api/users/suggestion/${accountId}/high`],
      ["PATCH", `/api/users/order/${order?.id}/cancel`],
      ["POST", "/api/users/order", { accountId, instrumentId: order?.instrumentId, side: "BUY", type: "MARKET", priority: "amount", amount: "10.00" }],
    ]
    for (const [method, path, body] of attempts) {
      const headers = method === "POST" ? { [IDEMPOTENCY_KEY_HEADER]: crypto.randomUUID() } : undefined
      const res = await h.send(method, path, { token: intruder, ...(body === undefined ? {} : { body }), ...(headers ? { headers } : {}) })
      expectNotFoundWithoutData(res)
    }
    // Nothing the intruder did changed the owner's account.
    const after = decode(AccountDetails, (await h.send("GET", `/api/users/account/${accountId}`, { token: owner })).body)
    expect(after.details.orders.map((o) => [o.id, o.status])).toEqual(ownerDetails.details.orders.map((o) => [o.id, o.status]))
    expect(after.cashBalance).toBe(ownerDetails.cashBalance)
  })
})

/** Bodies that are wrong in every way a client can get them wrong. */
const mutations = (valid: Record<string, unknown>): unknown[] => {
  const out: unknown[] = [null, [], "text", 42, {}, { ...valid, extra: "field" }, { ...valid, accountId: { $ne: null } }]
  for (const key of Object.keys(valid)) {
    const { [key]: _dropped, ...without } = valid
    out.push(without)
    for (const bad of [null, 123, -1, true, "", " ", "x".repeat(5000), "-5", "1e309", "0x10", "NaN", [], {}, "'; drop table orders; --"]) {
      out.push({ ...valid, [key]: bad })
    }
  }
  return out
}

/**
 * What the contract says of a body decides the expected answer: a body the request schema refuses
 * is a 400 with the error shape; one it accepts (unknown fields are dropped) may still be refused
 * for business reasons (4xx with the error shape) but never fails the server.
 */
const expectAnswerFor = (schema: Schema.Top, body: unknown, res: { status: number; body: unknown }) => {
  const label = JSON.stringify(body).slice(0, 200)
  const valid = Schema.decodeUnknownExit(schema as unknown as Schema.Codec<unknown, unknown>)(body)._tag === "Success"
  expect(res.status, label).toBeLessThan(500)
  if (!valid) expect(res.status, label).toBe(400)
  if (res.status >= 400) decode(ErrorBody, res.body)
}

const ids = ["not-a-uuid", "00000000-0000-0000-0000-000000000000", "%2e%2e%2f", "' or '1'='1", "x".repeat(600), "😀"]

describe("malformed requests", () => {
  it("POST /users/order: every mutated body is answered as the contract says (400 when it refuses it), never a 5xx", async () => {
    const valid = {
      accountId: SEEDED.accounts.demoNgn,
      instrumentId: ownerDetails.details.orders[0]?.instrumentId ?? "",
      side: "SELL",
      type: "LIMIT",
      price: "1000000",
      quantity: "1",
    }
    for (const body of mutations(valid)) {
      const res = await h.send("POST", "/api/users/order", { token: owner, body, headers: { [IDEMPOTENCY_KEY_HEADER]: crypto.randomUUID() } })
      expectAnswerFor(CreateOrderRequest, body, res)
    }
    const raw = await h.send("POST", "/api/users/order", { token: owner, body: "{not json", headers: { [IDEMPOTENCY_KEY_HEADER]: crypto.randomUUID() } })
    expect(raw.status).toBe(400)
    // The valid body itself is accepted (so the refusals above are about the mutations).
    const ok = await h.send("POST", "/api/users/order", { token: owner, body: valid, headers: { [IDEMPOTENCY_KEY_HEADER]: crypto.randomUUID() } })
    expect(ok.status).toBe(200)
  })

  it("POST /users/account: every mutated body is answered as the contract says (400 when it refuses it), never a 5xx", async () => {
    for (const body of mutations({ partner: "Chartfolio Securities", currency: "USD" })) {
      expectAnswerFor(CreateAccountRequest, body, await h.createPortfolio(owner, body))
    }
  })

  it("odd ids and queries in paths are answered 400 or 404, never a 5xx", async () => {
    for (const id of ids) {
      const enc = encodeURIComponent(id)
      for (const [method, path] of [
        ["GET", `/api/users/account/${enc}`],
        ["GET", `/api/users/suggestion/${enc}/low`],
        ["GET", `/api/users/suggestion/${SEEDED.accounts.demoNgn}/${enc}`],
        ["PATCH", `/api/users/order/${enc}/cancel`],
        ["GET", `/api/instruments/${enc}`],
        ["GET", `/api/users/instruments/${enc}?quote=only`],
        ["GET", `/api/users/instruments?query=${enc}&provider=${enc}`],
        ["GET", `/api/instruments?query=${enc}`],
      ] as const) {
        const res = await h.send(method, path, { token: owner })
        expect(res.status, `${method} ${path.slice(0, 120)}`).toBeLessThan(500)
        if (res.status >= 400) decode(ErrorBody, res.body)
      }
    }
  })
})
