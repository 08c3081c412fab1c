import { type Page } from "@playwright/test"
import { formatMoney } from "../src/domain/format"
import { intlLocale, type LanguageCode } from "../src/i18n/languages"
import { expect, test } from "./fixtures"
import { DEMO, signedInPage } from "./auth-support"
import { text } from "./support"

// Issue 35, "Cancel a withdrawal": demo@'s IND NGN portfolio (the first) withdraws to its verified
// Lekki Commercial Bank account; the payout rail keeps it QUEUED, then PENDING, for about 15 s
// before it sends it to the bank (server/money/payment-engine.ts). Other specs withdraw from the
// same portfolio at the same time, so rows are found by a unique amount and the cash that came back
// by its reversal in the Transactions tab.

test.describe.configure({ timeout: 120_000 })

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s/g, "\\s")

/** A text of `lang` as a pattern, each of its values as any text. */
const pattern = (lang: LanguageCode, key: string) => new RegExp(`^${escape(text(lang, "portfolio", key)).replace(/\\\{\\\{\w+\\\}\\\}/g, ".+")}$`)

/** Signs demo@ in, switches to `lang` and opens the IND NGN portfolio's payments. */
const openPayments = async (browser: Parameters<typeof signedInPage>[0], baseURL: string | undefined, lang: LanguageCode): Promise<Page> => {
  const page = await signedInPage(browser, baseURL, DEMO)
  const p = (key: string) => text(lang, "portfolio", key)
  await page.goto("/portfolio")
  await expect(page).toHaveURL(/\/portfolio\/[^/]+\/overview$/)
  if (lang !== "en") {
    await Promise.all([page.waitForEvent("load"), page.getByRole("combobox", { name: text("en", "common", "language.label") }).selectOption(lang)])
    await expect(page.locator("html")).toHaveAttribute("lang", lang)
  }
  const selector = page.getByRole("combobox", { name: p("selector.label") })
  await expect(selector).toHaveValue(/\S/)
  if (!(await selector.inputValue()).startsWith("IND NGN")) {
    await selector.click()
    await page.getByRole("option", { name: /^IND NGN/ }).click()
  }
  await page
    .getByRole("navigation", { name: p("tabs.label") })
    .getByRole("link", { name: p("tabs.payments") })
    .click()
  await expect(page.getByRole("table", { name: p("payments.title") })).toBeVisible()
  return page
}

/** Withdraws `amount` by NUBAN to the verified Lekki Commercial Bank account; answers its row in the payments table. */
const withdraw = async (page: Page, lang: LanguageCode, amount: string) => {
  const p = (key: string) => text(lang, "portfolio", key)
  await page.getByRole("button", { name: p("withdraw.open"), exact: true }).click()
  const modal = page.getByRole("dialog", { name: p("withdraw.title") })
  await modal.getByLabel(p("withdraw.channel")).selectOption({ label: p("withdraw.channels.NUBAN") })
  const bankSelect = modal.getByLabel(p("withdraw.bankAccount"))
  const option = bankSelect.getByRole("option", { name: /^Lekki Commercial Bank \*{4}\d{4} NGN$/ })
  await bankSelect.selectOption({ label: (await option.innerText()).trim() })
  // Typed in the user's notation (German: a decimal comma).
  await modal.getByLabel(p("withdraw.amount")).fill(lang === "de" ? amount.replace(".", ",") : amount)
  await modal.getByRole("button", { name: p("withdraw.review") }).click()
  const review = page.getByRole("dialog", { name: p("withdraw.reviewTitle") })
  await review.getByRole("button", { name: p("withdraw.confirm") }).click()
  await expect(review).toBeHidden()
  const shown = formatMoney(amount, "NGN", intlLocale(lang), { fraction: "fixed" })
  const row = page
    .getByRole("table", { name: p("payments.title") })
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: new RegExp(`^${escape(shown)}$`) }) })
    .filter({ hasText: text(lang, "common", "enum.paymentType.WITHDRAWAL") })
  await expect(row).toHaveCount(1)
  return { row, shown }
}

/** A unique amount of this run, with cents. */
const uniqueAmount = () => `${600 + Math.floor(Math.random() * 300)}.${String(Math.floor(Math.random() * 100)).padStart(2, "0")}`

for (const lang of ["en", "de"] as const) {
  test(`${lang}: a queued withdrawal is cancelled from its details with the keyboard after "Cancel this withdrawal?", and its cash is back`, async ({
    browser,
    baseURL,
  }) => {
    const p = (key: string, vars: Record<string, string | number> = {}) => text(lang, "portfolio", key, vars)
    const status = (value: string) => text(lang, "common", `enum.status.${value}`).toLocaleUpperCase(intlLocale(lang))
    const page = await openPayments(browser, baseURL, lang)
    const amount = uniqueAmount()
    const { row, shown } = await withdraw(page, lang, amount)

    // The details (View, by keyboard) say it can be cancelled until it is sent, and offer Cancel withdrawal.
    await row.getByRole("button", { name: pattern(lang, "payments.viewOne") }).focus()
    await page.keyboard.press("Enter")
    const details = page.getByRole("dialog", { name: p("payments.detail.title") })
    await expect(details.getByText(p("payments.cancel.hint"))).toBeVisible()
    // The details open on Close, not on Cancel withdrawal: an Enter at once only closes them. Shift+Tab reaches Cancel.
    const footerClose = details.getByRole("button", { name: p("payments.detail.close") }).first()
    await expect(footerClose).toBeFocused()
    const cancel = details.getByRole("button", { name: pattern(lang, "payments.cancel.openOne") })
    await page.keyboard.press("Shift+Tab")
    await expect(cancel).toBeFocused()
    await page.keyboard.press("Enter")

    // "Cancel this withdrawal?" names the amount; Keep has the focus, Tab reaches the confirmation.
    const confirm = page.getByRole("alertdialog", { name: p("payments.cancel.title") })
    await expect(confirm.getByText(p("payments.cancel.body", { amount: shown }))).toBeVisible()
    await expect(confirm.getByRole("button", { name: p("payments.cancel.keep") })).toBeFocused()
    await page.keyboard.press("Tab")
    await expect(confirm.getByRole("button", { name: p("payments.cancel.confirm") })).toBeFocused()
    await page.keyboard.press("Enter")
    await expect(confirm).toBeHidden()

    // The details follow: CANCELLED, the step that says the cash is back, and no Cancel any more.
    const steps = details.getByRole("list", { name: p("payments.detail.progress") }).getByRole("listitem")
    await expect(steps.last()).toContainText(p("payments.step.cancelled-by-customer"))
    await expect(steps.last().getByText(status("CANCELLED"), { exact: true })).toBeVisible()
    // The status fact above the timeline says it too.
    await expect(details.getByText(status("CANCELLED"), { exact: true })).toHaveCount(2)
    await expect(cancel).toHaveCount(0)
    await page.keyboard.press("Escape")
    await expect(details).toBeHidden()
    await expect(row.getByText(status("CANCELLED"), { exact: true })).toBeVisible()

    // The cash came back: the reversal of the same amount, tied to the withdrawal, in the Transactions tab.
    await page
      .getByRole("navigation", { name: p("tabs.label") })
      .getByRole("link", { name: p("tabs.transactions") })
      .click()
    const reversal = page
      .getByRole("table", { name: p("transactions.title") })
      .getByRole("row")
      .filter({ hasText: new RegExp(escape(p("transactions.text.withdrawal-cancelled", { ref: "@@" })).replace("@@", "WDR-[0-9A-F]+")) })
      .filter({ has: page.getByRole("cell", { name: new RegExp(escape(shown)) }) })
    await expect(reversal).toHaveCount(1)
    await page.close()
  })
}

test("en: a withdrawal already sent to the bank shows no Cancel in its details", async ({ browser, baseURL }) => {
  const p = (key: string, vars: Record<string, string | number> = {}) => text("en", "portfolio", key, vars)
  const page = await openPayments(browser, baseURL, "en")
  const { row } = await withdraw(page, "en", uniqueAmount())
  await row.getByRole("button", { name: /^View / }).click()
  const details = page.getByRole("dialog", { name: p("payments.detail.title") })
  const cancel = details.getByRole("button", { name: pattern("en", "payments.cancel.openOne") })
  // While queued it can be cancelled ...
  await expect(cancel).toBeVisible()
  // ... until the rail sends it (about 15 s): then the details show the step and Cancel is gone.
  await expect(details.getByRole("list", { name: p("payments.detail.progress") })).toContainText(p("payments.step.sent-to-bank"), { timeout: 60_000 })
  await expect(cancel).toHaveCount(0)
  await expect(details.getByText(p("payments.cancel.hint"))).toHaveCount(0)
  await page.close()
})
