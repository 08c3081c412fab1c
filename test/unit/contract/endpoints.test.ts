import { Result, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { API_BASE, buildPath, type Endpoint, Endpoints, FileBytes, Message } from "../../../src/contract"

const table: ReadonlyArray<readonly [string, Endpoint]> = Object.entries(Endpoints)
const byName = (name: string): Endpoint => {
  const found = table.find(([key]) => key === name)
  if (!found) throw new Error(`no endpoint ${name}`)
  return found[1]
}
const placeholders = (path: string): Array<string> => [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1] ?? "")
const fieldsOf = (schema: Schema.Top | undefined): Array<string> =>
  schema && "fields" in schema ? Object.keys((schema as unknown as { fields: object }).fields).sort() : []

/** Every call of spec part 1 and part 2 section 7, as method and wire path below /api. */
const specCalls = [
  "POST /auth/login",
  "POST /api/auth/register",
  "POST /auth/forgot-password",
  "POST /auth/reset-password",
  "POST /auth/2fa-otp",
  "GET /admins/me",
  "GET /instruments",
  "GET /instruments/:instrumentId",
  "GET /users/instruments",
  "GET /users/instruments/:id",
  "GET /users/profile",
  "GET /users/account",
  "GET /users/account/:accountId",
  "POST /users/account",
  "GET /users/suggestion/:accountId/:band",
  "POST /users/order",
  "PATCH /users/order/:id/cancel",
  "PATCH /users/reserve-account/:ref",
  "GET /overview/business-news",
  "GET /overview/market-insight",
  "POST /users/withdraw",
  "GET /users/statement/:accountId/:key",
  "GET /users/document",
  "POST /users/document",
  "GET /users/banks",
  "GET /users/bank-account",
  "GET /users/bank-account/:bankRef/:accountNumber",
  "POST /users/bank-account",
  "DELETE /users/bank-account/:ref",
]

describe("the endpoint table", () => {
  it("covers every call of both spec parts plus health and the dev mailbox", () => {
    const calls = new Set(table.map(([, e]) => `${e.method} ${e.path}`))
    expect(specCalls.filter((call) => !calls.has(call))).toEqual([])
    expect(calls.has("GET /health") && calls.has("GET /dev/mailbox")).toBe(true)
  })

  it("names are unique and equal their keys", () => {
    const names = table.map(([, e]) => e.name)
    expect(new Set(names).size).toBe(names.length)
    for (const [key, e] of table) expect(e.name).toBe(key)
  })

  it("paths start with '/' and are relative to the API base", () => {
    for (const [, e] of table) {
      expect(e.path.startsWith("/")).toBe(true)
      expect(e.path.startsWith(`${API_BASE}/`) && e.name !== "register").toBe(false)
    }
  })

  it("registration keeps the spec's extra prefix on the wire", () => {
    expect(`${API_BASE}${buildPath(Endpoints.register.path)}`).toBe("/api/api/auth/register")
  })

  it("no two calls share a method and path unless a query tells them apart", () => {
    const seen = new Map<string, number>()
    for (const [, e] of table) {
      const key = `${e.method} ${e.path} ${fieldsOf(e.query).join(",")}`
      seen.set(key, (seen.get(key) ?? 0) + 1)
    }
    expect([...seen].filter(([, n]) => n > 1)).toEqual([])
  })

  it("orders, withdrawals and the other creating POSTs carry an idempotency key; nothing else does", () => {
    const idempotent = table
      .filter(([, e]) => e.idempotent)
      .map(([name]) => name)
      .sort()
    expect(idempotent).toEqual(["addBankAccount", "createAccount", "createPriceAlert", "createWatchlist", "placeOrder", "uploadDocument", "withdraw"])
  })

  it("only calls made before a token exists are public", () => {
    const publicCalls = table
      .filter(([, e]) => e.auth === "public")
      .map(([name]) => name)
      .sort()
    expect(publicCalls).toEqual(["devMailbox", "forgotPassword", "health", "login", "reauth", "register", "resetPassword"])
  })

  it("path parameters are declared exactly as the path's placeholders", () => {
    for (const [, e] of table) expect(fieldsOf(e.params)).toEqual(placeholders(e.path).sort())
  })

  it("GETs and DELETEs send no body; creating POSTs do", () => {
    for (const [, e] of table) if (e.method === "GET" || e.method === "DELETE") expect(e.request).toBeUndefined()
    for (const name of [
      "login",
      "register",
      "placeOrder",
      "withdraw",
      "addBankAccount",
      "uploadDocument",
      "createAccount",
      "createWatchlist",
      "createPriceAlert",
    ]) {
      expect(byName(name).request).toBeDefined()
    }
  })

  it("calls whose spec answer is a message answer with the shared Message schema", () => {
    for (const name of [
      "forgotPassword",
      "resetPassword",
      "createAccount",
      "placeOrder",
      "cancelOrder",
      "updateReserveAccount",
      "withdraw",
      "uploadDocument",
      "addBankAccount",
      "deleteBankAccount",
    ]) {
      expect(byName(name).response).toBe(Message)
    }
  })

  it("the statement download answers with a file, everything else with JSON", () => {
    const files = table.filter(([, e]) => e.responseType === "file")
    expect(files.map(([name]) => name)).toEqual(["downloadStatement"])
    expect(Endpoints.downloadStatement.response).toBe(FileBytes)
  })

  it("queries are declared where the spec has them", () => {
    expect(fieldsOf(Endpoints.reauth.query)).toEqual(["action", "userId"])
    expect(fieldsOf(Endpoints.searchInstruments.query)).toEqual(["provider", "query"])
    expect(fieldsOf(Endpoints.searchUserInstruments.query)).toEqual(["provider", "query"])
    expect(fieldsOf(Endpoints.getQuote.query)).toEqual(["quote"])
    expect(fieldsOf(Endpoints.devMailbox.query)).toEqual(["to"])
    expect(Schema.decodeUnknownSync(Endpoints.devMailbox.query)({})).toEqual({})
  })

  it("the suggestion call takes only a real risk band", () => {
    const decode = Schema.decodeUnknownResult(Endpoints.getSuggestions.params)
    expect(Result.isSuccess(decode({ accountId: "acc_usd", band: "moderate" }))).toBe(true)
    expect(Result.isFailure(decode({ accountId: "acc_usd", band: "none" }))).toBe(true)
  })
})

describe("buildPath", () => {
  it("fills every placeholder", () => {
    expect(buildPath(Endpoints.lookupAccountName.path, { bankRef: "b_gtb", accountNumber: "0123456789" })).toBe("/users/bank-account/b_gtb/0123456789")
    expect(buildPath(Endpoints.cancelOrder.path, { id: 42 })).toBe("/users/order/42/cancel")
  })

  it("percent-encodes values so an id cannot change the path", () => {
    expect(buildPath(Endpoints.downloadStatement.path, { accountId: "acc/../x", key: "2025 12?.pdf" })).toBe("/users/statement/acc%2F..%2Fx/2025%2012%3F.pdf")
  })

  it("refuses a missing parameter", () => {
    expect(() => buildPath(Endpoints.getSuggestions.path, { accountId: "acc_usd" })).toThrow("Missing path parameter band")
  })

  it("leaves a path without placeholders alone", () => {
    expect(buildPath(Endpoints.listAccounts.path)).toBe("/users/account")
  })
})
