import { expect, type Page } from "@playwright/test"
import { submitCredentials, withAddressLock } from "./auth-support"
import { openApp, text } from "./support"

export { ROUTE_COUNT, SIGNED_OUT_ROUTES, signedInRoutes } from "./route-list"

/** Waits until the page shows its content: the main region, no skeleton, nothing busy, the splash gone. */
export const loaded = async (page: Page) => {
  await expect(page.getByRole("status", { name: text("en", "common", "splash.loading") })).toBeHidden()
  await expect(page.getByRole("main")).toBeVisible()
  await expect(page.locator(".chakra-skeleton, [data-scope=skeleton], [aria-busy=true]")).toHaveCount(0)
  // The mailbox lists once its Refresh button is no longer busy.
  if (new URL(page.url()).pathname === "/dev/mailbox") await expect(page.getByRole("button", { name: text("en", "dev", "mailbox.refresh") })).toBeEnabled()
}

/**
 * The ids the signed-in routes need, read as a user finds them: the first portfolio (where
 * /portfolio leads) and the first instrument the side menu's search lists for "a".
 */
export const discoverIds = async (page: Page): Promise<{ accountId: string; instrumentId: string }> => {
  await openApp(page, "/portfolio")
  await expect(page).toHaveURL(/\/portfolio\/[^/]+\/overview$/)
  const accountId = new URL(page.url()).pathname.split("/")[2] ?? ""
  await openApp(page, "/instruments")
  await page.getByRole("searchbox", { name: text("en", "instruments", "search.label") }).fill("a")
  const hit = page
    .getByRole("list", { name: text("en", "instruments", "search.results") })
    .getByRole("link")
    .first()
  const href = (await hit.getAttribute("href")) ?? ""
  const instrumentId = /\/instruments\/view\/([^/?#]+)/.exec(href)?.[1] ?? ""
  expect(accountId).not.toBe("")
  expect(instrumentId).not.toBe("")
  return { accountId, instrumentId }
}

/**
 * Opens /2fa-otp as a user gets there: the demo user's credentials accepted, the code step pending
 * (under the address lock, since a code is mailed). Runs `check` on the page there.
 */
export const openCodeStep = (page: Page, email: string, check: () => Promise<void>) =>
  withAddressLock(email, async () => {
    await openApp(page, "/login")
    await submitCredentials(page, email)
    await expect(page).toHaveURL(/\/2fa-otp$/)
    await expect(page.getByLabel("One-time code")).toBeVisible()
    await check()
  })
