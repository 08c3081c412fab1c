// `npm run test:e2e:stress [-- --runs N] [-- <playwright args>]`: the browser suite N times in a row
// (default 3) while a child process keeps one core busy (a Node busy loop), to show that the tests
// wait on what the user sees and not on timings (issue 15, "a suite that never flakes"). Builds
// once first (skip with --no-build). Prints each run's passed / failed / flaky and the failed
// tests' titles, keeps each run's report as reports/stress-e2e-<n>.json, exits 1 if any run failed.
// E2E_PORT, E2E_DATA_DIR and CHROMIUM_PATH are passed through to Playwright as usual.
import { spawn } from "node:child_process"
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs"
import { must, run } from "./run.mjs"

const args = process.argv.slice(2)
const take = (name) => {
  const at = args.indexOf(name)
  if (at < 0) return null
  const [value] = args.splice(at, 2).slice(1)
  return value
}
const runs = Number(take("--runs") ?? 3)
if (!Number.isInteger(runs) || runs < 1) {
  console.error("--runs needs a whole number of at least 1")
  process.exit(2)
}
const build = !args.includes("--no-build")
const playwrightArgs = args.filter((a) => a !== "--no-build")

mkdirSync("reports", { recursive: true })
if (build) await must("Build (vite build + server bundle)", "npm", ["run", "build", "--silent"])

// One core kept busy for the whole time: a Node child spinning in a loop.
const busy = spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" })
console.log(`\n▶ Busy loop on one core: process ${busy.pid}`)
const stopBusy = () => {
  if (busy.exitCode === null && busy.signalCode === null) busy.kill("SIGKILL")
}
process.on("exit", stopBusy)
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130))

/** Every test of the JSON report with its final outcome. */
const outcomes = (report) => {
  const found = []
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) for (const t of spec.tests ?? []) found.push({ title: [...path, spec.title].join(" › "), status: t.status })
    for (const child of suite.suites ?? []) walk(child, [...path, child.title])
  }
  for (const suite of report.suites ?? []) walk(suite, [suite.title])
  return found
}

const results = []
for (let n = 1; n <= runs; n++) {
  console.log(`\n▶ Browser suite, run ${n} of ${runs} (one core busy)`)
  rmSync("reports/playwright.json", { force: true })
  const started = Date.now()
  const code = await run("npx", ["playwright", "test", ...playwrightArgs])
  const minutes = ((Date.now() - started) / 60_000).toFixed(1)
  if (!existsSync("reports/playwright.json")) {
    results.push({ n, passed: 0, failed: 1, flaky: 0, skipped: 0, minutes, failures: [`no report (exit ${code})`] })
    continue
  }
  copyFileSync("reports/playwright.json", `reports/stress-e2e-${n}.json`)
  const report = JSON.parse(readFileSync("reports/playwright.json", "utf8"))
  const all = outcomes(report)
  results.push({
    n,
    passed: report.stats.expected,
    failed: report.stats.unexpected + (code !== 0 && report.stats.unexpected === 0 ? 1 : 0),
    flaky: report.stats.flaky,
    skipped: report.stats.skipped,
    minutes,
    failures: all.filter((t) => t.status === "unexpected" || t.status === "flaky").map((t) => `${t.status}: ${t.title}`),
  })
  const r = results.at(-1)
  console.log(`\n▶ Run ${n}: ${r.passed} passed, ${r.failed} failed, ${r.flaky} flaky, ${r.skipped} skipped (${r.minutes} min)`)
}
stopBusy()

console.log("\nStress runs (browser suite with one core busy):")
for (const r of results) {
  console.log(`  run ${r.n}: ${r.passed} passed, ${r.failed} failed, ${r.flaky} flaky, ${r.skipped} skipped (${r.minutes} min)`)
  for (const f of r.failures) console.log(`    ${f}`)
}
const bad = results.filter((r) => r.failed > 0 || r.flaky > 0).length
console.log(bad === 0 ? `All ${runs} runs green.` : `${bad} of ${runs} runs had failures.`)
process.exit(bad === 0 ? 0 : 1)
