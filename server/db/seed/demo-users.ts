/**
 * The demo world's users, one source for the seed, tests and README: every demo user signs in with
 * `DEMO_PASSWORD`.
 *   DEMO_USERS.demo  verified, code by e-mail, admin level 2, NGN and USD portfolios with everything
 *   DEMO_USERS.new   profile not verified, no portfolio
 *   DEMO_USERS.app   code from an authenticator app (TOTP, secret DEMO_TOTP_SECRET), one portfolio
 *   DEMO_USERS.reviewer  compliance reviewer (the workflow explorer, issue 13), code by e-mail,
 *                    profile not verified, no portfolio; the only demo user with `reviewer`
 */

/** The password of every demo user. */
export const DEMO_PASSWORD = "Chartfolio#2026"

/** The authenticator-app user's TOTP secret: base32, SHA-1, 6 digits, 30 s (RFC 6238 defaults). */
export const DEMO_TOTP_SECRET = "CHARTFOLIOAPPDEMOSECRETKEY234567"

/** The company name of the demo users' group. */
export const DEMO_GROUP_NAME = "Chartfolio Demo Partners"

/** A demo user as seeded. */
export interface DemoUser {
  readonly key: "demo" | "new" | "app" | "reviewer"
  readonly email: string
  readonly username: string
  readonly firstName: string
  readonly lastName: string
  readonly fullName: string
  readonly adminLevel: number
  readonly otpMethod: "EMAIL" | "APP"
  readonly totpSecret: string | null
  readonly profileStatus: "verified" | "pending"
  /** The compliance reviewer permission (the workflow explorer and its approval trail). */
  readonly reviewer: boolean
}

/** The demo users by key. */
export const DEMO_USERS = {
  demo: {
    key: "demo",
    email: "demo@chartfolio.test",
    username: "adaeze.demo",
    firstName: "Adaeze",
    lastName: "Okafor",
    fullName: "Adaeze Okafor",
    adminLevel: 2,
    otpMethod: "EMAIL",
    totpSecret: null,
    profileStatus: "verified",
    reviewer: false,
  },
  new: {
    key: "new",
    email: "new@chartfolio.test",
    username: "tunde.new",
    firstName: "Tunde",
    lastName: "Bello",
    fullName: "Tunde Bello",
    adminLevel: 1,
    otpMethod: "EMAIL",
    totpSecret: null,
    profileStatus: "pending",
    reviewer: false,
  },
  app: {
    key: "app",
    email: "app@chartfolio.test",
    username: "grace.app",
    firstName: "Grace",
    lastName: "Mensah",
    fullName: "Grace Mensah",
    adminLevel: 1,
    otpMethod: "APP",
    totpSecret: DEMO_TOTP_SECRET,
    profileStatus: "verified",
    reviewer: false,
  },
  reviewer: {
    key: "reviewer",
    email: "reviewer@chartfolio.test",
    username: "ifeoma.reviewer",
    firstName: "Ifeoma",
    lastName: "Eze",
    fullName: "Ifeoma Eze",
    adminLevel: 1,
    otpMethod: "EMAIL",
    totpSecret: null,
    profileStatus: "pending",
    reviewer: true,
  },
} as const satisfies Record<string, DemoUser>

/** The demo users' e-mail addresses. */
export const DEMO_EMAILS = {
  demo: DEMO_USERS.demo.email,
  new: DEMO_USERS.new.email,
  app: DEMO_USERS.app.email,
  reviewer: DEMO_USERS.reviewer.email,
} as const
