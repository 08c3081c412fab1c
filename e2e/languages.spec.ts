import { expect, test } from "./fixtures"
import { DEMO, signedInPage } from "./auth-support"
import { ISSUE_31_CASES, useLanguage } from "./issue31-cases"
import { discoverIds } from "./routes"
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
    await Promise.all([page.waitForEvent("load"), page.getByRole("combobox", { name: text("en", "common", "language.label") }).selectOption(code)])
    await expect(page.getByRole("status", { name: text(code, "common", "splash.loading") })).toBeHidden()
    await expect(page.locator("html")).toHaveAttribute("lang", code)
    await expect(page.getByRole("heading", { level: 1, name: text(code, "auth", "login.title") })).toBeVisible()
    await expect(page.getByRole("heading", { name: text(code, "common", "sidePanel.welcome") })).toBeVisible()
    await expect(page.getByRole("combobox", { name: text(code, "common", "language.label") })).toHaveValue(code)

    await page.reload()
    await expect(page.getByRole("heading", { level: 1, name: text(code, "auth", "login.title") })).toBeVisible()

    await Promise.all([page.waitForEvent("load"), page.getByRole("combobox", { name: text(code, "common", "language.label") }).selectOption("en")])
    await expect(page.getByRole("heading", { level: 1, name: "Sign In" })).toBeVisible()
  })
}

// Issue 31's fixes in German and Japanese (the languages whose longer words and other scripts the
// issue's walk-through found wanting): each says its text in the page's language.
for (const { code, autonym } of languages.filter((l) => l.code === "de" || l.code === "ja")) {
  test(`${autonym}: issue 31's fixes read in ${code}: the 2Y since text, the cash-flow crosshair, the breadcrumb, the builder, the unknown instrument, the order row's names and disabled Cancel, the withdrawal review, the document details`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(240_000)
    const page = await signedInPage(browser, baseURL, DEMO)
    const ids = await discoverIds(page)
    await useLanguage(page, code)
    for (const { show } of ISSUE_31_CASES) {
      await show(page, code, ids)
      await expect(page.locator("html")).toHaveAttribute("lang", code)
    }
    await page.context().close()
  })
}
