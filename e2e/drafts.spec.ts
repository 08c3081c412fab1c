import { type Page } from "@playwright/test"
import { expect, test } from "./fixtures"
import { DEMO, registerAndSignIn, resumeSession, signIn } from "./auth-support"
import { openApp, openFirstInstrument, text } from "./support"

// Issue 31, "Reloading with the order ticket or withdrawal open closes it and loses what was typed":
// an unsent ticket or withdrawal is kept for the tab (sessionStorage, per user) and reopens after a
// reload with what was typed and a notice; Cancel, a sent order or withdrawal and sign-out drop it.

test.describe.configure({ timeout: 120_000 })

type Lang = "en" | "de"
const LANGUAGE_KEY = "chartfolio.v1.language"
const DRAFT_KEYS = () => Object.keys(window.sessionStorage).filter((k) => k.startsWith("chartfolio.v1.draft."))

const inLanguage = async (page: Page, lang: Lang) => {
  if (lang !== "en") await page.evaluate(([key, value]) => window.localStorage.setItem(key, JSON.stringify(value)), [LANGUAGE_KEY, lang] as const)
}

for (const lang of ["en", "de"] as const) {
  const o = (key: string, vars: Record<string, string | number> = {}) => text(lang, "orders", key, vars)
  const p = (key: string) => text(lang, "portfolio", key)
  const amountTyped = lang === "de" ? "12,5" : "12.5"

  test(`${lang}: a reload reopens the unsent order ticket with what was typed and says so; after Cancel a reload shows no ticket`, async ({ page }) => {
    await resumeSession(page, DEMO)
    await inLanguage(page, lang)
    const { symbol } = await openFirstInstrument(page, lang)
    await page.getByRole("button", { name: text(lang, "instruments", "order.sell"), exact: true }).click()
    const dialog = page.getByRole("dialog", { name: o("ticket.titleFor", { symbol }) })
    await expect(dialog).toBeVisible()
    await dialog.getByLabel(o("ticket.type")).selectOption({ label: text(lang, "common", "enum.orderType.LIMIT") })
    await dialog.getByLabel(o("ticket.price"), { exact: true }).fill(amountTyped)
    await dialog.getByLabel(o("ticket.quantity"), { exact: true }).fill("3")
    await expect(dialog.getByText(o("ticket.restored"))).toHaveCount(0)

    await page.reload()
    // Reopened: the same instrument, side, type and figures, and it says the order was restored.
    await expect(dialog).toBeVisible()
    await expect(dialog.getByText(o("ticket.restored"))).toBeVisible()
    await expect(dialog.getByRole("button", { name: text(lang, "common", "enum.orderSide.SELL") })).toHaveAttribute("aria-pressed", "true")
    await expect(dialog.getByLabel(o("ticket.type"))).toHaveValue("LIMIT")
    await expect(dialog.getByLabel(o("ticket.price"), { exact: true })).toHaveValue(amountTyped)
    await expect(dialog.getByLabel(o("ticket.quantity"), { exact: true })).toHaveValue("3")

    // Cancelled: the draft is gone, a reload opens no ticket.
    await dialog.getByRole("button", { name: o("ticket.cancel") }).click()
    await expect(dialog).toBeHidden()
    await page.reload()
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(symbol)
    await expect(page.getByRole("dialog")).toHaveCount(0)
    expect(await page.evaluate(DRAFT_KEYS)).toEqual([])
  })

  test(`${lang}: a reload reopens the unsent withdrawal with its channel and amount and says so; after Cancel a reload shows no modal`, async ({ page }) => {
    await resumeSession(page, DEMO)
    await inLanguage(page, lang)
    await openApp(page, "/portfolio")
    await expect(page).toHaveURL(/\/portfolio\/[^/]+\/overview$/)
    await page
      .getByRole("navigation", { name: p("tabs.label") })
      .getByRole("link", { name: p("tabs.payments") })
      .click()
    await expect(page).toHaveURL(/\/payments$/)
    await page.getByRole("button", { name: p("withdraw.open"), exact: true }).click()
    const modal = page.getByRole("dialog", { name: p("withdraw.title") })
    const channel = modal.getByLabel(p("withdraw.channel"))
    await channel.selectOption({ label: text(lang, "portfolio", "withdraw.channels.NUBAN") })
    await modal.getByLabel(p("withdraw.amount")).fill(amountTyped)

    await page.reload()
    await expect(modal).toBeVisible()
    await expect(modal.getByText(p("withdraw.restored"))).toBeVisible()
    await expect(modal.getByLabel(p("withdraw.channel"))).toHaveValue("NUBAN")
    await expect(modal.getByLabel(p("withdraw.amount"))).toHaveValue(amountTyped)

    await modal.getByRole("button", { name: p("withdraw.cancel") }).click()
    await expect(modal).toBeHidden()
    await page.reload()
    await expect(page.getByRole("button", { name: p("withdraw.open"), exact: true })).toBeVisible()
    await expect(page.getByRole("dialog")).toHaveCount(0)
    expect(await page.evaluate(DRAFT_KEYS)).toEqual([])
  })
}

test("signing out drops the unsent ticket: after signing in again no ticket opens and no draft is kept", async ({ page }) => {
  const email = await registerAndSignIn(page, "draft")
  const { symbol } = await openFirstInstrument(page)
  await page.getByRole("button", { name: text("en", "instruments", "order.buy"), exact: true }).click()
  const dialog = page.getByRole("dialog", { name: text("en", "orders", "ticket.titleFor", { symbol }) })
  await dialog.getByLabel(text("en", "orders", "ticket.amount"), { exact: true }).fill("25")
  await expect.poll(() => page.evaluate(DRAFT_KEYS)).toEqual(["chartfolio.v1.draft.orderTicket"])

  await page.goto("/logout")
  await expect(page).toHaveURL(/\/login$/)
  expect(await page.evaluate(DRAFT_KEYS)).toEqual([])
  await signIn(page, email)
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible()
  await expect(page.getByRole("dialog")).toHaveCount(0)
  expect(await page.evaluate(DRAFT_KEYS)).toEqual([])
})
