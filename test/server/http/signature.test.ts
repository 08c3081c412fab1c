import { rmSync } from "node:fs"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ErrorCodes } from "../../../src/contract/errors"
import { newNonce, sign, SignatureHeaders, verify } from "../../../src/contract/signature"
import { signHmac, verifyHmac } from "../../../server/http/signature"
import { createApp } from "../../../server/http/app"
import type { ApiRoutes } from "../../../server/http/context"
import { createTestDatabase } from "../support/test-database"
import { fakeBuild, NOW, testConfig } from "./fixtures"
import { signedHeaders, signedInit } from "./signing"

// Stands for any signed API route: answers what it was given, read both ways a handler may read it.
const echo: ApiRoutes = {
  name: "echo",
  mount: (api) => {
    api.post("/test/echo", async (c) => {
      const text = await c.req.text()
      const json: unknown = await c.req.json()
      return c.json({ text, json, rawBody: c.get("rawBody"), bearerToken: c.get("bearerToken"), deviceId: c.get("deviceId") })
    })
  },
}

let database: Awaited<ReturnType<typeof createTestDatabase>>
let app: ReturnType<typeof createApp>
const staticDir = fakeBuild()

beforeAll(async () => {
  database = await createTestDatabase()
  app = createApp({ database, config: testConfig({ DATA_DIR: database.dataDir, STATIC_DIR: staticDir }), now: () => NOW, routes: [echo] })
})
afterAll(async () => {
  await database?.close()
  rmSync(staticDir, { recursive: true, force: true })
})

const expectRefused = async (res: Response, code: string) => {
  expect(res.status).toBe(401)
  const body = (await res.json()) as Record<string, unknown>
  expect(body).toMatchObject({ statusCode: 401, code })
  expect(typeof body.error).toBe("string")
  expect((body.error as string).length).toBeGreaterThan(10)
}

const MAILBOX = "/api/dev/mailbox"

describe("the server's HMAC check (Node crypto)", () => {
  it("agrees with the contract's WebCrypto verify on good and bad signatures", async () => {
    const input = { method: "POST", target: "/api/x?b=2&a=1 %C3%A9", timestamp: NOW, nonce: newNonce(), body: '{"é":"ü"}' }
    const good = await sign("key-1", input)
    const cases = [
      [good, input, "key-1"],
      [good, input, "key-2"],
      [good, { ...input, body: "{}" }, "key-1"],
      [good, { ...input, target: "/api/x?a=1&b=2 %C3%A9" }, "key-1"],
      [good.slice(0, -1), input, "key-1"],
      [`v2=${good.slice(3)}`, input, "key-1"],
      ["v1=!!!", input, "key-1"],
    ] as const
    for (const [header, what, key] of cases) expect(verifyHmac(key, what, header), header).toBe(await verify(key, what, header))
    expect(verifyHmac("key-1", input, good)).toBe(true)
  })
})

describe("the server's HMAC signer (Node crypto, the bench's load client)", () => {
  it("writes the very header the contract's WebCrypto sign writes", async () => {
    const inputs = [
      { method: "get", target: "/api/users/account/a1?b=2&a=1", timestamp: NOW, nonce: newNonce(), body: "" },
      { method: "POST", target: "/api/users/order", timestamp: NOW, nonce: newNonce(), body: '{"note":"é ✓"}' },
    ]
    for (const input of inputs) expect(signHmac("key-1", input)).toBe(await sign("key-1", input))
  })
})

describe("signature verification", () => {
  it("lets a request signed with the public client key through", async () => {
    const res = await app.request(MAILBOX, await signedInit({ target: MAILBOX, timestamp: NOW }))
    expect(res.status).toBe(200)
  })

  it("lets a request signed with its bearer token through, and hands the token and body to the route", async () => {
    const body = JSON.stringify({ amount: "12.50", side: "BUY" })
    const res = await app.request(
      "/api/test/echo",
      await signedInit({ method: "POST", target: "/api/test/echo", body, token: "tok-123", timestamp: NOW, deviceId: "dev-9" }),
    )
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ text: body, json: { amount: "12.50", side: "BUY" }, rawBody: body, bearerToken: "tok-123", deviceId: "dev-9" })
  })

  it("refuses an unsigned request with signature.missing", async () => {
    await expectRefused(await app.request(MAILBOX), ErrorCodes.signatureMissing)
  })

  it.each(Object.values(SignatureHeaders))("refuses a request without %s with signature.missing", async (header) => {
    const headers = await signedHeaders({ target: MAILBOX, timestamp: NOW })
    delete headers[header]
    await expectRefused(await app.request(MAILBOX, { headers }), ErrorCodes.signatureMissing)
  })

  it("refuses a tampered body with signature.invalid", async () => {
    const init = await signedInit({ method: "POST", target: "/api/test/echo", body: '{"amount":"1.00"}', timestamp: NOW })
    await expectRefused(await app.request("/api/test/echo", { ...init, body: '{"amount":"1000.00"}' }), ErrorCodes.signatureInvalid)
  })

  it("refuses a tampered query, path or method with signature.invalid", async () => {
    const signedFor = `${MAILBOX}?to=demo%40chartfolio.test`
    await expectRefused(
      await app.request(`${MAILBOX}?to=new%40chartfolio.test`, await signedInit({ target: signedFor, timestamp: NOW })),
      ErrorCodes.signatureInvalid,
    )
    await expectRefused(await app.request("/api/test/other", await signedInit({ target: MAILBOX, timestamp: NOW })), ErrorCodes.signatureInvalid)
    const post = await signedInit({ method: "POST", target: "/api/test/echo", body: "{}", timestamp: NOW })
    await expectRefused(await app.request("/api/test/echo", { ...post, method: "PUT" }), ErrorCodes.signatureInvalid)
  })

  it("accepts the query in any order and percent-encoding, as signed", async () => {
    const res = await app.request(
      `${MAILBOX}?to=demo%40chartfolio.test&x=1`,
      await signedInit({ target: `${MAILBOX}?x=1&to=demo@chartfolio.test`, timestamp: NOW }),
    )
    expect(res.status).toBe(200)
  })

  it("refuses a request signed with the wrong key (public key with a bearer token, or another token)", async () => {
    const headers = await signedHeaders({ target: MAILBOX, timestamp: NOW })
    await expectRefused(await app.request(MAILBOX, { headers: { ...headers, Authorization: "Bearer tok-123" } }), ErrorCodes.signatureInvalid)
    await expectRefused(
      await app.request(MAILBOX, await signedInit({ target: MAILBOX, timestamp: NOW, token: "tok-123", key: "tok-456" })),
      ErrorCodes.signatureInvalid,
    )
  })

  it("refuses a garbled signature or timestamp with signature.invalid", async () => {
    const headers = await signedHeaders({ target: MAILBOX, timestamp: NOW })
    await expectRefused(await app.request(MAILBOX, { headers: { ...headers, [SignatureHeaders.signature]: "v1=not-base64!" } }), ErrorCodes.signatureInvalid)
    await expectRefused(await app.request(MAILBOX, { headers: { ...headers, [SignatureHeaders.timestamp]: "soon" } }), ErrorCodes.signatureInvalid)
  })

  it("refuses a timestamp more than 300 s off with signature.stale, and accepts one inside", async () => {
    await expectRefused(await app.request(MAILBOX, await signedInit({ target: MAILBOX, timestamp: NOW - 300_001 })), ErrorCodes.signatureStale)
    await expectRefused(await app.request(MAILBOX, await signedInit({ target: MAILBOX, timestamp: NOW + 300_001 })), ErrorCodes.signatureStale)
    expect((await app.request(MAILBOX, await signedInit({ target: MAILBOX, timestamp: NOW - 299_000 }))).status).toBe(200)
    expect((await app.request(MAILBOX, await signedInit({ target: MAILBOX, timestamp: NOW + 299_000 }))).status).toBe(200)
  })

  it("refuses a replayed nonce with signature.replayed, even for another request", async () => {
    const init = await signedInit({ target: MAILBOX, timestamp: NOW })
    expect((await app.request(MAILBOX, init)).status).toBe(200)
    await expectRefused(await app.request(MAILBOX, init), ErrorCodes.signatureReplayed)
    const nonce = (init.headers as Record<string, string>)[SignatureHeaders.nonce]
    await expectRefused(
      await app.request(`${MAILBOX}?to=x`, await signedInit({ target: `${MAILBOX}?to=x`, timestamp: NOW + 1, nonce })),
      ErrorCodes.signatureReplayed,
    )
  })

  it("still refuses a replay after a restart (the nonces are kept in the database for their window)", async () => {
    const init = await signedInit({ target: MAILBOX, timestamp: NOW })
    expect((await app.request(MAILBOX, init)).status).toBe(200)
    // A new app on the same database: what a restarted server is.
    const restarted = createApp({ database, config: testConfig({ DATA_DIR: database.dataDir, STATIC_DIR: staticDir }), now: () => NOW + 4_000, routes: [echo] })
    await expectRefused(await restarted.request(MAILBOX, init), ErrorCodes.signatureReplayed)
  })

  it("does not burn a nonce on a request whose signature fails", async () => {
    const nonce = newNonce()
    const good = await signedHeaders({ target: MAILBOX, timestamp: NOW, nonce })
    const signature = good[SignatureHeaders.signature]!
    const corrupted = signature.slice(0, 8) + (signature[8] === "A" ? "B" : "A") + signature.slice(9)
    await expectRefused(await app.request(MAILBOX, { headers: { ...good, [SignatureHeaders.signature]: corrupted } }), ErrorCodes.signatureInvalid)
    expect((await app.request(MAILBOX, { headers: good })).status).toBe(200)
  })

  it("checks the signature before deciding a path does not exist", async () => {
    await expectRefused(await app.request("/api/no/such/thing"), ErrorCodes.signatureMissing)
    const res = await app.request("/api/no/such/thing", await signedInit({ target: "/api/no/such/thing", timestamp: NOW }))
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({ statusCode: 404, code: ErrorCodes.notFound, error: expect.stringContaining("/api/no/such/thing") })
  })
})
