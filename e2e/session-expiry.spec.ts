import { expect, test, type Page } from "@playwright/test"
import { APP_USER, DEMO, PASSWORD, signIn } from "./auth-support"

// The app user on a trusted device signs in without a code; these run one after another because
// they share that user's sessions.
test.describe.configure({ mode: "serial" })

/**
 * Moves the page's clock past the 30-minute validity, so the next request finds the session
 * expired (the client refuses it before sending). Returns a function that puts the clock back:
 * requests are signed with the page's time and the server allows 300 s of skew.
 */
const expireSession = async (page: Page) => {
  const now = await page.evaluate(() => Date.now())
  await page.clock.setSystemTime(now + 31 * 60_000)
  return () => page.clock.setSystemTime(Date.now())
}

test.beforeEach(async ({ page }) => {
  await page.clock.install()
})

test("an expired session asks to re-authenticate, and the request that met the expiry continues", async ({ page }) => {
  await signIn(page, APP_USER)
  await page.goto("/dev/mailbox?to=demo@chartfolio.test")
  await expect(page.getByRole("heading", { level: 1, name: "Demo mailbox" })).toBeVisible({ timeout: 10_000 })
  await expect(page.getByRole("status", { name: "Loading messages" })).toBeHidden()

  const restore = await expireSession(page)
  await page.getByRole("button", { name: "Refresh" }).click()

  const dialog = page.getByRole("alertdialog", { name: "Your session has expired" })
  await expect(dialog).toBeVisible()
  // It cannot be dismissed.
  await page.keyboard.press("Escape")
  await expect(dialog).toBeVisible()
  // The refresh is still waiting behind the dialog.
  await expect(page.getByRole("button", { name: "Refresh" })).toBeDisabled()

  await dialog.getByLabel("Email").fill("not-an-email")
  await dialog.getByRole("button", { name: "Continue" }).click()
  await expect(dialog.getByText("Kindly provide a valid email")).toBeVisible()
  await expect(dialog.getByText("Kindly provide your password")).toBeVisible()

  await restore()
  await dialog.getByLabel("Email").fill(APP_USER)
  await dialog.getByLabel("Password").fill(PASSWORD)
  await dialog.getByRole("button", { name: "Continue" }).click()
  await expect(dialog).toBeHidden()
  // The refresh went through with the new token: the page is usable and still signed in.
  await expect(page.getByRole("button", { name: "Refresh" })).toBeEnabled()
  await page.goto("/dashboard")
  await expect(page).toHaveURL(/\/dashboard$/)
})

test("a 403 on re-authentication logs the user out after 500 ms", async ({ page }) => {
  await signIn(page, APP_USER)
  await page.goto("/dev/mailbox")
  await expect(page.getByRole("heading", { level: 1, name: "Demo mailbox" })).toBeVisible({ timeout: 10_000 })
  const restore = await expireSession(page)
  await page.getByRole("button", { name: "Refresh" }).click()
  const dialog = page.getByRole("alertdialog", { name: "Your session has expired" })
  await expect(dialog).toBeVisible()
  await restore()
  // Someone else's credentials: the server refuses to renew this session (403).
  await dialog.getByLabel("Email").fill(DEMO)
  await dialog.getByLabel("Password").fill(PASSWORD)
  await dialog.getByRole("button", { name: "Continue" }).click()
  await expect(page.getByText("Sign in again.")).toBeVisible()
  await page.clock.runFor(500)
  await expect(page).toHaveURL(/\/login$/)
  await expect(dialog).toBeHidden()
})

test("a wrong password in the dialog is toasted and the dialog stays", async ({ page }) => {
  await signIn(page, APP_USER)
  await page.goto("/dev/mailbox")
  await expect(page.getByRole("heading", { level: 1, name: "Demo mailbox" })).toBeVisible({ timeout: 10_000 })
  const restore = await expireSession(page)
  await page.getByRole("button", { name: "Refresh" }).click()
  const dialog = page.getByRole("alertdialog", { name: "Your session has expired" })
  await expect(dialog).toBeVisible()
  await restore()
  await dialog.getByLabel("Email").fill(APP_USER)
  await dialog.getByLabel("Password").fill("Wrong#Password1")
  await dialog.getByRole("button", { name: "Continue" }).click()
  await expect(page.getByText("The login detail is incorrect")).toBeVisible()
  await expect(dialog).toBeVisible()
})
