import type { Workflow } from "./workflow"
import colorMode from "./workflows/color-mode"
import language from "./workflows/language"
import routeProgress from "./workflows/route-progress"
import session from "./workflows/session"
import signIn from "./workflows/sign-in"
import splash from "./workflows/splash"

/**
 * Every workflow of the app: one line each, keyed by its chart's id. `runs` says where it lives:
 * the app shell itself, the routes (router ids) whose pages start it, or the host component that
 * starts it on demand. A lazy module (`load`) comes with its route: the router preloads it beside
 * the page's component, so a page's JavaScript holds only the charts it shows. A `module` given
 * directly is part of the first page (the session, the shell's timers, sign-in on /login).
 *
 * Adding a workflow: its chart (src/machines), its module (./workflows/<chart>.ts), its model test
 * (test/model), its views, and one line here.
 */
export interface RegistryEntry {
  readonly runs: { readonly app: true } | { readonly routes: ReadonlyArray<string> } | { readonly host: string }
  readonly module?: Workflow
  readonly load?: () => Promise<{ default: Workflow }>
}

export const registry: Readonly<Record<string, RegistryEntry>> = {
  session: { runs: { app: true }, module: session },
  splash: { runs: { app: true }, module: splash },
  routeProgress: { runs: { app: true }, module: routeProgress },
  language: { runs: { host: "the language switcher of both frames" }, module: language },
  colorMode: { runs: { host: "the colour-mode switch of both frames" }, module: colorMode },
  signIn: { runs: { routes: ["/signed-out"] }, module: signIn },
  registration: { runs: { routes: ["/signed-out/auth/registration"] }, load: () => import("./workflows/registration") },
  forgotPassword: { runs: { routes: ["/signed-out/forgot-password"] }, load: () => import("./workflows/forgot-password") },
  resetPassword: { runs: { routes: ["/signed-out/reset-password/$ref"] }, load: () => import("./workflows/reset-password") },
  devMailbox: { runs: { routes: ["/dev/mailbox"] }, load: () => import("./workflows/dev-mailbox") },
  portfolios: { runs: { routes: ["/signed-in"] }, load: () => import("./workflows/portfolios") },
  instrumentSearch: { runs: { routes: ["/signed-in"] }, load: () => import("./workflows/instrument-search") },
  createPortfolio: { runs: { host: "the create-portfolio dialog (dashboard, portfolio area)" }, load: () => import("./workflows/create-portfolio") },
  orderTicket: { runs: { host: "the order ticket host of the signed-in frame, on BUY / SELL" }, load: () => import("./workflows/order-ticket") },
  dashboard: { runs: { routes: ["/signed-in/dashboard"] }, load: () => import("./workflows/dashboard") },
  carousel: { runs: { routes: ["/signed-in/dashboard"] }, load: () => import("./workflows/dashboard-carousel") },
  instrumentDetail: { runs: { routes: ["/signed-in/instruments/view/$instrumentId"] }, load: () => import("./workflows/instrument-detail") },
  orderCancel: { runs: { routes: ["/signed-in/portfolio/$accountId/orders"] }, load: () => import("./workflows/order-cancel") },
  instantDeposit: { runs: { routes: ["/signed-in/portfolio/$accountId/overview"] }, load: () => import("./workflows/instant-deposit") },
  withdrawal: { runs: { routes: ["/signed-in/portfolio/$accountId/payments"] }, load: () => import("./workflows/withdrawal") },
  statementDownload: { runs: { routes: ["/signed-in/portfolio/$accountId/statements"] }, load: () => import("./workflows/statement-download") },
  businessNews: { runs: { routes: ["/signed-in/business-news", "/signed-in/dashboard"] }, load: () => import("./workflows/business-news") },
  documents: { runs: { routes: ["/signed-in/user-account/documents"] }, load: () => import("./workflows/documents") },
  documentUpload: { runs: { routes: ["/signed-in/user-account/documents"] }, load: () => import("./workflows/document-upload") },
  userProfile: { runs: { routes: ["/signed-in/user-account"] }, load: () => import("./workflows/user-profile") },
  bankAccounts: { runs: { routes: ["/signed-in/user-account/bank-accounts"] }, load: () => import("./workflows/bank-accounts") },
  addBankAccount: { runs: { routes: ["/signed-in/user-account/bank-accounts"] }, load: () => import("./workflows/add-bank-account") },
  marketInsight: { runs: { routes: ["/signed-in/market-insight"] }, load: () => import("./workflows/market-insight") },
  workflowApproval: { runs: { routes: ["/signed-in/workflows"] }, load: () => import("./workflows/workflow-approval") },
  workflowCoverage: { runs: { routes: ["/signed-in/workflows"] }, load: () => import("./workflows/workflow-coverage") },
}

/** The ids of the workflows a route starts. */
export const workflowsOfRoute = (routeId: string): ReadonlyArray<string> =>
  Object.entries(registry)
    .filter(([, entry]) => "routes" in entry.runs && entry.runs.routes.includes(routeId))
    .map(([id]) => id)
