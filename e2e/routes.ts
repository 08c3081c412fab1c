import { expect, type Page } from "@playwright/test"
import { submitCredentials, withAddressLock } from "./auth-support"
import { openApp, text } from "./support"

/**
 * Every route of the router (src/app/router.tsx) that shows a page, for the checks that must hold
 * on all of them (issue 15: axe in both colour modes, no horizontal scroll at 360 px). Routes that
 * only redirect (/, /auth, /instruments, /portfolio, /user-account, /logout, unknown paths) show
 * another route's page and are not listed. /2fa-otp needs a pending code step: see `openCodeStep`.
 */
export const SIGNED_OUT_ROUTES = ["/login", "/auth/registration", "/forgot-password", "/reset-password/some-ref", "/dev/mailbox"] as const

/** The signed-in pages, given one of the user's portfolio accounts and one instrument. */
export const signedInRoutes = ({ accountId, instrumentId }: { accountId: string; instrumentId: string }): ReadonlyArray<string> => [
  "/dashboard",
  "/business-news",
  "/builder",
  "/market-insight",
  `/instruments/view/${instrumentId}`,
  ...["overview", "positions", "orders", "transactions", "payments", "statements"].map((tab) => `/portfolio/${accountId}/${tab}`),
  ...["profile-overview", "profile-detail", "bank-accounts", "documents", "compliance"].map((tab) => `/user-account/${tab}`),
  ...[1, 2, 3, 4, 5, 6].map((n) => `/error/error-v${n}`),
]

/** The number of routes that show a page: the signed-out ones, /2fa-otp, and the signed-in ones. */
export const ROUTE_COUNT = SIGNED_OUT_ROUTES.length + 1 + signedInRoutes({ accountId: "a", instrumentId: "i" }).length

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
  const hit = page.getByRole("list", { name: text("en", "instruments", "search.results") }).getByRole("link").first()
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
