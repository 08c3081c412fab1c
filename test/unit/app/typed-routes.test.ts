import { linkOptions, type RegisteredRouter, type RouteIds } from "@tanstack/react-router"
import { describe, expect, it } from "vitest"
import type { RegistryRouteId } from "../../../src/app/registry"
import { testRouter as router } from "./support"

// The router is registered (src/app/router.tsx, `Register`): links, navigations and route ids are
// checked by `tsc`. Each `@ts-expect-error` below fails the type check when its line compiles.

/** Every route the registry names (src/app/registry.ts, `runs.routes`) is a route of the tree. */
export const registryRoutesExist: ReadonlyArray<RouteIds<RegisteredRouter["routeTree"]>> = [] as ReadonlyArray<RegistryRouteId>

describe("the typed routes", () => {
  it("build a link to a route with its params; an unknown route or a wrong param does not compile", () => {
    const overview = linkOptions({ to: "/portfolio/$accountId/overview", params: { accountId: "acc-1" } })
    const errorPage = linkOptions({ to: "/error/$variant", params: { variant: 3 } })
    const explorer = linkOptions({ to: "/workflows", search: { chart: "order-ticket" } })

    // @ts-expect-error: no route has this path
    linkOptions({ to: "/portfolio/$accountId/holdings", params: { accountId: "acc-1" } })
    // @ts-expect-error: the portfolio area's param is accountId
    linkOptions({ to: "/portfolio/$accountId/overview", params: { account: "acc-1" } })
    // @ts-expect-error: the error pages are 1 to 6
    linkOptions({ to: "/error/$variant", params: { variant: 7 } })
    // @ts-expect-error: the explorer's book view is "book"
    linkOptions({ to: "/workflows", search: { view: "list" } })

    // What the links name is what the router matches.
    const routes = router()
    expect(routes.matchRoutes(`/portfolio/${overview.params.accountId}/overview`).at(-1)?.fullPath).toBe(overview.to)
    expect(routes.matchRoutes("/error/error-v3").at(-1)?.params).toEqual(errorPage.params)
    expect(routes.matchRoutes("/workflows", explorer.search).at(-1)?.search).toMatchObject(explorer.search)
  })
})
