import { execFileSync } from "node:child_process"
import { createHash } from "node:crypto"
import { rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { brotliDecompressSync, gunzipSync } from "node:zlib"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { ErrorCodes } from "../../../src/contract/errors"
import { createApp } from "../../../server/http/app"
import { readJsonBody } from "../../../server/http/body"
import type { ApiRoutes } from "../../../server/http/context"
import { createTestDatabase } from "../support/test-database"
import { fakeBuild, INDEX_HTML, NOW, testConfig } from "./fixtures"
import { signedInit } from "./signing"

let calls = 0
// Test-only routes standing for what later areas mount: body parsing both ways, a bug, a big upload.
const probe: ApiRoutes = {
  name: "probe",
  mount: (api) => {
    api.post("/test/parsed", async (c) => c.json({ body: await readJsonBody(c) }))
    api.post("/test/raw-json", async (c) => c.json({ body: (await c.req.json()) as unknown }))
    api.get("/test/bug", () => {
      throw new Error("a bug in a route")
    })
    api.post("/test/upload/:id", async (c) => c.json({ size: c.get("rawBody").length }))
    api.get("/test/big", (c) => c.json({ rows: Array.from({ length: 200 }, (_, i) => ({ id: i, text: `row ${i}` })) }))
    api.get("/test/small", (c) => c.json({ ok: true }))
    // A big answer that differs on every request, and one made without c.json.
    api.get("/test/changing", (c) => c.json({ call: ++calls, rows: Array.from({ length: 200 }, (_, i) => ({ id: i, text: `row ${i}` })) }))
    api.get("/test/by-hand", (c) =>
      c.body(JSON.stringify({ rows: Array.from({ length: 200 }, (_, i) => `hand ${i}`) }), 200, { "Content-Type": "application/json" }),
    )
  },
  bodyLimits: [{ method: "POST", path: "/test/upload/:id", maxBytes: 3_000_000 }],
}

let database: Awaited<ReturnType<typeof createTestDatabase>>
let staticDir: string
let app: ReturnType<typeof createApp>
const logError = vi.fn()

beforeAll(async () => {
  database = await createTestDatabase()
  staticDir = fakeBuild()
  app = createApp({ database, config: testConfig({ DATA_DIR: database.dataDir, STATIC_DIR: staticDir }), now: () => NOW, routes: [probe], logError })
})
afterAll(async () => {
  await database?.close()
  rmSync(staticDir, { recursive: true, force: true })
})

const signedPost = async (path: string, body: string) => app.request(path, await signedInit({ method: "POST", target: path, body, timestamp: NOW }))

const expectSecurityHeaders = (res: Response, frameAncestors: "'none'" | "'self'") => {
  const csp = res.headers.get("content-security-policy") ?? ""
  expect(csp).toMatch(/(^|; )script-src 'self'(;|$)/)
  expect(csp).toContain("default-src 'self'")
  expect(csp).toContain("object-src 'none'")
  expect(csp).toContain("base-uri 'none'")
  expect(csp).toContain(`frame-ancestors ${frameAncestors}`)
  expect(csp).not.toContain("unsafe-eval")
  expect(res.headers.get("x-content-type-options")).toBe("nosniff")
  expect(res.headers.get("referrer-policy")).toBe("no-referrer")
  expect(res.headers.get("cross-origin-opener-policy")).toBe("same-origin")
  expect(res.headers.get("permissions-policy")).toContain("camera=()")
  expect(res.headers.get("x-frame-options")).toBe(frameAncestors === "'none'" ? "DENY" : "SAMEORIGIN")
}

describe("health", () => {
  it("answers unsigned, not cached, with the security headers", async () => {
    const res = await app.request("/api/health")
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: "ok", time: new Date(NOW).toISOString() })
    expect(res.headers.get("cache-control")).toBe("no-store")
    expectSecurityHeaders(res, "'none'")
  })
})

describe("security and caching headers", () => {
  it("an SPA page carries them and is revalidated", async () => {
    const res = await app.request("/login")
    expect(res.status).toBe(200)
    expectSecurityHeaders(res, "'none'")
    expect(res.headers.get("cache-control")).toBe("no-cache")
  })

  it("/embedded/ pages may be framed by the app itself", async () => {
    const res = await app.request("/embedded/legal-disclosure.html")
    expect(res.status).toBe(200)
    expect(await res.text()).toContain("Legal disclosure")
    expectSecurityHeaders(res, "'self'")
  })

  it("API errors carry them too, and are never cached", async () => {
    const res = await app.request("/api/dev/mailbox")
    expect(res.status).toBe(401)
    expectSecurityHeaders(res, "'none'")
    expect(res.headers.get("cache-control")).toBe("no-store")
  })
})

describe("the single-page app", () => {
  it.each(["/", "/login", "/auth", "/error/error-v3", "/dev/mailbox?to=demo%40chartfolio.test", "/portfolio/123/orders"])(
    "answers index.html for %s",
    async (path) => {
      const res = await app.request(path)
      expect(res.status).toBe(200)
      expect(res.headers.get("content-type")).toContain("text/html")
      expect(await res.text()).toBe(INDEX_HTML)
    },
  )

  it("serves hashed assets as immutable and other files as they are", async () => {
    const asset = await app.request("/assets/app-abc123.js")
    expect(asset.status).toBe(200)
    expect(asset.headers.get("content-type")).toContain("javascript")
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable")
    expect(await asset.text()).toBe("console.log('app')\n")
    const icon = await app.request("/favicon.svg")
    expect(icon.headers.get("content-type")).toContain("image/svg+xml")
    expect(icon.headers.get("cache-control")).toBe("no-cache")
  })

  it("serves precompressed variants by Accept-Encoding, with Vary, and revalidates by ETag", async () => {
    const text = `export const big = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `item ${i}`))}\n`
    writeFileSync(join(staticDir, "assets", "big-def456.js"), text)
    execFileSync(process.execPath, ["scripts/compress-assets.mjs", staticDir])
    const br = await app.request("/assets/big-def456.js", { headers: { "Accept-Encoding": "gzip, deflate, br, zstd" } })
    expect(br.headers.get("content-encoding")).toBe("br")
    expect(br.headers.get("vary")).toBe("Accept-Encoding")
    expect(br.headers.get("cache-control")).toBe("public, max-age=31536000, immutable")
    const brBody = Buffer.from(await br.arrayBuffer())
    expect(Number(br.headers.get("content-length"))).toBe(brBody.length)
    expect(brBody.length).toBeLessThan(text.length / 2)
    expect(brotliDecompressSync(brBody).toString()).toBe(text)
    const gz = await app.request("/assets/big-def456.js", { headers: { "Accept-Encoding": "gzip, br;q=0" } })
    expect(gz.headers.get("content-encoding")).toBe("gzip")
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(text)
    const plain = await app.request("/assets/big-def456.js", { headers: { "Accept-Encoding": "identity" } })
    expect(plain.headers.get("content-encoding")).toBeNull()
    expect(plain.headers.get("vary")).toBe("Accept-Encoding")
    expect(await plain.text()).toBe(text)
    // The page: compressed too, never cached without revalidation, 304 while unchanged.
    writeFileSync(join(staticDir, "index.html"), `${INDEX_HTML}<!-- ${"padding ".repeat(200)} -->`)
    execFileSync(process.execPath, ["scripts/compress-assets.mjs", staticDir])
    const page = await app.request("/login", { headers: { "Accept-Encoding": "br" } })
    expect(page.headers.get("content-encoding")).toBe("br")
    expect(page.headers.get("cache-control")).toBe("no-cache")
    const etag = page.headers.get("etag") ?? ""
    expect(etag).not.toBe("")
    const again = await app.request("/dashboard", { headers: { "Accept-Encoding": "br", "If-None-Match": etag } })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe("")
    writeFileSync(join(staticDir, "index.html"), INDEX_HTML)
    for (const f of ["index.html.br", "index.html.gz"]) rmSync(join(staticDir, f), { force: true })
    const changed = await app.request("/login", { headers: { "Accept-Encoding": "br", "If-None-Match": etag } })
    expect(changed.status).toBe(200)
    expect(await changed.text()).toBe(INDEX_HTML)
  })

  it("answers 404 for a missing asset or any missing file instead of the page", async () => {
    expect((await app.request("/assets/app-gone.js")).status).toBe(404)
    expect((await app.request("/logo-gone.png")).status).toBe(404)
    expect((await app.request("/images/photo.jpg")).status).toBe(404)
  })

  it("draws the demo world's logos and news pictures as SVG, the same for the same name", async () => {
    const logo = await app.request("/instrument-logos/dangcem.svg")
    expect(logo.status).toBe(200)
    expect(logo.headers.get("content-type")).toContain("image/svg+xml")
    const svg = await logo.text()
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/)
    expect(svg).toContain(">DANG<")
    expect(await (await app.request("/instrument-logos/dangcem.svg")).text()).toBe(svg)
    const news = await app.request("/news-images/business-3.svg")
    expect(news.status).toBe(200)
    expect(await news.text()).toContain("<polyline")
    for (const bad of ["/instrument-logos/x.png", "/news-images/..%2fsecret.svg", "/news-images/UPPER.svg", "/instrument-logos/a%3Cb.svg"]) {
      expect((await app.request(bad)).status, bad).toBe(404)
    }
  })

  it("never serves files outside the build directory", async () => {
    for (const path of ["/../package.json", "/%2e%2e/package.json", "/assets/..%2f..%2fpackage.json"]) {
      const res = await app.request(path)
      expect(await res.text()).not.toContain('"name": "chartfolio"')
    }
  })

  it("answers 404 to other methods on pages", async () => {
    expect((await app.request("/login", { method: "POST" })).status).toBe(404)
  })

  it("says to build the app when there is no build", async () => {
    const bare = createApp({ database, config: testConfig({ DATA_DIR: database.dataDir, STATIC_DIR: "/nonexistent/chartfolio-build" }), now: () => NOW })
    const res = await bare.request("/login")
    expect(res.status).toBe(503)
    expect(await res.text()).toContain("npm run build")
    expect((await bare.request("/api/health")).status).toBe(200)
  })
})

describe("API answers on the wire", () => {
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const init = await signedInit({ target: path, timestamp: NOW })
    return app.request(path, { ...init, headers: { ...(init.headers as Record<string, string>), ...headers } })
  }

  it("compresses JSON answers above 1 kB by Accept-Encoding and says Vary", async () => {
    const plain = await (await get("/api/test/big")).text()
    expect(plain.length).toBeGreaterThan(1024)
    const br = await get("/api/test/big", { "Accept-Encoding": "gzip, br" })
    expect(br.headers.get("content-encoding")).toBe("br")
    expect(br.headers.get("vary")).toContain("Accept-Encoding")
    expect(br.headers.get("cache-control")).toBe("no-store")
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(plain)
    const gz = await get("/api/test/big", { "Accept-Encoding": "gzip" })
    expect(gz.headers.get("content-encoding")).toBe("gzip")
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(plain)
    const small = await get("/api/test/small", { "Accept-Encoding": "gzip, br" })
    expect(small.headers.get("content-encoding")).toBeNull()
    expect(await small.json()).toEqual({ ok: true })
  })

  it("compresses each answer's own body: a body that changed is never sent as the one before, a repeated one is the same bytes", async () => {
    const bodies: string[] = []
    for (const coding of ["br", "gzip", "br"] as const) {
      const res = await get("/api/test/changing", { "Accept-Encoding": coding })
      expect(res.headers.get("content-encoding")).toBe(coding)
      const bytes = Buffer.from(await res.arrayBuffer())
      expect(Number(res.headers.get("content-length"))).toBe(bytes.length)
      bodies.push((coding === "br" ? brotliDecompressSync(bytes) : gunzipSync(bytes)).toString())
    }
    expect(bodies.map((b) => (JSON.parse(b) as { call: number }).call)).toEqual([calls - 2, calls - 1, calls])
    const twice = await Promise.all([1, 2].map(async () => Buffer.from(await (await get("/api/test/big", { "Accept-Encoding": "br" })).arrayBuffer())))
    expect(twice[0]?.equals(twice[1] as Buffer)).toBe(true)
  })

  it("an ETag is the hash of the token and the bytes sent, also for an answer not made by c.json (compressed and tagged alike)", async () => {
    for (const path of ["/api/test/big", "/api/test/by-hand"]) {
      const plain = await get(path)
      const bytes = Buffer.from(await plain.arrayBuffer())
      const expected = `W/"${createHash("sha256").update("").update("\n").update(bytes).digest("base64url").slice(0, 27)}"`
      expect(plain.headers.get("etag")).toBe(expected)
      const gz = await get(path, { "Accept-Encoding": "gzip" })
      expect(gz.headers.get("etag")).toBe(expected)
      expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).equals(bytes)).toBe(true)
      expect((await get(path, { "If-None-Match": expected })).status).toBe(304)
    }
  })

  it("answers 304 to a GET whose If-None-Match holds the answer's ETag, for the same caller only", async () => {
    const first = await get("/api/test/big")
    const etag = first.headers.get("etag") ?? ""
    expect(etag).toMatch(/^W\/".+"$/)
    const same = await get("/api/test/big", { "If-None-Match": etag })
    expect(same.status).toBe(304)
    expect(await same.text()).toBe("")
    const other = await get("/api/test/small", { "If-None-Match": etag })
    expect(other.status).toBe(200)
    // Another caller (a bearer token) never matches the tag of this one's answer.
    const path = "/api/test/big"
    const init = await signedInit({ target: path, timestamp: NOW, token: "another-callers-token" })
    const theirs = await app.request(path, { ...init, headers: { ...(init.headers as Record<string, string>), "If-None-Match": etag } })
    expect(theirs.status).toBe(200)
    expect(theirs.headers.get("etag")).not.toBe(etag)
  })
})

describe("API errors", () => {
  it("an unknown API path is a 404 error body", async () => {
    const res = await app.request("/api/users/nothing-here", await signedInit({ target: "/api/users/nothing-here", timestamp: NOW }))
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ statusCode: 404, code: ErrorCodes.notFound, error: "There is no API endpoint GET /api/users/nothing-here." })
  })

  it("malformed JSON is a 400 error body, whether the route uses readJsonBody or c.req.json()", async () => {
    for (const path of ["/api/test/parsed", "/api/test/raw-json"]) {
      const res = await signedPost(path, '{"amount": 12,')
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ statusCode: 400, code: ErrorCodes.badRequest, error: "The request body is not valid JSON." })
    }
    const empty = await signedPost("/api/test/parsed", "")
    expect(empty.status).toBe(400)
    expect(((await empty.json()) as { error: string }).error).toMatch(/empty/)
  })

  it("well-formed JSON reaches the route", async () => {
    const res = await signedPost("/api/test/parsed", '{"amount":"12.00"}')
    expect(await res.json()).toEqual({ body: { amount: "12.00" } })
  })

  it("a body over 64 kB is refused with 413 before it is read, closing the connection; a route may raise its limit", async () => {
    const big = JSON.stringify({ data: "x".repeat(70_000) })
    const refused = await signedPost("/api/test/parsed", big)
    expect(refused.status).toBe(413)
    expect(await refused.json()).toMatchObject({ statusCode: 413, code: ErrorCodes.badRequest, error: expect.stringContaining("64 kB") })
    // The unread body makes the connection unusable: the answer says so, so a pooled client does not reuse it.
    expect(refused.headers.get("connection")).toBe("close")
    const raised = await signedPost("/api/test/upload/7", big)
    expect(raised.status).toBe(200)
    expect(await raised.json()).toEqual({ size: big.length })
    expect((await signedPost("/api/test/upload/7", JSON.stringify({ data: "x".repeat(3_100_000) }))).status).toBe(413)
  })

  it("a deeply nested body is a 400 before it is parsed; NUL characters and lone surrogates are a 400 naming the field, and nothing is logged", async () => {
    logError.mockClear()
    const deep = `{"a":${"[".repeat(5_000)}${"]".repeat(5_000)}}`
    const nested = await signedPost("/api/test/parsed", deep)
    expect(nested.status).toBe(400)
    expect(await nested.json()).toMatchObject({ statusCode: 400, error: expect.stringContaining("nested too deeply") })
    // 32 levels are fine.
    expect((await signedPost("/api/test/parsed", `{"a":${"[".repeat(31)}${"]".repeat(31)}}`)).status).toBe(200)

    for (const [body, field] of [
      ['{"email":"a\\u0000b@example.test"}', "email"],
      ['{"fullName":"Ada \\ud800 Obi"}', "fullName"],
      ['{"list":["ok","\\udc00"]}', "list.1"],
    ] as const) {
      const res = await signedPost("/api/test/parsed", body)
      expect(res.status, body).toBe(400)
      expect(((await res.json()) as { message: Record<string, string> }).message).toEqual({ [field]: "This field contains characters that are not allowed." })
    }
    // A surrogate pair (an emoji) is text like any other.
    expect(await (await signedPost("/api/test/parsed", '{"name":"\\ud83d\\ude00"}')).json()).toEqual({ body: { name: "😀" } })

    // The probe's cases as the outside probe sent them: e-mails of login, reauth, registration and
    // forgot password, registration's full name and username (a NUL and a lone surrogate each).
    for (const bad of ["a\u0000b@example.test", "a\ud800b@example.test"]) {
      const cases: ReadonlyArray<readonly [string, Record<string, unknown>, string]> = [
        ["/api/auth/login", { email: bad, password: "Secret#2026" }, "email"],
        ["/api/auth/login?action=reauth&userId=00000000-0000-0000-0000-000000000000", { email: bad, password: "Secret#2026" }, "email"],
        ["/api/auth/forgot-password", { email: bad }, "email"],
        ["/api/api/auth/register", { email: bad, fullname: "Ada Obi", username: "ada-obi", password: "Secret#2026" }, "email"],
        ["/api/api/auth/register", { email: "ada@example.test", fullname: `Ada ${bad}`, username: "ada-obi", password: "Secret#2026" }, "fullname"],
        ["/api/api/auth/register", { email: "ada@example.test", fullname: "Ada Obi", username: `ada${bad}`, password: "Secret#2026" }, "username"],
      ]
      for (const [target, body, field] of cases) {
        const text = JSON.stringify(body)
        const res = await app.request(target, await signedInit({ method: "POST", target, body: text, timestamp: NOW }))
        expect(res.status, `${target} ${field}`).toBe(400)
        expect(((await res.json()) as { message: Record<string, string> }).message, `${target} ${field}`).toEqual({
          [field]: "This field contains characters that are not allowed.",
        })
      }
    }
    for (const target of ["/api/instruments?query=%00", "/api/users/instruments?query=%00", "/api/dev/mailbox?to=%00"]) {
      const res = await app.request(target, await signedInit({ target, timestamp: NOW }))
      expect(res.status, target).toBe(400)
      expect(await res.json()).toMatchObject({ statusCode: 400, code: ErrorCodes.badRequest })
    }
    expect(logError).not.toHaveBeenCalled()
  })

  it("an unexpected exception is a logged 500 with a generic body", async () => {
    logError.mockClear()
    const res = await app.request("/api/test/bug", await signedInit({ target: "/api/test/bug", timestamp: NOW }))
    expect(res.status).toBe(500)
    const body = (await res.json()) as Record<string, unknown>
    expect(body).toEqual({ statusCode: 500, code: ErrorCodes.internal, error: expect.any(String) })
    expect(JSON.stringify(body)).not.toContain("a bug in a route")
    expect(logError).toHaveBeenCalledTimes(1)
    expect(String(logError.mock.calls[0]![0])).toContain("a bug in a route")
  })
})
