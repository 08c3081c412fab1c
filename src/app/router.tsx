import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
  redirect,
  useMatches,
} from "@tanstack/react-router"
import { useTranslation } from "react-i18next"
import { ForgotPasswordPage } from "../views/auth/forgot-password-page"
import { LoginPage } from "../views/auth/login-page"
import { RegistrationPage } from "../views/auth/registration-page"
import { ResetPasswordPage } from "../views/auth/reset-password-page"
import { SignedOutFrame } from "../views/auth/signed-out-frame"
import { TwoFactorPage } from "../views/auth/two-factor-page"
import { ERROR_VARIANTS, ErrorPage, type ErrorVariant } from "../views/errors/error-page"
import { AppLayout } from "../views/shell/app-layout"
import { QuickUserPanel } from "../views/shell/quick-user-panel"
import { RootFrame } from "../views/shell/root-frame"
import { MailboxPage } from "../views/dev/mailbox-page"
import type { AuthGate } from "./auth-gate"
import { redirectFor, type RouteArea } from "./route-rules"

/** What every route can read: the gate the guards await. */
export interface RouterContext {
  readonly auth: AuthGate
}

declare module "@tanstack/react-router" {
  interface StaticDataRouteOption {
    /** i18n key (common namespace) of this route's breadcrumb; the trail is built from the matches. */
    breadcrumb?: string
  }
}

/** A guard for a route of the given area: awaits the session, then redirects per the route tables. */
const guard = (area: RouteArea) => async ({ context }: { context: RouterContext }) => {
  const to = redirectFor(await context.auth.access(), area)
  if (to !== null) throw redirect({ to, replace: true })
}

const currentYear = () => new Date().getFullYear()

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootFrame,
})

// ---- Signed-out area (shown while the one-time code step is unsatisfied) ----

const signedOutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: "signed-out",
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
  component: LoginPage,
})

const twoFactorRoute = createRoute({
  getParentRoute: () => signedOutRoute,
  path: "/2fa-otp",
  beforeLoad: guard("twoFactor"),
  component: TwoFactorPage,
})

const forgotPasswordRoute = createRoute({
  getParentRoute: () => signedOutRoute,
  path: "/forgot-password",
  beforeLoad: guard("forgotPassword"),
  component: ForgotPasswordPage,
})

const resetPasswordRoute = createRoute({
  getParentRoute: () => signedOutRoute,
  path: "/reset-password/$ref",
  beforeLoad: guard("resetPassword"),
  component: function ResetPassword() {
    const { ref } = resetPasswordRoute.useParams()
    return <ResetPasswordPage key={ref} resetRef={ref} />
  },
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
  component: RegistrationPage,
})

const authUnknownRoute = createRoute({
  getParentRoute: () => authBaseRoute,
  path: "$",
  beforeLoad: guard("authBase"),
})

// ---- Signed-in area (requires the one-time code to be satisfied) ----

function SignedInFrame() {
  const { t } = useTranslation("common")
  const matches = useMatches()
  const trail = matches.flatMap((m) => (m.staticData?.breadcrumb ? [t(m.staticData.breadcrumb)] : []))
  return (
    <AppLayout year={currentYear()} trail={trail} headerEnd={<QuickUserPanel />}>
      <Outlet />
    </AppLayout>
  )
}

const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: "signed-in",
  beforeLoad: guard("signedIn"),
  component: SignedInFrame,
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
  staticData: { breadcrumb: "menu.dashboard" },
  component: () => null,
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
    throw redirect({ to: "/error/$variant", params: { variant: "error-v1" }, replace: true })
  },
})

const isVariant = (v: string): v is `error-v${ErrorVariant}` => ERROR_VARIANTS.some((n) => v === `error-v${n}`)

const errorVariantRoute = createRoute({
  getParentRoute: () => errorBaseRoute,
  path: "/$variant",
  beforeLoad: ({ params }) => {
    if (!isVariant(params.variant)) throw redirect({ to: "/dashboard", replace: true })
  },
  component: function ErrorVariantPage() {
    const { variant } = errorVariantRoute.useParams()
    return <ErrorPage variant={Number(variant.replace("error-v", "")) as ErrorVariant} />
  },
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
  validateSearch: (search: Record<string, unknown>): { to?: string } =>
    typeof search.to === "string" && search.to.trim() !== "" ? { to: search.to.trim() } : {},
  component: function Mailbox() {
    const { to } = mailboxRoute.useSearch()
    return <MailboxPage key={to ?? ""} to={to} />
  },
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
  signedInRoute.addChildren([dashboardRoute]),
  indexRoute,
  errorBaseRoute.addChildren([errorIndexRoute, errorVariantRoute]),
  mailboxRoute,
  unknownRoute,
])

/** Builds the router with the session gate in its context. */
export const makeRouter = (auth: AuthGate) =>
  createRouter({
    routeTree,
    context: { auth },
    defaultPreload: false,
    scrollRestoration: false,
  })

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof makeRouter>
  }
}
