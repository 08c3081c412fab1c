import { Effect, Exit, ManagedRuntime, Schema, type Cause } from "effect"
import { afterEach, describe, expect, it } from "vitest"
import { endpoint, type Endpoint } from "../../src/contract/endpoint"
import { PUBLIC_CLIENT_KEY, SignatureHeaders } from "../../src/contract/signature"
import { ApiClient, type CallOptions } from "../../src/services/api-client"
import { GENERIC_ERROR_TEXT, type ApiFailure } from "../../src/services/api-errors"
import { makeCoreLayer, type CoreServices } from "../../src/services/core-layer"
import { ClientStorage } from "../../src/services/client-storage"
import { Clock } from "../../src/services/clock"
import { SessionPort, type SessionSnapshot } from "../../src/services/session-port"
import { header, json, signedWith, startTestServer, type Routes } from "./test-server"

const T0 = Date.UTC(2026, 0, 15, 9, 0, 0)
const MINUTE = 60_000
const TOKEN = "token-abc"

const Ping = endpoint({ name: "test.ping", method: "GET", path: "/ping", response: Schema.Struct({ ok: Schema.Boolean }) })
const PlaceThing = endpoint({
  name: "test.placeThing",
  method: "POST",
  path: "/things",
  request: Schema.Struct({ amount: Schema.String, note: Schema.optionalKey(Schema.String) }),
  response: Schema.Struct({ id: Schema.Number }),
  idempotent: true,
})
const SearchItems = endpoint({
  name: "test.searchItems",
  method: "GET",
  path: "/things/:id/items",
  query: Schema.Struct({ q: Schema.String, page: Schema.optionalKey(Schema.Number), provider: Schema.optionalKey(Schema.String) }),
  response: Schema.Array(Schema.String),
})
const GetItem = endpoint({
  name: "test.getItem",
  method: "GET",
  path: "/items/:itemId",
  params: Schema.Struct({ itemId: Schema.String.check(Schema.isMinLength(1)) }),
  response: Schema.Struct({ id: Schema.String }),
})
const Statement = endpoint({
  name: "test.statement",
  method: "GET",
  path: "/statement",
  response: Schema.Uint8Array,
  responseType: "file",
})
const Fail = endpoint({ name: "test.fail", method: "DELETE", path: "/fail", response: Schema.Struct({}) })

const activeSession = (overrides: Partial<SessionSnapshot> = {}): SessionSnapshot => ({
  token: TOKEN,
  active: true,
  expiresAt: T0 + 10 * MINUTE,
  validityMinutes: 30,
  ...overrides,
})

const servers: Array<{ close(): Promise<void> }> = []
const runtimes: Array<{ dispose(): Promise<void> }> = []
afterEach(async () => {
  await Promise.all(runtimes.splice(0).map((r) => r.dispose()))
  await Promise.all(servers.splice(0).map((s) => s.close()))
})

const setup = async (routes: Routes, options: { session?: SessionSnapshot | null; basePath?: string } = {}) => {
  const server = await startTestServer(routes)
  servers.push(server)
  const clock = Clock.makeTest(T0)
  let expireCalls = 0
  const runtime = ManagedRuntime.make(
    makeCoreLayer({
      storage: ClientStorage.layerMemory(),
      clock: clock.layer,
      config: { baseUrl: `${server.origin}${options.basePath ?? "/api"}` },
      session: SessionPort.layerMemory(options.session ?? null, { onExpire: () => void expireCalls++ }),
    }),
  )
  runtimes.push(runtime)
  const run = <A, E>(effect: Effect.Effect<A, E, CoreServices>) => runtime.runPromise(effect)
  return {
    server,
    clock,
    runtime,
    expireCalls: () => expireCalls,
    session: () => run(SessionPort.use((s) => s.current())),
    signIn: (session: SessionSnapshot) => run(ClientStorage.use((s) => s.set("session", session))),
    call: <Req extends Schema.Top | undefined, Res extends Schema.Top, Query extends Schema.Top | undefined, Params extends Schema.Top | undefined>(
      e: Endpoint<Req, Res, Query, Params>,
      options?: CallOptions<Req, Query, Params>,
    ) => runtime.runPromiseExit(ApiClient.use((api) => (api.call as (e: Endpoint, o?: unknown) => Effect.Effect<Res["Type"], ApiFailure>)(e, options))),
  }
}

const failure = <A>(exit: Exit.Exit<A, ApiFailure>): ApiFailure => {
  if (Exit.isSuccess(exit)) throw new Error(`expected a failure, got ${JSON.stringify(exit.value)}`)
  const reason = (exit.cause as Cause.Cause<ApiFailure>).reasons.find((r) => r._tag === "Fail")
  if (!reason || reason._tag !== "Fail") throw new Error(`expected a typed failure, got ${String(exit.cause)}`)
  return reason.error
}

const success = <A, E>(exit: Exit.Exit<A, E>): A => {
  if (Exit.isFailure(exit)) throw new Error(`expected success, got ${String(exit.cause)}`)
  return exit.value
}

const pingRoute: Routes = { "/api/ping": () => json(200, { ok: true }) }

describe("signing and authorisation", () => {
  it("signs with the public client key and sends no bearer before sign-in", async () => {
    const t = await setup(pingRoute)
    expect(success(await t.call(Ping))).toEqual({ ok: true })
    const [request] = t.server.requests
    expect(request).toBeDefined()
    expect(await signedWith(request!, PUBLIC_CLIENT_KEY)).toBe(true)
    expect(header(request!, "authorization")).toBeUndefined()
    expect(header(request!, "accept")).toBe("application/json")
    expect(header(request!, SignatureHeaders.timestamp)).toBe(String(T0))
  })

  it("sends the bearer token and signs with it while the session is active", async () => {
    const t = await setup(pingRoute, { session: activeSession() })
    success(await t.call(Ping))
    const request = t.server.requests[0]!
    expect(header(request, "authorization")).toBe(`Bearer ${TOKEN}`)
    expect(await signedWith(request, TOKEN)).toBe(true)
    expect(await signedWith(request, PUBLIC_CLIENT_KEY)).toBe(false)
  })

  it("goes back to the client key and no bearer once the session is inactive", async () => {
    const t = await setup(pingRoute, { session: activeSession({ active: false, expiresAt: T0 - MINUTE }) })
    success(await t.call(Ping))
    const request = t.server.requests[0]!
    expect(header(request, "authorization")).toBeUndefined()
    expect(await signedWith(request, PUBLIC_CLIENT_KEY)).toBe(true)
    expect(t.expireCalls()).toBe(0)
  })

  it("sends one stable device id, kept in storage, on every call", async () => {
    const t = await setup(pingRoute)
    success(await t.call(Ping))
    await t.signIn(activeSession())
    success(await t.call(Ping))
    const ids = t.server.requests.map((r) => header(r, SignatureHeaders.deviceId))
    expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(ids[1]).toBe(ids[0])
    expect(await t.runtime.runPromise(ClientStorage.use((s) => s.get("deviceId")))).toBe(ids[0])
  })

  it("uses a fresh nonce per request", async () => {
    const t = await setup(pingRoute)
    success(await t.call(Ping))
    success(await t.call(Ping))
    const [a, b] = t.server.requests.map((r) => header(r, SignatureHeaders.nonce))
    expect(a).toBeTruthy()
    expect(a).not.toBe(b)
  })
})

describe("session expiry", () => {
  it("extends the expiry by the validity on each request while active", async () => {
    const t = await setup(pingRoute, { session: activeSession() })
    t.clock.set(T0 + 5 * MINUTE)
    success(await t.call(Ping))
    expect((await t.session())?.expiresAt).toBe(T0 + 35 * MINUTE)
    t.clock.advance(20 * MINUTE)
    success(await t.call(Ping))
    expect((await t.session())?.expiresAt).toBe(T0 + 55 * MINUTE)
    expect(t.server.requests).toHaveLength(2)
  })

  it("refuses an active but expired session without sending: Session Expired, session expired", async () => {
    const t = await setup(pingRoute, { session: activeSession() })
    t.clock.set(T0 + 10 * MINUTE)
    const error = failure(await t.call(Ping))
    expect(error._tag).toBe("SessionExpired")
    expect(error.text).toBe("Session Expired")
    expect(t.server.requests).toHaveLength(0)
    expect(t.expireCalls()).toBe(1)
    expect(await t.session()).toMatchObject({ active: false, token: null })
  })

  it("sends the next request unauthenticated after the expiry", async () => {
    const t = await setup(pingRoute, { session: activeSession() })
    t.clock.set(T0 + 11 * MINUTE)
    failure(await t.call(Ping))
    success(await t.call(Ping))
    const request = t.server.requests[0]!
    expect(header(request, "authorization")).toBeUndefined()
    expect(await signedWith(request, PUBLIC_CLIENT_KEY)).toBe(true)
    expect(t.expireCalls()).toBe(1)
  })
})

describe("error answers", () => {
  const failWith = (status: number, body: string, contentType = "application/json"): Routes => ({
    "/api/fail": () => ({ status, body, contentType }),
  })
  const cases: ReadonlyArray<readonly [string, number, string, string]> = [
    ["the error field first", 400, JSON.stringify({ error: "Bad amount", message: "ignored", code: "bad_request" }), "Bad amount"],
    [
      "a message object, values joined",
      400,
      JSON.stringify({ message: { amount: "Enter Valid Amount", side: "Select a side" } }),
      "Enter Valid Amount Select a side",
    ],
    ["a message string", 409, JSON.stringify({ message: "Already exists" }), "Already exists"],
    ["the generic text when there is none", 500, JSON.stringify({ statusCode: 500 }), GENERIC_ERROR_TEXT],
    ["the generic text for a non-JSON body", 502, "<html>Bad gateway</html>", GENERIC_ERROR_TEXT],
    ["the generic text for an empty body", 503, "", GENERIC_ERROR_TEXT],
  ]
  for (const [what, status, body, text] of cases) {
    it(`takes ${what}`, async () => {
      const t = await setup(failWith(status, body))
      const error = failure(await t.call(Fail))
      expect(error).toMatchObject({ _tag: "ApiError", status, text })
    })
  }

  it("keeps the server's error code for views that translate by code", async () => {
    const t = await setup(failWith(403, JSON.stringify({ code: "auth.forbidden", error: "Forbidden" })))
    expect(failure(await t.call(Fail))).toMatchObject({ _tag: "ApiError", status: 403, code: "auth.forbidden", text: "Forbidden" })
  })

  it("reports a 2xx answer that is not JSON as a DecodeError naming the endpoint", async () => {
    const t = await setup({ "/api/ping": () => ({ status: 200, body: "{ok: tru", contentType: "text/plain" }) })
    const error = failure(await t.call(Ping))
    expect(error._tag).toBe("DecodeError")
    expect(error.text).toContain("test.ping")
  })

  it("reports a 2xx answer that does not match the contract as a DecodeError", async () => {
    const t = await setup({ "/api/ping": () => json(200, { ok: "yes" }) })
    const error = failure(await t.call(Ping))
    expect(error).toMatchObject({ _tag: "DecodeError", endpoint: "test.ping" })
    expect(error.text).toContain("GET /ping")
  })

  it("reports an unreachable server as a NetworkError", async () => {
    const t = await setup(pingRoute)
    await t.server.close()
    const error = failure(await t.call(Ping))
    expect(error._tag).toBe("NetworkError")
    expect(error.text).not.toBe("")
  })
})

describe("building the request", () => {
  it("percent-encodes path parameters and the query, skipping absent values, and signs the target", async () => {
    const t = await setup({ "/api/things/a%20b%2Fc/items": () => json(200, ["x"]) })
    const exit = await t.call(SearchItems, { params: { id: "a b/c" }, query: { q: "gold & silver", page: 2 } })
    expect(success(exit)).toEqual(["x"])
    const request = t.server.requests[0]!
    expect(request.url).toBe("/api/things/a%20b%2Fc/items?q=gold+%26+silver&page=2")
    expect(await signedWith(request, PUBLIC_CLIENT_KEY)).toBe(true)
  })

  it("fills path parameters checked by the endpoint's params schema", async () => {
    const t = await setup({ "/api/items/A-1": () => json(200, { id: "A-1" }) })
    expect(success(await t.call(GetItem, { params: { itemId: "A-1" } }))).toEqual({ id: "A-1" })
    const error = failure(await t.call(GetItem, { params: { itemId: "" } }))
    expect(error).toMatchObject({ _tag: "InvalidRequest", endpoint: "test.getItem" })
    expect(t.server.requests).toHaveLength(1)
  })

  it("reads a file answer as bytes, and its error answer as JSON", async () => {
    let fail = false
    const pdf = "%PDF-1.7 fake"
    const t = await setup({
      "/api/statement": () => (fail ? json(404, { error: "No statement" }) : { status: 200, body: pdf, contentType: "application/pdf" }),
    })
    const bytes = success(await t.call(Statement))
    expect(new TextDecoder().decode(bytes)).toBe(pdf)
    expect(header(t.server.requests[0]!, "accept")).not.toBe("application/json")
    fail = true
    expect(failure(await t.call(Statement))).toMatchObject({ _tag: "ApiError", status: 404, text: "No statement" })
  })

  it("fails without sending when a path parameter is missing", async () => {
    const t = await setup({})
    const error = failure(await t.call(SearchItems, { query: { q: "x" } }))
    expect(error._tag).toBe("InvalidRequest")
    expect(t.server.requests).toHaveLength(0)
  })

  it("sends the body as JSON encoded by the request schema, signed over the exact text", async () => {
    const t = await setup({ "/api/things": () => json(201, { id: 7 }) })
    const exit = await t.call(PlaceThing, { body: { amount: "12.50" }, idempotencyKey: "4d4e2c7a-5b8e-4f4e-9d38-2f0a3b1c9e11" })
    expect(success(exit)).toEqual({ id: 7 })
    const request = t.server.requests[0]!
    expect(request.method).toBe("POST")
    expect(JSON.parse(request.body)).toEqual({ amount: "12.50" })
    expect(header(request, "content-type")).toMatch(/^application\/json/)
    expect(await signedWith(request, PUBLIC_CLIENT_KEY)).toBe(true)
  })

  it("fails without sending when the body does not encode", async () => {
    const t = await setup({ "/api/things": () => json(201, { id: 7 }) })
    const badBody = { amount: 12 } as unknown as { amount: string }
    const error = failure(await t.call(PlaceThing, { body: badBody, idempotencyKey: "k-1" }))
    expect(error).toMatchObject({ _tag: "InvalidRequest", endpoint: "test.placeThing" })
    expect(t.server.requests).toHaveLength(0)
  })

  it("works against an absolute base URL with its own path prefix", async () => {
    const t = await setup({ "/partner/api/ping": () => json(200, { ok: true }) }, { basePath: "/partner/api/" })
    expect(success(await t.call(Ping))).toEqual({ ok: true })
    expect(t.server.requests[0]!.url).toBe("/partner/api/ping")
    expect(await signedWith(t.server.requests[0]!, PUBLIC_CLIENT_KEY)).toBe(true)
  })
})

describe("idempotency keys", () => {
  it("refuses an idempotent call without a key, before anything is sent", async () => {
    const t = await setup({ "/api/things": () => json(201, { id: 1 }) })
    const error = failure(await t.call(PlaceThing, { body: { amount: "1" } }))
    expect(error._tag).toBe("InvalidRequest")
    expect(error.text).toContain("idempotency key")
    expect(t.server.requests).toHaveLength(0)
  })

  it("sends the caller's key and the same key again when the caller retries", async () => {
    let attempts = 0
    const t = await setup({
      "/api/things": () => (++attempts === 1 ? json(503, { error: "Try again" }) : json(201, { id: 9 })),
    })
    const intent = crypto.randomUUID()
    expect(failure(await t.call(PlaceThing, { body: { amount: "5" }, idempotencyKey: intent }))).toMatchObject({ status: 503 })
    expect(success(await t.call(PlaceThing, { body: { amount: "5" }, idempotencyKey: intent }))).toEqual({ id: 9 })
    expect(t.server.requests.map((r) => header(r, "idempotency-key"))).toEqual([intent, intent])
    expect(t.server.requests[0]!.headers[SignatureHeaders.nonce.toLowerCase()]).not.toBe(t.server.requests[1]!.headers[SignatureHeaders.nonce.toLowerCase()])
  })

  it("sends no key on endpoints that are not idempotent", async () => {
    const t = await setup(pingRoute)
    success(await t.call(Ping, { idempotencyKey: "ignored" }))
    expect(header(t.server.requests[0]!, "idempotency-key")).toBeUndefined()
  })
})

describe("revalidating GET answers (ETag)", () => {
  const Account = endpoint({ name: "test.account", method: "GET", path: "/account", response: Schema.Struct({ cash: Schema.String }) })

  it("sends If-None-Match with the last tag and answers a 304 with the last decoded answer", async () => {
    let cash = "10.00"
    const t = await setup(
      {
        "/api/account": (request) => {
          const etag = `W/"cash-${cash}"`
          return header(request, "if-none-match") === etag
            ? { status: 304, headers: { ETag: etag } }
            : { status: 200, body: JSON.stringify({ cash }), headers: { ETag: etag } }
        },
      },
      { session: activeSession() },
    )
    expect(success(await t.call(Account))).toEqual({ cash: "10.00" })
    expect(header(t.server.requests[0]!, "if-none-match")).toBeUndefined()
    expect(success(await t.call(Account))).toEqual({ cash: "10.00" })
    expect(header(t.server.requests[1]!, "if-none-match")).toBe('W/"cash-10.00"')
    // A change on the server: a new body and tag, shown at once.
    cash = "4.00"
    expect(success(await t.call(Account))).toEqual({ cash: "4.00" })
    expect(success(await t.call(Account))).toEqual({ cash: "4.00" })
    expect(header(t.server.requests[3]!, "if-none-match")).toBe('W/"cash-4.00"')
  })

  it("never offers one session's answer to another: a new token starts without tags", async () => {
    const t = await setup(
      { "/api/account": () => ({ status: 200, body: JSON.stringify({ cash: "1.00" }), headers: { ETag: 'W/"one"' } }) },
      { session: activeSession() },
    )
    success(await t.call(Account))
    await t.signIn(activeSession({ token: "another-users-token" }))
    success(await t.call(Account))
    expect(header(t.server.requests[1]!, "authorization")).toBe("Bearer another-users-token")
    expect(header(t.server.requests[1]!, "if-none-match")).toBeUndefined()
  })

  it("sends no tag before sign-in", async () => {
    const t = await setup({ "/api/account": () => ({ status: 200, body: JSON.stringify({ cash: "1.00" }), headers: { ETag: 'W/"one"' } }) })
    success(await t.call(Account))
    success(await t.call(Account))
    expect(header(t.server.requests[1]!, "if-none-match")).toBeUndefined()
  })
})
