import { type Page } from "@playwright/test"
import { expect, test } from "./fixtures"
import { seriousViolations } from "./axe"
import { APP_USER, DEMO, NEW_USER, registerAndSignIn, resumeSession, signIn } from "./auth-support"
import { layoutShifts, watchLayoutShifts } from "./layout-shifts"
import { holdRequests, text } from "./support"

const t = (key: string, vars: Record<string, string | number> = {}) => text("en", "dashboard", key, vars)

const selector = (page: Page) => page.getByRole("combobox", { name: t("selector.label") })
/** The first suggestion's link in the carousel (there when the suggestions have come). */
const firstSuggestion = (page: Page) =>
  page
    .getByRole("group", { name: t("suggestions.label") })
    .getByRole("link")
    .first()
const seeAll = (page: Page, key: "positions" | "orders" | "news") => page.getByRole("link", { name: t(`${key}.seeAll`) })

/** Opens the portfolio selector's list and returns its options. */
const openSelector = async (page: Page) => {
  await page.getByRole("button", { name: t("selector.open") }).click()
  const options = page.getByRole("listbox", { name: t("selector.label") }).getByRole("option")
  await expect(options.first()).toBeVisible()
  return options
}

test.describe("dashboard of a verified user with portfolios", () => {
  test("lists both portfolios, selects the first, and switches the dashboard to the other", async ({ page }) => {
    await resumeSession(page, DEMO)
    await expect(selector(page)).toHaveValue(/^(IND|CUS) (NGN|USD) /)
    const firstLabel = await selector(page).inputValue()
    const firstPositions = await seeAll(page, "positions").getAttribute("href")
    expect(firstPositions).toMatch(/^\/portfolio\/[^/]+\/positions$/)

    const options = await openSelector(page)
    expect(await options.count()).toBeGreaterThanOrEqual(2)
    await expect(options.first()).toHaveText(firstLabel)
    const otherLabel = (await options.nth(1).textContent()) ?? ""
    expect(otherLabel).not.toBe(firstLabel)
    await options.nth(1).click()

    await expect(selector(page)).toHaveValue(otherLabel)
    await expect(seeAll(page, "positions")).not.toHaveAttribute("href", firstPositions ?? "")
    await expect(seeAll(page, "positions")).toHaveAttribute("href", /^\/portfolio\/[^/]+\/positions$/)
    // The other portfolio's own figures: its currency in the performance summary.
    const currency = otherLabel.split(" ")[1] ?? ""
    const summary = page.getByText(/^Portfolio value over the/)
    await expect(summary).toBeVisible()
    await expect(summary).toContainText(currency === "NGN" ? "₦" : "$")

    // Typing filters the options; clearing empties the selection.
    await selector(page).fill(otherLabel.split(" ").at(-1) ?? "")
    await expect(page.getByRole("listbox", { name: t("selector.label") }).getByRole("option")).toHaveCount(1)
    await page.keyboard.press("Escape")
    await page.getByRole("button", { name: t("selector.clear") }).click()
    await expect(selector(page)).toHaveValue("")
    await expect(page.getByText(t("page.choose"))).toBeVisible()
  })

  test("keeps the chosen chart range after a reload", async ({ page }) => {
    await resumeSession(page, DEMO)
    const ranges = page.getByRole("group", { name: t("performance.ranges") })
    await expect(ranges.getByRole("button", { name: t("performance.rangeName.3m") })).toHaveAttribute("aria-pressed", "true")
    await ranges.getByRole("button", { name: t("performance.rangeName.1y") }).click()
    await expect(ranges.getByRole("button", { name: t("performance.rangeName.1y") })).toHaveAttribute("aria-pressed", "true")
    await expect(page.getByText(/^Portfolio value over the last year/)).toBeVisible()

    await page.reload()
    // After the reload: the splash, the portfolios and the details load again before the card shows.
    await expect(ranges.getByRole("button", { name: t("performance.rangeName.1y") })).toHaveAttribute("aria-pressed", "true")
    await expect(ranges.getByRole("button", { name: t("performance.rangeName.3m") })).toHaveAttribute("aria-pressed", "false")
    // The text alternative lists the plotted points.
    await page.getByText(t("performance.tableToggle")).click()
    await expect(
      page
        .getByRole("table", { name: t("performance.tableCaption") })
        .getByRole("row")
        .nth(1),
    ).toBeVisible()
  })

  test("the suggestions carousel shows cards and moves on by itself", async ({ page }) => {
    await page.setViewportSize({ width: 480, height: 900 })
    await resumeSession(page, DEMO)
    const carousel = page.getByRole("group", { name: t("suggestions.label") })
    const firstCard = carousel.getByRole("listitem").first()
    await expect(firstCard).toHaveAccessibleName(/^1 of \d+$/)
    await expect(firstCard.getByRole("link")).toHaveAttribute("href", /^\/instruments\/view\/.+/)
    // One card fits at this width; autoplay moves the first visible card on.
    await expect(firstCard).toHaveAccessibleName(/^2 of \d+$/)
    // Pause holds it.
    await page.getByRole("button", { name: t("suggestions.pause") }).click()
    await expect(page.getByRole("button", { name: t("suggestions.play") })).toBeVisible()
    await page.getByRole("button", { name: t("suggestions.next") }).click()
    await expect(firstCard).not.toHaveAccessibleName(/^2 of \d+$/)
  })

  test("each 'see all' link leads to its page", async ({ page }) => {
    await resumeSession(page, DEMO)
    const positions = await seeAll(page, "positions").getAttribute("href")
    const accountId = /^\/portfolio\/([^/]+)\/positions$/.exec(positions ?? "")?.[1] ?? ""
    expect(accountId).not.toBe("")
    await expect(seeAll(page, "orders")).toHaveAttribute("href", `/portfolio/${accountId}/orders`)
    await expect(seeAll(page, "news")).toHaveAttribute("href", "/business-news")

    await seeAll(page, "positions").click()
    await expect(page).toHaveURL(new RegExp(`/portfolio/${accountId}/positions$`))
    await page.goBack()
    await expect(page).toHaveURL(/\/dashboard$/)
    await seeAll(page, "orders").click()
    await expect(page).toHaveURL(new RegExp(`/portfolio/${accountId}/orders$`))
    await page.goBack()
    await expect(page).toHaveURL(/\/dashboard$/)
    await seeAll(page, "news").click()
    await expect(page).toHaveURL(/\/business-news$/)
    await expect(page.getByRole("heading", { level: 1, name: t("news.pageTitle") })).toBeVisible()
  })
})

test("while the portfolios are slow to answer, the frame shows with its loading state, then their figures", async ({ page }) => {
  await resumeSession(page, DEMO)
  // The account list is held until the loading state was seen: the frame must not wait for it.
  const release = await holdRequests(page, /\/api\/users\/account$/)
  await page.reload()
  await expect(page.getByRole("status", { name: t("page.loading") })).toBeVisible()
  await expect(page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Dashboard" })).toBeVisible()
  release()
  await expect(page.getByText(/^Portfolio value over the/)).toBeVisible()
  await expect(page.getByRole("status", { name: t("page.loading") })).toHaveCount(0)
})

test("a visit with a kept session asks for the frame's first answers while the API's code is still coming, once each", async ({ page }) => {
  await resumeSession(page, DEMO)
  await expect(page.getByText(/^Portfolio value over the/)).toBeVisible()
  const asked: string[] = []
  page.on("request", (r) => {
    const path = new URL(r.url()).pathname
    if (/^\/api\/users\/(profile|account)(\/[^/]+)?$/.test(path)) asked.push(path)
  })
  // The API runtime's code (Effect, the contract, the services) is held: the start-up sends the
  // portfolios chart's first GETs without it (src/app/first-answers.ts), and the chart's first load
  // takes their answers instead of asking again.
  const release = await holdRequests(page, /\/assets\/api-[^/]+\.js$/)
  await page.reload()
  await expect.poll(() => [...asked].sort()).toEqual(expect.arrayContaining(["/api/users/account", "/api/users/profile"]))
  release()
  await expect(page.getByText(/^Portfolio value over the/)).toBeVisible()
  const accountId = await page.locator("[data-account-id]").first().getAttribute("data-account-id")
  expect(asked.sort()).toEqual(["/api/users/account", `/api/users/account/${accountId}`, "/api/users/profile"])
})

test("when a kept session's early request fails, the frame asks again and shows its figures", async ({ page }) => {
  await resumeSession(page, DEMO)
  let profiles = 0
  // The first request for the profile (the start-up's) fails as a dropped connection would.
  await page.route(/\/api\/users\/profile$/, (route) => (++profiles === 1 ? route.abort("connectionreset") : route.continue()))
  await page.reload()
  // The profile is part of the frame's first load: its figures show only once it has answered.
  await expect(page.getByText(/^Portfolio value over the/)).toBeVisible()
  expect(profiles).toBe(2)
})

test("a visit with a kept session shows the start-up splash before the app's scripts run, in the chosen language, and the app replaces it", async ({
  page,
}) => {
  await resumeSession(page, DEMO)
  await page.evaluate(() => window.localStorage.setItem("chartfolio.v1.language", JSON.stringify("de")))
  // The app's scripts never arrive: what shows is the page as the server sent it, with public/shell.js.
  await page.route(/\/assets\/.+\.js$/, (route) => route.abort())
  await page.reload()
  const splash = page.getByRole("status", { name: text("de", "common", "splash.loading") })
  await expect(splash).toBeVisible()
  await expect(page.getByText(text("de", "common", "sidePanel.welcome"), { exact: true })).toHaveCount(0)
  await page.unroute(/\/assets\/.+\.js$/)
  // With the scripts, the dashboard replaces it, in German.
  await page.reload()
  await expect(page.getByRole("region", { name: text("de", "dashboard", "performance.title") })).toBeVisible()
  await expect(splash).toHaveCount(0)
})

test("the dashboard's figures paint before its chart is drawn and the cards below the fold render, the side menu after the frame's first paint, and those follow", async ({
  page,
}) => {
  await resumeSession(page, DEMO)
  // Each animation frame notes what the page holds before it paints.
  await page.addInitScript(() => {
    const frames: Array<Record<"frame" | "summary" | "chart" | "positions" | "menu", boolean>> = []
    ;(window as unknown as { frames_: typeof frames }).frames_ = frames
    const note = () => {
      frames.push({
        frame: document.getElementById("main") !== null,
        summary: document.querySelector("[data-testid=performance-summary]") !== null,
        chart: document.querySelector("[data-testid=performance-chart]") !== null,
        positions: document.getElementById("dashboard-positions") !== null,
        menu: document.querySelector("aside nav") !== null,
      })
      requestAnimationFrame(note)
    }
    requestAnimationFrame(note)
  })
  await page.reload()
  await expect(page.getByRole("region", { name: t("positions.title") })).toBeVisible()
  await expect(page.getByTestId("performance-chart")).toBeAttached()
  await expect(page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Dashboard" })).toBeVisible()
  const frames = () => page.evaluate(() => (window as unknown as { frames_: Array<Record<string, boolean>> }).frames_)
  const noted = await frames()
  expect(noted.some((f) => f.summary && !f.chart && !f.positions)).toBe(true)
  // The frame's first paint (with the figures, or with its loading state when the answers are slow) comes without the side menu.
  expect(noted.find((f) => f.frame)).toMatchObject({ frame: true, menu: false })
  // The chart may have attached after the last frame noted so far: the next frames show it.
  await expect.poll(async () => (await frames()).at(-1)).toEqual({ frame: true, summary: true, chart: true, positions: true, menu: true })
})

test("while the suggestions load the carousel shows their skeleton, and never says there are none", async ({ page }) => {
  await resumeSession(page, DEMO)
  // Every text the page ever shows, from its first render: "No suggestions" for one frame would count.
  const none = t("suggestions.none")
  await page.addInitScript(`(() => {
    window.__saidNone = false
    new MutationObserver(() => {
      if (document.body && document.body.textContent.includes(${JSON.stringify(none)})) window.__saidNone = true
    }).observe(document, { subtree: true, childList: true, characterData: true })
  })()`)
  await page.reload()
  await expect(firstSuggestion(page)).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { __saidNone: boolean }).__saidNone)).toBe(false)
})

test("the suggestions' skeleton is 10 cards with as many side by side as the carousel shows, from its first paint (5 on a wide screen)", async ({ page }) => {
  await resumeSession(page, DEMO)
  await page.setViewportSize({ width: 1280, height: 800 })
  const loading = t("suggestions.loading")
  // The skeleton as the render that inserts it lays it out, before any effect of the page's has run:
  // how many cards, and the first one's share of the row's width.
  await page.addInitScript(`(() => {
    new MutationObserver((_, observer) => {
      const row = document.querySelector('[role="status"][aria-label=${JSON.stringify(loading)}]')
      if (!row || !row.firstElementChild) return
      observer.disconnect()
      window.__skeleton = { cards: row.children.length, share: row.firstElementChild.getBoundingClientRect().width / row.getBoundingClientRect().width }
    }).observe(document, { subtree: true, childList: true })
  })()`)
  const release = await holdRequests(page, /\/api\/users\/suggestion\//)
  await page.reload()
  const row = page.getByRole("status", { name: loading })
  await expect(row).toBeVisible()
  const first = (await page.evaluate(() => (window as unknown as { __skeleton?: { cards: number; share: number } }).__skeleton)) ?? null
  expect(first?.cards).toBe(10)
  // Five side by side: each card's basis is a fifth of the row (its gap is padding inside it).
  expect(first?.share).toBeCloseTo(0.2, 2)
  release()
  await expect(firstSuggestion(page)).toBeVisible()
  await expect(page.getByRole("group", { name: t("suggestions.label") }).getByRole("link")).toHaveCount(5)
})

test("on a phone, nothing in view moves as the dashboard's later parts come: the suggestions after their skeleton, then the bell", async ({ page }) => {
  await resumeSession(page, DEMO)
  // Lighthouse's phone: the suggestions are in view at the bottom of the screen.
  await page.setViewportSize({ width: 412, height: 823 })
  await watchLayoutShifts(page)
  // The suggestions answer once their skeleton has been seen, as on a slow network.
  const release = await holdRequests(page, /\/api\/users\/suggestion\//)
  await page.reload()
  await expect(page.getByRole("status", { name: t("suggestions.loading") })).toBeVisible()
  await expect(page.getByRole("button", { name: new RegExp(`^${text("en", "notifications", "bell.label")}`) })).toBeVisible()
  release()
  await expect(firstSuggestion(page)).toBeVisible()
  await expect(page.getByRole("button", { name: t("suggestions.pause") })).toBeVisible()
  expect(await layoutShifts(page)).toEqual([])
})
test("the filled dashboard and the create-portfolio modal have no serious accessibility violations", async ({ page }) => {
  await resumeSession(page, DEMO)
  await expect(page.getByRole("group", { name: t("suggestions.label") })).toBeVisible()
  await expect(
    page
      .getByRole("region", { name: t("news.title") })
      .getByRole("listitem")
      .first(),
  ).toBeVisible()
  await expect(page.getByTestId("performance-chart")).toBeAttached()
  expect(await seriousViolations(page)).toEqual([])
  await page.getByRole("button", { name: t("empty.newPortfolio") }).click()
  await expect(page.getByRole("dialog", { name: t("create.title") })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
})

test.describe("dashboard without portfolios", () => {
  test("an unverified user is prompted to create one, and the modal says only verified users may", async ({ page }) => {
    await signIn(page, NEW_USER)
    await expect(page.getByText(t("empty.prompt"))).toBeVisible()
    await page.getByRole("button", { name: t("empty.newPortfolio") }).click()
    const dialog = page.getByRole("dialog", { name: t("create.verifiedOnly") })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole("button", { name: t("create.create") })).toBeDisabled()
    await dialog.getByRole("button", { name: t("create.cancel") }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByText(t("empty.prompt"))).toBeVisible()
  })

  test("a newly registered user is not verified yet: the same prompt and gated modal", async ({ page }) => {
    await registerAndSignIn(page, "dash")
    await expect(page.getByText(t("empty.prompt"))).toBeVisible()
    await page.getByRole("button", { name: t("empty.newPortfolio") }).click()
    const dialog = page.getByRole("dialog", { name: t("create.verifiedOnly") })
    await expect(dialog.getByRole("button", { name: t("create.create") })).toBeDisabled()
  })
})

test("a verified user creates a portfolio: custodian required, then the selector lists it", async ({ page }) => {
  test.setTimeout(150_000)
  await signIn(page, APP_USER)
  await expect(selector(page)).toHaveValue(/^(IND|CUS) /)
  const before = await (await openSelector(page)).count()
  await page.keyboard.press("Escape")

  await page.getByRole("button", { name: t("empty.newPortfolio") }).click()
  const dialog = page.getByRole("dialog", { name: t("create.title") })
  await expect(dialog).toBeVisible()
  // Create without a custodian: the form says what is missing and stays open.
  await dialog.getByRole("button", { name: t("create.create") }).click()
  await expect(dialog.getByText(text("en", "forms", "validation.custodian-required"))).toBeVisible()
  const partner = dialog.getByLabel(t("create.partner"))
  const partnerName = (await partner.locator("option").nth(1).textContent()) ?? ""
  await partner.selectOption({ index: 1 })
  await expect(dialog.getByText(text("en", "forms", "validation.custodian-required"))).toBeHidden()
  await dialog.getByRole("button", { name: t("create.create") }).click()

  await expect(dialog).toBeHidden()
  await expect(page.getByText("Portfolio created successfully.")).toBeVisible()
  await expect(async () => {
    const options = await openSelector(page)
    expect(await options.count()).toBe(before + 1)
    await page.keyboard.press("Escape")
  }).toPass()
  expect(partnerName).not.toBe("")
})
