import { type Page } from "@playwright/test"
import { expect, test } from "./fixtures"
import { DATA_ENUMS } from "../src/domain/enums"
import { DEMO, signedInPage } from "./auth-support"
import { openApp, scrollToRow, text } from "./support"

// Issue 12, "Translations and layout" and "Focus, toasts, demo data".

const OTHER_LANGUAGES = ["zh", "es", "ja", "de", "fr"] as const
type Lang = (typeof OTHER_LANGUAGES)[number] | "en"

/** A page of the demo user's session (shared per worker) shown in `lang` (stored as the language switcher stores it). */
const pageIn = async (browser: Parameters<typeof signedInPage>[0], baseURL: string | undefined, lang: Lang): Promise<Page> => {
  const page = await signedInPage(browser, baseURL, DEMO)
  await page.context().addInitScript((code) => window.localStorage.setItem("chartfolio.v1.language", JSON.stringify(code)), lang)
  return page
}

/** Waits until the page shows its content: the main region there, no skeleton and nothing busy. */
const loaded = async (page: Page) => {
  await expect(page.getByRole("main")).toBeVisible({ timeout: 20_000 })
  await expect(page.locator(".chakra-skeleton, [data-scope=skeleton], [aria-busy=true]")).toHaveCount(0, { timeout: 20_000 })
}

/**
 * The English texts of every value of the data's enumerations (src/domain/enums.ts): the code, the
 * code with spaces, and the English label; minus any that is also the language's own word (French
 * 'Stable', 'Positive'). Plus the English 'YTD' button.
 */
const forbiddenIn = (lang: Lang): ReadonlyArray<string> => {
  const terms = new Set<string>(["YTD"])
  for (const [kind, values] of Object.entries(DATA_ENUMS)) {
    for (const value of values) {
      const own = text(lang, "common", `enum.${kind}.${value}`)
      for (const english of [value, value.replaceAll("_", " "), text("en", "common", `enum.${kind}.${value}`)]) if (english !== own) terms.add(english)
    }
  }
  if (text(lang, "dashboard", "performance.range.ytd") === "YTD") terms.delete("YTD")
  return [...terms]
}

/**
 * The visible text of the page that the app writes, leaving out what the server writes in English
 * by design (docs/decisions/0079-payout-lifecycle.md): news articles, the instrument's description and news, a payment's
 * timeline activities; symbols and names are proper names and not in the list anyway.
 */
const appText = (page: Page) =>
  page.evaluate(() => {
    const skip = "article, #instrument-news, #instrument-about, [data-server-text]"
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    const parts: string[] = []
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      if (!parent || parent.closest(skip) || parent.closest("script, style, noscript")) continue
      if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: false })) continue
      parts.push(node.textContent ?? "")
    }
    // Options of a native select are data shown in the language too.
    for (const option of document.querySelectorAll("option")) parts.push(option.textContent ?? "")
    return parts.join("\n")
  })

const englishLeft = (content: string, terms: ReadonlyArray<string>) =>
  terms.filter((term) => new RegExp(`(?<![\\p{L}\\p{N}_])${term.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\p{N}_])`, "u").test(content))

for (const lang of OTHER_LANGUAGES) {
  test(`${lang}: no English enum value or code is left on any signed-in page`, async ({ browser, baseURL }) => {
    test.setTimeout(180_000)
    const page = await pageIn(browser, baseURL, lang)
    const terms = forbiddenIn(lang)
    const found: Record<string, ReadonlyArray<string>> = {}
    const check = async (name: string) => {
      await loaded(page)
      const left = englishLeft(await appText(page), terms)
      if (left.length > 0) found[name] = left
    }
    await openApp(page, "/dashboard")
    await check("/dashboard")
    // An instrument page, opened from the side menu's search.
    await page.getByRole("tab", { name: text(lang, "common", "menu.instruments") }).click()
    await page.getByRole("searchbox", { name: text(lang, "instruments", "search.label") }).fill("a")
    const hit = page
      .getByRole("list", { name: text(lang, "instruments", "search.results") })
      .getByRole("link")
      .first()
    await hit.click()
    await expect(page).toHaveURL(/\/instruments\/view\//)
    await expect(page.locator("#instrument-analysis")).toBeVisible({ timeout: 20_000 })
    await check("/instruments/view/…")
    await page.goto("/portfolio")
    await expect(page).toHaveURL(/\/portfolio\/[^/]+\/overview$/)
    const account = new URL(page.url()).pathname.split("/")[2] ?? ""
    for (const path of [
      `/portfolio/${account}/overview`,
      `/portfolio/${account}/positions`,
      `/portfolio/${account}/orders`,
      `/portfolio/${account}/transactions`,
      `/portfolio/${account}/payments`,
      `/portfolio/${account}/statements`,
      "/business-news",
      "/user-account/profile-overview",
      "/user-account/profile-detail",
      "/user-account/documents",
      "/user-account/compliance",
    ]) {
      await page.goto(path)
      await check(path)
    }
    expect(found).toEqual({})
    await page.context().close()
  })
}

for (const lang of ["es", "de"] as const) {
  test(`${lang}: the dashboard's Recent Orders table fits its card at 1440 px`, async ({ browser, baseURL }) => {
    const page = await pageIn(browser, baseURL, lang)
    await page.setViewportSize({ width: 1440, height: 900 })
    await openApp(page, "/dashboard")
    const card = page.getByRole("region", { name: text(lang, "dashboard", "orders.title") })
    const table = card.getByRole("table")
    await expect(table.getByRole("row").nth(1)).toBeVisible({ timeout: 20_000 })
    const scroller = card.getByRole("group", { name: text(lang, "dashboard", "orders.title") })
    const { scrollWidth, clientWidth } = await scroller.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }))
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth)
    await page.context().close()
  })
}

test("opening an instrument from the side menu's search moves the focus to its heading; Tab alone reaches the Instruments tab", async ({
  browser,
  baseURL,
}) => {
  const page = await pageIn(browser, baseURL, "en")
  await openApp(page, "/dashboard")
  const menuTab = page.getByRole("tab", { name: text("en", "common", "menu.menuTab") })
  const instrumentsTab = page.getByRole("tab", { name: text("en", "common", "menu.instruments") })
  await menuTab.focus()
  await page.keyboard.press("Tab")
  await expect(instrumentsTab).toBeFocused()
  await page.keyboard.press("Enter")
  await expect(instrumentsTab).toHaveAttribute("aria-selected", "true")
  await page.getByRole("searchbox", { name: text("en", "instruments", "search.label") }).fill("a")
  const hit = page
    .getByRole("list", { name: text("en", "instruments", "search.results") })
    .getByRole("link")
    .first()
  await hit.click()
  await expect(page).toHaveURL(/\/instruments\/view\//)
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused({ timeout: 20_000 })
  // Another page from the side menu: its heading takes the focus too.
  await page.getByRole("tab", { name: text("en", "common", "menu.menuTab") }).click()
  await page
    .getByRole("navigation")
    .getByRole("link", { name: text("en", "common", "menu.businessNews") })
    .click()
  await expect(page).toHaveURL(/\/business-news$/)
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused({ timeout: 20_000 })
  // A portfolio subpage names itself in its (visually hidden) h1, which takes the focus too.
  await page
    .getByRole("navigation")
    .getByRole("link", { name: text("en", "common", "menu.portfolio"), exact: true })
    .click()
  await expect(page).toHaveURL(/\/portfolio\/[^/]+\/overview$/)
  // /portfolio went on to the first account's overview (a redirect inside this navigation): its heading has the focus.
  await expect(
    page.getByRole("heading", { level: 1, name: text("en", "portfolio", "frame.heading", { page: text("en", "portfolio", "tabs.overview") }) }),
  ).toBeFocused({ timeout: 20_000 })
  await page
    .getByRole("navigation", { name: text("en", "portfolio", "tabs.label") })
    .getByRole("link", { name: text("en", "portfolio", "tabs.positions") })
    .click()
  await expect(
    page.getByRole("heading", { level: 1, name: text("en", "portfolio", "frame.heading", { page: text("en", "portfolio", "tabs.positions") }) }),
  ).toBeFocused()
  await page.context().close()
})

for (const viewport of [
  { name: "desktop", width: 1440, height: 900 },
  { name: "phone", width: 390, height: 844 },
]) {
  test(`${viewport.name}: a toast does not cover the header's language and user controls`, async ({ browser, baseURL }) => {
    const page = await pageIn(browser, baseURL, "en")
    await page.setViewportSize({ width: viewport.width, height: viewport.height })
    await page.route("**/api/overview/business-news**", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: "Down for the test" }) }),
    )
    await openApp(page, "/business-news")
    const toast = page.locator("[role=status][aria-live]").filter({ hasText: /./ }).first()
    await expect(toast).toBeVisible({ timeout: 20_000 })
    // Where the toast rests: it slides in from above, so wait until two reads a frame apart agree.
    let last = ""
    await expect
      .poll(async () => {
        const now = JSON.stringify(await toast.boundingBox())
        const settled = now === last
        last = now
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
        return settled
      })
      .toBe(true)
    const box = await toast.boundingBox()
    for (const control of [
      page.getByRole("combobox", { name: text("en", "common", "language.label") }),
      page.getByRole("button", { name: text("en", "common", "userPanel.open") }),
    ]) {
      const other = await control.boundingBox()
      expect(box && other).toBeTruthy()
      if (!box || !other) continue
      const overlaps = box.x < other.x + other.width && other.x < box.x + box.width && box.y < other.y + other.height && other.y < box.y + box.height
      expect(overlaps).toBe(false)
    }
    await page.context().close()
  })
}

test("the BUY button's keyboard focus ring is clearly visible", async ({ browser, baseURL }) => {
  const page = await pageIn(browser, baseURL, "en")
  await openApp(page, "/portfolio")
  // /portfolio goes on to the first account's overview, whose subheader replaces the first one.
  // That redirect is still the visit's first page, so the focus stays where the browser put it (the
  // page's heading does not take it, whether or not /portfolio was shown before the redirect):
  // nothing moves the focus under the keys below.
  await expect(page).toHaveURL(/\/portfolio\/[^/]+\/overview$/)
  const buy = page.getByRole("button", { name: text("en", "portfolio", "subheader.buy"), exact: true })
  await expect(buy).toBeEnabled({ timeout: 20_000 })
  await expect(
    page.getByRole("heading", { level: 1, name: text("en", "portfolio", "frame.heading", { page: text("en", "portfolio", "tabs.overview") }) }),
  ).toBeVisible()
  await expect(page.getByRole("heading", { level: 1 })).not.toBeFocused()
  // Reach it with the keyboard (focus-visible): Shift+Tab from SELL, next to it.
  await page.getByRole("button", { name: text("en", "portfolio", "subheader.sell"), exact: true }).focus()
  await page.keyboard.press("Shift+Tab")
  await expect(buy).toBeFocused()
  const ring = await buy.evaluate((el) => {
    const s = getComputedStyle(el)
    return { style: s.outlineStyle, width: parseFloat(s.outlineWidth), offset: parseFloat(s.outlineOffset), colour: s.outlineColor }
  })
  expect(ring.style).toBe("solid")
  expect(ring.width).toBeGreaterThanOrEqual(2)
  expect(ring.offset).toBeGreaterThanOrEqual(2)
  // A dark ring: its relative luminance is far from the light subheader behind it.
  const [r, g, b] = (ring.colour.match(/[\d.]+/g) ?? []).map(Number)
  const lin = (c = 0) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)
  const luminance = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
  expect((1.0 + 0.05) / (luminance + 0.05)).toBeGreaterThanOrEqual(3)
  await page.context().close()
})

test("de: a rejected order's reason is said in German with the amounts in German notation", async ({ browser, baseURL }) => {
  const page = await pageIn(browser, baseURL, "de")
  await page.goto("/portfolio")
  await expect(page).toHaveURL(/\/portfolio\/[^/]+\/overview$/)
  const account = new URL(page.url()).pathname.split("/")[2] ?? ""
  await page.goto(`/portfolio/${account}/orders`)
  const orders = page.getByRole("table", { name: text("de", "portfolio", "orders.title") })
  const rejected = orders
    .getByRole("row")
    .filter({ hasText: text("de", "common", "enum.status.REJECTED") })
    .last()
  await scrollToRow(orders, rejected)
  await rejected.getByRole("button", { name: text("de", "portfolio", "orders.view") }).click()
  const detail = page.getByRole("dialog", { name: text("de", "portfolio", "orders.detail.title") })
  await expect(detail.getByText(text("de", "portfolio", "orders.detail.errorMessage"), { exact: true })).toBeVisible()
  // "Nicht genügend Guthaben: Die Order benötigt 5.993.459,67 ₦, das Konto hält 1.997.819,89 ₦." (Intl's German money).
  const german = /Nicht genügend Guthaben: Die Order benötigt \d{1,3}(\.\d{3})*,\d\d\s₦, das Konto hält \d{1,3}(\.\d{3})*,\d\d\s₦\./
  await expect(detail).toContainText(german)
  await expect(detail).not.toContainText("Insufficient cash")
  await page.context().close()
})
