import { type Page } from "@playwright/test"
import { expect, test } from "./fixtures"
import { seriousViolations } from "./axe"
import { registerAndSignIn } from "./auth-support"
import { openApp, text } from "./support"

const t = (key: string, vars: Record<string, string | number> = {}) => text("en", "instruments", key, vars)
const common = (key: string) => text("en", "common", key)

/** Whether a URL is the side menu's search call (GET /api/instruments?query=…), not the detail call. */
const isSearch = (url: string) => new URL(url).pathname === "/api/instruments"
const queryOf = (url: string) => new URL(url).searchParams.get("query")

/** Every search query the page sends, in order. */
const recordSearches = (page: Page): string[] => {
  const sent: string[] = []
  page.on("request", (request) => {
    if (request.method() === "GET" && isSearch(request.url())) sent.push(queryOf(request.url()) ?? "")
  })
  return sent
}

const searchAnswer = (page: Page, query: string) => page.waitForResponse((response) => isSearch(response.url()) && queryOf(response.url()) === query)

const searchBox = (page: Page) => page.getByRole("searchbox", { name: t("search.label") })
const resultList = (page: Page) => page.getByRole("list", { name: t("search.results") })

/** Opens the Instruments tab as the spec's route does: /instruments lands on /dashboard with the tab open. */
const openSearchTab = async (page: Page) => {
  await openApp(page, "/instruments")
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole("tab", { name: common("menu.instruments") })).toHaveAttribute("aria-selected", "true")
  await expect(searchBox(page)).toHaveAttribute("placeholder", "Instruments...")
}

test("instrument search: one request per pause, blank text ignored, no stale answer, failures toasted with an empty list", async ({ page }) => {
  test.setTimeout(120_000) // registers a user first
  // The page's clock runs as usual, but the test can move it on: the absence of a request after the
  // pause is shown by advancing the clock past it, not by a fixed wait.
  await page.clock.install()
  await registerAndSignIn(page, "instr-search")
  const sent = recordSearches(page)
  await openSearchTab(page)

  // 'a', then a pause: one request, sent with the user's partners, and its results listed.
  let answer = searchAnswer(page, "a")
  await searchBox(page).fill("a")
  const first = await answer
  expect(new URL(first.url()).searchParams.get("provider")).toBeTruthy()
  const listed = (await first.json()) as Array<{ symbol: string }>
  expect(listed.length).toBeGreaterThan(0)
  await expect(resultList(page).getByRole("link").first()).toContainText(listed[0]!.symbol.slice(0, 20))
  expect(sent).toEqual(["a"])

  // Typing more (two keystrokes, no pause between them): one more request, for the whole text.
  answer = searchAnswer(page, "art")
  await searchBox(page).pressSequentially("rt", { delay: 50 })
  expect(((await (await answer).json()) as unknown[]).length).toBeGreaterThan(0)
  expect(sent).toEqual(["a", "art"])

  // Blank text after trimming: the list empties at once and nothing is sent, even after the pause.
  await searchBox(page).fill("   ")
  await expect(resultList(page).getByRole("listitem")).toHaveCount(0)
  await page.clock.runFor(2_000) // past the 1000 ms pause: a search due would be sent now
  expect(sent).toEqual(["a", "art"])

  // A slow answer to an earlier search never shows: the newer search aborts it.
  let releaseSlow: () => void = () => {}
  const newerShown = new Promise<void>((resolve) => (releaseSlow = resolve))
  let slowSettled: () => void = () => {}
  const slowDone = new Promise<void>((resolve) => (slowSettled = resolve))
  let slowHeld: () => void = () => {}
  const slowArrived = new Promise<void>((resolve) => (slowHeld = resolve))
  await page.route(
    (url) => isSearch(url.href) && queryOf(url.href) === "b",
    async (route) => {
      slowHeld()
      await newerShown
      const stale = {
        id: "00000000-0000-4000-8000-000000000000",
        instrumentId: "00000000-0000-4000-8000-000000000000",
        symbol: "STALEX",
        name: "Stale Answer Inc",
        type: "stock",
        imageUrl: null,
        currency: "USD",
        exchange: "TEST",
        provider: "Test",
      }
      await route.fulfill({ json: [stale] }).catch(() => undefined) // the browser has dropped the request
      slowSettled()
    },
  )
  await searchBox(page).fill("b")
  await slowArrived
  answer = searchAnswer(page, "bo")
  await searchBox(page).fill("bo")
  const newer = (await (await answer).json()) as Array<{ symbol: string }>
  expect(newer.length).toBeGreaterThan(0)
  const links = resultList(page).getByRole("link")
  await expect(links).toHaveCount(newer.length)
  releaseSlow()
  await slowDone
  await expect(page.getByText("STALEX")).toHaveCount(0)
  await expect(links).toHaveCount(newer.length)
  expect(sent).toEqual(["a", "art", "b", "bo"])
  await page.unroute((url) => isSearch(url.href) && queryOf(url.href) === "b")

  // A failing search: an error notification and an empty list.
  await page.route(
    (url) => isSearch(url.href),
    (route) => route.fulfill({ status: 500, json: { error: "Instrument search is down" } }),
  )
  await searchBox(page).fill("c")
  await expect(page.getByText("Instrument search is down")).toBeVisible()
  await expect(resultList(page).getByRole("listitem")).toHaveCount(0)
})

test("a result focused before the stars arrive keeps the focus, and Enter opens it: the stars come without mounting the results again", async ({ page }) => {
  await registerAndSignIn(page, "instr-stars")
  await openSearchTab(page)
  // From now on every script the page asks for waits: the stars' watchlist workflow loads when results first show.
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  const held: string[] = []
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    held.push(route.request().url())
    await released
    await route.continue()
  })
  await searchBox(page).fill("a")
  const first = resultList(page).getByRole("link").first()
  await expect(first).toBeVisible()
  await expect(resultList(page)).toHaveAttribute("aria-busy", "false")
  await expect.poll(() => held.length).toBeGreaterThan(0)
  const stars = resultList(page).getByRole("button", { name: text("en", "watchlist", "star.add") })
  await expect(stars).toHaveCount(0)
  await first.focus()
  await expect(first).toBeFocused()
  release()
  await expect(stars.first()).toBeVisible()
  await expect(first).toBeFocused()
  await page.keyboard.press("Enter")
  await expect(page).toHaveURL(/\/instruments\/view\/[^/]+$/)
})

test("an instrument page draws both chart types with a text alternative, and keeps the chart choices after a reload", async ({ page }) => {
  test.setTimeout(120_000) // registers a user first
  await registerAndSignIn(page, "instr-page")
  await openSearchTab(page)
  await searchBox(page).fill("a")
  const result = resultList(page).getByRole("link").first()
  await expect(result).toBeVisible()
  await result.click()
  await expect(page).toHaveURL(/\/instruments\/view\/[^/]+$/)

  // Subheader: the instrument with BUY / SELL; breadcrumbs start with Instruments. (Longer limits
  // where a page loads: the 2-core machine runs the server and the browser at once.)
  const heading = page.getByRole("region", { name: common("subheader.label") }).getByRole("heading", { level: 1 })
  await expect(heading).toBeVisible()
  const symbol = (await heading.textContent())?.trim() ?? ""
  expect(symbol).not.toBe("")
  await expect(page.getByRole("button", { name: t("order.buy") })).toBeVisible()
  await expect(page.getByRole("button", { name: t("order.sell") })).toBeVisible()
  await expect(
    page
      .getByRole("navigation", { name: common("breadcrumbs.label") })
      .getByRole("listitem")
      .first(),
  ).toHaveText(common("breadcrumbs.instruments"))

  // The default chart: a line over 3 months, drawn, with its points in a table.
  const range = page.getByRole("group", { name: t("chart.range") })
  const kind = page.getByRole("group", { name: t("chart.type") })
  await expect(range.getByRole("button", { name: t("chart.rangeNames.3m") })).toHaveAttribute("aria-pressed", "true")
  await expect(kind.getByRole("button", { name: t("chart.types.line") })).toHaveAttribute("aria-pressed", "true")
  const line = page.getByRole("figure", { name: t("chart.figure.line", { symbol }) })
  await expect(line.locator("canvas").first()).toBeVisible()
  await page.getByText(/^Price table \(\d+ trading days\)$/).click()
  const rows = page.getByRole("table", { name: t("chart.tableCaption", { symbol }) }).getByRole("row")
  await expect.poll(() => rows.count()).toBeGreaterThan(20)
  const threeMonths = await rows.count()
  // With the search results and the price table open: no serious accessibility violations.
  expect(await seriousViolations(page)).toEqual([])

  // Candlesticks over a year.
  await kind.getByRole("button", { name: t("chart.types.candlestick") }).click()
  const candles = page.getByRole("figure", { name: t("chart.figure.candlestick", { symbol }) })
  await expect(candles.locator("canvas").first()).toBeVisible()
  await range.getByRole("button", { name: t("chart.rangeNames.1y") }).click()
  await expect.poll(() => rows.count()).toBeGreaterThan(threeMonths * 3)

  // The fundamentals, analysis, news and description panels are there.
  for (const title of [t("fundamentals.title"), t("analysis.title"), t("news.title")]) {
    await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible()
  }
  await expect(page.getByRole("heading", { level: 3, name: t("recommendation.title") })).toBeVisible()

  // Both choices survive a reload.
  await page.reload()
  await expect(range.getByRole("button", { name: t("chart.rangeNames.1y") })).toHaveAttribute("aria-pressed", "true")
  await expect(kind.getByRole("button", { name: t("chart.types.candlestick") })).toHaveAttribute("aria-pressed", "true")
  await expect(candles.locator("canvas").first()).toBeVisible()
})
