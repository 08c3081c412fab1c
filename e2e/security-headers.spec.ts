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

test("the browser receives /login's scripts and styles compressed, as `npm start` serves them", async ({ page }) => {
  // `npm start`, `npm test` and `npm run bench` serve one build (`npm run build`: precompressed
  // .br and .gz variants beside every asset of 1 kB or more), so this is what the README's first
  // command sends.
  // (An asset prefetched while the page is idle may still be arriving when the test ends: its body
  // is then unreadable and it is left out.)
  const assets: Promise<{ url: string; bytes: number; encoding: string | undefined } | null>[] = []
  page.on("response", (res) => {
    if (!/\/assets\/.+\.(?:js|css)$/.test(new URL(res.url()).pathname)) return
    const encoding = res.headers()["content-encoding"]
    assets.push(
      res.body().then(
        (body) => ({ url: res.url(), bytes: body.length, encoding }),
        () => null,
      ),
    )
  })
  await page.goto("/login")
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible()
  const large = (await Promise.all(assets)).filter((asset) => asset !== null && asset.bytes >= 1024)
  expect(large.length).toBeGreaterThan(0)
  for (const asset of large) expect(asset?.encoding, asset?.url).toMatch(/^(?:br|gzip)$/)
})
