import { createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent, Outlet, redirect, type AnyRoute } from "@tanstack/react-router"
import i18next from "i18next"
import { lazy, useState, type ComponentType } from "react"
import { waitFor } from "xstate"
import { SIGNED_IN_NAMESPACES } from "../i18n/languages"
import { LoginPage } from "../views/auth/login-page"
import { SignedOutFrame } from "../views/auth/signed-out-frame"
import { RootFrame } from "../views/shell/root-frame"
import type { PortfolioSubpage } from "../domain/portfolio-subpages"
import { documentsSearch, errorVariantOf, errorVariantSegment, explorerSearch, mailboxSearch } from "../domain/route-input"
import type { instrumentDetailMachine } from "../machines/instrument-detail.machine"
import { TAG } from "../machines/kit"
import type { portfoliosMachine } from "../machines/portfolios.machine"
import type { AuthGate } from "./auth-gate"
import { workflowsOfRoute } from "./registry"
import { redirectFor, type RouteArea } from "./route-rules"
import type { AppWorkflows } from "./workflow-source"

/** What every route can read: the gate the guards await, and the workflows its pages start. */
export interface RouterContext {
  readonly auth: AuthGate
  readonly workflows: AppWorkflows
}

declare module "@tanstack/react-router" {
  interface StaticDataRouteOption {
    /** i18n key (common namespace) of this route's breadcrumb; the trail is built from the matches. */
    breadcrumb?: string
    /** The trail starts at this route's breadcrumb (spec: breadcrumbs start with Instruments or Overview). */
    breadcrumbRoot?: boolean
    /**
     * The route's subheader (spec part 1 "Layout": the portfolio selector on /dashboard, BUY / SELL
     * on /portfolio, the instrument on its page). The deepest match's one is shown; make it
     * `lazy(() => import(...))` so it loads with its page.
     */
    subheader?: RouteSubheader
    /** Which subpage of a portfolio account this route is (its tab in the portfolio area). */
    subpage?: PortfolioSubpage
  }
}

/** A guard for a route of the given area: awaits the session, then redirects per the route tables. */
const guard =
  (area: RouteArea) =>
  async ({ context }: { context: RouterContext }) => {
    const to = redirectFor(await context.auth.access(), area)
    if (to !== null) throw redirect({ to, replace: true })
  }

/**
 * The loader part of every route with a component: the workflows the registry names for the route
 * (src/app/registry.ts, `runs.routes`) load beside its component, before the page renders, so a
 * workflow is added to a page by its registry line alone. A route with its own loader awaits it
 * beside its own work. test/unit/app/routes.test.ts fails when a route with a component does not.
 */
/** A route's subheader, made by `routeSubheader`. */
type RouteSubheader = ComponentType & { readonly preload: () => Promise<unknown> }

/**
 * A route's subheader: a lazy component whose chunk the route's loader asks for beside its
 * workflows (`loadWorkflows`), so the frame renders it with the page rather than after it (the
 * frame's fallback row is 36 px; an instrument's subheader is taller, and the page moved down).
 * `afterPage`: rendered after the page's first paint instead (the frame's fallback row meanwhile),
 * for a subheader whose first render would delay the page's (the dashboard's portfolio combobox).
 */
const routeSubheader = (load: () => Promise<ComponentType>, { afterPage = false } = {}): RouteSubheader => {
  if (afterPage)
    return Object.assign(
      lazy(() => load().then((component) => ({ default: component }))),
      { preload: () => Promise.resolve() },
    )
  let loaded: ComponentType | undefined
  let loading: Promise<{ default: ComponentType }> | undefined
  const preload = () =>
    (loading ??= load().then((component) => {
      loaded = component
      return { default: component }
    }))
  const Lazy = lazy(preload)
  // Once loaded, the component itself: a lazy one suspends on its first render even when its chunk
  // is there, and React then shows the fallback for at least 300 ms. Chosen once per mount.
  function Subheader() {
    const [Shown] = useState<ComponentType>(() => loaded ?? Lazy)
    return <Shown />
  }
  return Object.assign(Subheader, { preload })
}

/** A route's loader: its workflow modules and its subheader's chunk. */
const loadWorkflows = async ({ context, route }: { context: RouterContext; route: AnyRoute }): Promise<void> => {
  await Promise.all([context.workflows.preload(workflowsOfRoute(route.id)), route.options.staticData?.subheader?.preload()])
}

const currentYear = () => new Date().getFullYear()

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootFrame,
})

// ---- Signed-out area (shown while the one-time code step is unsatisfied) ----

const signedOutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: "signed-out",
  loader: loadWorkflows,
  component: () => (
    <SignedOutFrame year={currentYear()}>
      <Outlet />
    </SignedOutFrame>
  ),
})

const loginRoute = createRoute({
  getParentRoute: () => signedOutRoute,
  path: "/login",
  beforeLoad: guard("login"),
  loader: loadWorkflows,
  component: LoginPage,
})

const twoFactorRoute = createRoute({
  getParentRoute: () => signedOutRoute,
  path: "/2fa-otp",
  beforeLoad: guard("twoFactor"),
  loader: loadWorkflows,
  component: lazyRouteComponent(() => import("../views/auth/two-factor-page"), "TwoFactorPage"),
})

const forgotPasswordRoute = createRoute({
  getParentRoute: () => signedOutRoute,
  path: "/forgot-password",
  beforeLoad: guard("forgotPassword"),
  loader: loadWorkflows,
  component: lazyRouteComponent(() => import("../views/auth/forgot-password-page"), "ForgotPasswordPage"),
})

const resetPasswordRoute = createRoute({
  getParentRoute: () => signedOutRoute,
  path: "/reset-password/$ref",
  beforeLoad: guard("resetPassword"),
  loader: loadWorkflows,
  component: lazyRouteComponent(() => import("../views/auth/reset-password-page"), "ResetPasswordRoute"),
})

// /auth itself and any unknown /auth/... path: to /login, or to / when satisfied.
const authBaseRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/auth",
})

const authIndexRoute = createRoute({
  getParentRoute: () => authBaseRoute,
  path: "/",
  beforeLoad: guard("authBase"),
})

const registrationRoute = createRoute({
  getParentRoute: () => signedOutRoute,
  path: "/auth/registration",
  beforeLoad: guard("registration"),
  loader: loadWorkflows,
  component: lazyRouteComponent(() => import("../views/auth/registration-page"), "RegistrationPage"),
})

const authUnknownRoute = createRoute({
  getParentRoute: () => authBaseRoute,
  path: "$",
  beforeLoad: guard("authBase"),
})

// ---- Signed-in area (requires the one-time code to be satisfied) ----

/**
 * How long the signed-in frame's first render waits for the portfolios' first answers (profile,
 * accounts, the selected account's details) before it shows with its loading states instead
 * (docs/decisions/0149-first-load-brings-details.md).
 */
const FIRST_ANSWERS_WAIT_MS = 500

const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: "signed-in",
  beforeLoad: guard("signedIn"),
  // The frame's and its pages' texts (not loaded at start: the signed-out pages do not show them),
  // and the signed-in user's portfolios actor (profile, accounts, selected account), which the frame
  // hands to its pages: started here, it calls the API while the frame's code is still loading (the
  // API runtime is fetched at once for it). One per signed-in stay: kept while the user moves
  // between pages, stopped on leaving the area (sign-out), not kept for the next sign-in.
  staleTime: Infinity,
  gcTime: 0,
  loader: async ({ context, route }) => {
    context.workflows.prefetchApi()
    const [portfolios] = await Promise.all([
      context.workflows.start<typeof portfoliosMachine>("portfolios", {}),
      i18next.loadNamespaces([...SIGNED_IN_NAMESPACES]),
      loadWorkflows({ context, route }),
    ])
    // The frame renders once with the first answers when they come soon (no skeletons shown for a
    // moment, one render instead of two), and with its loading states once they are late.
    await waitFor(portfolios, (s) => !s.hasTag(TAG.loading), { timeout: FIRST_ANSWERS_WAIT_MS }).catch(() => undefined)
    return { portfolios }
  },
  onLeave: (match) => match.loaderData?.portfolios.stop(),
  component: lazyRouteComponent(() => import("../views/shell/signed-in-frame"), "SignedInFrame"),
  staticData: { breadcrumb: "breadcrumbs.overview" },
})

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/",
  beforeLoad: guard("root"),
})

const dashboardRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/dashboard",
  loader: loadWorkflows,
  staticData: {
    breadcrumb: "menu.dashboard",
    // Its combobox's first render would delay the dashboard's largest paint (LCP at 4x: +150-250 ms).
    subheader: routeSubheader(() => import("../views/dashboard/portfolio-selector").then((m) => m.PortfolioSelector), { afterPage: true }),
  },
  component: lazyRouteComponent(() => import("../views/dashboard/dashboard-page"), "DashboardRoute"),
})

// ---- Business news (spec part 2 "Business news") ----

const businessNewsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/business-news",
  loader: loadWorkflows,
  staticData: { breadcrumb: "menu.businessNews" },
  component: lazyRouteComponent(() => import("../views/news/business-news-page"), "BusinessNewsPage"),
})

// ---- Watchlists (issue 36) ----

const watchlistRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/watchlist",
  staticData: { breadcrumb: "menu.watchlist" },
  loader: loadWorkflows,
  component: lazyRouteComponent(() => import("../views/watchlist/watchlist-page"), "WatchlistPage"),
})

// ---- Notification inbox (issue 36) ----

const notificationsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/notifications",
  staticData: { breadcrumb: "menu.notifications" },
  loader: loadWorkflows,
  component: lazyRouteComponent(() => import("../views/notifications/notifications-page"), "NotificationsPage"),
})

// ---- Layout builder: the page the hidden sticky toolbar links to (spec part 1 "Layout"); static ----

const builderRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/builder",
  loader: loadWorkflows,
  staticData: { breadcrumb: "toolbar.builder" },
  component: lazyRouteComponent(() => import("../views/builder/builder-page"), "BuilderPage"),
})

// ---- Portfolio area: /portfolio/:accountId?/:subpage (spec part 2 "Portfolio area") ----

const portfolioRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/portfolio",
  // The signed-in area's portfolios actor, for the account route below.
  loader: async ({ context, route, parentMatchPromise }) => {
    const [parent] = await Promise.all([parentMatchPromise, loadWorkflows({ context, route })])
    return { portfolios: parent.loaderData?.portfolios }
  },
  staticData: {
    breadcrumb: "menu.portfolio",
    subheader: routeSubheader(() => import("../views/portfolio/portfolio-subheader").then((m) => m.PortfolioSubheader)),
  },
  component: lazyRouteComponent(() => import("../views/portfolio/portfolio-area"), "PortfolioArea"),
})

const portfolioIndexRoute = createRoute({
  getParentRoute: () => portfolioRoute,
  path: "/",
  loader: loadWorkflows,
  component: lazyRouteComponent(() => import("../views/portfolio/portfolio-area"), "PortfolioIndex"),
})

const portfolioAccountRoute = createRoute({
  getParentRoute: () => portfolioRoute,
  path: "$accountId",
  // The portfolios chart learns which account the URL names (it selects it, or says where the page
  // goes instead): once per account the URL names, and again when the page comes back to it. Leaving
  // the area tells it the URL names none.
  loader: async ({ context, route, params, parentMatchPromise }) => {
    const [parent] = await Promise.all([parentMatchPromise, loadWorkflows({ context, route })])
    const portfolios = parent.loaderData?.portfolios
    portfolios?.send({ type: "route.account", accountId: params.accountId })
    return { portfolios }
  },
  onLeave: ({ loaderData }) => {
    const portfolios = loaderData?.portfolios
    if (portfolios?.getSnapshot().status === "active") portfolios.send({ type: "route.account", accountId: null })
  },
  component: lazyRouteComponent(() => import("../views/portfolio/account-frame"), "PortfolioAccountFrame"),
})

/** /portfolio/{accountId} itself and any path under it that is not a subpage: to its overview. */
const toPortfolioOverview = ({ params }: { params: { accountId: string } }) => {
  throw redirect({ to: "/portfolio/$accountId/overview", params: { accountId: params.accountId }, replace: true })
}

const portfolioAccountIndexRoute = createRoute({ getParentRoute: () => portfolioAccountRoute, path: "/", beforeLoad: toPortfolioOverview })

const portfolioOverviewRoute = createRoute({
  getParentRoute: () => portfolioAccountRoute,
  path: "overview",
  loader: loadWorkflows,
  // No crumb of its own: the portfolio's first page reads "Overview › Portfolio", not
  // "Overview › Portfolio › Overview"; the other subpages add theirs.
  staticData: { subpage: "overview" },
  component: lazyRouteComponent(() => import("../views/portfolio/overview-page"), "OverviewPage"),
})

const portfolioPositionsRoute = createRoute({
  getParentRoute: () => portfolioAccountRoute,
  path: "positions",
  loader: loadWorkflows,
  staticData: { breadcrumb: "breadcrumbs.positions", subpage: "positions" },
  component: lazyRouteComponent(() => import("../views/portfolio/positions-page"), "PositionsPage"),
})

const portfolioOrdersRoute = createRoute({
  getParentRoute: () => portfolioAccountRoute,
  path: "orders",
  loader: loadWorkflows,
  staticData: { breadcrumb: "breadcrumbs.orders", subpage: "orders" },
  component: lazyRouteComponent(() => import("../views/portfolio/orders-page"), "OrdersPage"),
})

const portfolioTransactionsRoute = createRoute({
  getParentRoute: () => portfolioAccountRoute,
  path: "transactions",
  loader: loadWorkflows,
  staticData: { breadcrumb: "breadcrumbs.transactions", subpage: "transactions" },
  component: lazyRouteComponent(() => import("../views/portfolio/transactions-page"), "TransactionsPage"),
})

const portfolioPaymentsRoute = createRoute({
  getParentRoute: () => portfolioAccountRoute,
  path: "payments",
  loader: loadWorkflows,
  staticData: { breadcrumb: "breadcrumbs.payments", subpage: "payments" },
  component: lazyRouteComponent(() => import("../views/portfolio/payments-page"), "PaymentsPage"),
})

const portfolioStatementsRoute = createRoute({
  getParentRoute: () => portfolioAccountRoute,
  path: "statements",
  loader: loadWorkflows,
  staticData: { breadcrumb: "breadcrumbs.statements", subpage: "statements" },
  component: lazyRouteComponent(() => import("../views/portfolio/statements-page"), "StatementsPage"),
})

// Any other subpath goes to overview.
const portfolioUnknownRoute = createRoute({ getParentRoute: () => portfolioAccountRoute, path: "$", beforeLoad: toPortfolioOverview })

// ---- User account area: /user-account/:subpage (spec part 2 "User account area") ----

const userAccountRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/user-account",
  loader: loadWorkflows,
  staticData: { breadcrumb: "menu.userAccount" },
  component: lazyRouteComponent(() => import("../views/account/user-account-area"), "UserAccountArea"),
})

/** /user-account itself and any path under it that is not a subpage: to profile-detail. */
const toProfileDetail = () => {
  throw redirect({ to: "/user-account/profile-detail", replace: true })
}

const userAccountIndexRoute = createRoute({ getParentRoute: () => userAccountRoute, path: "/", beforeLoad: toProfileDetail })

const profileOverviewRoute = createRoute({
  getParentRoute: () => userAccountRoute,
  path: "profile-overview",
  loader: loadWorkflows,
  staticData: { breadcrumb: "breadcrumbs.profileOverview" },
  component: lazyRouteComponent(() => import("../views/account/profile-overview-page"), "ProfileOverviewPage"),
})

const profileDetailRoute = createRoute({
  getParentRoute: () => userAccountRoute,
  path: "profile-detail",
  loader: loadWorkflows,
  staticData: { breadcrumb: "breadcrumbs.profileDetail" },
  component: lazyRouteComponent(() => import("../views/account/profile-detail-page"), "ProfileDetailPage"),
})

const bankAccountsRoute = createRoute({
  getParentRoute: () => userAccountRoute,
  path: "bank-accounts",
  loader: loadWorkflows,
  staticData: { breadcrumb: "breadcrumbs.bankAccounts" },
  component: lazyRouteComponent(() => import("../views/account/bank-accounts-page"), "BankAccountsPage"),
})

const documentsRoute = createRoute({
  getParentRoute: () => userAccountRoute,
  path: "documents",
  validateSearch: documentsSearch,
  loader: loadWorkflows,
  staticData: { breadcrumb: "breadcrumbs.documents" },
  component: lazyRouteComponent(() => import("../views/account/documents-page"), "DocumentsPage"),
})

const complianceRoute = createRoute({
  getParentRoute: () => userAccountRoute,
  path: "compliance",
  loader: loadWorkflows,
  staticData: { breadcrumb: "breadcrumbs.compliance" },
  component: lazyRouteComponent(() => import("../views/account/compliance-page"), "CompliancePage"),
})

const securityRoute = createRoute({
  getParentRoute: () => userAccountRoute,
  path: "security",
  loader: loadWorkflows,
  staticData: { breadcrumb: "breadcrumbs.security" },
  component: lazyRouteComponent(() => import("../views/account/security-page"), "SecurityPage"),
})

const userAccountUnknownRoute = createRoute({ getParentRoute: () => userAccountRoute, path: "$", beforeLoad: toProfileDetail })

// ---- Market insight (spec part 2 "Market insight") ----

const marketInsightRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/market-insight",
  loader: loadWorkflows,
  staticData: { breadcrumb: "menu.marketInsight" },
  component: lazyRouteComponent(() => import("../views/account/market-insight-page"), "MarketInsightPage"),
})

// ---- Workflow explorer (issue 13): reviewers only; its code loads with this route ----

const workflowsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/workflows",
  validateSearch: explorerSearch,
  loader: loadWorkflows,
  staticData: { breadcrumb: "menu.workflows" },
  component: lazyRouteComponent(() => import("./explorer/explorer-route"), "ExplorerGate"),
})

// ---- Instruments: /instruments opens the side menu's search tab on /dashboard; the instrument page ----

const instrumentsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/instruments",
  staticData: { breadcrumb: "breadcrumbs.instruments", breadcrumbRoot: true },
})

let instrumentsAsked = 0
const instrumentsIndexRoute = createRoute({
  getParentRoute: () => instrumentsRoute,
  path: "/",
  beforeLoad: () => {
    // Each visit of /instruments is a new request to show the tab, even on the same history entry.
    instrumentsAsked += 1
    const sideMenuTab = { tab: "instruments", request: `${Date.now()}-${instrumentsAsked}` } as const
    throw redirect({ to: "/dashboard", replace: true, state: (prev) => ({ ...prev, sideMenuTab }) })
  },
})

const instrumentViewRoute = createRoute({
  getParentRoute: () => instrumentsRoute,
  path: "/view/$instrumentId",
  // One detail actor per instrument page visit, owned by the route: its page and its subheader (which
  // the frame renders beside the page) read it from the loader's data; leaving the page stops it.
  // Loaded once per match (an instrument id is a match) and not kept once left.
  staleTime: Infinity,
  gcTime: 0,
  loader: async ({ context, params, route }) => {
    const [detail] = await Promise.all([
      context.workflows.start<typeof instrumentDetailMachine>("instrument-detail", { instrumentId: params.instrumentId }),
      loadWorkflows({ context, route }),
    ])
    return { detail }
  },
  onLeave: (match) => match.loaderData?.detail.stop(),
  staticData: {
    breadcrumb: "breadcrumbs.instrumentDetail",
    subheader: routeSubheader(() => import("../views/instruments/instrument-subheader").then((m) => m.InstrumentSubheader)),
  },
  component: lazyRouteComponent(() => import("../views/instruments/instrument-page"), "InstrumentRoute"),
})

const errorBaseRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/error",
  beforeLoad: guard("signedIn"),
})

const errorIndexRoute = createRoute({
  getParentRoute: () => errorBaseRoute,
  path: "/",
  beforeLoad: () => {
    throw redirect({ to: "/error/$variant", params: { variant: 1 }, replace: true })
  },
})

const errorVariantRoute = createRoute({
  getParentRoute: () => errorBaseRoute,
  path: "/$variant",
  loader: loadWorkflows,
  // The variant as a number (1-6), null when the segment names none: that URL goes to /dashboard.
  params: {
    parse: ({ variant }) => ({ variant: errorVariantOf(variant) }),
    stringify: ({ variant }) => ({ variant: variant === null ? "" : errorVariantSegment(variant) }),
  },
  beforeLoad: ({ params }) => {
    if (params.variant === null) throw redirect({ to: "/dashboard", replace: true })
  },
  component: lazyRouteComponent(() => import("../views/errors/error-page"), "ErrorRoute"),
})

const logoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/logout",
  beforeLoad: async ({ context }) => {
    await context.auth.logOut()
    // Spec: /logout logs out, then goes to /auth/login (which leads to /login).
    throw redirect({ to: "/auth/$", params: { _splat: "login" }, replace: true })
  },
})

// ---- Tools and fallbacks ----

const mailboxRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/dev/mailbox",
  validateSearch: mailboxSearch,
  loader: loadWorkflows,
  component: lazyRouteComponent(() => import("../views/dev/mailbox-page"), "MailboxRoute"),
})

const unknownRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "$",
  beforeLoad: guard("unknown"),
})

export const routeTree = rootRoute.addChildren([
  signedOutRoute.addChildren([loginRoute, registrationRoute, twoFactorRoute, forgotPasswordRoute, resetPasswordRoute]),
  authBaseRoute.addChildren([authIndexRoute, authUnknownRoute]),
  logoutRoute,
  signedInRoute.addChildren([
    instrumentsRoute.addChildren([instrumentsIndexRoute, instrumentViewRoute]),
    dashboardRoute,
    businessNewsRoute,
    watchlistRoute,
    notificationsRoute,
    builderRoute,
    marketInsightRoute,
    workflowsRoute,
    userAccountRoute.addChildren([
      userAccountIndexRoute,
      profileOverviewRoute,
      profileDetailRoute,
      bankAccountsRoute,
      documentsRoute,
      complianceRoute,
      securityRoute,
      userAccountUnknownRoute,
    ]),
    portfolioRoute.addChildren([
      portfolioIndexRoute,
      portfolioAccountRoute.addChildren([
        portfolioAccountIndexRoute,
        portfolioOverviewRoute,
        portfolioPositionsRoute,
        portfolioOrdersRoute,
        portfolioTransactionsRoute,
        portfolioPaymentsRoute,
        portfolioStatementsRoute,
        portfolioUnknownRoute,
      ]),
    ]),
  ]),
  indexRoute,
  errorBaseRoute.addChildren([errorIndexRoute, errorVariantRoute]),
  mailboxRoute,
  unknownRoute,
])

/** Builds the router with the session gate and the workflow source in its context. */
export const makeRouter = (auth: AuthGate, workflows: AppWorkflows) =>
  createRouter({
    routeTree,
    context: { auth, workflows },
    defaultPreload: false,
    scrollRestoration: false,
  })

declare module "@tanstack/react-router" {
  interface HistoryState {
    /** Set by the /instruments redirect: the side menu opens its Instruments tab (once per request). */
    sideMenuTab?: { readonly tab: "instruments"; readonly request: string }
  }
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof makeRouter>
  }
}
