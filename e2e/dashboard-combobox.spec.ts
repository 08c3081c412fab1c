import { type Page } from "@playwright/test"
import { expect, test } from "./fixtures"
import { DEMO, resumeSession } from "./auth-support"
import { text } from "./support"

// Issue 14, fifth pass: /dashboard shows the portfolio combobox closed, in plain elements, and hands
// over to the real one (Chakra's Combobox, loaded on first use) without losing what the user did
// while it loaded. The real one's code is held until the user has acted, so the hand-over happens
// after the typing or the press.

const t = (key: string) => text("en", "dashboard", key)
const selector = (page: Page) => page.getByRole("combobox", { name: t("selector.label") })

/** Holds the real combobox's chunk until `release` is called. */
const holdCombobox = async (page: Page) => {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/portfolio-combobox-(?!closed)[^/]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  return () => release()
}

test("text typed into the closed combobox before the real one has loaded is kept and filters the list", async ({ page }) => {
  const release = await holdCombobox(page)
  await resumeSession(page, DEMO)
  await expect(selector(page)).toHaveValue(/^(IND|CUS) (NGN|USD) \d+$/)
  const label = await selector(page).inputValue()
  const digits = (label.split(" ").at(-1) ?? "").slice(-4)
  await selector(page).fill(digits)
  release()
  const options = page.getByRole("listbox", { name: t("selector.label") }).getByRole("option")
  await expect(options).toHaveCount(1)
  await expect(options.first()).toHaveText(label)
  await expect(selector(page)).toHaveValue(digits)
  await expect(selector(page)).toBeFocused()
})

test("a press on the closed combobox's open button before the real one has loaded opens the list", async ({ page }) => {
  const release = await holdCombobox(page)
  await resumeSession(page, DEMO)
  await expect(selector(page)).toHaveValue(/^(IND|CUS) (NGN|USD) /)
  await page.getByRole("button", { name: t("selector.open") }).click()
  release()
  const options = page.getByRole("listbox", { name: t("selector.label") }).getByRole("option")
  await expect(options.first()).toBeVisible()
  expect(await options.count()).toBeGreaterThanOrEqual(2)
  await expect(selector(page)).toBeFocused()
})
