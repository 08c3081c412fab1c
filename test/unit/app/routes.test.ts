import { describe, expect, it } from "vitest"
import { PORTFOLIO_SUBPAGES } from "../../../src/domain/portfolio-subpages"
import { ACCOUNT_SUBPAGES } from "../../../src/domain/user-account"
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
    expect(children).toEqual([...ACCOUNT_SUBPAGES.map((page) => `/signed-in/user-account/${page}`), "/signed-in/user-account/", "/signed-in/user-account/$"].sort())
  })
})
