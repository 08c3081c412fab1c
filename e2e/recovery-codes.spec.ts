import { readFile } from "node:fs/promises"
import { type Page } from "@playwright/test"
import { expect, test } from "./fixtures"
import { seriousViolations } from "./axe"
import { APP_USER, submitCredentials, totpCode, verifyTotp, withAddressLock } from "./auth-support"
import { openApp, text } from "./support"

// Issue 35 (recovery codes): app@, the authenticator-app user, makes a set on the Security page
// after the password and the app's code, downloads it, signs out, signs in once with a code in place
// of the app's; the same code is then refused; the page shows one code fewer. Keyboard and axe on
// the way. The whole test holds app@'s address: its app codes and sign-ins are its own.

test.describe.configure({ timeout: 240_000 })

const account = (key: string, vars: Record<string, string | number> = {}) => text("en", "account", `security.recovery.${key}`, vars)
const auth = (key: string, vars: Record<string, string | number> = {}) => text("en", "auth", key, vars)

const openSecurity = async (page: Page) => {
  await openApp(page, "/user-account/security")
  await expect(page.getByRole("heading", { level: 1, name: text("en", "account", "tabs.security") })).toBeVisible()
  await expect(page.getByRole("heading", { level: 2, name: account("title") })).toBeVisible()
}

const toCodeStep = async (page: Page) => {
  await openApp(page, "/login")
  await submitCredentials(page, APP_USER)
  await expect(page).toHaveURL(/\/2fa-otp$/)
}

test("app@ makes recovery codes, signs in once with one, the same code is refused, the count shows one fewer", async ({ page }) => {
  await withAddressLock(APP_USER, async () => {
    await toCodeStep(page)
    await verifyTotp(page)
    await openSecurity(page)
    expect(await seriousViolations(page)).toEqual([])

    // Keyboard: focus the card's button and press Enter; the dialog asks for the password and the app's code.
    const make = page.getByRole("button", { name: new RegExp(`^(${account("make")}|${account("remake")})$`) })
    await make.focus()
    await page.keyboard.press("Enter")
    const confirm = page.getByRole("dialog", { name: account("confirmTitle") })
    await expect(confirm).toBeVisible()
    // A wrong password says so and keeps what was typed.
    await confirm.getByLabel(account("password")).fill("Not-the-password1")
    await confirm.getByLabel(account("code")).fill(totpCode(Date.now() + 30_000))
    await confirm.getByLabel(account("code")).press("Enter")
    await expect(confirm.getByRole("alert").filter({ hasText: text("en", "errors", "codes.recovery.password_invalid") })).toBeVisible()
    await expect(confirm.getByLabel(account("password"))).toHaveValue("Not-the-password1")
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([])
    // The right password with the app's code of the next step (the sign-in took this step's).
    await confirm.getByLabel(account("password")).fill("Chartfolio#2026")
    await confirm.getByLabel(account("code")).press("Enter")

    const shown = page.getByRole("dialog", { name: account("codesTitle") })
    await expect(shown).toBeVisible()
    const codes = shown.getByRole("list", { name: account("codesTitle") }).getByRole("listitem")
    await expect(codes).toHaveCount(10)
    const code = ((await codes.first().textContent()) ?? "").trim()
    expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/)
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([])

    // Downloaded as a text file with every code.
    const [download] = await Promise.all([page.waitForEvent("download"), shown.getByRole("button", { name: account("download") }).click()])
    expect(download.suggestedFilename()).toMatch(/^chartfolio-recovery-codes-\d{4}-\d{2}-\d{2}\.txt$/)
    const file = await readFile((await download.path()) ?? "", "utf8")
    expect(file).toContain(account("fileTitle"))
    for (const c of await codes.allTextContents()) expect(file).toContain(c.trim())

    await shown.getByRole("button", { name: account("done") }).click()
    await expect(shown).toBeHidden()
    await expect(page.getByText(account("left", { count: 10, total: 10 }))).toBeVisible()

    // Signed out; in again with the recovery code in place of the app's (the page says how).
    await page.goto("/logout")
    await expect(page).toHaveURL(/\/login$/)
    await toCodeStep(page)
    await page.getByRole("button", { name: auth("code.useRecovery") }).click()
    await expect(page.getByText(auth("code.fromRecovery"))).toBeVisible()
    await page.getByLabel(auth("code.recoveryLabel")).fill(code.toUpperCase())
    await page.getByRole("button", { name: auth("code.submit") }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByText(auth("recovery.used", { count: 9 }))).toBeVisible()

    // The same code a second time is refused at the code step.
    await page.goto("/logout")
    await expect(page).toHaveURL(/\/login$/)
    await toCodeStep(page)
    await page.getByRole("button", { name: auth("code.useRecovery") }).click()
    await page.getByLabel(auth("code.recoveryLabel")).fill(code)
    await page.getByRole("button", { name: auth("code.submit") }).click()
    await expect(page.getByRole("alert").filter({ hasText: text("en", "errors", "codes.otp.invalid") })).toBeVisible()
    await expect(page).toHaveURL(/\/2fa-otp$/)

    // Back to the app's code; the Security page shows one code fewer and when one was used.
    await page.getByRole("button", { name: auth("code.useApp") }).click()
    await verifyTotp(page)
    await openSecurity(page)
    await expect(page.getByText(account("left", { count: 9, total: 10 }))).toBeVisible()
    await expect(page.getByText(new RegExp(`^${account("lastUsed", { date: "XXX" }).split("XXX")[0]}`))).toBeVisible()
  })
})
