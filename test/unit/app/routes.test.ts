import { describe, expect, it } from "vitest"
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
