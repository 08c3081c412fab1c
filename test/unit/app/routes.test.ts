import { describe, expect, it } from "vitest"
import { assign, createActor, createMachine, setup } from "xstate"
import { WORKFLOWS, workflowsOfRoute } from "../../../src/app/registry"
import { PORTFOLIO_SUBPAGES } from "../../../src/domain/portfolio-subpages"
import { ACCOUNT_SUBPAGES } from "../../../src/domain/user-account"
import { CODE_STEP_ROUTE, NOT_LISTED, SIGNED_OUT_ROUTES, signedInRoutes } from "../../../e2e/route-list"
import { testRouter as router } from "./support"

describe("the portfolio area's subpages", () => {
  it("each have one route under /portfolio/{accountId} that declares it, in the domain's order", () => {
    const declared = Object.values(router().routesById)
      .filter((route) => route.options.staticData?.subpage !== undefined)
      .map((route) => [route.id, route.options.staticData?.subpage])
    expect(declared).toEqual(PORTFOLIO_SUBPAGES.map((page) => [`/signed-in/portfolio/$accountId/${page}`, page]))
  })
})

describe("the user-account area's subpages", () => {
  it("each have a route under /user-account, and nothing else there but the index and the catch-all", () => {
    const children = Object.values(router().routesById)
      .map((route) => route.id)
      .filter((id) => id.startsWith("/signed-in/user-account/"))
      .sort()
    expect(children).toEqual(
      [...ACCOUNT_SUBPAGES.map((page) => `/signed-in/user-account/${page}`), "/signed-in/user-account/", "/signed-in/user-account/$"].sort(),
    )
  })
})

describe("the e2e route list (e2e/route-list.ts)", () => {
  it("has every page of the router (a route with a component and no children), or says where it is checked instead", () => {
    const listed = [...SIGNED_OUT_ROUTES, CODE_STEP_ROUTE, ...signedInRoutes({ accountId: "acc-1", instrumentId: "ins-1" })]
    const pattern = (fullPath: string) => new RegExp(`^${fullPath.replace(/\$[A-Za-z]+/g, "[^/]+")}$`)
    const pages = Object.values(router().routesById).filter((route) => route.options.component !== undefined && !Array.isArray(route.children))
    expect(pages.length).toBeGreaterThan(20)
    const missing = pages.map((route) => route.fullPath as string).filter((path) => !(path in NOT_LISTED) && !listed.some((p) => pattern(path).test(p)))
    expect(missing).toEqual([])
    expect(Object.keys(NOT_LISTED).filter((path) => !pages.some((route) => route.fullPath === path))).toEqual([])
  })
})

// The loader's context: a workflow source that records what it is asked to load; the two routes
// that start an actor get a stopped one (their loaders only wait for it to leave its loading state).
const contextFor = (asked: Array<ReadonlyArray<string>>) => ({
  auth: { access: async () => "satisfied" as const, logOut: async () => undefined },
  workflows: {
    preload: async (ids: ReadonlyArray<string>) => void asked.push(ids),
    start: async () => createActor(createMachine({})).start(),
    prefetchApi: () => undefined,
    get: () => {
      throw new Error("not used by this test")
    },
    now: () => {
      throw new Error("not used by this test")
    },
  },
})

describe("a route's workflows (src/app/registry.ts)", () => {
  it("load with each route the registry names them for: every route with a component loads its own from its loader", async () => {
    const pages = Object.values(router().routesById).filter((route) => !route.isRoot && route.options.component !== undefined)
    const named = [...new Set(WORKFLOWS.flatMap((w) => ("routes" in w.runs ? w.runs.routes : [])))]
    expect(named.filter((id) => !pages.some((route) => route.id === id))).toEqual([])
    for (const route of pages) {
      const asked: Array<ReadonlyArray<string>> = []
      const loader = route.options.loader as ((ctx: unknown) => Promise<unknown>) | undefined
      expect(loader, route.id).toBeTypeOf("function")
      const parentMatchPromise = Promise.resolve({ loaderData: undefined })
      await loader?.({ context: contextFor(asked), route, params: { instrumentId: "ins-1", accountId: "acc-1" }, parentMatchPromise })
      expect(asked, route.id).toEqual([workflowsOfRoute(route.id)])
    }
  })
})

describe("the portfolio area's account route", () => {
  it("tells the portfolios chart which account the URL names, and that it names none once the page leaves the area", async () => {
    // A stand-in for the chart that records the accounts it is told the URL names.
    const recorder = setup({ types: {} as { context: { named: ReadonlyArray<string | null> }; events: { type: "route.account"; accountId: string | null } } })
    const portfolios = createActor(
      recorder.createMachine({
        context: { named: [] },
        on: { "route.account": { actions: assign({ named: ({ context, event }) => [...context.named, event.accountId] }) } },
      }),
    ).start()
    const named = () => portfolios.getSnapshot().context.named
    const route = router().routesById["/signed-in/portfolio/$accountId"]
    const loader = route.options.loader as unknown as (ctx: unknown) => Promise<{ portfolios: unknown }>
    const data = await loader({
      context: contextFor([]),
      route,
      params: { accountId: "acc-2" },
      parentMatchPromise: Promise.resolve({ loaderData: { portfolios } }),
    })
    expect(named()).toEqual(["acc-2"])
    route.options.onLeave?.({ loaderData: data } as never)
    expect(named()).toEqual(["acc-2", null])
    // A stopped chart (the user signed out: the signed-in area stopped it first) is not told.
    portfolios.stop()
    expect(() => route.options.onLeave?.({ loaderData: data } as never)).not.toThrow()
    expect(named()).toEqual(["acc-2", null])
  })
})

describe("a URL's search and path parameters", () => {
  const lastMatch = (path: string) => {
    const [pathname = "", search = ""] = path.split("?")
    return router()
      .matchRoutes(pathname, router().options.parseSearch(`?${search}`))
      .at(-1)
  }

  it("keep what fits: the explorer's chart and book view, the mailbox's address, the error page's variant", () => {
    expect(lastMatch("/workflows?chart=order-ticket&view=book")?.search).toMatchObject({ chart: "order-ticket", view: "book" })
    expect(lastMatch("/dev/mailbox?to=ada%40example.com")?.search).toMatchObject({ to: "ada@example.com" })
    expect(lastMatch("/error/error-v4")?.params).toEqual({ variant: 4 })
  })

  it("drop what does not fit instead of failing the page", () => {
    const explorer = lastMatch("/workflows?chart=..%2Fsecrets&view=%7B%22a%22%3A1%7D")
    expect([explorer?.routeId, explorer?.searchError, explorer?.search]).toEqual(["/signed-in/workflows", undefined, {}])
    const mailbox = lastMatch("/dev/mailbox?to=%5B1%2C2%5D")
    expect([mailbox?.routeId, mailbox?.searchError, mailbox?.search]).toEqual(["/dev/mailbox", undefined, {}])
    const error = lastMatch("/error/error-v9")
    expect([error?.routeId, error?.paramsError, error?.params]).toEqual(["/error/$variant", undefined, { variant: null }])
  })
})
