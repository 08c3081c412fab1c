import { describe, expect, it } from "vitest"
import { PORTFOLIO_SUBPAGES } from "../../../src/domain/portfolio-subpages"
import { testRouter as router } from "./support"

describe("the portfolio area's subpages", () => {
  it("each have one route under /portfolio/{accountId} that declares it, in the domain's order", () => {
    const declared = Object.values(router().routesById)
      .filter((route) => route.options.staticData?.subpage !== undefined)
      .map((route) => [route.id, route.options.staticData?.subpage])
    expect(declared).toEqual(PORTFOLIO_SUBPAGES.map((page) => [`/signed-in/portfolio/$accountId/${page}`, page]))
  })
})
