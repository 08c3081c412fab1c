import { type Page } from "@playwright/test"
import { nubanFor } from "../src/domain/nuban"
import { DEMO, readMailedCode, signIn, stepUpField, withAddressLock } from "./auth-support"
import { expect, test } from "./fixtures"
import { openApp, text } from "./support"

// Issue 35, step-up before money leaves to a new place: demo@ (mailed codes) adds a bank account in a
// new session and is asked for a fresh code inside the modal (a wrong code says so and keeps the
// form, Back returns to the form as typed); in another new session the first withdrawal to that
// account asks again. The code step is done with the keyboard, in English and in German.

test.describe.configure({ timeout: 180_000 })

type Lang = "en" | "de"
const LANGUAGE_KEY = "chartfolio.v1.language"
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** A new browser session of demo@ (no step-up yet) in the language. */
const newSession = async (browser: import("@playwright/test").Browser, baseURL: string | undefined, lang: Lang): Promise<Page> => {
  const page = await (await browser.newContext({ baseURL })).newPage()
  await signIn(page, DEMO)
  if (lang !== "en") await page.evaluate(([key, value]) => window.localStorage.setItem(key, JSON.stringify(value)), [LANGUAGE_KEY, lang] as const)
  return page
}

for (const lang of ["en", "de"] as const) {
  const a = (key: string, vars: Record<string, string | number> = {}) => text(lang, "account", key, vars)
  const p = (key: string, vars: Record<string, string | number> = {}) => text(lang, "portfolio", key, vars)
  const s = (key: string) => text(lang, "forms", `stepUp.${key}`)

  test(`${lang}: adding a bank account asks for a fresh code (a wrong one keeps the form), and the first withdrawal to it asks again`, async ({
    browser,
    baseURL,
  }) => {
    const page = await newSession(browser, baseURL, lang)
    await openApp(page, "/user-account/bank-accounts")
    const table = page.getByRole("table", { name: a("bankAccounts.title") })
    await expect(table).toBeVisible()
    await page.getByRole("button", { name: a("bankAccounts.add") }).click()
    const modal = page.getByRole("dialog", { name: a("bankAccounts.addModal.title") })
    const field = (key: string) => modal.getByLabel(new RegExp(`^${escape(a(`bankAccounts.addModal.${key}`))}\\*?$`))
    await field("bank").selectOption({ label: "Gateway First Bank" })
    const number = nubanFor("111", String(100_000_000 + Math.floor(Math.random() * 899_999_999)))!
    await field("accountNumber").fill(number)
    await expect(field("accountName")).toHaveValue(/^[A-Z]+ [A-Z]+ [A-Z]+$/)
    const name = await field("accountName").inputValue()
    await field("accountType").selectOption({ label: a("bankAccounts.addModal.types.Saving") })

    const code = stepUpField(modal, lang)
    await withAddressLock(DEMO, async () => {
      // Enter in the form sends it: the server asks for a code, the modal shows the code step with the code field focused.
      await field("accountNumber").press("Enter")
      await expect(modal.getByText(s("why"))).toBeVisible()
      await expect(modal.getByText(s("fromEmail"))).toBeVisible()
      await expect(code).toBeFocused()
      const mailed = await readMailedCode(page, DEMO)
      // A wrong code says so; the code step and what was typed stay.
      await page.keyboard.type(mailed === "000000" ? "111111" : "000000")
      await page.keyboard.press("Enter")
      await expect(modal.getByRole("alert").filter({ hasText: text(lang, "errors", "codes.otp.invalid") })).toBeVisible()
      await expect(code).toHaveValue(mailed === "000000" ? "111111" : "000000")
      // Back: the form as it was typed.
      await modal.getByRole("button", { name: s("back") }).focus()
      await page.keyboard.press("Enter")
      await expect(field("accountNumber")).toHaveValue(number)
      await expect(field("accountName")).toHaveValue(name)
      await expect(field("accountType")).toHaveValue("Saving")
      // Add again: a new code is mailed; the right one adds the account.
      await field("accountNumber").press("Enter")
      await expect(code).toBeFocused()
      await expect(modal.getByText(s("fromEmail"))).toBeVisible()
      await page.keyboard.type(await readMailedCode(page, DEMO, mailed))
      await page.keyboard.press("Enter")
      await expect(modal).toBeHidden()
    })
    const label = `Gateway First Bank ****${number.slice(-4)} NGN`
    await expect(table.getByRole("row").filter({ hasText: label })).toBeVisible()
    await page.context().close()

    // Another new session: the first withdrawal to the account (under 24 hours old) asks again.
    const second = await newSession(browser, baseURL, lang)
    await openApp(second, "/portfolio")
    await expect(second).toHaveURL(/\/portfolio\/[^/]+\/overview$/)
    const selector = second.getByRole("combobox", { name: p("selector.label") })
    await expect(selector).toHaveValue(/.+/)
    if (!(await selector.inputValue()).startsWith("IND NGN")) {
      await selector.click()
      await second.getByRole("option", { name: /^IND NGN/ }).click()
    }
    await second
      .getByRole("navigation", { name: p("tabs.label") })
      .getByRole("link", { name: p("tabs.payments") })
      .click()
    await second.getByRole("button", { name: p("withdraw.open"), exact: true }).click()
    const withdraw = second.getByRole("dialog", { name: p("withdraw.title") })
    await withdraw.getByLabel(p("withdraw.channel")).selectOption({ label: p("withdraw.channels.NUBAN") })
    await withdraw.getByLabel(p("withdraw.bankAccount")).selectOption({ label })
    await withdraw.getByLabel(p("withdraw.amount")).fill("17")
    await withdraw.getByLabel(p("withdraw.amount")).press("Enter")
    const review = second.getByRole("dialog", { name: p("withdraw.reviewTitle") })
    await expect(review.getByText(label)).toBeVisible()
    // The review's title takes the focus when the review shows (then Confirm is focused, not before).
    await expect(review.getByRole("heading", { name: p("withdraw.reviewTitle") })).toBeFocused()
    await withAddressLock(DEMO, async () => {
      await review.getByRole("button", { name: p("withdraw.confirm") }).focus()
      await second.keyboard.press("Enter")
      const withdrawCode = stepUpField(review, lang)
      await expect(withdrawCode).toBeFocused()
      await expect(review.getByText(s("fromEmail"))).toBeVisible()
      await second.keyboard.type(await readMailedCode(second, DEMO))
      await second.keyboard.press("Enter")
      await expect(review).toBeHidden()
    })
    await expect(
      second
        .getByRole("table", { name: p("payments.title") })
        .getByRole("row")
        .filter({ hasText: `****${number.slice(-4)}` }),
    ).toBeVisible()
    await second.context().close()
  })
}
