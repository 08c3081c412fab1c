import { expect, type Page } from "@playwright/test"
import { TOTP } from "otpauth"
import { openApp } from "./support"

export const PASSWORD = "Chartfolio#2026"
export const DEMO = "demo@chartfolio.test"
export const APP_USER = "app@chartfolio.test"
export const NEW_USER = "new@chartfolio.test"
export const TOTP_SECRET = "CHARTFOLIOAPPDEMOSECRETKEY234567"

/** The current authenticator code for the README's TOTP secret. */
export const totpCode = (at = Date.now()): string =>
  new TOTP({ secret: TOTP_SECRET, algorithm: "SHA1", digits: 6, period: 30 }).generate({ timestamp: at })

/** Fills and submits the sign-in form. */
export const submitCredentials = async (page: Page, email: string, password = PASSWORD) => {
  await page.getByLabel("Email").fill(email)
  await page.getByLabel("Password").fill(password)
  await page.getByRole("button", { name: "Sign In" }).click()
}

/** Reads the newest six-digit code mailed to an address, as a person would: on /dev/mailbox. */
export const readMailedCode = async (page: Page, address: string, notBefore?: string): Promise<string> => {
  const mailbox = await page.context().newPage()
  try {
    let code = ""
    await expect(async () => {
      await openApp(mailbox, `/dev/mailbox?to=${encodeURIComponent(address)}`)
      const newest = mailbox.getByRole("article").first()
      await expect(newest).toBeVisible()
      const match = /\b(\d{6})\b/.exec((await newest.textContent()) ?? "")
      expect(match).not.toBeNull()
      code = match?.[1] ?? ""
      expect(code).not.toBe(notBefore ?? "")
    }).toPass({ timeout: 15_000 })
    return code
  } finally {
    await mailbox.close()
  }
}

/** Signs a user in through the real UI, code step included, and waits for the dashboard. */
export const signIn = async (page: Page, email: string) => {
  await openApp(page, "/login")
  await submitCredentials(page, email)
  await expect(page).toHaveURL(/\/(2fa-otp|dashboard)$/, { timeout: 10_000 })
  if (page.url().endsWith("/2fa-otp")) {
    const code = email === APP_USER ? totpCode() : await readMailedCode(page, email)
    await page.getByLabel("One-time code").fill(code)
    await page.getByRole("button", { name: "Verify" }).click()
  }
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 })
}

/** What the app keeps in local storage (its versioned key family). */
export const storedKeys = (page: Page) =>
  page.evaluate(() => Object.keys(window.localStorage).filter((k) => k.startsWith("chartfolio.v1.")).sort())
