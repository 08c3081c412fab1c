// `npm test`: every check, in the order a failure is cheapest to see. Type check, lint (layer rule
// and cycles), unit/services/machines/model/server tests (Vitest), the production build, then the
// browser tests (Playwright on Debian's Chromium, installed here if missing; qpdf and pdftotext for
// the statement PDFs likewise). Ends with one line
// "N passed, N failed" counting every test of both runners.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { ensureChromium } from "./ensure-chromium.mjs"
import { ensurePdfTools } from "./ensure-pdf-tools.mjs"
import { must, run } from "./run.mjs"

mkdirSync("reports", { recursive: true })
const chromium = ensureChromium()
console.log(`Chromium: ${chromium}`)
ensurePdfTools()

await must("Type check (tsc)", "npx", ["tsc", "-p", "tsconfig.json", "--noEmit"])
await must("Lint (eslint layer rules, then import cycles)", "npm", ["run", "lint", "--silent"])

rmSync("reports/vitest.json", { force: true })
rmSync("reports/model", { recursive: true, force: true })
console.log("\n▶ Unit, services, machines, model and server tests (vitest)")
const vitestCode = await run("npx", ["vitest", "run", "--reporter=default", "--reporter=json", "--outputFile.json=reports/vitest.json"])

await must("Build (vite build + server bundle)", "npm", ["run", "build", "--silent"])

rmSync("reports/playwright.json", { force: true })
console.log("\n▶ Browser tests (playwright)")
const e2eCode = await run("npx", ["playwright", "test"], { env: { ...process.env, CHROMIUM_PATH: chromium } })

const count = (file, pick) => {
  if (!existsSync(file)) return null
  try {
    return pick(JSON.parse(readFileSync(file, "utf8")))
  } catch {
    return null
  }
}
const vitest = count("reports/vitest.json", (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0), skipped: r.numPendingTests + r.numTodoTests }))
const e2e = count("reports/playwright.json", (r) => ({ passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected, skipped: r.stats.skipped }))

const failedRunner = vitestCode !== 0 || e2eCode !== 0 || !vitest || !e2e
const passed = (vitest?.passed ?? 0) + (e2e?.passed ?? 0)
const failed = (vitest?.failed ?? 0) + (e2e?.failed ?? 0) + (failedRunner && (vitest?.failed ?? 0) + (e2e?.failed ?? 0) === 0 ? 1 : 0)
const skipped = (vitest?.skipped ?? 0) + (e2e?.skipped ?? 0)
// What the model tests covered, per chart (reports/model/<chart>.json): transitions and states walked.
const modelReports = existsSync("reports/model") ? readdirSync("reports/model").filter((f) => f.endsWith(".json")).sort() : []
const coverage = modelReports.map((f) => count(`reports/model/${f}`, (r) => r)).filter(Boolean)
if (coverage.length > 0) {
  const full = coverage.filter((r) => r.transitions.covered === r.transitions.total && r.states.covered === r.states.total).length
  console.log(`\nmodel coverage (${full} of ${coverage.length} charts complete): ${coverage.map((r) => `${r.chart} ${r.transitions.covered}/${r.transitions.total}`).join(", ")} transitions`)
}
// The failed tests by name, last, so that the tail of a CI log says which ones.
const failedNames = [
  ...(count("reports/vitest.json", (r) => r.testResults.flatMap((f) => f.assertionResults.filter((a) => a.status === "failed").map((a) => `vitest ${f.name.replace(process.cwd() + "/", "")} > ${a.fullName}`))) ?? []),
  ...(count("reports/playwright.json", (r) => {
    const names = []
    const walk = (suite, trail) => {
      for (const spec of suite.specs ?? []) if (spec.tests.some((t) => t.status === "unexpected")) names.push(`playwright ${spec.file}:${spec.line} > ${[...trail, spec.title].join(" > ")}`)
      for (const child of suite.suites ?? []) walk(child, [...trail, child.title])
    }
    for (const suite of r.suites) walk(suite, [])
    return names
  }) ?? []),
]
if (failedNames.length > 0) console.log(`\nfailed:\n${failedNames.map((n) => `  ✗ ${n}`).join("\n")}`)
console.log(`\nvitest: ${vitest ? `${vitest.passed} passed, ${vitest.failed} failed` : "no report"} (exit ${vitestCode}); playwright: ${e2e ? `${e2e.passed} passed, ${e2e.failed} failed` : "no report"} (exit ${e2eCode})`)
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`)
process.exit(failedRunner || failed > 0 ? 1 : 0)
