/**
 * Every route of the router (src/app/router.tsx) that shows a page, for the checks that must hold
 * on all of them (issue 15: axe in both colour modes, no horizontal scroll at 360 px). Routes that
 * only redirect (/, /auth, /instruments, /portfolio/{accountId}, /user-account, /logout, unknown
 * paths) show another route's page and are not listed. /2fa-otp needs a pending code step: see
 * `openCodeStep` (./routes.ts). A pure module, so test/unit/app/routes.test.ts can check that
 * every page of the router is here or in `NOT_LISTED`.
 */
export const SIGNED_OUT_ROUTES = ["/login", "/auth/registration", "/forgot-password", "/reset-password/some-ref", "/dev/mailbox"] as const

/** The code step, opened by ./routes.ts's `openCodeStep`. */
export const CODE_STEP_ROUTE = "/2fa-otp"

/** The signed-in pages, given one of the user's portfolio accounts and one instrument. */
export const signedInRoutes = ({ accountId, instrumentId }: { accountId: string; instrumentId: string }): ReadonlyArray<string> => [
  "/dashboard",
  "/business-news",
  "/builder",
  "/market-insight",
  "/watchlist",
  "/notifications",
  `/instruments/view/${instrumentId}`,
  ...["overview", "positions", "orders", "transactions", "payments", "statements"].map((tab) => `/portfolio/${accountId}/${tab}`),
  ...["profile-overview", "profile-detail", "bank-accounts", "documents", "compliance", "security"].map((tab) => `/user-account/${tab}`),
  ...[1, 2, 3, 4, 5, 6].map((n) => `/error/error-v${n}`),
]

/** The number of routes that show a page: the signed-out ones, /2fa-otp, and the signed-in ones. */
export const ROUTE_COUNT = SIGNED_OUT_ROUTES.length + 1 + signedInRoutes({ accountId: "a", instrumentId: "i" }).length

/** Pages of the router the lists above leave out, each with where it is checked instead. */
export const NOT_LISTED: Readonly<Record<string, string>> = {
  "/portfolio/": "shows nothing of its own: it leads to the selected (else the first) portfolio's overview, which is listed",
  "/workflows": "reviewers only: e2e/workflows.spec.ts runs axe on it as the reviewer",
}
