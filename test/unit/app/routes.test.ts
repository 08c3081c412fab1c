import { describe, expect, it } from "vitest"
import { makeRouter } from "../../../src/app/router"
import { PORTFOLIO_SUBPAGES } from "../../../src/domain/portfolio-subpages"

const router = () =>
  makeRouter(
    { access: async () => "signedOut", logOut: async () => undefined },
    { get: () => Promise.reject(new Error("unused")), preload: async () => undefined, now: () => { throw new Error("unused") } },
  )

describe("the portfolio area's subpages", () => {
  it("each have one route under /portfolio/{accountId} that declares it, in the domain's order", () => {
    const declared = Object.values(router().routesById)
      .filter((route) => route.options.staticData?.subpage !== undefined)
      .map((route) => [route.id, route.options.staticData?.subpage])
    expect(declared).toEqual(PORTFOLIO_SUBPAGES.map((page) => [`/signed-in/portfolio/$accountId/${page}`, page]))
  })
})
