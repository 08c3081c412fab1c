// `npm test`: every check, in the order a failure is cheapest to see. Type check and lint (layer rule,
// formatting and cycles) side by side, then unit/services/machines/model/server tests (Vitest) beside
// the PostgreSQL pass (the server tests that touch the database run again on a throwaway PostgreSQL
// cluster: Debian's postgresql, installed here if missing, scripts/postgres-cluster.mjs; together
// with the two-process and crash tests), the production build, then the browser tests (Playwright
// on Debian's chromium-headless-shell, installed here if missing; qpdf and pdftotext for the
// statement PDFs and exiftool for the uploaded documents likewise) beside the Fast Refresh check
// (docs/decisions/0186-ci-time.md). Ends with one line "N passed, N failed" counting every test of
// both runners and both passes (the line before it says how many of the vitest tests are generated
// model paths).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { ensureTestBrowser } from "./ensure-chromium.mjs"
import { ensureExiftool } from "./ensure-exiftool.mjs"
import { ensurePdfTools } from "./ensure-pdf-tools.mjs"
import { ensurePostgres, startCluster, stopOnExit } from "./postgres-cluster.mjs"
import { must, run, runHeld } from "./run.mjs"

mkdirSync("reports", { recursive: true })
const chromium = ensureTestBrowser()
console.log(`Browser for the tests: ${chromium}`)
ensurePdfTools()
ensureExiftool()
ensurePostgres()

// The steps that leave a core idle run beside another: the type check and the lint are each one
// process on one core; the PostgreSQL pass spends much of its time waiting on PostgreSQL, so it
// runs beside the main Vitest run, and the Fast Refresh check (mostly waiting on Vite and the
// browser) beside the browser tests. The output of
// the step beside is held and printed when both have ended, so neither's log is interleaved.
/** Runs `main` (output streamed) and `beside` (output held, printed after `main`'s), both at once. */
const side = async (main, besides) => {
  const held = besides.map(async ({ label, work }) => ({ label, ...(await work()) }))
  const mainResult = await main()
  const results = await Promise.all(held)
  for (const { label, output, code } of results) {
    console.log(`\n▶ ${label}${code === 0 ? "" : ` (exit ${code})`}`)
    process.stdout.write(output)
  }
  return [mainResult, ...results.map((r) => r.code)]
}

console.log("\n▶ Type check (tsc)")
const [tscCode, lintCode] = await side(
  () => run("npx", ["tsc", "-p", "tsconfig.json", "--noEmit"]),
  [{ label: "Lint (eslint layer rules, Prettier's formatting, then import cycles)", work: () => runHeld("npm", ["run", "lint", "--silent"]) }],
)
if (tscCode !== 0 || lintCode !== 0) {
  console.error(`✖ ${tscCode !== 0 ? "Type check" : "Lint"} failed (exit ${tscCode !== 0 ? tscCode : lintCode})`)
  process.exit(tscCode !== 0 ? tscCode : lintCode)
}

rmSync("reports/vitest.json", { force: true })
rmSync("reports/model", { recursive: true, force: true })

// The server tests that touch the database, on PostgreSQL. Folders by path, so tests added there
// later run in this pass too. Each test file gets a database of its own (test-database.ts).
const POSTGRES_PASS = [
  "test/server/db/seed.test.ts",
  "test/server/db/type-parsers.test.ts",
  "test/server/db/persistence-and-migrations.test.ts",
  "test/server/db/test-database.test.ts",
  "test/server/db/account-versions.test.ts",
  "test/server/auth/",
  "test/server/orders/",
  "test/server/api/withdraw.test.ts",
  "test/server/api/notifications.test.ts",
  "test/server/api/documents.test.ts",
  "test/server/api/document-review.test.ts",
  "test/server/api/bank-accounts.test.ts",
  "test/server/api/price-alerts.test.ts",
  "test/server/api/cancel-withdrawal.test.ts",
  "test/server/api/step-up.test.ts",
  "test/server/api/recovery-codes.test.ts",
  "test/server/security/",
  "test/server/http/nonce-store.test.ts",
  "test/server/fuzz/",
  "test/server/scale/",
  "test/server/crash/",
]
rmSync("reports/vitest-postgres.json", { force: true })
const postgresPass = async () => {
  let cluster = null
  try {
    cluster = await startCluster()
    stopOnExit(cluster)
    const { code, output } = await runHeld(
      "npx",
      ["vitest", "run", "--project", "server", "--reporter=default", "--reporter=json", "--outputFile.json=reports/vitest-postgres.json", ...POSTGRES_PASS],
      { env: { ...process.env, DATABASE_URL: cluster.url, TEST_DATABASE_URL: cluster.url } },
    )
    return { code, output: `PostgreSQL cluster at ${cluster.url}\n${output}` }
  } catch (error) {
    return { code: 1, output: `${error instanceof Error ? error.message : String(error)}\n` }
  } finally {
    cluster?.stop()
  }
}

console.log("\n▶ Unit, services, machines, model and server tests (vitest)")
const [vitestCode, postgresCode] = await side(
  () => run("npx", ["vitest", "run", "--reporter=default", "--reporter=json", "--outputFile.json=reports/vitest.json"]),
  [{ label: "Server tests on PostgreSQL (vitest, throwaway cluster)", work: postgresPass }],
)

await must("Build (vite build + server bundle)", "npm", ["run", "build", "--silent"])

// The Fast Refresh check edits a view's source for a moment, so it runs beside the browser tests
// (which run the build and read only the locale files), not beside a step that reads src/.
rmSync("reports/playwright.json", { force: true })
console.log("\n▶ Browser tests (playwright)")
const [e2eCode, fastRefreshCode] = await side(
  () => run("npx", ["playwright", "test"], { env: { ...process.env, CHROMIUM_PATH: chromium } }),
  [
    {
      label: "npm run dev keeps a component's state across an edit (Fast Refresh)",
      work: () =>
        runHeld("node", ["scripts/check-fast-refresh.mjs"], { env: { ...process.env, CHROMIUM_PATH: chromium, VITE_CONFIG_NATIVE_IGNORE_WARNING: "true" } }),
    },
  ],
)

const count = (file, pick) => {
  if (!existsSync(file)) return null
  try {
    return pick(JSON.parse(readFileSync(file, "utf8")))
  } catch {
    return null
  }
}
const vitestCounts = (r) => ({
  passed: r.numPassedTests,
  failed: r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0),
  skipped: r.numPendingTests + r.numTodoTests,
})
const vitest = count("reports/vitest.json", vitestCounts)
const postgres = count("reports/vitest-postgres.json", vitestCounts)
const e2e = count("reports/playwright.json", (r) => ({ passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected, skipped: r.stats.skipped }))

const failedRunner = vitestCode !== 0 || postgresCode !== 0 || e2eCode !== 0 || fastRefreshCode !== 0 || !vitest || !postgres || !e2e
const runners = [vitest, postgres, e2e]
const sum = (key) => runners.reduce((total, r) => total + (r?.[key] ?? 0), 0)
const passed = sum("passed")
const failed = sum("failed") + (failedRunner && sum("failed") === 0 ? 1 : 0)
const skipped = sum("skipped")
// What the model tests covered, per chart (reports/model/<chart>.json): states, transitions and
// guard outcomes their paths take (the model run prints the same as a table).
const modelReports = existsSync("reports/model")
  ? readdirSync("reports/model")
      .filter((f) => f.endsWith(".json"))
      .sort()
  : []
const coverage = modelReports.map((f) => count(`reports/model/${f}`, (r) => r)).filter(Boolean)
const modelPaths = coverage.reduce((n, r) => n + r.paths, 0)
if (coverage.length > 0) {
  const complete = (part) => part === undefined || part.covered === part.total
  const full = coverage.filter((r) => complete(r.transitions) && complete(r.states) && complete(r.guards)).length
  const figure = (r) =>
    `${r.chart} ${r.states.covered}/${r.states.total} states, ${r.transitions.covered}/${r.transitions.total} transitions, ${r.guards?.covered ?? 0}/${r.guards?.total ?? 0} guard outcomes`
  console.log(`\nmodel coverage (${full} of ${coverage.length} charts complete, ${modelPaths} paths): ${coverage.map(figure).join("; ")}`)
}
// The failed tests by name, last, so that the tail of a CI log says which ones.
const vitestFailures = (label) => (r) =>
  r.testResults.flatMap((f) =>
    f.assertionResults.filter((a) => a.status === "failed").map((a) => `${label} ${f.name.replace(process.cwd() + "/", "")} > ${a.fullName}`),
  )
const failedNames = [
  ...(count("reports/vitest.json", vitestFailures("vitest")) ?? []),
  ...(count("reports/vitest-postgres.json", vitestFailures("vitest (PostgreSQL)")) ?? []),
  ...(count("reports/playwright.json", (r) => {
    const names = []
    const walk = (suite, trail) => {
      for (const spec of suite.specs ?? [])
        if (spec.tests.some((t) => t.status === "unexpected")) names.push(`playwright ${spec.file}:${spec.line} > ${[...trail, spec.title].join(" > ")}`)
      for (const child of suite.suites ?? []) walk(child, [...trail, child.title])
    }
    for (const suite of r.suites) walk(suite, [])
    return names
  }) ?? []),
]
if (failedNames.length > 0) console.log(`\nfailed:\n${failedNames.map((n) => `  ✗ ${n}`).join("\n")}`)
const counted = (r) => (r ? `${r.passed} passed, ${r.failed} failed` : "no report")
const generated = coverage.length > 0 ? ` (${modelPaths} of them generated model paths over ${coverage.length} charts)` : ""
console.log(
  `\nvitest: ${counted(vitest)}${generated} (exit ${vitestCode}); vitest on PostgreSQL: ${counted(postgres)} (exit ${postgresCode}); playwright: ${e2e ? `${e2e.passed} passed, ${e2e.failed} failed` : "no report"} (exit ${e2eCode}); Fast Refresh check: exit ${fastRefreshCode}`,
)
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`)
process.exit(failedRunner || failed > 0 ? 1 : 0)
