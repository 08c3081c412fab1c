import { type Locator, type Page } from "@playwright/test"
import { expect, test } from "./fixtures"
import { DEMO, signedInPage } from "./auth-support"
import { text } from "./support"

// Issue 31, "Words, numbers and formats": one formatting rule per kind of figure, the same on
// every page. Other specs trade the demo user's portfolios at the same time: our order is found
// by its symbol and an amount no other spec uses.

const o = (key: string, vars: Record<string, string | number> = {}) => text("en", "orders", key, vars)
const p = (key: string, vars: Record<string, string | number> = {}) => text("en", "portfolio", key, vars)
const d = (key: string) => text("en", "dashboard", key)

test.describe.configure({ timeout: 150_000 })

const bodyRows = (table: Locator) => table.getByRole("row").filter({ has: table.page().getByRole("cell") })
const ordersTable = (page: Page) => page.getByRole("table", { name: p("orders.title") })
const fact = (dialog: Locator, label: string) => dialog.getByText(label, { exact: true }).locator("xpath=following-sibling::*[1]")

/** A whole amount no other spec orders: it read "₦2,317" on the dashboard and "₦2,317.00" on the Orders page. */
const AMOUNT = "2317"
const SHOWN_AMOUNT = "₦2,317.00"

test("a whole amount reads the same with its decimals on the dashboard and the Orders page; a fill's quantity and price read the same in the Transactions table and the order's details", async ({
  browser,
  baseURL,
}) => {
  const page = await signedInPage(browser, baseURL, DEMO)
  await page.goto("/portfolio")
  await expect(page).toHaveURL(/\/portfolio\/[^/]+\/overview$/)
  const accountId = /\/portfolio\/([^/]+)\//.exec(page.url())?.[1] ?? ""
  await page.goto(`/portfolio/${accountId}/positions`)
  const link = bodyRows(page.getByRole("table", { name: p("positions.title") }))
    .first()
    .getByRole("link")
  await expect(link).toBeVisible()
  const symbol = (await link.innerText()).trim()

  // A MARKET BUY by amount in the NGN portfolio: it fills with a quantity of many fraction digits.
  await page.goto((await link.getAttribute("href")) ?? "")
  const quoteAnswer = page.waitForResponse((r) => r.url().includes("/api/users/instruments/") && r.url().includes("quote=only") && r.ok())
  await page.getByRole("button", { name: text("en", "instruments", "order.buy"), exact: true }).click()
  const ticket = page.getByRole("dialog", { name: new RegExp(o("ticket.title")) })
  await expect(ticket).toBeVisible()
  await quoteAnswer
  const portfolio = ticket.getByLabel(o("ticket.portfolio"))
  await expect(portfolio.locator("option", { hasText: /^IND NGN/ })).toHaveCount(1)
  const label = (await portfolio.locator("option").allTextContents()).find((l) => l.startsWith("IND NGN"))
  await portfolio.selectOption({ label: label! })
  await expect(portfolio).toHaveValue(/.+/)
  await ticket.getByLabel(o("ticket.amount"), { exact: true }).fill(AMOUNT)
  await ticket.getByRole("button", { name: o("ticket.submit") }).click()
  await ticket.getByRole("button", { name: o("ticket.confirm") }).click()
  await expect(ticket).toBeHidden()

  // The Orders page: the amount with its decimals; the order fills.
  await page.goto(`/portfolio/${accountId}/orders`)
  const row = bodyRows(ordersTable(page))
    .filter({ has: page.getByRole("link", { name: symbol, exact: true }) })
    .filter({ has: page.getByRole("cell", { name: SHOWN_AMOUNT, exact: true }) })
    .first()
  await expect(row).toContainText("FILLED", { timeout: 30_000 })

  // The dashboard's Recent Orders: the same amount, written the same way.
  await page.goto("/dashboard")
  const recent = page.getByRole("group", { name: d("orders.title") })
  await expect(recent.getByRole("row").filter({ hasText: symbol }).getByRole("cell", { name: SHOWN_AMOUNT, exact: true }).first()).toBeVisible()

  // The order's details: the fill price, and the quantity in full.
  await page.goto(`/portfolio/${accountId}/orders`)
  await row.getByRole("button", { name: p("orders.view") }).click()
  const detail = page.getByRole("dialog", { name: p("orders.detail.title") })
  const price = (await fact(detail, p("orders.detail.price")).innerText()).trim()
  const fullQuantity = (await fact(detail, p("orders.detail.quantity")).innerText()).trim()
  expect(price).toMatch(/^₦[\d,]+\.\d\d$/)
  expect(fullQuantity).toMatch(/^[\d,]+\.\d{5,}$/)
  await detail
    .getByRole("button", { name: p("orders.detail.close") })
    .first()
    .click()

  // The Transactions table says the fill in words, with the same price and the quantity to 4 digits.
  const [whole, fraction] = fullQuantity.split(".")
  const shownQuantity = `${whole}.${Number(`0.${fraction}`).toFixed(4).slice(2)}`.replace(/\.?0+$/, "")
  await page.goto(`/portfolio/${accountId}/transactions`)
  const bought = p("transactions.text.bought", { quantity: shownQuantity, symbol, price })
  await expect(
    page
      .getByRole("table", { name: p("transactions.title") })
      .getByText(bought, { exact: true })
      .first(),
  ).toBeVisible()
})

test("statuses read in one casing, upper case, in English and in German: orders, payments and bank accounts", async ({ browser, baseURL }) => {
  const page = await signedInPage(browser, baseURL, DEMO)
  const upperCase = async (where: Locator, lang: string) => {
    await expect(where.first()).toBeVisible()
    const shown = (await where.allInnerTexts()).map((s) => s.trim()).filter((s) => s !== "")
    expect(shown.length).toBeGreaterThan(0)
    for (const status of shown) expect(status, lang).toBe(status.toLocaleUpperCase(lang))
    return shown
  }
  const statuses = async (lang: string) => {
    await page.goto("/portfolio")
    await expect(page).toHaveURL(/\/portfolio\/[^/]+\/overview$/)
    const accountId = /\/portfolio\/([^/]+)\//.exec(page.url())?.[1] ?? ""
    await page.goto(`/portfolio/${accountId}/orders`)
    const orders = await upperCase(page.getByRole("table", { name: text(lang, "portfolio", "orders.title") }).locator(".chakra-badge"), lang)
    await page.goto(`/portfolio/${accountId}/payments`)
    await upperCase(page.getByRole("table", { name: text(lang, "portfolio", "payments.title") }).locator(".chakra-badge"), lang)
    await page.goto("/user-account/bank-accounts")
    const banks = await upperCase(page.getByRole("table", { name: text(lang, "account", "bankAccounts.title") }).locator(".chakra-badge"), lang)
    return { orders, banks }
  }

  const en = await statuses("en")
  // The seed's bank account status "active" (lower case in the data) reads like the orders' statuses.
  expect(en.banks).toContain("ACTIVE")

  await Promise.all([page.waitForEvent("load"), page.getByRole("combobox", { name: text("en", "common", "language.label") }).selectOption("de")])
  await expect(page.locator("html")).toHaveAttribute("lang", "de")
  const de = await statuses("de")
  expect(de.banks).toContain(text("de", "common", "enum.status.ACTIVE").toLocaleUpperCase("de"))
  expect(de.orders).toContain(text("de", "common", "enum.status.FILLED").toLocaleUpperCase("de"))
})
