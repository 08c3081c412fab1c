/**
 * One focused regression test per server or contract fault the contract fuzz found
 * (contract-fuzz.test.ts), each written as the request that showed it.
 */
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { MAILBOX_ADDRESS_MAX, MailboxQuery } from "../../../src/contract/dev"
import { ErrorBody, ErrorCodes } from "../../../src/contract/errors"
import { InstrumentSearchQuery } from "../../../src/contract/instruments"
import { WithdrawRequest } from "../../../src/contract/money-movement"
import { DEMO_EMAILS, DEMO_PASSWORD } from "../../../server/db/seed/demo-users"
import { UNSAFE_PATH_MESSAGE, UNSAFE_QUERY_NAME_MESSAGE } from "../../../server/http/app"
import { IDEMPOTENCY_KEY_HEADER } from "../../../server/http/idempotency"
import { decode, startApiHarness, type ApiHarness } from "../api/api-harness"

let h: ApiHarness
beforeAll(async () => {
  h = await startApiHarness()
}, 60_000)
afterAll(() => h?.close())

const asDemo = async (method: string, path: string, body?: unknown) =>
  h.send(method, path, { token: await h.tokenOf("demo"), ...(body !== undefined ? { body } : {}), headers: { [IDEMPOTENCY_KEY_HEADER]: crypto.randomUUID() } })

describe("faults the contract fuzz found", () => {
  it("a NUL in a path parameter is a 404 with a clear text, as any malformed id (it reached the database and answered 500)", async () => {
    const cases: ReadonlyArray<readonly [string, string, unknown?]> = [
      ["GET", "/api/users/bank-account/%00/1234567890"],
      ["GET", "/api/users/bank-account/LCB/12%0034"],
      ["GET", "/api/instruments/a%00b"],
      ["GET", "/api/users/instruments/%00?quote=only"],
      ["GET", "/api/users/account/%00"],
      ["GET", "/api/users/statement/%00/key"],
      ["GET", "/api/users/document/%00"],
      ["PATCH", "/api/users/order/%00/cancel"],
      ["DELETE", "/api/users/bank-account/%00"],
      ["PATCH", "/api/users/reserve-account/%00", { accountId: "x", instantDeposit: true }],
    ]
    for (const [method, path, body] of cases) {
      const res = await asDemo(method, path, body)
      expect({ path, status: res.status }).toEqual({ path, status: 404 })
      expect(decode(ErrorBody, res.body)).toEqual({ statusCode: 404, code: ErrorCodes.notFound, error: UNSAFE_PATH_MESSAGE })
    }
  })

  it("a query parameter whose name holds a NUL is refused without echoing the name; a bad value still names its parameter", async () => {
    const byName = await asDemo("GET", "/api/users/profile?%00=1")
    expect(byName.status).toBe(400)
    expect(byName.body).toEqual({ statusCode: 400, code: ErrorCodes.badRequest, error: UNSAFE_QUERY_NAME_MESSAGE })
    const longName = await asDemo("GET", `/api/users/profile?${"n".repeat(3000)}=a%00b`)
    expect(longName.body).toEqual({ statusCode: 400, code: ErrorCodes.badRequest, error: UNSAFE_QUERY_NAME_MESSAGE })
    const byValue = await asDemo("GET", "/api/instruments?query=a%00b")
    expect(byValue.status).toBe(400)
    expect(byValue.body.error).toBe("Some fields are missing or invalid: query.")
    expect(Object.keys(byValue.body.message)).toEqual(["query"])
  })

  it("a JSON body that starts with a byte-order mark, signed over its exact text, is a 400 'not valid JSON' (it was a 401 signature.invalid)", async () => {
    const text = `\ufeff${JSON.stringify({ email: DEMO_EMAILS.demo, password: DEMO_PASSWORD })}`
    const res = await h.call("POST", "/api/auth/login", { body: text })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ statusCode: 400, code: ErrorCodes.badRequest, error: "The request body is not valid JSON." })
    // The same body without the mark signs in: only the mark made the difference.
    expect((await h.call("POST", "/api/auth/login", { body: text.slice(1) })).status).toBe(200)
  })

  it("the mailbox's address bound is the contract's rule, so a valid-shaped query is never refused", async () => {
    const tooLong = `${"a".repeat(MAILBOX_ADDRESS_MAX - 4)}@x.test`
    expect(Schema.is(MailboxQuery)({ to: tooLong })).toBe(false)
    expect(Schema.is(MailboxQuery)({ to: `  ${"a".repeat(MAILBOX_ADDRESS_MAX - 7)}@x.test  ` })).toBe(true)
    const refused = await h.call("GET", `/api/dev/mailbox?to=${encodeURIComponent(tooLong)}`)
    expect(refused.status).toBe(400)
    expect(refused.body.message).toEqual({ to: `Enter an e-mail address of at most ${MAILBOX_ADDRESS_MAX} characters.` })
    const padded = await h.call("GET", `/api/dev/mailbox?to=${encodeURIComponent(`  ${"a".repeat(MAILBOX_ADDRESS_MAX - 7)}@x.test  `)}`)
    expect(padded.status).toBe(200)
    expect(padded.body).toEqual([])
  })

  it("the withdrawal amount's two-decimal rule is the contract's, so a valid-shaped amount is never refused as 'Enter Valid Amount'", async () => {
    const body = { channel: "NUBAN", bankAccountRef: "BA-NONE", amount: "10.505", accountId: "none" }
    expect(Schema.is(WithdrawRequest)(body)).toBe(false)
    expect(Schema.is(WithdrawRequest)({ ...body, amount: "10.50" })).toBe(true)
    const res = await asDemo("POST", "/api/users/withdraw", body)
    expect(res.status).toBe(400)
    expect(res.body.message).toEqual({ amount: "Enter Valid Amount" })
  })

  it("the search text may be absent, as the server has always answered it (the blank search: [])", async () => {
    expect(Schema.is(InstrumentSearchQuery)({})).toBe(true)
    const res = await asDemo("GET", "/api/users/instruments")
    expect(res.status).toBe(200)
    expect(res.body).toEqual([])
  })
})
