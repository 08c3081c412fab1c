// `npm run bench`: the figures of targets.md that this build can measure, printed as a table and
// written to reports/bench.json. Timings are printed, never asserted (machines are shared and noisy).
//   - JS + CSS (gzip) fetched before /login and /dashboard are usable, and duplicate libraries
//   - largest contentful paint of /login and /dashboard in Chromium with 4x CPU throttling
//   - the reference API under 50 concurrent connections of authenticated reads (embedded DB)
// It builds nothing: run `npm run build` first (npm test does).
import { chromium, type Page } from "@playwright/test"
import { spawn } from "node:child_process"
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { gzipSync } from "node:zlib"
import { TOTP } from "otpauth"
import { newNonce, PUBLIC_CLIENT_KEY, sign } from "../src/contract/signature"

const PORT = Number(process.env.BENCH_PORT ?? 4247)
const BASE = `http://localhost:${PORT}`
const APP_USER = "app@chartfolio.test"
const DEMO_USER = "demo@chartfolio.test"
const PASSWORD = "Chartfolio#2026"
const totp = () => new TOTP({ secret: "CHARTFOLIOAPPDEMOSECRETKEY234567", algorithm: "SHA1", digits: 6, period: 30 }).generate()

const startServer = async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "chartfolio-bench-"))
  const server = spawn(process.execPath, ["dist/server/main.js"], { env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir }, stdio: ["ignore", "pipe", "inherit"] })
  await new Promise<void>((resolve, reject) => {
    server.stdout.on("data", (d: Buffer) => d.toString().includes("is running at") && resolve())
    server.on("exit", (code) => reject(new Error(`server exited ${code}`)))
  })
  return { server, dataDir }
}

/** gzip size of a served asset (what the browser transfers with compression). */
const gzipOf = (path: string): number => {
  try {
    return gzipSync(readFileSync(join("dist/public", new URL(path, BASE).pathname))).length
  } catch {
    return 0
  }
}

/** Loads a path with 4x CPU throttling; returns the JS+CSS fetched before `ready` holds, and the LCP. */
const measurePage = async (page: Page, path: string, ready: (p: Page) => Promise<void>) => {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 })
  const assets: string[] = []
  let done = false
  const onRequest = (r: { url(): string; resourceType(): string }) => {
    if (!done && (r.resourceType() === "script" || r.resourceType() === "stylesheet")) assets.push(r.url())
  }
  page.on("request", onRequest)
  await page.goto(path)
  await ready(page)
  done = true
  if (process.env.BENCH_VERBOSE) console.log(path, assets.map((a) => `${(gzipOf(a) / 1024).toFixed(1)} ${new URL(a).pathname}`).join("\n"))
  page.off("request", onRequest)
  const lcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let last = 0
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) last = e.startTime
        }).observe({ type: "largest-contentful-paint", buffered: true })
        setTimeout(() => resolve(last), 300)
      }),
  )
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 })
  const unique = [...new Set(assets)]
  return { kB: unique.reduce((n, u) => n + gzipOf(u), 0) / 1024, files: unique.length, lcpMs: Math.round(lcp) }
}

/** Library copies in the build: a package bundled from two versions shows twice. */
const duplicateLibraries = (): string[] => {
  const seen = new Map<string, Set<string>>()
  for (const f of readdirSync("dist/public/assets").filter((f) => f.endsWith(".js.map"))) {
    const map = JSON.parse(readFileSync(join("dist/public/assets", f), "utf8")) as { sources: string[] }
    for (const s of map.sources) {
      const m = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?:.*node_modules\/((?:@[^/]+\/)?[^/]+)\/)?/.exec(s)
      if (!m) continue
      const name = m[2] ?? m[1] ?? ""
      const where = s.slice(0, s.lastIndexOf(`node_modules/${name}/`))
      if (!seen.has(name)) seen.set(name, new Set())
      seen.get(name)?.add(where)
    }
  }
  return [...seen].filter(([, w]) => w.size > 1).map(([n]) => n)
}

const signedFetch = async (method: string, target: string, token: string | null, body?: unknown, deviceId = "bench-device") => {
  const text = body === undefined ? "" : JSON.stringify(body)
  const timestamp = Date.now()
  const nonce = newNonce()
  const headers: Record<string, string> = {
    "X-Timestamp": String(timestamp),
    "X-Nonce": nonce,
    "X-Device-Id": deviceId,
    "X-Signature": await sign(token ?? PUBLIC_CLIENT_KEY, { method, target, timestamp, nonce, body: text }),
  }
  if (token) headers.Authorization = `Bearer ${token}`
  if (body !== undefined) headers["Content-Type"] = "application/json"
  return fetch(`${BASE}${target}`, { method, headers, body: body === undefined ? undefined : text })
}

/** 50 connections of GET /api/admins/me for a few seconds; bounded in count and time. */
const apiLoad = async () => {
  // The demo user's e-mailed code, read from the demo mailbox (the app user's TOTP code of this
  // window was already used by the browser sign-in, and codes are never accepted twice).
  const login = (await (await signedFetch("POST", "/api/auth/login", null, { email: DEMO_USER, password: PASSWORD })).json()) as { access_token: string }
  const token = login.access_token
  const mails = (await (await signedFetch("GET", `/api/dev/mailbox?to=${encodeURIComponent(DEMO_USER)}`, token)).json()) as Array<{ text: string }>
  const code = /\b(\d{6})\b/.exec(mails[0]?.text ?? "")?.[1] ?? ""
  const verified = await signedFetch("POST", "/api/auth/2fa-otp", token, { otp: code, trusted: false })
  if (!verified.ok) throw new Error(`bench sign-in failed: ${verified.status} ${await verified.text()}`)
  const latencies: number[] = []
  let errors = 0
  const deadline = Date.now() + 8_000
  const maxRequests = 20_000
  const worker = async () => {
    while (Date.now() < deadline && latencies.length + errors < maxRequests) {
      const t0 = performance.now()
      const res = await signedFetch("GET", "/api/admins/me", token).catch(() => null)
      if (res?.ok) {
        await res.arrayBuffer()
        latencies.push(performance.now() - t0)
      } else errors++
    }
  }
  const t0 = performance.now()
  await Promise.all(Array.from({ length: 50 }, worker))
  const seconds = (performance.now() - t0) / 1000
  latencies.sort((a, b) => a - b)
  const pct = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0)
  return { requests: latencies.length, errors, perSecond: Math.round(latencies.length / seconds), p50Ms: pct(50), p99Ms: pct(99) }
}

const { server, dataDir } = await startServer()
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
})
try {
  const context = await browser.newContext()
  const page = await context.newPage()
  const login = await measurePage(page, `${BASE}/login`, (p) => p.getByRole("heading", { level: 1, name: "Sign In" }).waitFor())
  await page.getByRole("status", { name: "Loading Chartfolio" }).waitFor({ state: "hidden", timeout: 15_000 })
  await page.getByLabel("Email").fill(APP_USER)
  await page.getByLabel("Password").fill(PASSWORD)
  await page.getByRole("button", { name: "Sign In" }).click()
  await page.getByLabel("One-time code").fill(totp())
  await page.getByRole("button", { name: "Verify" }).click()
  await page.waitForURL(/\/dashboard$/)
  const fresh = await context.newPage()
  const dashboard = await measurePage(fresh, `${BASE}/dashboard`, (p) => p.getByRole("navigation", { name: "Main menu" }).waitFor())
  const api = await apiLoad()
  const duplicates = duplicateLibraries()
  const rows = [
    ["JS + CSS to render /login (gzip)", `${login.kB.toFixed(1)} kB in ${login.files} files`, "<= 170 kB"],
    ["JS + CSS to render /dashboard (gzip)", `${dashboard.kB.toFixed(1)} kB in ${dashboard.files} files`, "<= 300 kB"],
    ["duplicate libraries in the bundle", duplicates.length === 0 ? "0" : duplicates.join(", "), "0"],
    ["LCP /login, 4x CPU throttling", `${login.lcpMs} ms`, "<= 1000 ms"],
    ["LCP /dashboard, 4x CPU throttling", `${dashboard.lcpMs} ms`, "<= 1000 ms"],
    ["API GET /admins/me, 50 connections", `${api.perSecond} req/s, p50 ${api.p50Ms} ms, p99 ${api.p99Ms} ms, ${api.errors} errors`, "0 errors, p99 <= 50 ms"],
  ]
  const width = Math.max(...rows.map((r) => r[0]?.length ?? 0))
  console.log(`\n${"what".padEnd(width)}  measured  (target)`)
  for (const [what, measured, target] of rows) console.log(`${(what ?? "").padEnd(width)}  ${measured}  (${target})`)
  mkdirSync("reports", { recursive: true })
  writeFileSync("reports/bench.json", `${JSON.stringify({ at: new Date().toISOString(), login, dashboard, api, duplicates }, null, 2)}\n`)
  console.log("\nreport: reports/bench.json")
} finally {
  await browser.close()
  server.kill("SIGINT")
  await new Promise((r) => server.on("exit", r))
  rmSync(dataDir, { recursive: true, force: true })
}
