import { type Page } from "@playwright/test"
import { expect, test } from "./fixtures"
import { DEMO, resumeSession } from "./auth-support"
import { openApp, text } from "./support"

// targets.md: browser faults on a workflow's calls (500, offline, malformed JSON) give a clear
// message in the user's language, no blank screen, and keep what the user typed.

test.describe.configure({ timeout: 120_000 })

const toast = (page: Page, message: string) => page.getByRole("status").filter({ hasText: message })

/** Switches the interface language the way a user does (the page reloads in it). */
const chooseLanguage = async (page: Page, code: string) => {
  await Promise.all([
    page.waitForEvent("load"),
    page
      .getByRole("combobox", { name: text("en", "common", "language.label") })
      .first()
      .selectOption(code),
  ])
}

test("a portfolio that fails to load with a 500: the error in German, the page stays, and a retry loads it", async ({ page }) => {
  await resumeSession(page, DEMO)
  await chooseLanguage(page, "de")
  let failing = true
  await page.route(/\/api\/users\/account\/[^/?]+$/, (route) =>
    failing ? route.fulfill({ status: 500, json: { statusCode: 500, code: "internal", error: "Internal failure" } }) : route.fallback(),
  )
  await openApp(page, "/dashboard")
  await expect(toast(page, text("de", "errors", "codes.internal"))).toBeVisible()
  await expect(page.getByText(text("de", "dashboard", "page.detailsFailed"))).toBeVisible()
  await expect(page.getByRole("navigation", { name: text("de", "common", "menu.label") }).first()).toBeVisible()

  failing = false
  await page
    .getByRole("button", { name: text("de", "dashboard", "page.retry") })
    .first()
    .click()
  await expect(page.getByText(text("de", "dashboard", "page.detailsFailed"))).toBeHidden()
  await expect(page.getByText(text("de", "dashboard", "empty.prompt"))).toBeHidden()
})

test("an instrument answer that cannot be read: a clear message, a retry, and the page recovers", async ({ page }) => {
  await resumeSession(page, DEMO)
  // Any instrument the user may see: the first search result.
  await openApp(page, "/instruments")
  await page.getByRole("searchbox", { name: text("en", "instruments", "search.label") }).fill("a")
  const first = page
    .getByRole("list", { name: text("en", "instruments", "search.results") })
    .getByRole("link")
    .first()
  const href = (await first.getAttribute("href")) ?? ""
  expect(href).toMatch(/^\/instruments\/view\//)

  let broken = true
  await page.route(/\/api\/instruments\/[^/?]+$/, (route) =>
    broken ? route.fulfill({ status: 200, contentType: "application/json", body: '{"id": "x", "symbol": ' }) : route.fallback(),
  )
  await openApp(page, href)
  await expect(toast(page, text("en", "errors", "codes.decode"))).toBeVisible()
  await expect(page.getByText(text("en", "instruments", "page.unavailable"))).toBeVisible()

  broken = false
  await page.getByRole("button", { name: text("en", "instruments", "page.retry") }).click()
  await expect(page.getByText(text("en", "instruments", "page.unavailable"))).toBeHidden()
  await expect(page.getByRole("button", { name: text("en", "instruments", "order.buy"), exact: true })).toBeEnabled()
})

test("an instrument link that leads nowhere (404) says the instrument does not exist and leads back to the search, not to a retry", async ({ page }) => {
  await resumeSession(page, DEMO)
  await openApp(page, "/instruments/view/no-such-instrument")
  await expect(page.getByRole("heading", { name: text("en", "instruments", "page.notFound") })).toBeVisible()
  await expect(page.getByRole("button", { name: text("en", "instruments", "page.retry") })).toHaveCount(0)
  await page.getByRole("link", { name: text("en", "instruments", "page.backToSearch") }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole("searchbox", { name: text("en", "instruments", "search.label") })).toBeVisible()
})

test("placing an order while offline: the modal says the server could not be reached and keeps every field", async ({ page }) => {
  await resumeSession(page, DEMO)
  await openApp(page, "/portfolio")
  await expect(page).toHaveURL(/\/portfolio\/[^/]+\/overview$/)
  await page
    .getByRole("navigation", { name: text("en", "portfolio", "tabs.label") })
    .getByRole("link", { name: text("en", "portfolio", "tabs.positions") })
    .click()
  const holding = page
    .getByRole("table", { name: text("en", "portfolio", "positions.title") })
    .getByRole("link")
    .first()
  const symbol = (await holding.innerText()).trim()
  await holding.click()
  await expect(page).toHaveURL(/\/instruments\/view\//)
  // The instrument's own BUY: until its heading shows, the /portfolio subheader (with a BUY of the same name) may still be on screen.
  await expect(page.getByRole("heading", { level: 1, name: symbol, exact: true })).toBeVisible()
  await page.getByRole("button", { name: text("en", "instruments", "order.buy"), exact: true }).click()
  const dialog = page.getByRole("dialog", { name: new RegExp(text("en", "orders", "ticket.title")) })
  await expect(dialog.getByRole("status", { name: text("en", "orders", "ticket.quote") })).toContainText(text("en", "orders", "ticket.ask"))
  const amount = dialog.getByLabel(text("en", "orders", "ticket.amount"), { exact: true })
  await amount.fill("1234.5")
  const quantity = await dialog.getByLabel(text("en", "orders", "ticket.quantity"), { exact: true }).inputValue()

  await page.route("**/api/users/order", (route) => route.abort("internetdisconnected"))
  await dialog.getByRole("button", { name: text("en", "orders", "ticket.submit") }).click()
  await dialog.getByRole("button", { name: text("en", "orders", "ticket.confirm") }).click()
  await expect(dialog.getByText(text("en", "errors", "codes.network"))).toBeVisible()
  await expect(amount).toHaveValue(/^1,?234\.5/)
  await expect(dialog.getByLabel(text("en", "orders", "ticket.quantity"), { exact: true })).toHaveValue(quantity)
  await expect(dialog.getByRole("button", { name: text("en", "orders", "ticket.submit") })).toBeEnabled()
})
