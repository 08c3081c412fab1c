import type { Page } from "@playwright/test"
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { resumeSession, signIn } from "./auth-support"
import { seriousViolations } from "./axe"
import { expect, test } from "./fixtures"
import { startServer } from "./second-server"
import { text } from "./support"

// Requirement traceability and guard mutants in the workflow explorer (issue 34).
const REVIEWER = "reviewer@chartfolio.test"
const en = (key: string, vars: Record<string, string | number> = {}) => text("en", "explorer", key, vars)
const ja = (key: string, vars: Record<string, string | number> = {}) => text("ja", "explorer", key, vars)
const chartTitle = (chart: string) =>
  (JSON.parse(readFileSync("src/i18n/locales/en/workflows.json", "utf8")) as Record<string, { title: string }>)[chart]!.title

/** The transitions that serve "the withdraw modal is static and not dismissible by keyboard" (WD-2): Cancel, in every open state but sending. */
const STATIC_MODAL = [
  "open.loadingBanks: modal.close -> closed",
  "open.banksFailed: modal.close -> closed",
  "open.editing: modal.close -> closed",
  "open.reviewing: modal.close -> closed",
]

interface ModelReport {
  walks: Array<{ name: string; transitions: string[] }>
  mutation: { killed: number; total: number; mutants: Array<{ guard: string; kind: string; killed: boolean }> }
}
const modelReport = (chart: string) => JSON.parse(readFileSync(`reports/model/${chart}.json`, "utf8")) as ModelReport

/** Signs the reviewer in and opens the explorer from the side menu. */
const openExplorer = async (page: Page, signInTo: typeof resumeSession = resumeSession) => {
  await signInTo(page, REVIEWER)
  await page
    .getByRole("navigation", { name: text("en", "common", "menu.label") })
    .getByRole("link", { name: text("en", "common", "menu.workflows") })
    .click()
  await expect(page.getByRole("heading", { level: 1, name: en("title") })).toBeVisible()
}

test("a reviewer finds where 'the withdraw modal is static' is enforced, the tests that walk it, and the orphans both ways", async ({ browser }) => {
  test.setTimeout(240_000)
  // A server whose reports are the model test's of the withdrawal (reports/model, written before
  // the browser run) and a browser report naming the tests that drove each Cancel.
  const dir = mkdtempSync(join(tmpdir(), "chartfolio-requirements-"))
  mkdirSync(join(dir, "reports", "model"), { recursive: true })
  mkdirSync(join(dir, "reports", "e2e-coverage"), { recursive: true })
  copyFileSync("reports/model/withdrawal.json", join(dir, "reports", "model", "withdrawal.json"))
  const browserTests: Record<string, string[]> = {
    "open.editing: modal.close -> closed": ["withdrawal.spec.ts › Escape and the backdrop leave the withdraw modal open; Cancel closes it"],
    "open.reviewing: modal.close -> closed": ["withdrawal.spec.ts › Cancel on the review step closes the modal"],
  }
  writeFileSync(
    join(dir, "reports", "e2e-coverage", "withdrawal.json"),
    JSON.stringify({ chart: "withdrawal", machine: "withdrawal", drivenKeys: Object.keys(browserTests), tests: browserTests }),
  )
  const server = await startServer({ DATA_DIR: join(dir, "data"), REPORTS_DIR: join(dir, "reports") })
  try {
    const context = await browser.newContext({ baseURL: server.url })
    const page = await context.newPage()
    await openExplorer(page, signIn)
    await page.getByRole("link", { name: en("requirements.open") }).click()
    await expect(page.getByRole("heading", { level: 1, name: en("requirements.title") })).toBeVisible()

    const requirement = page.getByRole("region", { name: "WD-2", exact: true })
    await expect(requirement).toContainText("The withdraw modal is static and not dismissible by keyboard.")
    await expect(requirement).toContainText(en("requirements.servedIn", { chart: chartTitle("withdrawal") }))
    // Its transitions: Cancel in every open state, none while the withdrawal is sent.
    for (const key of STATIC_MODAL) await expect(requirement.locator(`[data-transition="${key}"]`)).toHaveCount(1)
    await expect(requirement.locator('[data-transition^="open.submitting"]')).toHaveCount(0)
    // The model paths that walk them, by their test's name, and the browser tests the report names.
    const walks = modelReport("withdrawal").walks.filter((w) => w.transitions.some((k) => STATIC_MODAL.includes(k)))
    expect(walks.length).toBeGreaterThan(0)
    for (const walk of walks) await expect(requirement).toContainText(en("requirements.modelPath", { chart: "withdrawal", path: walk.name }))
    for (const name of Object.values(browserTests).flat()) await expect(requirement).toContainText(name)

    // A guard serving a requirement shows with the transitions it decides: no overdraw (SEC-3).
    const overdraw = page.getByRole("region", { name: "SEC-3", exact: true })
    await expect(overdraw.locator('[data-guard="isFormValid"]')).toBeVisible()
    await expect(overdraw.locator('[data-transition="open.reviewing: always [not(isFormValid)] -> open.editing"]')).toHaveCount(1)

    // Orphans both ways: the forgot/reset password rule no chart serves, and charts' guarded transitions serving none.
    const orphans = page.getByRole("region", { name: en("requirements.orphanRequirements") })
    await expect(orphans).toContainText("FP-1")
    await expect(orphans).not.toContainText("WD-2")
    await expect(page.getByRole("heading", { level: 2, name: en("requirements.orphanTransitionsAll") })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])

    // The chart's own tab: the requirements the withdrawal serves.
    await page.getByRole("link", { name: en("requirements.back") }).click()
    await expect(page.getByRole("heading", { level: 1, name: en("title") })).toBeVisible()
    await page
      .getByRole("navigation", { name: en("chartList") })
      .getByRole("link", { name: chartTitle("withdrawal"), exact: true })
      .click()
    await expect(page.getByRole("heading", { level: 2, name: chartTitle("withdrawal"), exact: true })).toBeVisible()
    await page.getByRole("tab", { name: en("tabs.requirements") }).click()
    const tab = page.getByRole("tabpanel", { name: en("tabs.requirements") })
    for (const id of ["WD-1", "WD-2", "WD-3", "WD-6", "SEC-1", "SEC-3", "FX-1"]) await expect(tab.getByRole("region", { name: id, exact: true })).toBeVisible()
    await expect(tab.getByRole("region", { name: en("requirements.orphanTransitions") })).toContainText(en("requirements.noOrphanTransitions"))
    expect(await seriousViolations(page)).toEqual([])
    await context.close()
  } finally {
    await server.stop()
    rmSync(dir, { recursive: true, force: true })
  }
})

test("a reviewer reads the session's guard mutants: its score, per transition, and the equivalent survivor explained, in English and Japanese", async ({
  page,
}) => {
  test.setTimeout(120_000)
  const report = modelReport("session")
  const survivors = report.mutation.mutants.filter((m) => !m.killed)
  await openExplorer(page)
  await page
    .getByRole("navigation", { name: en("chartList") })
    .getByRole("link", { name: chartTitle("session"), exact: true })
    .click()
  await expect(page.getByRole("heading", { level: 2, name: chartTitle("session"), exact: true })).toBeVisible()
  await page.getByRole("tab", { name: en("tabs.mutants") }).click()
  const tab = page.getByRole("tabpanel", { name: en("tabs.mutants") })
  await expect(tab).toContainText(en("mutation.score", { killed: report.mutation.killed, total: report.mutation.total }))
  const listed = tab.getByRole("region", { name: en("mutation.survivors") })
  for (const m of survivors) await expect(listed).toContainText(en(`mutation.equivalent.session.${m.guard}.${m.kind}`))
  await expect(listed).not.toContainText(en("mutation.missing"))
  await expect(tab.getByRole("table")).toContainText(en("mutation.fraction", { killed: 3, total: 3 }))
  expect(await seriousViolations(page)).toEqual([])
  // The text form explains the survivor under its transition.
  await page.getByRole("tab", { name: en("tabs.text") }).click()
  const textForm = page.getByRole("tabpanel", { name: en("tabs.text") })
  for (const m of survivors)
    await expect(textForm.locator(`[data-survivor="${m.guard} ${m.kind}"]`)).toContainText(en(`mutation.equivalent.session.${m.guard}.${m.kind}`))
  // In Japanese.
  await Promise.all([page.waitForEvent("load"), page.getByRole("combobox", { name: text("en", "common", "language.label") }).selectOption("ja")])
  await expect(page.getByRole("heading", { level: 1, name: ja("title") })).toBeVisible()
  await page.getByRole("tab", { name: ja("tabs.mutants") }).click()
  await expect(page.getByRole("tabpanel", { name: ja("tabs.mutants") })).toContainText(
    ja("mutation.score", { killed: report.mutation.killed, total: report.mutation.total }),
  )
  for (const m of survivors)
    await expect(page.getByRole("tabpanel", { name: ja("tabs.mutants") })).toContainText(ja(`mutation.equivalent.session.${m.guard}.${m.kind}`))
})
