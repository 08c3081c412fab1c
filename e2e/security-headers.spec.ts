import { expect, test } from "./fixtures"

test("pages and API answers carry the security headers of targets.md", async ({ request }) => {
  const page = await request.get("/login")
  expect(page.status()).toBe(200)
  const csp = page.headers()["content-security-policy"] ?? ""
  expect(csp).toContain("object-src 'none'")
  expect(csp).toContain("base-uri 'none'")
  expect(csp).toContain("frame-ancestors 'none'")
  expect(csp).toMatch(/script-src 'self'(;|$)/)
  expect(page.headers()["x-content-type-options"]).toBe("nosniff")
  expect(page.headers()["referrer-policy"]).toBeTruthy()

  const api = await request.get("/api/health")
  expect(api.status()).toBe(200)
  expect(api.headers()["cache-control"]).toContain("no-store")
})

test("an unsigned API call is refused with 401 in the spec's error shape", async ({ request }) => {
  const res = await request.get("/api/dev/mailbox")
  expect(res.status()).toBe(401)
  const body = (await res.json()) as { error?: unknown; code?: unknown }
  expect(typeof body.error).toBe("string")
  expect(body.code).toBe("signature.missing")
})
