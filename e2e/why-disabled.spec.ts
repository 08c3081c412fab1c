import { type Page } from "@playwright/test"
import { expect, test } from "./fixtures"
import { DEMO, NEW_USER, signedInPage, signIn } from "./auth-support"
import { text } from "./support"

// Issue 13, "Why is this disabled": a control disabled because a chart's guard refuses its event
// says why in the user's language, from that guard's description (the workflows namespace, the
// same text the workflow explorer shows), tied to the control with aria-describedby.

test.describe.configure({ timeout: 120_000 })

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

test("create-portfolio: an unverified user's disabled Create says only verified profiles can create one, in English and in German", async ({ page }) => {
  await signIn(page, NEW_USER)
  for (const lang of ["en", "de"]) {
    const d = (key: string) => text(lang, "dashboard", key)
    const reason = text(lang, "workflows", "create-portfolio.guards.isVerified")
    await page.getByRole("button", { name: d("empty.newPortfolio") }).click()
    const dialog = page.getByRole("dialog", { name: d("create.verifiedOnly") })
    await expect(dialog).toBeVisible()
    const create = dialog.getByRole("button", { name: d("create.create") })
    await expect(create).toBeDisabled()
    await expect(create).toHaveAccessibleDescription(reason)
    await expect(dialog.getByText(reason, { exact: true })).toBeVisible()
    await dialog.getByRole("button", { name: d("create.cancel") }).click()
    await expect(dialog).toBeHidden()
    if (lang === "en") await chooseLanguage(page, "de")
  }
})

test("instant deposit: a disabled Update says a different status is needed, and says nothing once it is enabled", async ({ browser, baseURL }) => {
  const page = await signedInPage(browser, baseURL, DEMO)
  await page.goto("/portfolio")
  await expect(page).toHaveURL(/\/overview$/)
  const first = page
    .getByRole("list", { name: text("en", "portfolio", "overview.reserved.title") })
    .getByRole("listitem")
    .first()
  const control = first.getByRole("combobox", { name: /^Instant deposit of / })
  const update = first.getByRole("button", { name: text("en", "portfolio", "overview.reserved.update") })
  const reason = text("en", "workflows", "instant-deposit.guards.canUpdate")
  await expect(update).toBeDisabled()
  await expect(update).toHaveAccessibleDescription(reason)
  const stored = await control.inputValue()
  await control.selectOption(stored === "enabled" ? "disabled" : "enabled")
  await expect(update).toBeEnabled()
  await expect(update).toHaveAccessibleDescription("")
  await expect(first.getByText(reason, { exact: true })).toHaveCount(0)
  await control.selectOption(stored)
  await expect(update).toBeDisabled()
  await expect(update).toHaveAccessibleDescription(reason)
})
