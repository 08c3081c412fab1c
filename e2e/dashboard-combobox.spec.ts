import { type Page } from "@playwright/test"
import { expect, test } from "./fixtures"
import { DEMO, resumeSession } from "./auth-support"
import { text } from "./support"

// The /dashboard subheader's portfolio selector is Chakra's Combobox (issue 29): typing filters the
// list and keeps the text and the focus; the open button opens the list.

const t = (key: string) => text("en", "dashboard", key)
const selector = (page: Page) => page.getByRole("combobox", { name: t("selector.label") })

test("text typed into the portfolio combobox is kept and filters the list", async ({ page }) => {
  await resumeSession(page, DEMO)
  await expect(selector(page)).toHaveValue(/^(IND|CUS) (NGN|USD) \d+$/)
  const label = await selector(page).inputValue()
  const digits = (label.split(" ").at(-1) ?? "").slice(-4)
  await selector(page).fill(digits)
  const options = page.getByRole("listbox", { name: t("selector.label") }).getByRole("option")
  await expect(options).toHaveCount(1)
  await expect(options.first()).toHaveText(label)
  await expect(selector(page)).toHaveValue(digits)
  await expect(selector(page)).toBeFocused()
})

test("a press on the portfolio combobox's open button opens the list", async ({ page }) => {
  await resumeSession(page, DEMO)
  await expect(selector(page)).toHaveValue(/^(IND|CUS) (NGN|USD) /)
  await page.getByRole("button", { name: t("selector.open") }).click()
  const options = page.getByRole("listbox", { name: t("selector.label") }).getByRole("option")
  await expect(options.first()).toBeVisible()
  expect(await options.count()).toBeGreaterThanOrEqual(2)
})
