import { expect, test } from "./fixtures"
import { openApp, text } from "./support"

const languages = [
  { code: "zh", autonym: "中文" },
  { code: "es", autonym: "Español" },
  { code: "ja", autonym: "日本語" },
  { code: "de", autonym: "Deutsch" },
  { code: "fr", autonym: "Français" },
] as const

for (const { code, autonym } of languages) {
  test(`switching to ${autonym} reloads the page in ${code} and the choice survives a reload`, async ({ page }) => {
    await openApp(page, "/login")
    await Promise.all([
      page.waitForEvent("load"),
      page.getByRole("combobox", { name: text("en", "common", "language.label") }).selectOption(code),
    ])
    await expect(page.getByRole("status", { name: text(code, "common", "splash.loading") })).toBeHidden()
    await expect(page.locator("html")).toHaveAttribute("lang", code)
    await expect(page.getByRole("heading", { level: 1, name: text(code, "auth", "login.title") })).toBeVisible()
    await expect(page.getByRole("heading", { name: text(code, "common", "sidePanel.welcome") })).toBeVisible()
    await expect(page.getByRole("combobox", { name: text(code, "common", "language.label") })).toHaveValue(code)

    await page.reload()
    await expect(page.getByRole("heading", { level: 1, name: text(code, "auth", "login.title") })).toBeVisible()

    await Promise.all([
      page.waitForEvent("load"),
      page.getByRole("combobox", { name: text(code, "common", "language.label") }).selectOption("en"),
    ])
    await expect(page.getByRole("heading", { level: 1, name: "Sign In" })).toBeVisible()
  })
}
