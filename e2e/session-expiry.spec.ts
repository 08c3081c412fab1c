import { type Page } from "@playwright/test"
import { expect, test } from "./fixtures"
import { DEMO, expiredSessionDialog, PASSWORD, registerAndSignIn, storedKeys } from "./auth-support"
import { text, wallClock } from "./support"

// Each test registers its own user, so they never share codes or sessions.

/**
 * Moves the page's clock past the 30-minute validity at the test's next click, so the request
 * that click makes finds the session expired (the client refuses it before sending). Returns a
 * function that puts the clock back: requests are signed with the page's time and the server
 * allows 300 s of skew.
 */
let clock: Awaited<ReturnType<typeof wallClock>>
const expireSession = async (_page: Page) => {
  // At the next click (the test's Refresh), so that nothing else meets the expiry first.
  await clock.aheadAtNextClick(31 * 60_000)
  return () => clock.now()
}

test.beforeEach(async ({ page }) => {
  clock = await wallClock(page)
})

test("an expired session asks to re-authenticate, and the request that met the expiry continues", async ({ page }) => {
  const user = await registerAndSignIn(page, "expiry")
  await page.goto("/dev/mailbox?to=demo@chartfolio.test")
  await expect(page.getByRole("heading", { level: 1, name: "Demo mailbox" })).toBeVisible()
  await expect(page.getByRole("status", { name: "Loading messages" })).toBeHidden()

  const mailboxCalls: string[] = []
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/dev/mailbox") mailboxCalls.push(request.headers()["authorization"] ?? "")
  })
  const restore = await expireSession(page)
  await page.getByRole("button", { name: "Refresh" }).click()

  const dialog = await expiredSessionDialog(page)
  // It cannot be dismissed, and the refresh waits behind it: nothing was sent with the dead session.
  await page.keyboard.press("Escape")
  await expect(dialog).toBeVisible()
  expect(mailboxCalls).toEqual([])

  await dialog.getByLabel("Email").fill("not-an-email")
  await dialog.getByRole("button", { name: "Continue" }).click()
  await expect(dialog.getByText("Kindly provide a valid email")).toBeVisible()
  await expect(dialog.getByText("Kindly provide your password")).toBeVisible()

  await restore()
  await dialog.getByLabel("Email").fill(user)
  await dialog.getByLabel("Password").fill(PASSWORD)
  await dialog.getByRole("button", { name: "Continue" }).click()
  await expect(dialog).toBeHidden()
  // The refresh that met the expiry was retried once, with the new token.
  await expect.poll(() => mailboxCalls.length).toBe(1)
  expect(mailboxCalls[0]).toMatch(/^Bearer .+/)
  await expect(page.getByRole("button", { name: "Refresh" })).toBeEnabled()
  await page.goto("/dashboard")
  await expect(page).toHaveURL(/\/dashboard$/)
})

test("a 403 on re-authentication logs the user out after 500 ms", async ({ page }) => {
  await registerAndSignIn(page, "forbidden")
  await page.goto("/dev/mailbox")
  await expect(page.getByRole("heading", { level: 1, name: "Demo mailbox" })).toBeVisible()
  const restore = await expireSession(page)
  await page.getByRole("button", { name: "Refresh" }).click()
  const dialog = await expiredSessionDialog(page)
  await restore()
  // Someone else's credentials: the server refuses to renew this session (403); the error is
  // toasted and the user is logged out 500 ms later (the delay itself is proven on a simulated
  // clock by test/model/session.model.test.ts).
  await dialog.getByLabel("Email").fill(DEMO)
  await dialog.getByLabel("Password").fill(PASSWORD)
  await dialog.getByRole("button", { name: "Continue" }).click()
  await expect(page.getByText(text("en", "errors", "codes.auth.forbidden"))).toBeVisible()
  await expect(dialog).toBeHidden()
  expect(await storedKeys(page)).toEqual(["chartfolio.v1.deviceId"])
  await page.goto("/dashboard")
  await expect(page).toHaveURL(/\/login$/)
})

test("a wrong password in the dialog is toasted and the dialog stays", async ({ page }) => {
  const user = await registerAndSignIn(page, "wrongpw")
  await page.goto("/dev/mailbox")
  await expect(page.getByRole("heading", { level: 1, name: "Demo mailbox" })).toBeVisible()
  const restore = await expireSession(page)
  await page.getByRole("button", { name: "Refresh" }).click()
  const dialog = await expiredSessionDialog(page)
  await restore()
  await dialog.getByLabel("Email").fill(user)
  await dialog.getByLabel("Password").fill("Wrong#Password1")
  await dialog.getByRole("button", { name: "Continue" }).click()
  await expect(page.getByText("The login detail is incorrect")).toBeVisible()
  await expect(dialog).toBeVisible()
})

test("signing out in one tab ends the other tabs of the browser at once: they go to /login", async ({ page }) => {
  await registerAndSignIn(page, "tabs")
  const other = await page.context().newPage()
  await other.goto("/dashboard")
  await expect(other.getByRole("navigation", { name: "Main menu" })).toBeVisible()

  await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Sign Out" }).click()
  await expect(page).toHaveURL(/\/login$/)
  // The other tab follows without a click of its own, and is not asked to re-authenticate.
  await expect(other).toHaveURL(/\/login$/)
  await expect(other.getByRole("heading", { level: 1, name: "Sign In" })).toBeVisible()
  await expect(other.getByRole("dialog", { name: text("en", "auth", "reauth.title") })).toHaveCount(0)
  expect(await storedKeys(other)).toEqual(["chartfolio.v1.deviceId"])
})
