import { PAYMENT_STEP_CODES } from "../src/domain/payment-step-text"
import { expect, test } from "./fixtures"
import { DEMO, signedInPage } from "./auth-support"
import { text } from "./support"

// Issue 31, "Raw values on translated pages": each step of a payment's timeline is a code the app
// says in the user's language. The demo user's IND NGN portfolio (the first) holds a withdrawal of
// ₦50,000.00 the receiving bank's check returned (seed: requested, sent to the bank, returned to
// the portfolio because the bank account is not verified yet).

const de = (key: string, vars: Record<string, string | number> = {}) => text("de", "portfolio", key, vars)
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
/** A step text as a pattern: its values as any text. */
const pattern = (template: string) => new RegExp(escape(template).replace(/\\\{\\\{\w+\\\}\\\}/g, ".+"))

test.describe.configure({ timeout: 120_000 })

test("the Payments details dialog in German shows every timeline step in German, with no English sentence", async ({ browser, baseURL }) => {
  const page = await signedInPage(browser, baseURL, DEMO)
  await page.goto("/portfolio")
  await expect(page).toHaveURL(/\/portfolio\/[^/]+\/overview$/)
  await Promise.all([page.waitForEvent("load"), page.getByRole("combobox", { name: text("en", "common", "language.label") }).selectOption("de")])
  await expect(page.locator("html")).toHaveAttribute("lang", "de")
  await page
    .getByRole("navigation", { name: de("tabs.label") })
    .getByRole("link", { name: de("tabs.payments") })
    .click()
  const payments = page.getByRole("table", { name: de("payments.title") })
  const row = payments
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: /^50\.000,00\s₦$/ }) })
    .filter({ hasText: text("de", "common", "enum.paymentType.WITHDRAWAL") })
    .first()
  await row.getByRole("button", { name: pattern(de("payments.viewOne")) }).click()

  const details = page.getByRole("dialog", { name: de("payments.detail.title") })
  const steps = details.getByRole("list", { name: de("payments.detail.progress") }).getByRole("listitem")
  await expect(steps).toHaveCount(3)
  await expect(steps.nth(0)).toContainText(de("payments.step.withdrawal-requested"))
  await expect(steps.nth(1)).toContainText(pattern(de("payments.step.transfer-sent")))
  await expect(steps.nth(2)).toContainText(de("payments.step.returned", { reason: de("transactions.reason.bank-unverified") }))
  // Not one of the English step sentences (nor the reason in English) is left.
  const shown = await details.getByRole("list", { name: de("payments.detail.progress") }).innerText()
  for (const code of PAYMENT_STEP_CODES) expect(shown).not.toMatch(pattern(text("en", "portfolio", `payments.step.${code}`)))
  expect(shown).not.toContain(text("en", "portfolio", "transactions.reason.bank-unverified"))
  await page.close()
})
