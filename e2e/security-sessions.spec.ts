import { type Browser, type Page } from "@playwright/test"
import { expect, test } from "./fixtures"
import { seriousViolations } from "./axe"
import { registerAndSignIn, signIn } from "./auth-support"
import { layoutShifts, watchLayoutShifts } from "./layout-shifts"
import { holdRequests, openApp, text } from "./support"

// Issue 35 (Security page): one user signed in on two browsers. From the first, /user-account/security
// lists both sessions with this device marked; "Sign out" on the second ends it at once: the second
// browser's next request gets the re-authentication dialog. Each test registers its own user, so
// no other spec's sessions are listed or ended.

test.describe.configure({ timeout: 180_000 })

const at =
  (lang: string) =>
  (key: string, vars: Record<string, string | number> = {}) =>
    text(lang, "account", key, vars)

/** A second browser (its own device id and storage) signed in as `email`, on the profile detail page. */
const secondBrowser = async (browser: Browser, baseURL: string | undefined, email: string): Promise<Page> => {
  const page = await (await browser.newContext({ baseURL })).newPage()
  await signIn(page, email)
  await openApp(page, "/user-account/profile-detail")
  return page
}

const openSecurity = async (page: Page, lang = "en") => {
  await openApp(page, "/user-account/security")
  await expect(page.getByRole("heading", { level: 1, name: at(lang)("tabs.security") })).toBeVisible()
}

const sessionList = (page: Page, lang = "en") => page.getByRole("list", { name: at(lang)("security.sessions.title") })

test("the Security page lists both browsers, this one marked; Sign out (by keyboard) ends the other at its next request", async ({
  page,
  browser,
  baseURL,
}) => {
  const t = at("en")
  const email = await registerAndSignIn(page, "security")
  const other = await secondBrowser(browser, baseURL, email)

  // Nothing in view moves as the lists come, however many sessions there are: the sessions are held
  // until their skeleton shows, as on a slow network.
  await watchLayoutShifts(page)
  const sessionsCall = /\/api\/users\/sessions$/
  const release = await holdRequests(page, sessionsCall)
  await page.goto("/user-account/security")
  await expect(page.getByRole("status", { name: text("en", "portfolio", "frame.loadingDetails") }).first()).toBeVisible()
  release()
  const sessions = sessionList(page).getByRole("listitem")
  await expect(sessions).toHaveCount(2)
  await expect(page.getByRole("heading", { level: 2, name: t("security.devices.title") })).toBeVisible()
  await expect(page.getByRole("heading", { level: 2, name: t("security.recovery.title") })).toBeVisible()
  expect(await layoutShifts(page)).toEqual([])
  await page.unroute(sessionsCall)
  // This device is marked and has no Sign out; the other has one.
  const mine = sessions.filter({ hasText: t("security.thisDevice") })
  await expect(mine).toHaveCount(1)
  await expect(mine.getByRole("button")).toHaveCount(0)
  const theirs = sessions.filter({ hasNotText: t("security.thisDevice") })
  await expect(theirs.getByText(t("security.placeUnknown"), { exact: false })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  // At phone width the page has no sideways scroll.
  await page.setViewportSize({ width: 360, height: 740 })
  await expect(sessions).toHaveCount(2)
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0)

  // Keyboard only: focus the other session's Sign out, press Enter, then Tab to the confirmation's Sign out and press Enter.
  const signOut = theirs.getByRole("button", { name: new RegExp(`^${t("security.sessions.end")} `) })
  await signOut.focus()
  await page.keyboard.press("Enter")
  const confirm = page.getByRole("alertdialog", { name: t("security.confirm.endTitle") })
  await expect(confirm).toBeVisible()
  expect(await seriousViolations(page, '[role="alertdialog"]')).toEqual([])
  const confirmButton = confirm.getByRole("button", { name: t("security.sessions.end"), exact: true })
  for (let i = 0; i < 4 && !(await confirmButton.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab")
  await expect(confirmButton).toBeFocused()
  await page.keyboard.press("Enter")
  await expect(confirm).toBeHidden()
  await expect(page.getByText(t("security.toast.ended"))).toBeVisible()
  await expect(sessions).toHaveCount(1)
  await expect(sessionList(page).getByText(t("security.thisDevice"))).toBeVisible()

  // The other browser's next request is refused: the re-authentication dialog shows there.
  await other.getByRole("link", { name: t("tabs.security") }).click()
  await expect(other.getByRole("alertdialog", { name: text("en", "auth", "reauth.title") })).toBeVisible()
  await other.context().close()
})

test("in German: Sign out everywhere else leaves only this device", async ({ page, browser, baseURL }) => {
  const email = await registerAndSignIn(page, "security-de")
  const other = await secondBrowser(browser, baseURL, email)
  await openSecurity(page)
  await Promise.all([page.waitForEvent("load"), page.getByRole("combobox", { name: text("en", "common", "language.label") }).selectOption("de")])
  const t = at("de")
  await expect(page.getByRole("heading", { level: 1, name: t("tabs.security") })).toBeVisible()
  const sessions = sessionList(page, "de").getByRole("listitem")
  await expect(sessions).toHaveCount(2)
  await expect(sessions.filter({ hasText: t("security.thisDevice") })).toHaveCount(1)

  await page.getByRole("button", { name: t("security.sessions.endOthers") }).click()
  const confirm = page.getByRole("alertdialog", { name: t("security.confirm.othersTitle") })
  await expect(confirm.getByText(t("security.confirm.othersText"))).toBeVisible()
  await confirm.getByRole("button", { name: t("security.sessions.endOthers") }).click()
  await expect(confirm).toBeHidden()
  await expect(page.getByText(t("security.toast.endedOthers", { count: 1 }))).toBeVisible()
  await expect(sessions).toHaveCount(1)
  await expect(page.getByRole("button", { name: t("security.sessions.endOthers") })).toHaveCount(0)
  expect(await seriousViolations(page)).toEqual([])

  await other.getByRole("link", { name: text("en", "account", "tabs.bank-accounts") }).click()
  await expect(other.getByRole("alertdialog", { name: text("en", "auth", "reauth.title") })).toBeVisible()
  await other.context().close()
})
