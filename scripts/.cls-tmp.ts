// Request timeline of /dashboard at 4x CPU (fresh page, scripts cached), with paint marks.
import { chromium } from "@playwright/test"
import { spawn } from "node:child_process"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { TOTP } from "otpauth"
const PORT = Number(process.env.TL_PORT ?? 4399)
const BASE = `http://localhost:${PORT}`
const server = spawn(process.execPath, ["dist/server/main.js"], { env: { ...process.env, PORT: String(PORT), DATA_DIR: mkdtempSync(join(tmpdir(), "tl-")) }, stdio: ["ignore", "pipe", "inherit"] })
await new Promise<void>((r) => server.stdout.on("data", (d: Buffer) => d.toString().includes("is running at") && r()))
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] })
try {
  const context = await browser.newContext({ baseURL: BASE })
  const page = await context.newPage()
  await page.goto(`${BASE}/login`)
  await page.getByRole("status", { name: "Loading Chartfolio" }).waitFor({ state: "hidden", timeout: 15_000 })
  await page.getByLabel("Email").fill("app@chartfolio.test")
  await page.getByLabel("Password").fill("Chartfolio#2026")
  await page.getByRole("button", { name: "Sign In" }).click()
  await page.getByLabel("One-time code").fill(new TOTP({ secret: "CHARTFOLIOAPPDEMOSECRETKEY234567", algorithm: "SHA1", digits: 6, period: 30 }).generate())
  await page.getByRole("button", { name: "Verify" }).click()
  await page.waitForURL(/\/dashboard$/)
  await page.waitForTimeout(2000)
  for (let run = 0; run < Number(process.env.TL_RUNS ?? 1); run++) {
    const fresh = await context.newPage()
    const cdp = await context.newCDPSession(fresh)
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 })
    await fresh.addInitScript(() => {
      const log: string[] = ((window as any).__mlog = [])
      let last = ""
      new MutationObserver(() => {
        const main = document.querySelector("main")
        const state = main ? `main h=${Math.round(main.getBoundingClientRect().height)} kids=${main.children.length} first=${(main.firstElementChild as HTMLElement | null)?.className ?? ""}/${main.firstElementChild?.firstElementChild?.className ?? ""} text=${main.textContent?.slice(0, 30)}` : "no main"
        if (state !== last) { log.push(`${performance.now().toFixed(0)} ${state}`); last = state }
      }).observe(document, { childList: true, subtree: true })
    })
    await fresh.goto(`${BASE}/dashboard`)
    await fresh.getByTestId("performance-summary").waitFor({ timeout: 30_000 })
    await fresh.waitForTimeout(1500)
    const out = await fresh.evaluate(() => {
      const rows: string[] = []
      const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming
      rows.push(`nav responseEnd ${nav.responseEnd.toFixed(0)} domInteractive ${nav.domInteractive.toFixed(0)}`)
      for (const e of performance.getEntriesByType("resource") as PerformanceResourceTiming[]) {
        const u = new URL(e.name)
        rows.push(`${e.startTime.toFixed(0).padStart(6)} -> ${e.responseEnd.toFixed(0).padStart(6)}  ${u.pathname}${u.search}`)
      }
      for (const e of performance.getEntriesByType("paint")) rows.push(`paint ${e.name} ${e.startTime.toFixed(0)}`)
      for (const e of performance.getEntriesByType("mark")) rows.push(`mark ${e.name} ${e.startTime.toFixed(0)}`)
      return rows
    })
    const lcp = await fresh.evaluate(() => new Promise<string>((r) => new PerformanceObserver((l) => { const e = l.getEntries().at(-1) as PerformanceEntry & { element?: Element }; r(`${e.startTime.toFixed(0)} ${e.element?.tagName} ${e.element?.textContent?.slice(0, 40)}`) }).observe({ type: "largest-contentful-paint", buffered: true })))
    const shifts = await fresh.evaluate(() => new Promise<string[]>((r) => { const rows: string[] = []; new PerformanceObserver((l) => { for (const e of l.getEntries() as any[]) rows.push(`${e.startTime.toFixed(0)} ${e.value.toFixed(4)} ` + (e.sources ?? []).map((s: any) => `${s.node?.nodeName}.${(s.node as Element)?.className ?? ""} ${(s.node as Element)?.getAttribute?.("aria-label") ?? ""} ${JSON.stringify(s.previousRect)} -> ${JSON.stringify(s.currentRect)}`).join(" | ")) }).observe({ type: "layout-shift", buffered: true }); setTimeout(() => r(rows), 300) }))
    console.log((await fresh.evaluate(() => (window as any).__mlog)).join("\n"))
    console.log("SHIFTS\n" + shifts.join("\n"))
    console.log(out.filter((l) => process.env.TL_API ? /\/api|paint|mark|nav/.test(l) : true).join("\n"))
    console.log("LCP", lcp)
    await fresh.close()
  }
} finally {
  await browser.close()
  server.kill()
}
