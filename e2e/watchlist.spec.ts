import { type Locator, type Page } from "@playwright/test"
import { expect, test } from "./fixtures"
import { seriousViolations } from "./axe"
import { DEMO, resumeSession } from "./auth-support"
import { openApp, text } from "./support"

/**
 * Watchlists (issue 36), as demo@ uses them: a star in the search results and one on the
 * instrument page, the two instruments on the Watchlist page with prices, the list renamed, one
 * removed with the keyboard, the dashboard's card showing the list; in English and in German, axe clean. The server keeps demo@'s lists
 * between tests, so each test first unstars what it is about to star.
 */

const tabTo = async (page: Page, target: Locator, max = 150) => {
  await expect(target).toBeVisible()
  for (let n = 0; n < max && !(await target.evaluate((el) => el === document.activeElement)); n++) await page.keyboard.press("Tab")
  await expect(target).toBeFocused()
}

/** The symbol a search result shows (its link's first line). */
const symbolOf = async (result: Locator): Promise<string> => {
  const symbol = (await result.getByRole("link").innerText()).split("\n")[0]!.trim()
  expect(symbol).not.toBe("")
  return symbol
}

/** Makes the star off, then presses it on (whatever earlier runs left), and waits until it shows pressed. */
const starOn = async (scope: Locator, lang: string) => {
  const remove = scope.getByRole("button", { name: text(lang, "watchlist", "star.remove") })
  const add = scope.getByRole("button", { name: text(lang, "watchlist", "star.add") })
  await expect(add.or(remove)).toBeEnabled()
  if (await remove.isVisible()) {
    await remove.click()
    await expect(add).toHaveAttribute("aria-pressed", "false")
  }
  await add.click()
  await expect(remove).toHaveAttribute("aria-pressed", "true")
}

for (const [lang, query, newName] of [
  ["en", "a", "Tech to follow"],
  ["de", "e", "Beobachten"],
] as const) {
  test(`demo@ stars two instruments and manages the watchlist (${lang})`, async ({ page }) => {
    test.setTimeout(180_000)
    const t = (key: string, vars?: Record<string, string | number>) => text(lang, "watchlist", key, vars)
    await resumeSession(page, DEMO)
    await openApp(page, "/watchlist")
    if (lang !== "en") {
      await Promise.all([page.waitForEvent("load"), page.getByRole("combobox", { name: text("en", "common", "language.label") }).selectOption(lang)])
    }
    await expect(page.getByRole("heading", { level: 1, name: t("title") })).toBeVisible()

    // 1. A star in the side menu's search results.
    await page.getByRole("tab", { name: text(lang, "common", "menu.instruments") }).click()
    await page.getByRole("searchbox", { name: text(lang, "instruments", "search.label") }).fill(query)
    const results = page.getByRole("list", { name: text(lang, "instruments", "search.results") }).getByRole("listitem")
    await expect(results.first()).toBeVisible()
    const first = results.nth(0)
    const firstSymbol = await symbolOf(first)
    await starOn(first, lang)

    // 2. The star on the instrument page of another result.
    const second = results.nth(1)
    const secondSymbol = await symbolOf(second)
    await second.getByRole("link").click()
    await expect(page).toHaveURL(/\/instruments\/view\//)
    await expect(page.getByRole("heading", { level: 1, name: secondSymbol })).toBeVisible()
    await starOn(page.getByRole("region", { name: text(lang, "common", "subheader.label") }), lang)

    // 3. Both on the Watchlist page, from the side menu, with prices.
    await page.getByRole("tab", { name: text(lang, "common", "menu.menuTab") }).click()
    await page
      .getByRole("navigation", { name: text(lang, "common", "menu.label") })
      .first()
      .getByRole("link", { name: text(lang, "common", "menu.watchlist") })
      .click()
    await expect(page).toHaveURL(/\/watchlist$/)
    const table = page.getByRole("table", { name: t("tableLabel") })
    for (const symbol of [firstSymbol, secondSymbol]) {
      const row = table.getByRole("row").filter({ has: page.getByRole("link", { name: symbol, exact: true }) })
      await expect(row).toBeVisible()
      await expect(row.getByRole("cell").nth(3)).toHaveText(/\d/)
      await expect(row.getByRole("img", { name: new RegExp(symbol) })).toBeVisible()
      await expect(row.getByRole("button", { name: t("buy", { symbol }) })).toBeEnabled()
    }

    // 4. Sorting by symbol puts them in order.
    await table.getByRole("button", { name: t("columns.symbol") }).click()
    await expect(table.getByRole("columnheader", { name: t("columns.symbol") })).toHaveAttribute("aria-sort", "ascending")

    // 5. Rename the shown list.
    await page.getByRole("button", { name: t("rename") }).click()
    const dialog = page.getByRole("dialog", { name: t("form.renameTitle") })
    const name = dialog.getByRole("textbox", { name: t("form.name") })
    await name.fill("")
    await dialog.getByRole("button", { name: t("form.save") }).click()
    await expect(dialog.getByText(t("form.required"))).toBeVisible()
    await name.fill(newName)
    await dialog.getByRole("button", { name: t("form.save") }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByRole("combobox", { name: t("lists") }).locator("option:checked")).toHaveText(newName)

    // 6. Remove the first instrument with the keyboard: its star is reachable by Tab.
    const firstRow = table.getByRole("row").filter({ has: page.getByRole("link", { name: firstSymbol, exact: true }) })
    const unstar = firstRow.getByRole("button", { name: t("star.remove") })
    await tabTo(page, unstar)
    await page.keyboard.press("Enter")
    await expect(firstRow).toHaveCount(0)
    await expect(table.getByRole("link", { name: secondSymbol, exact: true })).toBeVisible()

    expect(await seriousViolations(page)).toEqual([])

    // 7. The dashboard's watchlist card shows the same list, loaded after the page's own cards.
    await page.getByRole("tab", { name: text(lang, "common", "menu.menuTab") }).click()
    await page
      .getByRole("navigation", { name: text(lang, "common", "menu.label") })
      .first()
      .getByRole("link", { name: text(lang, "common", "menu.dashboard") })
      .click()
    await expect(page).toHaveURL(/\/dashboard$/)
    const card = page.getByRole("region", { name: text(lang, "dashboard", "watchlist.title") })
    const cardRow = card.getByRole("row").filter({ has: page.getByRole("link", { name: secondSymbol, exact: true }) })
    await expect(cardRow.getByRole("cell").nth(3)).toHaveText(/\d/)
    await expect(cardRow.getByRole("button", { name: t("sell", { symbol: secondSymbol }) })).toBeEnabled()
    await expect(card.getByRole("link", { name: firstSymbol, exact: true })).toHaveCount(0)
    await card.getByRole("link", { name: text(lang, "dashboard", "watchlist.seeAll") }).click()
    await expect(page).toHaveURL(/\/watchlist$/)
  })
}
