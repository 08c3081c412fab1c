import { test as base, type BrowserContext } from "@playwright/test"
import { mkdirSync, writeFileSync } from "node:fs"
import { E2E_COVERAGE_PARTS } from "./coverage-report"

/**
 * The browser tests' `test`: Playwright's, plus the transitions the real UI drove. Every browser
 * context (the default one and those a test opens itself) listens, before the app loads, to the
 * app's `chartfolio:transitions` window events (src/views/inspection.ts): the keys of the
 * transitions each chart actor took, with the test that was running (`<spec file> › <title>`), so the
 * explorer names the browser tests behind each transition. Each worker writes what it saw to
 * reports/e2e-coverage/.parts when it ends. The global teardown (e2e/coverage-teardown.ts) merges
 * the parts into reports/e2e-coverage/<chart>.json, which the workflow explorer shows.
 */

/** Per chart, per transition key, the tests that drove it; `current` is the test running in this worker. */
interface Seen {
  readonly charts: Map<string, Map<string, Set<string>>>
  current: string
}

const instrumented = new WeakSet<BrowserContext>()

const instrument = async (context: BrowserContext, seen: Seen) => {
  if (instrumented.has(context)) return
  instrumented.add(context)
  await context.exposeBinding("__chartfolioRecord", (_source, machine: string, keys: string[]) => {
    let chart = seen.charts.get(machine)
    if (!chart) seen.charts.set(machine, (chart = new Map()))
    for (const key of keys) {
      let tests = chart.get(key)
      if (!tests) chart.set(key, (tests = new Set()))
      tests.add(seen.current)
    }
  })
  await context.addInitScript(() => {
    const sent = new Set<string>()
    const w = window as unknown as { __chartfolioRecord?: (machine: string, keys: string[]) => Promise<void> }
    // Only keys not sent yet cross to the test process. The event's name is TRANSITIONS_EVENT of
    // src/views/inspection.ts (an init script cannot import it).
    window.addEventListener("chartfolio:transitions", (event) => {
      const { machine, keys } = (event as CustomEvent<{ machine: string; keys: string[] }>).detail
      const fresh = keys.filter((k) => !sent.has(`${machine}\u0000${k}`))
      if (fresh.length === 0) return
      for (const k of fresh) sent.add(`${machine}\u0000${k}`)
      void w.__chartfolioRecord?.(machine, fresh).catch(() => undefined)
    })
  })
}

export const test = base.extend<{ _driven: void }, { _seen: Seen }>({
  _seen: [
    async ({ browser }, use, workerInfo) => {
      const seen: Seen = { charts: new Map(), current: "" }
      const newContext = browser.newContext.bind(browser)
      browser.newContext = async (options) => {
        const context = await newContext(options)
        await instrument(context, seen)
        return context
      }
      await use(seen)
      mkdirSync(E2E_COVERAGE_PARTS, { recursive: true })
      const part = Object.fromEntries(
        [...seen.charts].map(([machine, keys]) => [machine, Object.fromEntries([...keys].map(([key, tests]) => [key, [...tests].sort()]))]),
      )
      writeFileSync(`${E2E_COVERAGE_PARTS}/worker-${workerInfo.workerIndex}-${process.pid}.json`, JSON.stringify(part))
    },
    { scope: "worker", auto: true },
  ],
  // The test now running, for what its pages drive (tests of a worker run one after another).
  _driven: [
    async ({ _seen }, use, testInfo) => {
      _seen.current = [testInfo.file.split("/").pop() ?? testInfo.file, ...testInfo.titlePath.slice(1)].join(" › ")
      await use()
    },
    { auto: true },
  ],
  context: async ({ context, _seen }, use) => {
    await instrument(context, _seen)
    await use(context)
  },
})

export { expect } from "@playwright/test"
