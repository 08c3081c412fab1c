// CPU profile of a fresh /dashboard load at 4x CPU (signed in, scripts cached): self time by function and by file.
import { chromium } from "@playwright/test"
import { spawn } from "node:child_process"
import { mkdtempSync, writeFileSync } from "node:fs"
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
  const fresh = await context.newPage()
  const cdp = await context.newCDPSession(fresh)
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 })
  await cdp.send("Profiler.enable")
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 })
  await cdp.send("Profiler.start")
  await fresh.goto(`${BASE}/dashboard`)
  await fresh.getByTestId("performance-summary").waitFor({ timeout: 30_000 })
  const { profile } = (await cdp.send("Profiler.stop")) as { profile: { nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }>; samples: number[]; timeDeltas: number[] } }
  writeFileSync("/tmp/dash.cpuprofile", JSON.stringify(profile))
  const self = new Map<number, number>()
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)))
  const byFn = new Map<string, number>()
  const byFile = new Map<string, number>()
  for (const n of profile.nodes) {
    const t = (self.get(n.id) ?? 0) / 1000
    const file = n.callFrame.url.replace(/^.*\/assets\//, "").replace(/-[A-Za-z0-9_-]{8}\.js$/, "") || `(${n.callFrame.functionName || "native"})`
    const fn = `${n.callFrame.functionName || "(anon)"} ${file}:${n.callFrame.lineNumber}`
    byFn.set(fn, (byFn.get(fn) ?? 0) + t)
    byFile.set(file, (byFile.get(file) ?? 0) + t)
  }
  const total = [...byFile.values()].reduce((a, b) => a + b, 0)
  console.log(`total sampled ${total.toFixed(0)} ms`)
  for (const [k, v] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(v.toFixed(0).padStart(6), k)
  console.log("--")
  for (const [k, v] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(v.toFixed(0).padStart(6), k)
} finally {
  await browser.close()
  server.kill()
}
