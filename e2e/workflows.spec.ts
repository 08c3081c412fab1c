import { type Browser, type Locator, type Page } from "@playwright/test"
import { spawnSync } from "node:child_process"
import { createHash } from "node:crypto"
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { WORKFLOW_IDS } from "../src/app/registry"
import { DEMO, resumeSession, signIn } from "./auth-support"
import { expect, test } from "./fixtures"
import { seriousViolations } from "./axe"
import { startServer } from "./second-server"
import { signedPost, text } from "./support"
import { earlierVersion } from "../test/support/changed-chart"

// The workflow explorer (issue 13): a compliance reviewer inspects, simulates and approves the
// charts the app runs; nobody else sees it.
const REVIEWER = "reviewer@chartfolio.test"
const CHARTS = [...WORKFLOW_IDS].sort()

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
const en = (key: string, vars: Record<string, string | number> = {}) => text("en", "explorer", key, vars)

/**
 * Signs the reviewer in (the worker's session, e2e/auth-support.ts; `signIn` through the UI on a
 * server of its own) and opens the explorer from the side menu, on `chart` if given.
 */
const openExplorer = async (page: Page, chart?: string, signInTo: typeof resumeSession = resumeSession) => {
  await signInTo(page, REVIEWER)
  await page
    .getByRole("navigation", { name: text("en", "common", "menu.label") })
    .getByRole("link", { name: text("en", "common", "menu.workflows") })
    .click()
  await expect(page.getByRole("heading", { level: 1, name: en("title") })).toBeVisible()
  if (chart) await chartLink(page, chart).click()
}

/** A chart's title in a language, as the chart's meta says it (the workflows namespace). */
const titleOf = (chart: string, lang = "en") =>
  (JSON.parse(readFileSync(`src/i18n/locales/${lang}/workflows.json`, "utf8")) as Record<string, { title: string; purpose: string }>)[chart]!
const chartLink = (page: Page, chart: string) =>
  page.getByRole("navigation", { name: en("chartList") }).getByRole("link", { name: titleOf(chart).title, exact: true })

/** Pairs of transition labels whose drawn texts overlap on the diagram (in the page's own font). */
const overlappingLabels = (diagram: Locator) =>
  diagram.evaluate((svg) => {
    const boxes = [...svg.querySelectorAll("g[data-transition] > text")].map((t) => ({ text: t.textContent ?? "", box: (t as SVGTextElement).getBBox() }))
    const pairs: string[] = []
    for (const [i, a] of boxes.entries())
      for (const b of boxes.slice(i + 1))
        if (a.box.x < b.box.x + b.box.width && b.box.x < a.box.x + a.box.width && a.box.y < b.box.y + b.box.height && b.box.y < a.box.y + a.box.height)
          pairs.push(`"${a.text}" / "${b.text}"`)
    return pairs
  })

/** What the model report of a chart holds in reports/, the directory the test server serves its coverage from (REPORTS_DIR). */
const modelCovered = (chart: string): number | null => {
  const file = `reports/model/${chart}.json`
  if (!existsSync(file)) return null
  const keys = (JSON.parse(readFileSync(file, "utf8")) as { transitions: { coveredKeys?: string[] } }).transitions.coveredKeys
  return keys ? keys.length : null
}

/** The guard mutants the model report of a chart counts, or null when it has none. */
const modelMutation = (chart: string): { killed: number; total: number } | null => {
  const file = `reports/model/${chart}.json`
  if (!existsSync(file)) return null
  const mutation = (JSON.parse(readFileSync(file, "utf8")) as { mutation?: { killed: number; total: number } }).mutation
  return mutation ? { killed: mutation.killed, total: mutation.total } : null
}

/** The guard mutants no model path killed, as the model report of a chart has them (none without a report). */
const modelSurvivors = (chart: string): Array<{ guard: string; kind: string }> => {
  const file = `reports/model/${chart}.json`
  if (!existsSync(file)) return []
  const mutation = (JSON.parse(readFileSync(file, "utf8")) as { mutation?: { mutants: Array<{ guard: string; kind: string; killed: boolean }> } }).mutation
  return mutation ? mutation.mutants.filter((m) => !m.killed) : []
}

test("a reviewer sees every chart of src/machines drawn, with its coverage and fingerprint", async ({ page }) => {
  test.setTimeout(180_000)
  await openExplorer(page)
  expect(CHARTS.length).toBeGreaterThan(20)
  for (const chart of CHARTS) {
    await chartLink(page, chart).click()
    await expect(page.getByRole("heading", { level: 2, name: titleOf(chart).title, exact: true })).toBeVisible()
    const diagram = page.getByRole("group", { name: en("diagram.title", { chart }) })
    await expect(diagram).toBeVisible()
    // Laid out: every state a focusable box.
    await expect(diagram.getByRole("button").first()).toBeVisible()
    // Readable: no transition's label is drawn over another's.
    expect(await overlappingLabels(diagram), chart).toEqual([])
    const coverage = page.getByRole("region", { name: en("coverage.title"), exact: true })
    const covered = modelCovered(chart)
    if (covered === null) await expect(coverage).toContainText(en("coverage.noModelReport"))
    // The model tests cover every transition, so the count is the total.
    else await expect(coverage).toContainText(en("coverage.modelCount", { covered, total: covered }))
    // The browser tests' report of an earlier run, or the notice that the server has none.
    const driven = new RegExp(
      `${escape(en("coverage.e2eCount", { covered: "XX", total: covered ?? "YY" }))
        .replace("XX", "\\d+")
        .replace("YY", "\\d+")}|${escape(en("coverage.noE2eReport"))}`,
    )
    await expect(coverage).toContainText(driven)
    // The guard mutants' score, as the model report has it.
    const mutation = modelMutation(chart)
    await expect(coverage).toContainText(mutation ? en("mutation.score", mutation) : en("mutation.noReport"))
    await expect(page.getByRole("region", { name: en("approval.title") }).getByText(/^[0-9a-f]{12}$/)).toBeVisible()
  }
})

test("the diagram is navigable with the keyboard and shows the selected state's transitions", async ({ page }) => {
  await openExplorer(page, "withdrawal")
  const diagram = page.getByRole("group", { name: en("diagram.title", { chart: "withdrawal" }) })
  await expect(diagram.getByRole("button").first()).toBeVisible()
  await diagram.getByRole("button").first().focus()
  const selected = page.getByRole("region", { name: en("diagram.selected") })
  await expect(selected).toBeVisible()
  const first = await selected.getByRole("heading").textContent()
  await page.keyboard.press("ArrowDown")
  await expect(selected.getByRole("heading")).not.toHaveText(first ?? "")
  await page.getByRole("button", { name: en("diagram.fit") }).click()
  await expect(diagram).toBeVisible()
})

test("charts are listed by the names a reviewer reads, with their ids beside them, and the diagram comes first on a chart's page; in Japanese too", async ({
  page,
}) => {
  await openExplorer(page, "withdrawal")
  const list = page.getByRole("navigation", { name: en("chartList") })
  for (const chart of CHARTS) {
    const item = list.getByRole("listitem").filter({ has: page.getByRole("link", { name: titleOf(chart).title, exact: true }) })
    await expect(item).toContainText(chart)
  }
  const panel = page.getByRole("region", { name: titleOf("withdrawal").title, exact: true })
  await expect(panel.getByRole("heading", { level: 2 })).toHaveText(titleOf("withdrawal").title)
  await expect(panel).toContainText(titleOf("withdrawal").purpose)
  await expect(panel).toContainText(en("chartId", { chart: "withdrawal" }))
  // The diagram is above the approval panel.
  const diagram = panel.getByRole("group", { name: en("diagram.title", { chart: "withdrawal" }) })
  await expect(diagram).toBeVisible()
  const diagramTop = (await diagram.boundingBox())?.y ?? Infinity
  const approvalTop = (await panel.getByRole("region", { name: en("approval.title") }).boundingBox())?.y ?? -Infinity
  expect(diagramTop).toBeLessThan(approvalTop)
  await Promise.all([page.waitForEvent("load"), page.getByRole("combobox", { name: text("en", "common", "language.label") }).selectOption("ja")])
  const ja = titleOf("withdrawal", "ja")
  await expect(page.getByRole("heading", { level: 2, name: ja.title, exact: true })).toBeVisible()
  await expect(page.getByText(ja.purpose)).toBeVisible()
  await expect(
    page.getByRole("navigation", { name: text("ja", "explorer", "chartList") }).getByRole("link", { name: titleOf("order-ticket", "ja").title, exact: true }),
  ).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await Promise.all([page.waitForEvent("load"), page.getByRole("combobox", { name: text("ja", "common", "language.label") }).selectOption("en")])
})

test("a reviewer asks whether a withdrawal can be submitted without the review step (no), and gets a path drawn where the answer is yes", async ({ page }) => {
  await openExplorer(page, "withdrawal")
  await page.getByRole("tab", { name: en("tabs.questions") }).click()
  const without = page.getByRole("form", { name: en("questions.withoutTitle") })
  await without.getByLabel(en("questions.target")).selectOption("open.submitting")
  await without.getByLabel(en("questions.avoided")).selectOption("open.reviewing")
  await without.getByRole("button", { name: en("questions.ask") }).click()
  const answer = page.getByRole("region", { name: en("questions.answer") })
  await expect(answer.getByRole("status")).toHaveText(en("questions.withoutNo", { target: "open.submitting", avoided: "open.reviewing" }))
  await expect(answer.getByRole("list", { name: en("questions.path") })).toHaveCount(0)
  // A yes comes with its shortest path, in words and drawn.
  await without.getByLabel(en("questions.target")).selectOption("open.reviewing")
  await without.getByLabel(en("questions.avoided")).selectOption("open.banksFailed")
  await without.getByRole("button", { name: en("questions.ask") }).click()
  await expect(answer.getByRole("status")).toHaveText(en("questions.withoutYes", { target: "open.reviewing", avoided: "open.banksFailed" }))
  const steps = answer.getByRole("list", { name: en("questions.path") }).getByRole("listitem")
  await expect(steps).toHaveCount(3)
  await expect(steps.nth(0)).toHaveText(en("questions.step", { from: "closed", event: "modal.open", to: "open.loadingBanks" }))
  await expect(steps.nth(2)).toHaveText(
    en("questions.stepGuarded", { from: "open.editing", event: "form.review", guard: "isFormValid", to: "open.reviewing.deciding" }),
  )
  const drawn = page.getByRole("img", { name: en("questions.diagram", { chart: "withdrawal" }) })
  await expect(drawn.locator('[data-path="true"]')).toHaveCount(3)
  await expect(drawn.locator('[data-current="true"]')).toHaveCount(4)
  // Which events lead from the form to the review step.
  const events = page.getByRole("form", { name: en("questions.eventsTitle") })
  await events.getByLabel(en("questions.from")).selectOption("open.editing")
  await events.getByLabel(en("questions.to")).selectOption("open.reviewing")
  await events.getByRole("button", { name: en("questions.ask") }).click()
  await expect(answer.getByRole("status")).toHaveText(
    en("questions.eventsDirect", { from: "open.editing", to: "open.reviewing", events: "open.editing: form.review [isFormValid] -> open.reviewing" }),
  )
  expect(await seriousViolations(page)).toEqual([])
})

test("a reviewer reads a chart's text form in Japanese", async ({ page }) => {
  await openExplorer(page, "order-ticket")
  await Promise.all([page.waitForEvent("load"), page.getByRole("combobox", { name: text("en", "common", "language.label") }).selectOption("ja")])
  const ja = (key: string, vars: Record<string, string | number> = {}) => text("ja", "explorer", key, vars)
  await expect(page.getByRole("heading", { level: 1, name: ja("title") })).toBeVisible()
  await page.getByRole("tab", { name: ja("tabs.text") }).click()
  await expect(page.getByRole("heading", { name: ja("text.state", { state: "reviewing" }) })).toBeVisible()
  // The chart's own words, translated: the state's description and the event's.
  const words = JSON.parse(readFileSync("src/i18n/locales/ja/workflows.json", "utf8"))["order-ticket"] as {
    states: Record<string, string>
    events: Record<string, string>
  }
  const review = page.getByRole("region", { name: "reviewing", exact: true })
  await expect(review).toContainText(words.states["reviewing"] ?? "(missing)")
  const sentence =
    [
      ja("text.in", { state: "reviewing" }),
      ja("text.on", { event: `${(words.events["review.back"] ?? "").replace(/[.。．]$/, "")} (review.back)` }),
      ja("text.goTo", { target: "open.editing" }),
    ].join(ja("text.separator")) + ja("text.end")
  await expect(review.getByText(sentence, { exact: false })).toBeVisible()
  await Promise.all([page.waitForEvent("load"), page.getByRole("combobox", { name: text("ja", "common", "language.label") }).selectOption("en")])
  await expect(page.getByRole("heading", { level: 1, name: en("title") })).toBeVisible()
})

test("a reviewer simulates the order ticket to its created state, through a failed call and a retry", async ({ page }) => {
  await openExplorer(page, "order-ticket")
  await page.getByRole("tab", { name: en("tabs.simulation") }).click()
  await page.getByRole("button", { name: en("simulation.start") }).click()
  const current = page.getByRole("status", { name: en("simulation.current") })
  const succeed = (actor: string) => page.getByRole("button", { name: en("simulation.succeed", { actor }) }).click()
  const send = (event: string) => page.getByRole("button", { name: en("simulation.send", { event }) }).click()
  await expect(current).toHaveText(en("simulation.currentState", { state: "open.loadingQuote" }))
  await succeed("loadQuote")
  await expect(current).toHaveText(en("simulation.currentState", { state: "open.editing" }))
  // The user's portfolios arrive: the quote and buying power load for the chosen one.
  await send("portfolios.changed")
  await expect(current).toHaveText(en("simulation.currentState", { state: "open.loadingQuote" }))
  await succeed("loadQuote")
  await send("amount.change")
  await send("ticket.submit")
  await expect(current).toHaveText(en("simulation.currentState", { state: "reviewing" }))
  await send("review.confirm")
  await expect(current).toHaveText(en("simulation.currentState", { state: "submitting" }))
  // The diagram highlights where the chart is.
  await expect(
    page.getByRole("group", { name: en("simulation.diagram", { chart: "order-ticket" }) }).locator('[data-current="true"][data-state="submitting"]'),
  ).toHaveCount(1)
  await page.getByRole("button", { name: en("simulation.fail", { actor: "placeOrder" }) }).click()
  await expect(current).toHaveText(en("simulation.currentState", { state: "open.editing" }))
  await send("ticket.submit")
  await send("review.confirm")
  await succeed("placeOrder")
  await expect(current).toHaveText(en("simulation.currentState", { state: en("simulation.finished") }))
})

test("a reviewer reads the order ticket's scenarios: the paths its model test replays, as numbered steps", async ({ page }) => {
  // The server serves reports/model (REPORTS_DIR): the steps shown are the report's.
  const report = JSON.parse(readFileSync("reports/model/order-ticket.json", "utf8")) as {
    scenarios: Array<{ state: string; steps: Array<{ kind: string; actor?: string; reason?: string }> }>
  }
  await openExplorer(page, "order-ticket")
  await page.getByRole("tab", { name: en("tabs.scenarios") }).click()
  for (const scenario of report.scenarios) {
    const region = page.getByRole("region", { name: en("scenarios.to", { state: scenario.state }), exact: true })
    // "Start the workflow", then one numbered item per replayed step.
    await expect(region.getByRole("listitem")).toHaveCount(scenario.steps.length + 1)
    await expect(region.getByRole("listitem").first()).toHaveText(en("scenarios.start"))
  }
  const created = report.scenarios.find((s) => s.state === "created")
  expect(created?.steps.at(-1)).toMatchObject({ kind: "done", actor: "placeOrder" })
  const region = page.getByRole("region", { name: en("scenarios.to", { state: "created" }), exact: true })
  // What happened, the guard it passed (the chart's own words), and where it leads.
  await expect(region.getByRole("listitem").last()).toHaveText(
    new RegExp(
      `^${escape(en("scenarios.succeeds", { call: "placeOrder" }))}${escape(en("text.separator"))}.*\\(isCreated\\).*${escape(en("scenarios.now", { state: "created" }))}$`,
    ),
  )
})

test("a reviewer reads a scenario whose call fails: the failing call and its reason, as the model test replayed it", async ({ page }) => {
  // The order ticket's shortest paths to its states fail no call; business news reaches its
  // failed state through one.
  const report = JSON.parse(readFileSync("reports/model/business-news.json", "utf8")) as {
    scenarios: Array<{ state: string; steps: Array<{ kind: string; actor?: string; reason?: string }> }>
  }
  const failing = report.scenarios.flatMap((s) => s.steps).find((step) => step.kind === "error")
  expect(failing?.actor).toBeTruthy()
  await openExplorer(page, "business-news")
  await page.getByRole("tab", { name: en("tabs.scenarios") }).click()
  await expect(page.getByText(en("scenarios.fails", { call: failing?.actor ?? "", reason: failing?.reason ?? "" })).first()).toBeVisible()
})

/** Starts the sign-in chart in the simulator: the payload of credentials.change it offers must be the one its model test replayed. */
const startSignInWithReplayedPayload = async (page: Page) => {
  const report = JSON.parse(readFileSync("reports/model/sign-in.json", "utf8")) as { samples: { events: Record<string, unknown> } }
  await openExplorer(page, "sign-in")
  await page.getByRole("tab", { name: en("tabs.simulation") }).click()
  await page.getByRole("button", { name: en("simulation.start") }).click()
  const payload = page.getByRole("textbox", { name: en("simulation.payload", { event: "credentials.change" }) })
  await expect(payload).toHaveValue(JSON.stringify(report.samples.events["credentials.change"], null, 2))
}

test("the simulator offers the payloads the chart's model test replayed", async ({ page }) => {
  await startSignInWithReplayedPayload(page)
  await page.getByRole("button", { name: en("simulation.send", { event: "credentials.change" }) }).click()
  await expect(page.getByText(en("simulation.sent", { event: "credentials.change" }))).toBeVisible()
})

test("while the coverage reports are still on their way, Start waits for them: the simulator offers the model test's payloads", async ({ page }) => {
  await page.route("**/api/workflows/coverage*", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 4000))
    await route.continue()
  })
  await startSignInWithReplayedPayload(page)
})

test("every chart starts in the simulator with its model test's input, without an error", async ({ page }) => {
  test.slow()
  await openExplorer(page)
  for (const chart of CHARTS) {
    await chartLink(page, chart).click()
    await page.getByRole("tab", { name: en("tabs.simulation") }).click()
    await page.getByRole("button", { name: en("simulation.start") }).click()
    await expect(page.getByRole("status", { name: en("simulation.current") }), chart).toBeVisible()
    await expect(page.getByRole("alert").filter({ hasText: en("simulation.startFailed", { reason: "" }).trim() }), chart).toHaveCount(0)
    await expect(page.getByText(en("simulation.actorFailed", { reason: "" }).trim()), chart).toHaveCount(0)
  }
})

test("a reviewer approves the withdrawal chart with a note", async ({ page }) => {
  await openExplorer(page, "withdrawal")
  const approval = page.getByRole("region", { name: en("approval.title") })
  const note = `Checked the payout flow ${Date.now().toString(36)}`
  const approve = approval.getByRole("button", { name: en("approval.approve", { chart: "withdrawal" }) })
  await expect(approve).toBeDisabled()
  await approval.getByLabel(en("approval.note")).fill(note)
  await approve.click()
  await expect(page.getByText(en("approval.recorded", { chart: "withdrawal" }))).toBeVisible()
  await expect(approval.getByRole("status", { name: en("approval.status") })).toContainText(en("approval.standing.approved"))
  await expect(approval.getByRole("list", { name: en("approval.history") })).toContainText(note)
  await expect(approval.getByLabel(en("approval.note"))).toHaveValue("")
  // Recorded on the server: still there after a reload.
  await page.reload()
  await expect(page.getByRole("region", { name: en("approval.title") }).getByRole("list", { name: en("approval.history") })).toContainText(note)
})

/** Records an approval through the API, signed as the app signs its calls, with the session the page holds; the answer's status and body. */
const approveThroughApi = async (page: Page, body: { chart: string; fingerprint: string; note: string }) => {
  const response = await signedPost(page, "/api/workflows/approvals", body)
  return { status: response.status(), body: (await response.json()) as { id?: string; code?: string; values?: Record<string, string> } }
}

/** The build's charts file (dist/charts.json, written by npm run build): what the test server approves. */
const builtCharts = () => JSON.parse(readFileSync("dist/charts.json", "utf8")) as { charts: Record<string, { fingerprint: string; definition: string }> }

/**
 * The reviewer approves `definition` of the withdrawal chart on a server that serves it as an
 * earlier build did (its charts file in `dir`); the data directory the approval is in, where this
 * build's server then starts, and the approved fingerprint.
 */
const approvedOnEarlierBuild = async (browser: Browser, dir: string, definition: string, note: string) => {
  const fingerprint = createHash("sha256").update(definition, "utf8").digest("hex")
  const dataDir = join(dir, "data")
  writeFileSync(join(dir, "earlier.json"), JSON.stringify({ charts: { ...builtCharts().charts, withdrawal: { definition, fingerprint } } }))
  const earlierBuild = await startServer({ DATA_DIR: dataDir, CHARTS_FILE: join(dir, "earlier.json") })
  try {
    const context = await browser.newContext({ baseURL: earlierBuild.url })
    const page = await context.newPage()
    await signIn(page, REVIEWER)
    expect((await approveThroughApi(page, { chart: "withdrawal", fingerprint, note })).status).toBe(201)
    await context.close()
  } finally {
    await earlierBuild.stop()
  }
  return { dataDir, fingerprint }
}

test("the server approves only the charts it serves, in the version it serves, and a repeat is one record", async ({ page }) => {
  await resumeSession(page, REVIEWER)
  const splash = builtCharts().charts["splash"]!
  const unknownChart = await approveThroughApi(page, { chart: "no-such-chart", fingerprint: splash.fingerprint, note: "Not a chart" })
  expect(unknownChart.status).toBe(400)
  expect(unknownChart.body.values).toEqual({ reason: "approval_unknown_chart", chart: "no-such-chart" })
  const otherVersion = await approveThroughApi(page, { chart: "splash", fingerprint: "0".repeat(64), note: "Another version" })
  expect(otherVersion.status).toBe(409)
  expect(otherVersion.body.values).toEqual({ reason: "approval_unknown_version" })
  const first = await approveThroughApi(page, { chart: "splash", fingerprint: splash.fingerprint, note: "Splash reviewed" })
  expect([200, 201]).toContain(first.status)
  for (let i = 0; i < 3; i++) {
    const again = await approveThroughApi(page, { chart: "splash", fingerprint: splash.fingerprint, note: `Again ${i}` })
    expect(again.status).toBe(200)
    expect(again.body.id).toBe(first.body.id)
  }
  await page.goto("/workflows?chart=splash")
  const approval = page.getByRole("region", { name: en("approval.title") })
  await expect(approval.getByRole("status", { name: en("approval.status") })).toContainText(en("approval.standing.approved"))
  const history = approval.getByRole("list", { name: en("approval.history") })
  await expect(history).toContainText("Splash reviewed")
  await expect(history).not.toContainText("Again 0")
})

test("a chart changed since its approval shows exactly what changed, on the diagram and in words, in English and Japanese; approving again clears it", async ({
  browser,
}) => {
  test.setTimeout(300_000)
  // The reviewer approved the withdrawal chart as an earlier build served it: no expired quote yet,
  // and the review step needed a valid amount only. This build adds the state and changes the guard.
  const built = builtCharts()
  const now = built.charts["withdrawal"]!
  const definition = earlierVersion(now.definition, {
    withoutState: "open.reviewing.expired",
    withGuard: { source: "open.editing", event: "form.review", guard: "isAmountValid" },
  })
  const dir = mkdtempSync(join(tmpdir(), "chartfolio-diff-"))
  try {
    const { dataDir } = await approvedOnEarlierBuild(browser, dir, definition, "Earlier build reviewed")

    // The release pipeline's check, against this database: the same changes, and a failure.
    const cli = spawnSync(process.execPath, ["--import", "tsx", "scripts/workflows-diff.ts", "--charts", "dist/charts.json"], {
      env: { ...process.env, DATA_DIR: dataDir },
      encoding: "utf8",
    })
    const sentences = (lang: string) => {
      const say = (key: string, vars: Record<string, string | number>) => text(lang, "explorer", key, vars)
      return [
        say("diff.stateAdded", { state: "open.reviewing.expired" }),
        say("diff.transitionChanged", {
          source: "open.editing",
          event: "form.review",
          target: "open.reviewing",
          what: say("diff.guardWas", { before: "isAmountValid", after: "isFormValid" }),
        }),
        say("diff.transitionAdded", { source: "open.reviewing.expired", event: "quote.refresh", target: "open.reviewing.quoting" }),
        say("diff.transitionAdded", { source: "open.reviewing.quoted", event: "after quoteExpiry", target: "open.reviewing.expired" }),
        say("diff.transitionAddedGuarded", {
          source: "open.submitting",
          event: "xstate.error.actor.withdraw",
          guard: "isQuoteExpiredRefusal",
          target: "open.reviewing.expired",
        }),
      ]
    }
    for (const sentence of sentences("en")) expect(cli.stdout).toContain(sentence)
    expect(cli.stdout).toMatch(/^Money charts without an approval of this version: .*\bwithdrawal\b/m)
    expect(cli.status).toBe(1)

    const thisBuild = await startServer({ DATA_DIR: dataDir })
    try {
      const context = await browser.newContext({ baseURL: thisBuild.url })
      const page = await context.newPage()
      await openExplorer(page, "withdrawal", signIn)
      const approval = page.getByRole("region", { name: en("approval.title") })
      await expect(approval.getByRole("status", { name: en("approval.status") })).toContainText(en("approval.standing.changed"))
      // On the diagram: the new state and the four transitions, each with its mark; nothing else.
      const diagram = page.getByRole("group", { name: en("diagram.title", { chart: "withdrawal" }) })
      const expired = diagram.getByRole("button", { name: `(${en("diff.markAdded")})` })
      await expect(expired).toHaveCount(1)
      await expect(expired).toHaveAttribute("data-state", "open.reviewing.expired")
      await expect(expired).toContainText("+ expired")
      await expect(diagram.locator("[data-transition][data-diff]")).toHaveCount(4)
      await expect(diagram.locator('[data-transition][data-diff="changed"]')).toContainText("± form.review [isFormValid]")
      await expect(diagram.locator('[data-transition][data-diff="added"]')).toHaveCount(3)
      await expect(page.getByText(en("diff.legend"))).toBeVisible()
      // In words, beside the diagram and in the text form.
      const changes = page.getByRole("list", { name: en("diff.title") })
      await expect(changes.getByRole("listitem")).toHaveCount(5)
      for (const [i, sentence] of sentences("en").entries()) await expect(changes.getByRole("listitem").nth(i)).toContainText(sentence)
      expect(await seriousViolations(page)).toEqual([])
      await page.getByRole("tab", { name: en("tabs.text") }).click()
      await expect(
        page
          .getByRole("tabpanel")
          .getByRole("list", { name: en("diff.title") })
          .getByRole("listitem"),
      ).toHaveCount(5)

      // In Japanese.
      await Promise.all([page.waitForEvent("load"), page.getByRole("combobox", { name: text("en", "common", "language.label") }).selectOption("ja")])
      const ja = (key: string, vars: Record<string, string | number> = {}) => text("ja", "explorer", key, vars)
      await expect(page.getByRole("heading", { level: 1, name: ja("title") })).toBeVisible()
      const jaChanges = page.getByRole("list", { name: ja("diff.title") })
      for (const [i, sentence] of sentences("ja").entries()) await expect(jaChanges.getByRole("listitem").nth(i)).toContainText(sentence)
      await expect(
        page.getByRole("group", { name: ja("diagram.title", { chart: "withdrawal" }) }).getByRole("button", { name: `(${ja("diff.markAdded")})` }),
      ).toHaveAttribute("data-state", "open.reviewing.expired")
      expect(await seriousViolations(page)).toEqual([])
      await Promise.all([page.waitForEvent("load"), page.getByRole("combobox", { name: text("ja", "common", "language.label") }).selectOption("en")])

      // Approving again records this version and clears the marks.
      const panel = page.getByRole("region", { name: en("approval.title") })
      await panel.getByLabel(en("approval.note")).fill("Reviewed the quote expiry and the valid-form guard")
      await panel.getByRole("button", { name: en("approval.approve", { chart: "withdrawal" }) }).click()
      await expect(panel.getByRole("status", { name: en("approval.status") })).toContainText(en("approval.standing.approved"))
      await expect(page.getByRole("list", { name: en("diff.title") })).toHaveCount(0)
      await expect(page.getByRole("group", { name: en("diagram.title", { chart: "withdrawal" }) }).locator("[data-diff]")).toHaveCount(0)
      await context.close()
    } finally {
      await thisBuild.stop()
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test("a withdrawal chart broken on purpose can be submitted without the review step: yes, with its path drawn; this build's chart answers no; in English and Japanese", async ({
  browser,
}) => {
  test.setTimeout(300_000)
  // The reviewer approved a broken version on an earlier build: the form could send straight away
  // (form.quickSend, no review). This build's chart differs, so the approved version can be asked.
  const built = builtCharts()
  const definition = earlierVersion(built.charts["withdrawal"]!.definition, {
    withTransition: { source: "open.editing", event: "form.quickSend", target: "open.submitting" },
  })
  const dir = mkdtempSync(join(tmpdir(), "chartfolio-broken-"))
  try {
    const { dataDir, fingerprint: brokenFingerprint } = await approvedOnEarlierBuild(browser, dir, definition, "Broken on purpose")

    const thisBuild = await startServer({ DATA_DIR: dataDir })
    try {
      const context = await browser.newContext({ baseURL: thisBuild.url })
      const page = await context.newPage()
      await openExplorer(page, "withdrawal", signIn)
      const path = ["closed", "open.loadingBanks", "open.editing", "open.submitting"]
      /** Asks "can open.submitting be reached without passing open.reviewing?" of a version, in a language. */
      const ask = async (lang: string, version: "versionApproved" | "versionBuild") => {
        const say = (key: string, vars: Record<string, string | number> = {}) => text(lang, "explorer", key, vars)
        await page.getByRole("tab", { name: say("tabs.questions") }).click()
        const fingerprint = version === "versionApproved" ? brokenFingerprint : built.charts["withdrawal"]!.fingerprint
        await page.getByLabel(say("questions.version")).selectOption({ label: say(`questions.${version}`, { fingerprint: fingerprint.slice(0, 12) }) })
        const without = page.getByRole("form", { name: say("questions.withoutTitle") })
        await without.getByLabel(say("questions.target")).selectOption("open.submitting")
        await without.getByLabel(say("questions.avoided")).selectOption("open.reviewing")
        await without.getByRole("button", { name: say("questions.ask") }).click()
        return {
          answer: page.getByRole("region", { name: say("questions.answer") }),
          drawn: page.getByRole("img", { name: say("questions.diagram", { chart: "withdrawal" }) }),
          say,
        }
      }
      // The broken version: yes, the shortest path in words and drawn, its steps numbered on the diagram.
      const approved = await ask("en", "versionApproved")
      await expect(approved.answer.getByRole("status")).toHaveText(en("questions.withoutYes", { target: "open.submitting", avoided: "open.reviewing" }))
      const steps = approved.answer.getByRole("list", { name: en("questions.path") }).getByRole("listitem")
      await expect(steps).toHaveText([
        en("questions.step", { from: "closed", event: "modal.open", to: "open.loadingBanks" }),
        en("questions.step", { from: "open.loadingBanks", event: "xstate.done.actor.loadBankAccounts", to: "open.editing" }),
        en("questions.step", { from: "open.editing", event: "form.quickSend", to: "open.submitting" }),
      ])
      await expect(approved.drawn).toHaveAccessibleDescription(en("questions.drawnPath", { path: path.join(" → ") }))
      for (const label of ["1. modal.open", "2. xstate.done.actor.loadBankAccounts", "3. form.quickSend"])
        await expect(approved.drawn.getByText(label, { exact: true })).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
      // This build's chart: no path skips the review step, and nothing is drawn.
      const current = await ask("en", "versionBuild")
      await expect(current.answer.getByRole("status")).toHaveText(en("questions.withoutNo", { target: "open.submitting", avoided: "open.reviewing" }))
      await expect(current.answer.getByRole("list", { name: en("questions.path") })).toHaveCount(0)
      await expect(current.drawn.getByText("form.quickSend", { exact: false })).toHaveCount(0)

      // In Japanese.
      await Promise.all([page.waitForEvent("load"), page.getByRole("combobox", { name: text("en", "common", "language.label") }).selectOption("ja")])
      await expect(page.getByRole("heading", { level: 1, name: text("ja", "explorer", "title") })).toBeVisible()
      const ja = await ask("ja", "versionApproved")
      await expect(ja.answer.getByRole("status")).toHaveText(ja.say("questions.withoutYes", { target: "open.submitting", avoided: "open.reviewing" }))
      await expect(
        ja.answer
          .getByRole("list", { name: ja.say("questions.path") })
          .getByRole("listitem")
          .nth(2),
      ).toHaveText(ja.say("questions.step", { from: "open.editing", event: "form.quickSend", to: "open.submitting" }))
      await expect(ja.drawn).toHaveAccessibleDescription(ja.say("questions.drawnPath", { path: path.join(" → ") }))
      await context.close()
    } finally {
      await thisBuild.stop()
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test("the explorer has no serious accessibility violations", async ({ page }) => {
  test.setTimeout(120_000) // axe reads every state box of a large diagram twice
  await openExplorer(page, "order-ticket")
  await expect(
    page
      .getByRole("group", { name: en("diagram.title", { chart: "order-ticket" }) })
      .getByRole("button")
      .first(),
  ).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.getByRole("tab", { name: en("tabs.text") }).click()
  expect(await seriousViolations(page)).toEqual([])
})

test("a customer without the reviewer permission has no Workflows entry and gets not-found at /workflows", async ({ page }) => {
  await resumeSession(page, DEMO)
  const menu = page.getByRole("navigation", { name: text("en", "common", "menu.label") })
  await expect(menu.getByRole("link", { name: text("en", "common", "menu.dashboard") })).toBeVisible()
  await expect(menu.getByRole("link", { name: text("en", "common", "menu.workflows") })).toHaveCount(0)
  await page.goto("/workflows")
  await expect(page.getByRole("heading", { level: 1, name: text("en", "errors", "page.notFoundTitle") })).toBeVisible()
  await expect(page.getByRole("heading", { name: en("title") })).toHaveCount(0)
})

test("a reviewer exports a diagram as SVG and opens the printable workflow book", async ({ page }) => {
  test.setTimeout(120_000)
  await openExplorer(page, "withdrawal")
  await expect(
    page
      .getByRole("group", { name: en("diagram.title", { chart: "withdrawal" }) })
      .getByRole("button")
      .first(),
  ).toBeVisible()
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: en("diagram.download") }).click()])
  expect(download.suggestedFilename()).toBe("withdrawal.svg")
  const svg = readFileSync(await download.path(), "utf8")
  expect(svg).toContain("<svg")
  expect(svg).toContain("data-transition=")
  await page.getByRole("link", { name: en("book.open") }).click()
  await expect(page.getByRole("heading", { level: 1, name: en("book.title") })).toBeVisible()
  for (const chart of CHARTS) {
    const section = page.getByRole("region", { name: titleOf(chart).title, exact: true })
    await expect(section.getByRole("heading", { level: 2, name: titleOf(chart).title, exact: true })).toBeVisible()
    await expect(section).toContainText(titleOf(chart).purpose)
    await expect(section).toContainText(en("chartId", { chart }))
    await expect(section.getByRole("img", { name: en("diagram.title", { chart }) })).toBeVisible()
    await expect(section.getByText(/^[0-9a-f]{12}$/)).toBeVisible()
  }
  // Per chart, the requirements it serves (id, source, the rule quoted) and its guard mutants: the score and each survivor explained.
  const withdrawal = page.getByRole("region", { name: titleOf("withdrawal").title, exact: true })
  const served = withdrawal
    .getByRole("region", { name: en("book.requirements") })
    .getByRole("listitem")
    .filter({ hasText: "WD-2" })
  await expect(served).toContainText(en("requirements.sourceSpec", { part: 2, section: "4. States and transitions" }))
  await expect(served).toContainText("The withdraw modal is static and not dismissible by keyboard.")
  for (const chart of ["withdrawal", "session"]) {
    const mutants = page.getByRole("region", { name: titleOf(chart).title, exact: true }).getByRole("region", { name: en("book.mutants") })
    const mutation = modelMutation(chart)
    await expect(mutants).toContainText(mutation ? en("mutation.score", mutation) : en("mutation.noReport"))
    for (const m of modelSurvivors(chart)) await expect(mutants).toContainText(en(`mutation.equivalent.${chart}.${m.guard}.${m.kind}`))
  }
  // Printed, only the book shows.
  await page.emulateMedia({ media: "print" })
  await expect(page.getByRole("heading", { level: 1, name: en("book.title") })).toBeVisible()
  await expect(page.getByRole("button", { name: en("book.print") })).toBeHidden()
})

test("a reviewer's live view follows the charts running on the page", async ({ page }) => {
  await resumeSession(page, REVIEWER)
  await page.getByRole("button", { name: text("en", "common", "liveView.toggle") }).click()
  const panel = page.getByRole("complementary", { name: en("live.title") })
  // The session runs on every signed-in page, satisfied once signed in.
  await expect(panel.getByRole("heading", { name: "session", exact: true })).toBeVisible()
  await expect(
    panel
      .getByRole("img", { name: en("live.diagram", { chart: "session" }) })
      .locator('[data-current="true"]')
      .first(),
  ).toBeAttached()
  // Opening the explorer starts its approval chart: it shows up, loading then ready.
  await page
    .getByRole("navigation", { name: text("en", "common", "menu.label") })
    .getByRole("link", { name: text("en", "common", "menu.workflows") })
    .click()
  await expect(panel.getByRole("status", { name: en("live.stateOf", { chart: "workflow-approval" }) })).toHaveText(en("live.state", { state: "ready" }))
  await panel.getByRole("button", { name: en("live.dockBottom") }).click()
  await expect(panel.getByRole("button", { name: en("live.dockRight") })).toBeVisible()
  await panel.getByRole("button", { name: en("live.close") }).click()
  await expect(panel).toHaveCount(0)
})

test("the explorer shows the coverage the server holds now, read at run time", async ({ page }) => {
  // The test server serves reports/ (REPORTS_DIR): the model report of order-cancel as it is now.
  const report = JSON.parse(readFileSync("reports/model/order-cancel.json", "utf8")) as { transitions: { total: number; coveredKeys: string[] } }
  await openExplorer(page, "order-cancel")
  const coverage = page.getByRole("region", { name: en("coverage.title"), exact: true })
  await expect(coverage).toContainText(en("coverage.modelCount", { covered: report.transitions.coveredKeys.length, total: report.transitions.total }))
  await expect(page.getByText(en("coverage.none"))).toHaveCount(0)
})

test("on a server without coverage reports the explorer says it has none, and the rest still works", async ({ browser }) => {
  test.setTimeout(180_000)
  // The same build, served by a second server whose reports directory does not exist.
  const dir = mkdtempSync(join(tmpdir(), "chartfolio-no-reports-"))
  const server = await startServer({ DATA_DIR: join(dir, "data"), REPORTS_DIR: join(dir, "reports") })
  try {
    const context = await browser.newContext({ baseURL: server.url })
    const other = await context.newPage()
    await openExplorer(other, "order-cancel", signIn)
    await expect(other.getByText(en("coverage.none"))).toBeVisible()
    await expect(other.getByRole("region", { name: en("coverage.title"), exact: true })).toContainText(en("coverage.noneForChart"))
    // The diagram and the approvals do not depend on the reports.
    await expect(other.getByRole("group", { name: en("diagram.title", { chart: "order-cancel" }) })).toBeVisible()
    await other.getByRole("tab", { name: en("tabs.scenarios") }).click()
    await expect(other.getByText(en("scenarios.missing"))).toBeVisible()
    await context.close()
  } finally {
    await server.stop()
    rmSync(dir, { recursive: true, force: true })
  }
})
