import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEMO_EMAILS, DEMO_PASSWORD } from "../../../server/db/seed/demo-users"
import { startAuthHarness, type Answer, type AuthHarness } from "./harness"

// Small numbers stand for the production 10 per account and 100 per address in 15 minutes.
const WINDOW_MS = 15 * 60_000
const PER_ACCOUNT = 3
const PER_ADDRESS = 5
const LIMITED = { statusCode: 429, code: "rate_limited", error: "Too many attempts. Wait a few minutes and try again." }

let h: AuthHarness
beforeAll(async () => {
  h = await startAuthHarness({
    auth: { rateLimits: { perAccount: { limit: PER_ACCOUNT, windowMs: WINDOW_MS }, perAddress: { limit: PER_ADDRESS, windowMs: WINDOW_MS } } },
  })
})
afterAll(() => h?.close())

// A fresh address per call keeps the per-address limit out of per-account tests.
let addressSeq = 0
const freshAddress = () => `198.51.100.${++addressSeq}`

const login = (email: string, password: string, address = freshAddress()) => h.call("POST", "/api/auth/login", { body: { email, password }, address })

const expectLimited = (res: Answer, retryAfterSeconds: number) => {
  expect(res.status).toBe(429)
  expect(res.body).toEqual(LIMITED)
  expect(res.headers.get("retry-after")).toBe(String(retryAfterSeconds))
}

describe("sign-in", () => {
  it("is limited per account, the same way for a known and an unknown e-mail, until the window passes", async () => {
    for (let i = 0; i < PER_ACCOUNT; i++) {
      expect((await login("ghost@example.test", "Wrong#1234")).status).toBe(401)
      expect((await login(DEMO_EMAILS.new, "Wrong#1234")).status).toBe(401)
    }
    const unknown = await login("ghost@example.test", "Wrong#1234")
    const known = await login(DEMO_EMAILS.new, DEMO_PASSWORD)
    expectLimited(unknown, WINDOW_MS / 1000)
    expectLimited(known, WINDOW_MS / 1000)
    // The account key ignores case; other accounts are not affected.
    expectLimited(await login(DEMO_EMAILS.new.toUpperCase(), DEMO_PASSWORD), WINDOW_MS / 1000)
    expect((await login(DEMO_EMAILS.app, DEMO_PASSWORD)).status).toBe(200)

    h.clock.advance(5 * 60_000)
    expectLimited(await login(DEMO_EMAILS.new, DEMO_PASSWORD), 10 * 60)
    h.clock.advance(10 * 60_000)
    expect((await login(DEMO_EMAILS.new, DEMO_PASSWORD)).status).toBe(200)
  })

  it("is limited per client address across accounts", async () => {
    const address = "203.0.113.99"
    for (let i = 0; i < PER_ADDRESS; i++) expect((await login(`person${i}@example.test`, "Wrong#1234", address)).status).toBe(401)
    expectLimited(await login("someone.new@example.test", "Wrong#1234", address), WINDOW_MS / 1000)
    expectLimited(await login(DEMO_EMAILS.demo, DEMO_PASSWORD, address), WINDOW_MS / 1000)
    expect((await login(DEMO_EMAILS.demo, DEMO_PASSWORD, "203.0.113.100")).status).toBe(200)
  })
})

describe("registration and forgot password", () => {
  it("registration is limited per account, the same way for a known and an unknown e-mail", async () => {
    const register = (email: string, i: number) =>
      h.call("POST", "/api/api/auth/register", {
        body: { email, fullname: "Some Person", username: `${email.split("@")[0]}-${i}`, password: "Secret#2026" },
        address: freshAddress(),
      })
    for (let i = 0; i < PER_ACCOUNT; i++) {
      expect((await register("brand.new@example.test", i)).status).toBe(201)
      expect((await register(DEMO_EMAILS.app, i)).status).toBe(201)
    }
    expectLimited(await register("brand.new@example.test", 9), WINDOW_MS / 1000)
    expectLimited(await register(DEMO_EMAILS.app, 9), WINDOW_MS / 1000)
  })

  it("forgot password is limited per account and per address, the same way for a known and an unknown e-mail", async () => {
    const forgot = (email: string, address = freshAddress()) => h.call("POST", "/api/auth/forgot-password", { body: { email }, address })
    for (let i = 0; i < PER_ACCOUNT; i++) {
      expect((await forgot("ghost.again@example.test")).status).toBe(200)
      expect((await forgot(DEMO_EMAILS.demo)).status).toBe(200)
    }
    expectLimited(await forgot("ghost.again@example.test"), WINDOW_MS / 1000)
    expectLimited(await forgot(DEMO_EMAILS.demo), WINDOW_MS / 1000)

    const address = "203.0.113.150"
    for (let i = 0; i < PER_ADDRESS; i++) expect((await forgot(`who${i}@example.test`, address)).status).toBe(200)
    expectLimited(await forgot("who.else@example.test", address), WINDOW_MS / 1000)
  })
})

describe("code entry", () => {
  it("is limited per user whichever address the tries come from", async () => {
    const { token } = await h.signIn(DEMO_EMAILS.demo, { address: freshAddress() })
    const enter = (otp: string) => h.call("POST", "/api/auth/2fa-otp", { token, body: { otp }, address: freshAddress() })
    const code = await h.latestCode(DEMO_EMAILS.demo)
    const wrong = code === "000000" ? "111111" : "000000"
    for (let i = 0; i < PER_ACCOUNT; i++) expect((await enter(wrong)).body.code).toBe("otp.invalid")
    expectLimited(await enter(code), WINDOW_MS / 1000)
    h.clock.advance(WINDOW_MS)
    // The session would have expired by now; a fresh sign-in's code goes through.
    const again = await h.signIn(DEMO_EMAILS.demo, { address: freshAddress() })
    const res = await h.call("POST", "/api/auth/2fa-otp", { token: again.token, body: { otp: await h.latestCode(DEMO_EMAILS.demo) }, address: freshAddress() })
    expect(res.status).toBe(200)
  })
})

describe("configured limits", () => {
  it("RATE_LIMIT_PER_ACCOUNT and RATE_LIMIT_PER_ADDRESS set the server's limits when no settings are passed", async () => {
    const configured = await startAuthHarness({ env: { RATE_LIMIT_PER_ACCOUNT: "2", RATE_LIMIT_PER_ADDRESS: "50" } })
    try {
      const attempt = () => configured.call("POST", "/api/auth/login", { body: { email: "ghost@example.test", password: "Wrong#1234" } })
      expect((await attempt()).status).toBe(401)
      expect((await attempt()).status).toBe(401)
      expect((await attempt()).status).toBe(429)
    } finally {
      await configured.close()
    }
  })
})
