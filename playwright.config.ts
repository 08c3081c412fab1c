import { existsSync } from "node:fs"
import { defineConfig } from "@playwright/test"

// Browser tests run against the real reference server (production build, embedded PostgreSQL in a
// fresh data directory, demo world seeded) on Debian's Chromium headless shell (the build Playwright
// itself runs headless tests on; about a quarter less CPU per test than the full browser here,
// docs/decisions/0186-ci-time.md), or the full Chromium where the shell is not installed.
// `npm test` builds first and installs the shell (scripts/ensure-chromium.mjs).
const port = Number(process.env.E2E_PORT ?? 4179)
const dataDir = process.env.E2E_DATA_DIR ?? ".data/e2e"

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  // Three workers on 2 cores: a test spends much of its time waiting (on the server, an animation,
  // a poll's next try), and a third worker runs in those gaps (docs/decisions/0186-ci-time.md).
  workers: 3,
  retries: 0,
  timeout: 60_000, // 2 cores run the server, two browsers and the test workers at once
  // Assertions wait on what the user sees, up to 20 s: a busy 2-core machine runs the server, two
  // browsers and the workers at once, and a slow answer must not fail a test.
  expect: { timeout: 20_000, toPass: { timeout: 20_000 } },
  // The transitions the browser tests drive through the real UI: reports/e2e-coverage (e2e/fixtures.ts).
  globalSetup: "./e2e/coverage-setup.ts",
  globalTeardown: "./e2e/coverage-teardown.ts",
  reporter: [["list"], ["json", { outputFile: "reports/playwright.json" }]],
  use: {
    baseURL: `http://localhost:${port}`,
    // A failed test keeps its trace (every action with its call log, network, console, errors) and
    // Playwright's page snapshot at the failure (error-context.md), but no DOM snapshot per action and
    // no screencast: those cost more CPU than anything else in the run (20 tests of dashboard and
    // portfolio: 79 s without a trace, 100 s with DOM snapshots, 142 s with screenshots too), on the
    // two cores the app under test runs on. `--trace on` records them when a failure needs them.
    trace: { mode: "retain-on-failure", screenshots: false, snapshots: false },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((path) => existsSync(path)),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  webServer: {
    command: `rm -rf ${dataDir} && node dist/server/main.js`,
    url: `http://localhost:${port}/api/health`,
    // Every spec signs the shared demo users in; the production limit (10 per account in 15
    // minutes) is proven by the server tests, not here.
    env: { PORT: String(port), DATA_DIR: dataDir, DEMO_MODE: "1", RATE_LIMIT_PER_ACCOUNT: "1000", RATE_LIMIT_PER_ADDRESS: "10000" },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
  },
})
