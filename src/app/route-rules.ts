import type { AccessLevel } from "./auth-gate"

/**
 * The route tables of spec part 1 section 2 as one pure function, so the rules are read (and
 * tested) in one place: given where the user stands and the area of the requested route, where
 * to go instead, or null to stay.
 */
export type RouteArea = "login" | "registration" | "forgotPassword" | "resetPassword" | "twoFactor" | "authBase" | "root" | "signedIn" | "unknown"

export const redirectFor = (access: AccessLevel, area: RouteArea): string | null => {
  const satisfied = access === "satisfied"
  switch (area) {
    case "login":
      return satisfied ? "/dashboard" : null
    case "twoFactor":
      if (satisfied) return "/dashboard"
      return access === "codePending" ? null : "/login"
    case "registration":
    case "forgotPassword":
    case "resetPassword":
      return satisfied ? "/" : null
    case "authBase":
      return satisfied ? "/" : "/login"
    case "root":
      return satisfied ? "/dashboard" : access === "codePending" ? "/2fa-otp" : "/login"
    case "signedIn":
      return satisfied ? null : access === "codePending" ? "/2fa-otp" : "/login"
    case "unknown":
      return satisfied ? "/dashboard" : "/login"
  }
}
