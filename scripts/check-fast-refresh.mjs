// `node scripts/check-fast-refresh.mjs`: proves that `npm run dev` keeps a component's state across
// an edit (React Fast Refresh through @vitejs/plugin-react). Starts Vite's dev server on a spare
// port, opens /login in Debian's Chromium, types an e-mail address, edits the signed-out pages'
// heading component (an attribute), waits for the edit to show, and checks the typed address is
// still there and the page was not reloaded. The file is restored whatever happens. Exits 1 when
// the state is lost.
import { spawn } from "node:child_process"
import { readFileSync, writeFileSync } from "node:fs"
import { chromium } from "@playwright/test"

const FILE = "src/views/auth/page-heading.tsx"
const PORT = process.env.FAST_REFRESH_PORT ?? "5199"
const original = readFileSync(FILE, "utf8")
const marker = '<Heading as="h1" size="2xl">'
if (!original.includes(marker)) throw new Error(`${FILE} no longer has ${marker}: update this check`)

const vite = spawn("npx", ["vite", "--port", PORT, "--strictPort"], { stdio: ["ignore", "ignore", "inherit"], detached: true })
let exited = null
vite.on("exit", (code) => (exited = code))
// Ready when it answers (its banner is coloured when CI is set, so it is not read), within 2 minutes.
const ready = (async () => {
  for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
    if (exited !== null) throw new Error(`vite exited with ${exited}`)
    const ok = await fetch(`http://localhost:${PORT}/login`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`vite did not answer on port ${PORT} within 2 minutes`)
})()
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] })
let ok = false
try {
  await ready
  const page = await browser.newPage()
  await page.goto(`http://localhost:${PORT}/login`)
  const email = page.getByLabel(/e-?mail/i).first()
  await email.waitFor({ timeout: 120_000 })
  await email.fill("state@kept.test")
  await page.evaluate(() => {
    window.__notReloaded = true
  })
  writeFileSync(FILE, original.replace(marker, '<Heading as="h1" size="2xl" data-edited="yes">'))
  await page.locator("h1[data-edited='yes']").waitFor({ timeout: 60_000 })
  const value = await email.inputValue()
  const notReloaded = await page.evaluate(() => window.__notReloaded === true)
  ok = value === "state@kept.test" && notReloaded
  console.log(`edit shown; typed value ${JSON.stringify(value)}; page not reloaded: ${notReloaded} -> ${ok ? "state kept" : "STATE LOST"}`)
} finally {
  writeFileSync(FILE, original)
  await browser.close()
  process.kill(-vite.pid, "SIGTERM")
}
process.exit(ok ? 0 : 1)
