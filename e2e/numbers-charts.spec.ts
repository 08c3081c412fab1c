import { type Page } from "@playwright/test"
import { expect, test } from "./fixtures"
import { DEMO, resumeSession } from "./auth-support"
import { fetchFull, text } from "./support"
import { formatDate } from "../src/domain/dates"
import { formatMoney, formatPercent } from "../src/domain/format"

// Issue 12, charts: the performance chart's crosshair (pointer and keyboard, with its text in a live
// region) and a new portfolio's empty state, as demo@chartfolio.test sees the dashboard. Issue 31:
// a range longer than the account starts at its first value and says since when; the overview's
// inflow/outflow chart reads each month under the pointer or the keyboard.

const t = (key: string, vars: Record<string, string | number> = {}) => text("en", "dashboard", key, vars)

test.describe.configure({ timeout: 120_000 })

/** Routes GET /users/account/{id} so its performance is `performance` (the rest is the server's). */
const routePerformance = (page: Page, performance: ReadonlyArray<{ x: string; value: number }>) =>
  page.route(/\/api\/users\/account\/[^/?]+$/, async (route) => {
    const response = await fetchFull(route)
    const account = (await response.json()) as { details: Record<string, unknown> } & Record<string, unknown>
    await route.fulfill({ response, json: { ...account, details: { ...account.details, performance } } })
  })

test("a new portfolio's performance shows a message instead of blank axes", async ({ page }) => {
  await routePerformance(page, [{ x: new Date().toISOString(), value: 0 }])
  await resumeSession(page, DEMO)
  const card = page.getByRole("region", { name: t("performance.title") })
  await expect(card.getByText(t("performance.empty"))).toBeVisible()
  await expect(card.getByRole("figure")).toHaveCount(0)
  await expect(card.getByText(/1 points/)).toHaveCount(0)
})

test("a portfolio whose values are all zero shows the same message", async ({ page }) => {
  const day = 24 * 3600 * 1000
  await routePerformance(
    page,
    [0, 1, 2].map((i) => ({ x: new Date(Date.now() - (2 - i) * day).toISOString(), value: 0 })),
  )
  await resumeSession(page, DEMO)
  await expect(page.getByRole("region", { name: t("performance.title") }).getByText(t("performance.empty"))).toBeVisible()
})

test("the performance chart has a crosshair for the keyboard and the pointer, its text announced", async ({ page }) => {
  await resumeSession(page, DEMO)
  const chart = page.getByRole("group", { name: t("performance.crosshair") })
  await expect(chart).toBeVisible()
  // The table is the text alternative: its last and first rows are what the crosshair reads at End and Home.
  await page.getByText(t("performance.tableToggle")).click()
  const rows = page.getByRole("table", { name: t("performance.tableCaption") }).getByRole("row")
  await expect(rows.nth(1)).toBeVisible()
  const cells = async (row: number) => (await rows.nth(row).getByRole("cell").allTextContents()).map((c) => c.trim())
  const [firstDate, firstValue] = await cells(1)
  // Today's value moves with the market while the page is open (the chart and its table follow
  // it): the last point is read from the table when it is compared.
  const lastRow = async () => (await cells((await rows.count()) - 1)).join(": ")
  const tooltip = page.getByTestId("chart-tooltip")
  const tooltipIsLastRow = async () => (await tooltip.count()) > 0 && (await tooltip.textContent()) === (await lastRow())

  await chart.focus()
  await page.keyboard.press("End")
  // Its accessible description (the elements aria-describedby names) and the tooltip both read it.
  const description = async () => {
    const ids = ((await chart.getAttribute("aria-describedby")) ?? "").split(/\s+/).filter((id) => id !== "")
    return (await Promise.all(ids.map(async (id) => (await page.locator(`[id="${id}"]`).textContent()) ?? ""))).join(" ").trim()
  }
  await expect.poll(async () => (await description()) === (await lastRow()) && (await tooltipIsLastRow())).toBe(true)
  await page.keyboard.press("Home")
  await expect(chart).toHaveAccessibleDescription(`${firstDate}: ${firstValue}`)
  await page.keyboard.press("ArrowRight")
  await expect(chart).not.toHaveAccessibleDescription(`${firstDate}: ${firstValue}`)
  await page.keyboard.press("ArrowLeft")
  await expect(chart).toHaveAccessibleDescription(`${firstDate}: ${firstValue}`)

  // The pointer: right of the plot (over the axis) is the last point.
  const box = await chart.boundingBox()
  if (box === null) throw new Error("the chart has no box")
  await page.mouse.move(box.x + box.width - 5, box.y + box.height / 2)
  await expect.poll(tooltipIsLastRow).toBe(true)
  await page.mouse.move(box.x + 2, box.y - 40)
  await expect(page.getByTestId("chart-tooltip")).toHaveCount(0)
})

test("the performance chart's Y labels tell every tick apart where compact money would round them alike (ja: 万)", async ({ page }) => {
  // 9,800 to 10,600: the axis's ticks are 200 apart, and one fraction digit of 万 (10,000) read
  // "1万" for 10,000, 10,200 and 10,400.
  const day = 24 * 3600 * 1000
  const values = [9_800, 10_000, 10_200, 10_400, 10_600, 10_100]
  await routePerformance(
    page,
    values.map((value, i) => ({ x: new Date(Date.now() - (values.length - 1 - i) * day).toISOString(), value })),
  )
  await resumeSession(page, DEMO)
  // In Japanese from the next load on, with what the canvases draw recorded (the labels are drawn, not in the DOM).
  await page.context().addInitScript(() => {
    window.localStorage.setItem("chartfolio.v1.language", JSON.stringify("ja"))
    const drawn: string[] = []
    Object.assign(window, { e2eDrawnTexts: drawn })
    const fillText = CanvasRenderingContext2D.prototype.fillText
    CanvasRenderingContext2D.prototype.fillText = function (this: CanvasRenderingContext2D, label: string, x: number, y: number, maxWidth?: number) {
      drawn.push(label)
      return maxWidth === undefined ? fillText.call(this, label, x, y) : fillText.call(this, label, x, y, maxWidth)
    }
  })
  await page.reload()
  await expect(page.getByRole("group", { name: text("ja", "dashboard", "performance.crosshair") })).toBeVisible()
  // The Y labels are the drawn texts with the account's currency symbol; compared without it.
  const yLabels = async () => {
    const drawn = await page.evaluate(() => (window as unknown as { e2eDrawnTexts: string[] }).e2eDrawnTexts)
    return [...new Set(drawn.filter((d) => /[$₦]/.test(d)).map((d) => d.replace(/US\$|[$₦]/g, "")))].sort()
  }
  await expect.poll(yLabels).toEqual(["1.02万", "1.04万", "1.06万", "1万", "9,800"])
})

test("an instrument's price chart has a crosshair for the keyboard and the pointer: the close on the line, open-high-low-close on candles", async ({
  page,
}) => {
  const i = (key: string, vars: Record<string, string | number> = {}) => text("en", "instruments", key, vars)
  await resumeSession(page, DEMO)
  await page.getByRole("tab", { name: text("en", "common", "menu.instruments") }).click()
  await page.getByRole("searchbox", { name: i("search.label") }).fill("a")
  await page
    .getByRole("list", { name: i("search.results") })
    .getByRole("link")
    .first()
    .click()
  await expect(page).toHaveURL(/\/instruments\/view\/[^/]+$/)
  const heading = page.getByRole("region", { name: text("en", "common", "subheader.label") }).getByRole("heading", { level: 1 })
  await expect(heading).not.toHaveText("")
  const symbol = ((await heading.textContent()) ?? "").trim()

  // The price table (the text alternative) gives what the crosshair must read at Home and End.
  const chart = page.getByRole("group", { name: i("chart.crosshair") })
  await expect(chart).toBeVisible()
  await page.getByText(/^Price table \(\d+ trading days\)$/).click()
  const rows = page.getByRole("table", { name: i("chart.tableCaption", { symbol }) }).getByRole("row")
  await expect(rows.nth(1)).toBeVisible()
  const cells = async (row: number) => (await rows.nth(row).getByRole("cell").allTextContents()).map((c) => c.trim())
  const [firstDate, firstOpen, firstHigh, firstLow, firstClose] = await cells(1)
  const [lastDate, , , , lastClose] = await cells((await rows.count()) - 1)
  const closeAt = (date = "", close = "") => i("chart.tooltip.close", { date, close })

  await chart.focus()
  await page.keyboard.press("End")
  await expect(chart).toHaveAccessibleDescription(closeAt(lastDate, lastClose))
  await expect(page.getByTestId("chart-tooltip")).toHaveText(closeAt(lastDate, lastClose))
  await page.keyboard.press("Home")
  await expect(chart).toHaveAccessibleDescription(closeAt(firstDate, firstClose))
  await page.keyboard.press("ArrowRight")
  await expect(chart).not.toHaveAccessibleDescription(closeAt(firstDate, firstClose))
  await page.keyboard.press("ArrowLeft")
  await expect(chart).toHaveAccessibleDescription(closeAt(firstDate, firstClose))

  // The pointer: right of the plot (over the axis) reads the last day; above the chart, nothing.
  const box = await chart.boundingBox()
  if (box === null) throw new Error("the chart has no box")
  await page.mouse.move(box.x + box.width - 5, box.y + box.height / 2)
  await expect(page.getByTestId("chart-tooltip")).toHaveText(closeAt(lastDate, lastClose))
  await page.mouse.move(box.x + 2, box.y - 40)
  await expect(page.getByTestId("chart-tooltip")).toHaveCount(0)

  // Candlesticks: the crosshair reads the day's open, high, low and close.
  await page
    .getByRole("group", { name: i("chart.type") })
    .getByRole("button", { name: i("chart.types.candlestick") })
    .click()
  await expect(page.getByRole("figure", { name: i("chart.figure.candlestick", { symbol }) })).toBeVisible()
  await chart.focus()
  await page.keyboard.press("Home")
  await expect(chart).toHaveAccessibleDescription(
    i("chart.tooltip.ohlc", { date: firstDate ?? "", open: firstOpen ?? "", high: firstHigh ?? "", low: firstLow ?? "", close: firstClose ?? "" }),
  )
})

test("2Y on an account younger than two years starts at the account's first value, not ₦0.00, and says since when", async ({ page }) => {
  const answered = page.waitForResponse(
    (r) => r.request().method() === "GET" && /\/api\/users\/account\/[^/?]+$/.test(new URL(r.url()).pathname) && r.status() === 200,
  )
  await resumeSession(page, DEMO)
  const account = (await (await answered).json()) as { currency: string; details: { performance: ReadonlyArray<{ x: string; value: number }> } }
  const series = account.details.performance
  const firstValue = series.findIndex((p) => p.value !== 0)
  const first = series[firstValue]
  const last = series[series.length - 1]
  if (first === undefined || last === undefined) throw new Error("the demo account has no performance")
  // The demo account is younger than two years and was opened a few days before its first deposit.
  expect(Date.parse(series[0]?.x ?? "")).toBeGreaterThan(Date.parse(last.x) - 2 * 365 * 86_400_000)
  expect(firstValue).toBeGreaterThan(0)

  const card = page.getByRole("region", { name: t("performance.title") })
  await card.getByRole("button", { name: t("performance.rangeName.2y") }).click()
  const money = (value: number) => formatMoney(value, account.currency, "en-GB", { fraction: "fixed" })
  const since = formatDate(first.x, "en-GB")
  const change = formatPercent((((last.value - first.value) / Math.abs(first.value)) * 100).toFixed(2), "en-GB", { signDisplay: "exceptZero" })
  await expect(card.getByTestId("performance-summary")).toHaveText(
    t("performance.summarySince", {
      since,
      range: t("performance.rangeName.2y"),
      first: money(first.value),
      from: since,
      last: money(last.value),
      to: formatDate(last.x, "en-GB"),
      change,
      count: series.length - firstValue,
    }),
  )
  await expect(card.getByTestId("performance-summary")).toContainText(`since ${since}`)
  // The table (the chart's text) begins on that day with that value: no zero rows before it.
  await card.getByText(t("performance.tableToggle")).click()
  const rows = card.getByRole("table", { name: t("performance.tableCaption") }).getByRole("row")
  await expect(rows).toHaveCount(series.length - firstValue + 1)
  await expect(rows.nth(1).getByRole("cell")).toHaveText([since, money(first.value)])
  await expect(card.getByRole("cell", { name: money(0), exact: true })).toHaveCount(0)

  // A range inside the account's life (3M) has no "since".
  await card.getByRole("button", { name: t("performance.rangeName.3m") }).click()
  await expect(card.getByTestId("performance-summary")).toHaveText(/^Portfolio value over the last 3 months: /)
})

test("the six-month inflow/outflow chart reads the month under the pointer and the arrow keys, announced", async ({ page }) => {
  const p = (key: string, vars: Record<string, string | number> = {}) => text("en", "portfolio", key, vars)
  await resumeSession(page, DEMO)
  await page.goto("/portfolio")
  await expect(page).toHaveURL(/\/overview$/)
  // The table is the chart's text: each row is what the crosshair must read for its month.
  const rows = page.getByRole("table", { name: p("overview.flows.title") }).getByRole("row")
  await expect(rows).toHaveCount(7)
  const month = async (row: number) => {
    const [name = "", inflow = "", outflow = ""] = (await rows.nth(row).getByRole("cell").allTextContents()).map((c) => c.trim())
    return p("overview.flows.tooltip", { month: name, inflow, outflow })
  }
  const [first, second, last] = [await month(1), await month(2), await month(6)]
  expect(last).toMatch(/^\w{3} \d{4}: inflow ₦[\d,]+, outflow ₦[\d,]+$/)

  const chart = page.getByRole("group", { name: p("overview.flows.crosshair") })
  await expect(chart).toBeVisible()
  const tooltip = chart.getByTestId("chart-tooltip")
  await chart.focus()
  await page.keyboard.press("End")
  await expect(chart).toHaveAccessibleDescription(last)
  await expect(tooltip).toHaveText(last)
  await page.keyboard.press("Home")
  await expect(chart).toHaveAccessibleDescription(first)
  await expect(tooltip).toHaveText(first)
  await page.keyboard.press("ArrowRight")
  await expect(chart).toHaveAccessibleDescription(second)
  await page.keyboard.press("ArrowLeft")
  await expect(chart).toHaveAccessibleDescription(first)
  await page.keyboard.press("Escape")
  await expect(tooltip).toHaveCount(0)

  // The pointer: at the plot's left edge the first month, right of the plot (over the axis) the last.
  const box = await chart.boundingBox()
  if (box === null) throw new Error("the chart has no box")
  await page.mouse.move(box.x + 16, box.y + box.height / 2)
  await expect(tooltip).toHaveText(first)
  await page.mouse.move(box.x + box.width - 5, box.y + box.height / 2)
  await expect(tooltip).toHaveText(last)
  await page.mouse.move(box.x + 2, box.y - 40)
  await expect(tooltip).toHaveCount(0)
})
