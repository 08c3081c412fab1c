import { test as base, type BrowserContext } from "@playwright/test"
import { mkdirSync, writeFileSync } from "node:fs"
import { E2E_COVERAGE_PARTS } from "./coverage-report"

/**
 * The browser tests' `test`: Playwright's, plus the transitions the real UI drove. Every browser
 * context (the default one and those a test opens itself) listens, before the app loads, to the
 * app's `chartfolio:transitions` window events (src/views/inspection.ts): the keys of the
 * transitions each chart actor took. Each worker writes what it saw to
 * reports/e2e-coverage/.parts when it ends. The global teardown (e2e/coverage-teardown.ts) merges
 * the parts into reports/e2e-coverage/<chart>.json, which the workflow explorer shows.
 */

type Seen = Map<string, Set<string>>

const instrumented = new WeakSet<BrowserContext>()

const instrument = async (context: BrowserContext, seen: Seen) => {
  if (instrumented.has(context)) return
  instrumented.add(context)
  await context.exposeBinding("__chartfolioRecord", (_source, machine: string, keys: string[]) => {
    let set = seen.get(machine)
    if (!set) seen.set(machine, (set = new Set()))
    for (const key of keys) set.add(key)
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
      const seen: Seen = new Map()
      const newContext = browser.newContext.bind(browser)
      browser.newContext = async (options) => {
        const context = await newContext(options)
        await instrument(context, seen)
        return context
      }
      await use(seen)
      mkdirSync(E2E_COVERAGE_PARTS, { recursive: true })
      const part = Object.fromEntries([...seen].map(([machine, keys]) => [machine, [...keys].sort()]))
      writeFileSync(`${E2E_COVERAGE_PARTS}/worker-${workerInfo.workerIndex}-${process.pid}.json`, JSON.stringify(part))
    },
    { scope: "worker", auto: true },
  ],
  context: async ({ context, _seen }, use) => {
    await instrument(context, _seen)
    await use(context)
  },
})

export { expect } from "@playwright/test"
