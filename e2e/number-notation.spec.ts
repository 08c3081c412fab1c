import { type Locator, type Page } from "@playwright/test"
import { expect, test } from "./fixtures"
import { formatMoney } from "../src/domain/format"
import { writeNumberText } from "../src/domain/number-text"
import { estimateAmount, estimateQuantity } from "../src/domain/order-ticket"
import { DEMO, resumeSession, signedInPage } from "./auth-support"
import { openFirstInstrument, text } from "./support"

// Issue 30, "A decimal comma multiplies the amount" and "The ticket's review is not what is sent":
// the ticket's and the withdrawal's numbers are typed and shown in the user's notation, sent as
// canonical decimals, and what is not a number there is refused in words, never reinterpreted.

test.describe.configure({ timeout: 120_000 })

type Lang = "en" | "de"
const LOCALE: Record<Lang, string> = { en: "en-GB", de: "de-DE" }
const LANGUAGE_KEY = "chartfolio.v1.language"

interface QuoteAnswer {
  readonly ask: string
  readonly bid: string
  readonly currency: string
}

const isQuote = (url: string) => {
  const u = new URL(url)
  return u.pathname.startsWith("/api/users/instruments/") && u.searchParams.get("quote") === "only"
}
const isOrderPost = (method: string, url: string) => method === "POST" && new URL(url).pathname === "/api/users/order"
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** The value of a review fact (a DataList item) by its label. */
const fact = (scope: Locator, label: string) =>
  scope
    .locator("dt")
    .filter({ hasText: new RegExp(`^${escape(label)}$`) })
    .locator("xpath=following-sibling::dd[1]")

/** Signs in as the demo user, in `lang`, and opens the first instrument found for "a"; returns its symbol and name. */
const openAnInstrument = async (page: Page, lang: Lang) => {
  await resumeSession(page, DEMO)
  if (lang !== "en") await page.evaluate(([key, value]) => window.localStorage.setItem(key, JSON.stringify(value)), [LANGUAGE_KEY, lang] as const)
  return openFirstInstrument(page, lang)
}

/** Presses BUY on the instrument page; returns the dialog, the quote it loaded, and the chosen portfolio's label (one in the quote's currency). */
const openBuyTicket = async (page: Page, lang: Lang) => {
  const o = (key: string, vars: Record<string, string | number> = {}) => text(lang, "orders", key, vars)
  const quoteAnswer = page.waitForResponse((r) => isQuote(r.url()) && r.ok())
  await page.getByRole("button", { name: text(lang, "instruments", "order.buy"), exact: true }).click()
  const dialog = page.getByRole("dialog")
  const quote = (await (await quoteAnswer).json()) as QuoteAnswer
  await expect(dialog.getByRole("status", { name: o("ticket.quote") })).toContainText(o("ticket.ask"))
  const select = dialog.getByLabel(o("ticket.portfolio"))
  const label = (await select.locator("option").allTextContents()).find((l) => l.split(" ").includes(quote.currency))
  expect(label, `a demo portfolio in ${quote.currency}`).toBeDefined()
  await select.selectOption({ label: label! })
  return { dialog, quote, portfolio: label! }
}

test("de: 1,5 typed in the ticket's Amount is 1.5 in the ticket, the review and the request; the title and review name the instrument and portfolio", async ({
  page,
}) => {
  const o = (key: string, vars: Record<string, string | number> = {}) => text("de", "orders", key, vars)
  const { symbol, name } = await openAnInstrument(page, "de")
  const { dialog, quote, portfolio } = await openBuyTicket(page, "de")
  // Opened from the instrument page: the title names the instrument, the line below it its name and the portfolio.
  await expect(dialog.getByRole("heading", { name: o("ticket.titleFor", { symbol }) })).toBeVisible()
  await expect(dialog.getByText(`${name} · ${portfolio}`, { exact: true })).toBeVisible()

  const amount = dialog.getByLabel(o("ticket.amount"), { exact: true })
  const quantity = dialog.getByLabel(o("ticket.quantity"), { exact: true })
  await amount.fill("1,5")
  // The estimate is 1.5 / ask, written in German notation.
  const estimate = estimateQuantity("1.5", quote.ask)!
  await expect(quantity).toHaveValue(writeNumberText(estimate, "de-DE"))
  // A number in German is written back in German notation when the field is left.
  await amount.blur()
  await expect(amount).toHaveValue("1,5")

  await dialog.getByRole("button", { name: o("ticket.submit") }).click()
  await expect(dialog.getByText(o("ticket.review.help"))).toBeVisible()
  // The review shows exactly what is sent: 1,50, the estimate as the field showed it (marked), the instrument and portfolio.
  await expect(fact(dialog, o("ticket.instrument"))).toHaveText(`${symbol} · ${name}`)
  await expect(fact(dialog, o("ticket.portfolio"))).toHaveText(portfolio)
  await expect(fact(dialog, o("ticket.amount"))).toHaveText(formatMoney("1.5", quote.currency, "de-DE", { fraction: "exact" }))
  await expect(fact(dialog, o("ticket.quantity"))).toHaveText(o("ticket.review.estimated", { value: writeNumberText(estimate, "de-DE") }))

  const placed = page.waitForRequest((r) => isOrderPost(r.method(), r.url()))
  await dialog.getByRole("button", { name: o("ticket.confirm") }).click()
  const body = (await placed).postDataJSON() as Record<string, unknown>
  expect(body).toMatchObject({ side: "BUY", type: "MARKET", priority: "amount", amount: "1.5", quantity: estimate })
  await expect(page.getByText(o("ticket.created"))).toBeVisible()
  await expect(dialog).toBeHidden()
})

test("the ticket refuses an exponent's e as it is typed, and a sign, a third decimal and a comma that is not English notation in words, keeps the text, and sends nothing", async ({
  page,
}) => {
  const o = (key: string, vars: Record<string, string | number> = {}) => text("en", "orders", key, vars)
  const f = (key: string, vars: Record<string, string | number> = {}) => text("en", "forms", key, vars)
  const posts: string[] = []
  page.on("request", (r) => {
    if (isOrderPost(r.method(), r.url())) posts.push(r.url())
  })
  await openAnInstrument(page, "en")
  const { dialog, quote } = await openBuyTicket(page, "en")
  const amount = dialog.getByLabel(o("ticket.amount"), { exact: true })
  const quantity = dialog.getByLabel(o("ticket.quantity"), { exact: true })

  // The e of 1e3 is refused as it is typed, like any letter, and the field says why; pasted whole,
  // 1e3 is refused and the field keeps its text (never 13, never 1000).
  await amount.pressSequentially("1e")
  await expect(amount).toHaveValue("1")
  await expect(dialog.getByText(o("ticket.digitsOnly"))).toBeVisible()
  await amount.fill("1e3")
  await expect(amount).toHaveValue("1")
  await expect(dialog.getByText(o("ticket.digitsOnly"))).toBeVisible()

  // A sign stays and says why; it never becomes 5.
  await amount.fill("")
  await amount.pressSequentially("-5")
  await expect(amount).toHaveValue("-5")
  await expect(dialog.getByRole("alert").filter({ hasText: f("validation.number-sign") })).toBeVisible()

  // A third decimal in a currency of cents: the rule in words, no estimate, and Create Order shows no review.
  await amount.fill("100.239")
  const decimals = f("validation.amount-decimals", { currency: quote.currency, max: 2 })
  await expect(dialog.getByRole("alert").filter({ hasText: decimals })).toBeVisible()
  await expect(amount).toHaveAccessibleDescription(new RegExp(escape(decimals)))
  await expect(quantity).toHaveValue("")
  await dialog.getByRole("button", { name: o("ticket.submit") }).click()
  await expect(dialog.getByRole("button", { name: o("ticket.confirm") })).toHaveCount(0)
  await expect(amount).toHaveValue("100.239")

  // 1,5 is not a number in English notation (a comma groups thousands): said once the field is left.
  await amount.fill("1,5")
  await amount.blur()
  await expect(dialog.getByRole("alert").filter({ hasText: f("validation.number-notation", { example: "1,234.56" }) })).toBeVisible()
  await expect(amount).toHaveValue("1,5")

  // Grouped the English way it is a number, written back grouped, and estimated.
  await amount.fill("1234.5")
  await amount.blur()
  await expect(amount).toHaveValue("1,234.5")
  await expect(quantity).toHaveValue(writeNumberText(estimateQuantity("1234.5", quote.ask), "en-GB"))
  await expect(dialog.getByRole("alert").filter({ hasText: f("validation.number-notation", { example: "1,234.56" }) })).toBeHidden()
  expect(posts).toEqual([])
})

test("by quantity, the amount is the estimate in the ticket and the review, rounded the same way, and the review sends what it shows", async ({ page }) => {
  const o = (key: string, vars: Record<string, string | number> = {}) => text("en", "orders", key, vars)
  await openAnInstrument(page, "en")
  const { dialog, quote } = await openBuyTicket(page, "en")
  const amount = dialog.getByLabel(o("ticket.amount"), { exact: true })
  const quantity = dialog.getByLabel(o("ticket.quantity"), { exact: true })
  await quantity.fill("0.5")
  const estimate = estimateAmount("0.5", quote.ask)!
  await expect(amount).toHaveValue(writeNumberText(estimate, "en-GB"))
  await expect(amount).toHaveAccessibleDescription(o("ticket.estimated"))
  await dialog.getByRole("button", { name: o("ticket.submit") }).click()
  // The quantity was typed: exact; the amount and the total are the estimates.
  await expect(fact(dialog, o("ticket.quantity"))).toHaveText("0.5")
  await expect(fact(dialog, o("ticket.amount"))).toHaveText(
    o("ticket.review.estimated", { value: formatMoney(estimate, quote.currency, "en-GB", { fraction: "exact" }) }),
  )
  await expect(fact(dialog, o("ticket.review.total"))).toHaveText(
    o("ticket.review.estimated", { value: formatMoney(estimate, quote.currency, "en-GB", { fraction: "exact" }) }),
  )
  const placed = page.waitForRequest((r) => isOrderPost(r.method(), r.url()))
  await dialog.getByRole("button", { name: o("ticket.confirm") }).click()
  expect((await placed).postDataJSON()).toMatchObject({ side: "BUY", type: "MARKET", priority: "quantity", quantity: "0.5", amount: estimate })
  await expect(dialog).toBeHidden()
})

test("de: 1.500,50 typed in the withdrawal's Amount is 1500.5 in the review and the request; English notation and an exponent's e are refused in German", async ({
  browser,
  baseURL,
}) => {
  const page = await signedInPage(browser, baseURL, DEMO)
  await page.context().addInitScript(([key, value]) => window.localStorage.setItem(key, JSON.stringify(value)), [LANGUAGE_KEY, "de"] as const)
  const p = (key: string) => text("de", "portfolio", key)
  const f = (key: string, vars: Record<string, string | number> = {}) => text("de", "forms", key, vars)
  await page.goto("/portfolio")
  await expect(page).toHaveURL(/\/portfolio\/[^/]+\/overview$/)
  // The NGN portfolio (IND NGN …), paid out over NUBAN to the demo user's Lekki Commercial Bank account.
  const selector = page.getByRole("combobox", { name: p("selector.label") })
  if (!(await selector.inputValue()).startsWith("IND NGN")) {
    await selector.click()
    await page.getByRole("option", { name: /^IND NGN/ }).click()
  }
  await page
    .getByRole("navigation", { name: p("tabs.label") })
    .getByRole("link", { name: p("tabs.payments") })
    .click()
  await expect(page.getByRole("table", { name: p("payments.title") })).toBeVisible()
  await page.getByRole("button", { name: p("withdraw.open"), exact: true }).click()
  const modal = page.getByRole("dialog", { name: p("withdraw.title") })
  await modal.getByLabel(p("withdraw.channel")).selectOption({ label: p("withdraw.channels.NUBAN") })
  const bankSelect = modal.getByLabel(p("withdraw.bankAccount"))
  await bankSelect.selectOption({ label: (await bankSelect.getByRole("option", { name: /^Lekki Commercial Bank/ }).innerText()).trim() })
  const amount = modal.getByLabel(p("withdraw.amount"))
  // The cash is shown in German notation (1.998.273,57 ₦), and the amount is typed the same way.
  await expect(modal.getByText(/\d{1,3}(\.\d{3})*,\d\d\s₦/)).toBeVisible()

  // An exponent's e is refused as it is typed, like any letter, and the field says why.
  await amount.pressSequentially("1e")
  await expect(amount).toHaveValue("1")
  await expect(modal.getByText(f("typing.decimalOnly"))).toBeVisible()
  // English notation is not a German number: said on Create, no review.
  await amount.fill("1500.50")
  await modal.getByRole("button", { name: p("withdraw.review") }).click()
  await expect(modal.getByText(f("validation.number-notation", { example: "1.234,56" }))).toBeVisible()
  await expect(page.getByRole("dialog", { name: p("withdraw.reviewTitle") })).toHaveCount(0)
  await expect(amount).toHaveValue("1500.50")

  await amount.fill("1.500,50")
  await modal.getByRole("button", { name: p("withdraw.review") }).click()
  const review = page.getByRole("dialog", { name: p("withdraw.reviewTitle") })
  await expect(fact(review, p("withdraw.amount"))).toHaveText(formatMoney("1500.5", "NGN", LOCALE.de, { fraction: "fixed" }))
  const sent = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/users/withdraw")
  await review.getByRole("button", { name: p("withdraw.confirm") }).click()
  expect((await sent).postDataJSON()).toMatchObject({ channel: "NUBAN", amount: "1500.5" })
  await expect(page.getByRole("dialog", { name: p("withdraw.reviewTitle") })).toBeHidden()
  await page.close()
})
