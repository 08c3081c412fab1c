import { type Locator, type Page } from "@playwright/test"
import { expect, test } from "./fixtures"
import { seriousViolations } from "./axe"
import { DEMO, resumeSession } from "./auth-support"
import { openApp, openFirstInstrument, readShown, text, textPattern as pattern } from "./support"

/**
 * Price alerts (issue 36, decision 0260), as demo@ uses them on the instrument page: a threshold
 * refused in words (the form keeps it), an alert a little above the current price typed in the
 * user's notation and listed as active, paused with the keyboard, edited to a daily move, resumed
 * and deleted after a confirmation; in English and in German, axe clean with the form open and
 * after. (The server's firing is tested in test/server: api/price-alerts and scale/price-alerts-two-processes.)
 */

const tabTo = async (page: Page, target: Locator, max = 200) => {
  await expect(target).toBeVisible()
  for (let n = 0; n < max && !(await target.evaluate((el) => el === document.activeElement)); n++) await page.keyboard.press("Tab")
  await expect(target).toBeFocused()
}

// One after another: both languages set and pause demo@'s alerts on the same first instrument.
test.describe.configure({ mode: "serial" })

for (const lang of ["en", "de"] as const) {
  test(`demo@ sets, pauses, edits and deletes a price alert (${lang})`, async ({ page }) => {
    test.setTimeout(180_000)
    const t = (key: string, vars?: Record<string, string | number>) => text(lang, "alerts", key, vars)
    await resumeSession(page, DEMO)
    await openApp(page, "/instruments")
    if (lang !== "en") {
      await Promise.all([page.waitForEvent("load"), page.getByRole("combobox", { name: text("en", "common", "language.label") }).selectOption(lang)])
    }
    const { symbol } = await openFirstInstrument(page, lang)
    const section = page.getByRole("region", { name: t("title") })
    await expect(section.getByRole("button", { name: t("new") })).toBeEnabled()
    const list = section.getByRole("list", { name: t("listLabel", { symbol }) })
    const empty = section.getByText(t("empty", { symbol }))
    await expect(list.or(empty)).toBeVisible()

    // 1. A refused threshold: the form says why and keeps what was typed.
    await section.getByRole("button", { name: t("new") }).click()
    const dialog = page.getByRole("dialog", { name: t("form.createTitle") })
    await expect(dialog.getByRole("combobox", { name: t("form.condition") })).toHaveValue("above")
    const price = dialog.getByRole("textbox", { name: pattern(t("form.price", { currency: "§" })) })
    // Letters typed in a row leave no letter in the field, also after digits (an exponent's e too), and it says why.
    await price.pressSequentially("12e3abc")
    await expect(price).toHaveValue("123")
    await expect(dialog.getByRole("status").filter({ hasText: text(lang, "forms", "typing.decimalOnly") })).toBeVisible()
    await price.fill("0")
    await dialog.getByRole("button", { name: t("form.save") }).click()
    await expect(dialog.getByText(t("problem.not-positive"))).toBeVisible()
    await expect(price).toHaveValue("0")
    expect(await seriousViolations(page, "[role=dialog]")).toEqual([])

    // 2. A little above the last price, typed in the user's notation.
    const last = readShown(await dialog.getByText(pattern(t("form.lastPrice", { price: "§" }))).innerText(), lang)
    expect(last).toBeGreaterThan(0)
    const above = (Math.round(last * 101) / 100).toFixed(2)
    await price.fill(lang === "de" ? above.replace(".", ",") : above)
    await dialog.getByRole("button", { name: t("form.save") }).click()
    await expect(dialog).toBeHidden()
    const items = list.getByRole("listitem")
    const row = items.filter({ hasText: pattern(t("summary.above", { price: "§" })) }).filter({ hasText: t("state.armed") })
    await expect(row).toHaveCount(1)
    expect(readShown(await row.getByText(pattern(t("summary.above", { price: "§" }))).innerText(), lang)).toBe(Number(above))

    // At phone width the listed alert and its buttons wrap: the page does not scroll sideways.
    const desk = page.viewportSize()
    await page.setViewportSize({ width: 360, height: 740 })
    const lastButton = row.getByRole("button", { name: pattern(t("actions.deleteLabel", { alert: "§" })) })
    await lastButton.scrollIntoViewIfNeeded()
    await expect(lastButton).toBeInViewport()
    expect(
      await page.evaluate(
        () => (document.scrollingElement ?? document.documentElement).scrollWidth <= (document.scrollingElement ?? document.documentElement).clientWidth,
      ),
    ).toBe(true)
    if (desk) await page.setViewportSize(desk)

    // 3. Paused with the keyboard.
    await tabTo(page, row.getByRole("button", { name: pattern(t("actions.pauseLabel", { alert: "§" })) }))
    await page.keyboard.press("Enter")
    const paused = items.filter({ hasText: t("state.paused") })
    await expect(paused).toHaveCount(1)

    // 4. Edited to a daily move of 5 %; it stays paused.
    await paused.getByRole("button", { name: pattern(t("actions.editLabel", { alert: "§" })) }).click()
    const edit = page.getByRole("dialog", { name: t("form.editTitle") })
    await expect(edit.getByRole("textbox")).toHaveValue(lang === "de" ? above.replace(".", ",") : above)
    await edit.getByRole("combobox", { name: t("form.condition") }).selectOption("move")
    await edit.getByRole("textbox", { name: t("form.percent") }).fill("5")
    await edit.getByRole("button", { name: t("form.save") }).click()
    await expect(edit).toBeHidden()
    const moved = items.filter({ hasText: pattern(t("summary.move", { percent: "§" })) })
    await expect(moved).toHaveCount(1)
    await expect(moved.getByText(t("state.paused"))).toBeVisible()

    // 5. Resumed, then deleted after a confirmation.
    await moved.getByRole("button", { name: pattern(t("actions.armLabel", { alert: "§" })) }).click()
    await expect(moved.getByText(t("state.armed"))).toBeVisible()
    await moved.getByRole("button", { name: pattern(t("actions.deleteLabel", { alert: "§" })) }).click()
    const confirm = page.getByRole("alertdialog", { name: t("confirm.title") })
    await confirm.getByRole("button", { name: t("confirm.delete") }).click()
    await expect(confirm).toBeHidden()
    await expect(moved).toHaveCount(0)

    expect(await seriousViolations(page)).toEqual([])
  })
}
