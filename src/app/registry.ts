/**
 * Every workflow of the app, one line each: the one list. A workflow's id is its chart's id
 * (`machine.id`) and the name of each of its files:
 *
 *   src/machines/<id>.machine.ts        the chart
 *   src/app/workflows/<id>.ts           its workflow module (calls, effects, input, texts)
 *   test/model/<id>.model.test.ts       its model test
 *   "<id>" in src/i18n/locales/<lang>/workflows.json   its states', events' and guards' texts
 *
 * Everything else derives from this list: the app's workflow loaders and the workflow explorer's
 * charts (the `virtual:chartfolio-workflows` and `virtual:chartfolio-charts` modules vite.config.ts
 * generates from it), the build's start chunks, the chart texts, and the tools and tests that walk every chart. This module is pure
 * data (no imports), so Node scripts, vite.config.ts, the tests and the e2e suite import it as is.
 * test/unit/app/registry.test.ts fails when a chart file is not listed here, or a line lacks one
 * of the files above.
 *
 * Adding a workflow: its chart, its workflow module, its model test, its views, its texts, and one
 * line here (docs/how-to/add-a-workflow.md).
 */
export interface WorkflowEntry {
  /** The chart's id: kebab case, the file names above. */
  readonly id: string
  /**
   * Where it runs: the app shell itself, the routes (router ids) whose pages start it (the router
   * loads its module beside the page's component), or the host component that starts it on demand.
   */
  readonly runs: { readonly app: true } | { readonly routes: ReadonlyArray<string> } | { readonly host: string }
  /**
   * Which JavaScript carries its module. "first": the entry chunk, part of every first page (the
   * session, the shell's timers, sign-in on /login); the app may start it synchronously. "signed-in":
   * the signed-in area's start chunk, loaded by every signed-in page. A path ("/dashboard"): that
   * landing page's start chunk. Absent: a lazy chunk of its own, loaded with its route or host.
   */
  readonly start?: "first" | "signed-in" | `/${string}`
}

const LIST = [
  { id: "session", runs: { app: true }, start: "first" },
  { id: "splash", runs: { app: true }, start: "first" },
  { id: "route-progress", runs: { app: true }, start: "first" },
  { id: "language", runs: { host: "the language switcher of both frames" }, start: "first" },
  { id: "color-mode", runs: { host: "the colour-mode switch of both frames" }, start: "first" },
  { id: "sign-in", runs: { routes: ["/signed-out"] }, start: "first" },
  { id: "registration", runs: { routes: ["/signed-out/auth/registration"] } },
  { id: "forgot-password", runs: { routes: ["/signed-out/forgot-password"] } },
  { id: "reset-password", runs: { routes: ["/signed-out/reset-password/$ref"] } },
  { id: "dev-mailbox", runs: { routes: ["/dev/mailbox"] } },
  { id: "portfolios", runs: { routes: ["/signed-in"] }, start: "signed-in" },
  { id: "instrument-search", runs: { routes: ["/signed-in"] }, start: "signed-in" },
  { id: "create-portfolio", runs: { host: "the create-portfolio dialog (dashboard, portfolio area)" } },
  { id: "order-ticket", runs: { host: "the order ticket host of the signed-in frame, on BUY / SELL" } },
  { id: "dashboard", runs: { routes: ["/signed-in/dashboard"] }, start: "/dashboard" },
  { id: "dashboard-carousel", runs: { routes: ["/signed-in/dashboard"] }, start: "/dashboard" },
  { id: "instrument-detail", runs: { routes: ["/signed-in/instruments/view/$instrumentId"] } },
  { id: "order-cancel", runs: { routes: ["/signed-in/portfolio/$accountId/orders"] } },
  { id: "instant-deposit", runs: { routes: ["/signed-in/portfolio/$accountId/overview"] } },
  { id: "withdrawal", runs: { routes: ["/signed-in/portfolio/$accountId/payments"] } },
  { id: "withdrawal-cancel", runs: { routes: ["/signed-in/portfolio/$accountId/payments"] } },
  { id: "statement-download", runs: { routes: ["/signed-in/portfolio/$accountId/statements"] } },
  { id: "business-news", runs: { routes: ["/signed-in/business-news", "/signed-in/dashboard"] }, start: "/dashboard" },
  { id: "documents", runs: { routes: ["/signed-in/user-account/documents"] } },
  { id: "document-upload", runs: { routes: ["/signed-in/user-account/documents"] } },
  { id: "user-profile", runs: { routes: ["/signed-in/user-account"] } },
  { id: "bank-accounts", runs: { routes: ["/signed-in/user-account/bank-accounts"] } },
  { id: "add-bank-account", runs: { routes: ["/signed-in/user-account/bank-accounts"] } },
  { id: "watchlist", runs: { routes: ["/signed-in/watchlist", "/signed-in/instruments/view/$instrumentId"] } },
  { id: "price-alert", runs: { routes: ["/signed-in/instruments/view/$instrumentId"] } },
  { id: "notification-inbox", runs: { routes: ["/signed-in/notifications"] } },
  { id: "security-sessions", runs: { routes: ["/signed-in/user-account/security"] } },
  { id: "recovery-codes", runs: { routes: ["/signed-in/user-account/security"] } },
  { id: "market-insight", runs: { routes: ["/signed-in/market-insight"] } },
  { id: "workflow-approval", runs: { routes: ["/signed-in/workflows"] } },
  { id: "workflow-coverage", runs: { routes: ["/signed-in/workflows"] } },
] as const satisfies ReadonlyArray<WorkflowEntry>

/** A workflow's id, as the registry lists it: code that names a workflow is checked against the list. */
export type WorkflowId = (typeof LIST)[number]["id"]

/**
 * A route id the registry names (`runs.routes`): test/unit/app/typed-routes.test.ts fails to compile
 * when one is not a route of the router's tree.
 */
export type RegistryRouteId = Extract<(typeof LIST)[number]["runs"], { readonly routes: unknown }>["routes"][number]

export const WORKFLOWS: ReadonlyArray<WorkflowEntry & { readonly id: WorkflowId }> = LIST

/** Every workflow id, sorted. */
export const WORKFLOW_IDS: ReadonlyArray<string> = WORKFLOWS.map((w) => w.id).sort()

/** The workflow with this id, or undefined. */
export const workflowEntry = (id: string): WorkflowEntry | undefined => WORKFLOWS.find((w) => w.id === id)

/** The files of a workflow, relative to the repository's root. */
export const workflowFiles = (id: string) =>
  ({
    chart: `src/machines/${id}.machine.ts`,
    module: `src/app/workflows/${id}.ts`,
    modelTest: `test/model/${id}.model.test.ts`,
  }) as const

/** The ids of the workflows a route starts. */
export const workflowsOfRoute = (routeId: string): ReadonlyArray<WorkflowId> =>
  WORKFLOWS.filter((entry) => "routes" in entry.runs && entry.runs.routes.includes(routeId)).map((entry) => entry.id)

/** The ids of the workflows whose modules go to this start chunk (see `WorkflowEntry.start`). */
export const workflowsOfStart = (start: NonNullable<WorkflowEntry["start"]>): ReadonlyArray<string> =>
  WORKFLOWS.filter((entry) => entry.start === start).map((entry) => entry.id)

/** The landing paths that have start chunks of their own ("/dashboard"). */
export const startPaths = (): ReadonlyArray<`/${string}`> => [
  ...new Set(WORKFLOWS.flatMap((entry) => (entry.start?.startsWith("/") ? [entry.start as `/${string}`] : []))),
]

/** The module id of the generated workflow loaders (vite.config.ts, `workflowModules`). */
export const WORKFLOW_MODULES = "virtual:chartfolio-workflows"

/** The module id of the generated chart modules by id, for the workflow explorer (vite.config.ts, `workflowModules`). */
export const CHART_MODULES = "virtual:chartfolio-charts"
