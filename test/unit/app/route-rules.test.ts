import { describe, expect, it } from "vitest"
import type { AccessLevel } from "../../../src/app/auth-gate"
import { redirectFor, type RouteArea } from "../../../src/app/route-rules"

// Spec part 1 section 2, both route tables, as (where the user stands, area) -> where to go (null: stay).
const TABLE: ReadonlyArray<readonly [RouteArea, Record<AccessLevel, string | null>, string]> = [
  ["login", { signedOut: null, codePending: null, satisfied: "/dashboard" }, "/login redirects to /dashboard when satisfied"],
  ["twoFactor", { signedOut: "/login", codePending: null, satisfied: "/dashboard" }, "/2fa-otp only while the code is not yet satisfied"],
  ["registration", { signedOut: null, codePending: null, satisfied: "/" }, "/auth/registration is signed-out only"],
  ["forgotPassword", { signedOut: null, codePending: null, satisfied: "/" }, "/forgot-password redirects to / when satisfied"],
  ["resetPassword", { signedOut: null, codePending: null, satisfied: "/" }, "/reset-password redirects to / when satisfied"],
  ["authBase", { signedOut: "/login", codePending: "/login", satisfied: "/" }, "/auth redirects to /login, or to / when satisfied"],
  ["root", { signedOut: "/login", codePending: "/2fa-otp", satisfied: "/dashboard" }, "/ is the default landing"],
  ["signedIn", { signedOut: "/login", codePending: "/2fa-otp", satisfied: null }, "the signed-in area requires the code to be satisfied"],
  ["unknown", { signedOut: "/login", codePending: "/login", satisfied: "/dashboard" }, "any unknown path goes to /dashboard (or /login)"],
]

describe("redirectFor (the route tables)", () => {
  for (const [area, expected, rule] of TABLE) {
    describe(`${area}: ${rule}`, () => {
      for (const access of ["signedOut", "codePending", "satisfied"] as const) {
        it(`${access} -> ${expected[access] ?? "stays"}`, () => expect(redirectFor(access, area)).toBe(expected[access]))
      }
    })
  }

  it("never sends a user to the route they asked for (no redirect loop)", () => {
    const home: Partial<Record<RouteArea, string>> = { login: "/login", twoFactor: "/2fa-otp", root: "/" }
    for (const [area] of TABLE)
      for (const access of ["signedOut", "codePending", "satisfied"] as const) {
        const to = redirectFor(access, area)
        if (to !== null && home[area] !== undefined) expect(to).not.toBe(home[area])
      }
  })

  it("sends every redirect target somewhere that lets the same user stay", () => {
    const areaOf: Record<string, RouteArea> = { "/login": "login", "/2fa-otp": "twoFactor", "/dashboard": "signedIn" }
    for (const [area] of TABLE)
      for (const access of ["signedOut", "codePending", "satisfied"] as const) {
        const to = redirectFor(access, area)
        if (to === null || to === "/") continue
        expect(redirectFor(access, areaOf[to] as RouteArea), `${access} at ${area} -> ${to}`).toBeNull()
      }
  })
})
