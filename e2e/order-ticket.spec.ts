import { type Locator, type Page } from "@playwright/test"
import { expect, test } from "./fixtures"
import { seriousViolations } from "./axe"
import { writeNumberText } from "../src/domain/number-text"
import { estimateAmount, estimateQuantity } from "../src/domain/order-ticket"
import { DEMO, resumeSession } from "./auth-support"
import { openApp, openFirstInstrument, text } from "./support"

const t = (key: string, vars: Record<string, string | number> = {}) => text("en", "orders", key, vars)
/** A decimal as an English ticket shows it (the estimates are written in the user's notation). */
const shown = (value: string | null) => writeNumberText(value, "en-GB")
/** The English label of an order side or type (`common:enum`): "side.BUY", "type.STOP". */
const e = (key: string) => text("en", "common", `enum.${key.startsWith("side.") ? "orderSide" : "orderType"}.${key.split(".")[1]}`)
const instruments = (key: string) => text("en", "instruments", key)

interface QuoteAnswer {
  readonly ask: string
  readonly bid: string
  readonly currency: string
}

/** Whether a response is the ticket's quote call (GET /api/users/instruments/{id}?quote=only). */
const isQuote = (url: string) => {
  const u = new URL(url)
  return u.pathname.startsWith("/api/users/instruments/") && u.searchParams.get("quote") === "only"
}

/**
 * Signs in as the demo user and opens an instrument page the way a user does: the side menu's
 * Instruments tab, a search, the first result.
 */
const openAnInstrument = async (page: Page) => {
  await resumeSession(page, DEMO)
  await openFirstInstrument(page)
}

/** Presses BUY or SELL in the instrument page's subheader; returns the dialog and the quote it loaded. */
const openTicket = async (page: Page, side: "buy" | "sell"): Promise<{ dialog: Locator; quote: QuoteAnswer }> => {
  const quoteAnswer = page.waitForResponse((r) => isQuote(r.url()) && r.ok())
  await page.getByRole("button", { name: instruments(`order.${side}`), exact: true }).click()
  const dialog = page.getByRole("dialog")
  await expect(dialog.getByRole("heading", { name: new RegExp(t("ticket.title")) })).toBeVisible()
  const quote = (await (await quoteAnswer).json()) as QuoteAnswer
  await expect(dialog.getByRole("status", { name: t("ticket.quote") })).toContainText(t("ticket.ask"))
  return { dialog, quote }
}

/** Chooses a portfolio in the instrument's currency (the server refuses another currency). */
const choosePortfolioIn = async (dialog: Locator, currency: string) => {
  const select = dialog.getByLabel(t("ticket.portfolio"))
  const labels = await select.locator("option").allTextContents()
  const label = labels.find((l) => l.split(" ").includes(currency))
  expect(label, `a demo portfolio in ${currency}`).toBeDefined()
  await select.selectOption({ label: label! })
}

const field = (dialog: Locator, name: "amount" | "quantity" | "price") => dialog.getByLabel(t(`ticket.${name}`), { exact: true })
const createOrder = (dialog: Locator) => dialog.getByRole("button", { name: t("ticket.submit") })
const confirmOrder = (dialog: Locator) => dialog.getByRole("button", { name: t("ticket.confirm") })
const typeSelect = (dialog: Locator) => dialog.getByLabel(t("ticket.type"))

test("MARKET BUY: the estimate follows the typed field, an empty amount is refused, the order is created and the modal closes", async ({ page }) => {
  await openAnInstrument(page)
  const { dialog, quote } = await openTicket(page, "buy")
  await choosePortfolioIn(dialog, quote.currency)

  // Nothing typed: the spec's message, linked to the amount field.
  await createOrder(dialog).click()
  const message = "Valid Amount required for MARKET BUY"
  await expect(dialog.getByRole("alert").filter({ hasText: message })).toBeVisible()
  await expect(field(dialog, "amount")).toHaveAccessibleDescription(message)
  await expect(field(dialog, "amount")).toHaveAttribute("aria-invalid", "true")

  // Amount typed: the quantity is estimated from the ask and says so.
  await field(dialog, "amount").fill("50")
  await expect(field(dialog, "quantity")).toHaveValue(shown(estimateQuantity("50", quote.ask)))
  await expect(field(dialog, "quantity")).toHaveAccessibleDescription(t("ticket.estimated"))
  await expect(field(dialog, "amount")).not.toHaveAccessibleDescription(t("ticket.estimated"))
  await expect(dialog.getByText(message)).toBeHidden()

  // Quantity typed: now the amount is the estimate (2 decimals).
  await field(dialog, "quantity").fill("0.5")
  await expect(field(dialog, "amount")).toHaveValue(shown(estimateAmount("0.5", quote.ask)))
  await expect(field(dialog, "amount")).toHaveAccessibleDescription(t("ticket.estimated"))
  await expect(field(dialog, "quantity")).not.toHaveAccessibleDescription(t("ticket.estimated"))

  // Numbers are reformatted on blur.
  await field(dialog, "quantity").fill("0.50")
  await field(dialog, "quantity").blur()
  await expect(field(dialog, "quantity")).toHaveValue("0.5")

  // Back to the amount, then Create Order: the review step shows what will be bought, at what
  // price, the fees and total; Back keeps every field; Confirm sends it.
  await field(dialog, "amount").fill("25")
  await expect(field(dialog, "quantity")).toHaveValue(shown(estimateQuantity("25", quote.ask)))
  await createOrder(dialog).click()
  await expect(dialog.getByText(t("ticket.review.help"))).toBeVisible()
  for (const label of [t("ticket.review.price"), t("ticket.review.fees"), t("ticket.review.total"), t("ticket.review.cashAfter")])
    await expect(dialog.getByText(label, { exact: true })).toBeVisible()
  await dialog.getByRole("button", { name: t("ticket.back") }).click()
  await expect(field(dialog, "amount")).toHaveValue("25")
  await createOrder(dialog).click()
  const placed = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/users/order")
  await confirmOrder(dialog).click()
  const body = (await placed).postDataJSON() as Record<string, unknown>
  expect(body).toMatchObject({ side: "BUY", type: "MARKET", priority: "amount", amount: "25", quantity: estimateQuantity("25", quote.ask) })
  await expect(page.getByText(t("ticket.created"))).toBeVisible()
  await expect(dialog).toBeHidden()
})

test("Stop Loss is offered for SELL only; changing side or type clears the ticket; LIMIT needs price and quantity", async ({ page }) => {
  await openAnInstrument(page)
  const { dialog } = await openTicket(page, "buy")
  const options = () => typeSelect(dialog).locator("option").allTextContents()
  expect(await options()).toEqual([e("type.MARKET"), e("type.LIMIT")])

  // Typed values, then SELL: type back to MARKET, fields empty, Stop Loss offered.
  await field(dialog, "amount").fill("10")
  await expect(field(dialog, "quantity")).not.toHaveValue("")
  await dialog.getByRole("button", { name: e("side.SELL"), exact: true }).click()
  await expect(dialog.getByRole("button", { name: e("side.SELL"), exact: true })).toHaveAttribute("aria-pressed", "true")
  await expect(typeSelect(dialog)).toHaveValue("MARKET")
  await expect(field(dialog, "amount")).toHaveValue("")
  await expect(field(dialog, "quantity")).toHaveValue("")
  expect(await options()).toEqual([e("type.MARKET"), e("type.LIMIT"), e("type.STOP")])

  // LIMIT: target price and quantity, no amount; an incomplete ticket gets the spec's message.
  await typeSelect(dialog).selectOption({ label: e("type.LIMIT") })
  await expect(field(dialog, "amount")).toHaveCount(0)
  await field(dialog, "price").fill("12.50")
  await createOrder(dialog).click()
  const message = "Valid Target Price and Quantity required for LIMIT SELL"
  await expect(dialog.getByRole("alert").filter({ hasText: message })).toBeVisible()
  await expect(field(dialog, "quantity")).toHaveAccessibleDescription(message)

  // Stop Loss clears the fields too; back to BUY drops Stop Loss and returns to MARKET.
  await typeSelect(dialog).selectOption({ label: e("type.STOP") })
  await expect(field(dialog, "price")).toHaveValue("")
  await dialog.getByRole("button", { name: e("side.BUY"), exact: true }).click()
  await expect(typeSelect(dialog)).toHaveValue("MARKET")
  expect(await options()).toEqual([e("type.MARKET"), e("type.LIMIT")])

  // No serious or critical accessibility finding in the open modal.
  expect(await seriousViolations(page, "[role=dialog]")).toEqual([])

  // Cancel closes without an order.
  await dialog.getByRole("button", { name: t("ticket.cancel") }).click()
  await expect(dialog).toBeHidden()
})

test("a refused order shows the server's text in the modal and keeps every field; a retry reuses the key, a change makes a new one", async ({ page }) => {
  await openAnInstrument(page)
  const keys: string[] = []
  await page.route(
    (url) => url.pathname === "/api/users/order",
    async (route) => {
      if (route.request().method() !== "POST") return route.continue()
      keys.push((await route.request().headerValue("idempotency-key")) ?? "")
      await route.fulfill({
        status: 422,
        contentType: "application/json",
        body: JSON.stringify({ statusCode: 422, error: "Trading in this instrument is paused", message: "Unprocessable" }),
      })
    },
  )
  const { dialog, quote } = await openTicket(page, "buy")
  await choosePortfolioIn(dialog, quote.currency)
  await field(dialog, "quantity").fill("1")
  const amount = shown(estimateAmount("1", quote.ask))
  await expect(field(dialog, "amount")).toHaveValue(amount)

  await createOrder(dialog).click()
  await confirmOrder(dialog).click()
  await expect(dialog.getByRole("alert").filter({ hasText: "Trading in this instrument is paused" })).toBeVisible()
  await expect(dialog).toBeVisible()
  await expect(field(dialog, "quantity")).toHaveValue("1")
  await expect(field(dialog, "amount")).toHaveValue(amount)
  await expect(typeSelect(dialog)).toHaveValue("MARKET")
  await expect(dialog.getByRole("button", { name: e("side.BUY"), exact: true })).toHaveAttribute("aria-pressed", "true")
  await expect(dialog.getByLabel(t("ticket.portfolio"))).not.toHaveValue("")

  // The same ticket again: the same Idempotency-Key. After a change: a new one.
  await createOrder(dialog).click()
  await confirmOrder(dialog).click()
  await expect.poll(() => keys.length).toBe(2)
  await field(dialog, "quantity").fill("2")
  await createOrder(dialog).click()
  await confirmOrder(dialog).click()
  await expect.poll(() => keys.length).toBe(3)
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/)
  expect(keys[1]).toBe(keys[0])
  expect(keys[2]).not.toBe(keys[0])
})

test("BUY from /portfolio: the instrument is picked by search inside the modal, then the quote loads", async ({ page }) => {
  await resumeSession(page, DEMO)
  await openApp(page, "/portfolio")
  await expect(page).toHaveURL(/\/portfolio\/[^/]+/)
  await page.getByRole("button", { name: text("en", "portfolio", "subheader.buy"), exact: true }).click()
  const dialog = page.getByRole("dialog")
  const search = dialog.getByRole("searchbox", { name: t("ticket.instrument") })
  await expect(search).toBeFocused()
  // Nothing to order yet: Create Order stays disabled, and no quote is said to be loading.
  await expect(createOrder(dialog)).toBeDisabled()
  await expect(dialog.getByRole("status", { name: t("ticket.quote") })).toHaveText(t("ticket.quoteAfterPick"))
  await search.fill("a")
  const first = dialog
    .getByRole("list", { name: t("ticket.instrumentResults") })
    .getByRole("button")
    .first()
  const quoteAnswer = page.waitForResponse((r) => isQuote(r.url()) && r.ok())
  await first.click()
  await expect(first).toHaveAttribute("aria-pressed", "true")
  const quote = (await (await quoteAnswer).json()) as QuoteAnswer
  // The title names the instrument picked.
  await expect(dialog.getByRole("heading", { name: new RegExp(`^${t("ticket.title")}: \\S+`) })).toBeVisible()
  await expect(dialog.getByRole("status", { name: t("ticket.quote") })).toContainText(t("ticket.bid"))
  await choosePortfolioIn(dialog, quote.currency)
  await expect(createOrder(dialog)).toBeEnabled()
  await field(dialog, "amount").fill("40")
  await expect(field(dialog, "quantity")).toHaveValue(shown(estimateQuantity("40", quote.ask)))
})

test("the ticket checks before sending: letters are refused as they are typed, the buying power shows, and a BUY above the cash is stopped with the reason", async ({
  page,
}) => {
  await openAnInstrument(page)
  const { dialog, quote } = await openTicket(page, "buy")
  await choosePortfolioIn(dialog, quote.currency)
  // The chosen portfolio's cash is shown.
  const cashLine = dialog.getByText(new RegExp(`^${t("ticket.availableCash", { cash: "" }).trim()}`))
  await expect(cashLine).toBeVisible()
  const cash = Number((await cashLine.innerText()).replace(/[^\d.]/g, ""))

  // Letters and signs are refused as they are typed, and the field says why.
  await field(dialog, "amount").pressSequentially("1a2-")
  await expect(field(dialog, "amount")).toHaveValue("12")
  await expect(dialog.getByText(t("ticket.digitsOnly"))).toBeVisible()
  await field(dialog, "amount").pressSequentially("5")
  await expect(field(dialog, "amount")).toHaveValue("125")
  await expect(dialog.getByText(t("ticket.digitsOnly"))).toBeHidden()

  // More than the cash: stopped before sending, the amount marked, no review.
  const tooMuch = String(Math.ceil(cash) + 1000)
  await field(dialog, "amount").fill(tooMuch)
  await createOrder(dialog).click()
  const reason = dialog.getByRole("alert").filter({ hasText: t("validation.order.above-cash", { available: "" }).replace(/\s*\(\)$/, "") })
  await expect(reason).toBeVisible()
  await expect(field(dialog, "amount")).toHaveAttribute("aria-invalid", "true")
  await expect(confirmOrder(dialog)).toHaveCount(0)
  // Within the cash: the review step.
  await field(dialog, "amount").fill("10")
  await createOrder(dialog).click()
  await expect(confirmOrder(dialog)).toBeVisible()
})

test("letters typed in a row leave no letter in any numeric field of the ticket, also after digits, an exponent's e included", async ({ page }) => {
  await openAnInstrument(page)
  const { dialog, quote } = await openTicket(page, "buy")
  await choosePortfolioIn(dialog, quote.currency)
  for (const name of ["amount", "quantity"] as const) {
    await field(dialog, name).fill("")
    await field(dialog, name).pressSequentially("abc")
    await expect(field(dialog, name)).toHaveValue("")
    await expect(dialog.getByText(t("ticket.digitsOnly"))).toBeVisible()
    await field(dialog, name).pressSequentially("12e3abc")
    await expect(field(dialog, name)).toHaveValue("123")
  }
  await typeSelect(dialog).selectOption({ label: e("type.LIMIT") })
  await field(dialog, "price").pressSequentially("abc7Exy")
  await expect(field(dialog, "price")).toHaveValue("7")
})
