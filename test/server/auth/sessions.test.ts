import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { requireSession } from "../../../server/auth/session"
import { DEMO_EMAILS, DEMO_PASSWORD } from "../../../server/db/seed/demo-users"
import type { ApiRoutes } from "../../../server/http/context"
import { startAuthHarness, type AuthHarness } from "./harness"

// How a later API area uses the session: requireSession in the route, the user id from the context.
const whoami: ApiRoutes = {
  name: "whoami",
  mount: (api, deps) => {
    api.get("/test/whoami", requireSession(deps, { satisfied: true }), (c) => c.json({ userId: c.get("session").userId }))
    api.get("/test/pending", requireSession(deps, { satisfied: false }), (c) => c.json({ satisfied: c.get("session").satisfied }))
  },
}

let h: AuthHarness
beforeAll(async () => {
  const roomy = { limit: 10_000, windowMs: 60_000 }
  h = await startAuthHarness({ auth: { rateLimits: { perAccount: roomy, perAddress: roomy } }, routes: [whoami] })
})
afterAll(() => h?.close())

const MINUTE = 60_000
const me = (token: string, deviceId?: string) => h.call("GET", "/api/admins/me", { token, ...(deviceId ? { deviceId } : {}) })
const reauth = (userId: string, opts: { email?: string; password?: string; deviceId?: string } = {}) =>
  h.call("POST", `/api/auth/login?action=reauth&userId=${encodeURIComponent(userId)}`, {
    body: { email: opts.email ?? DEMO_EMAILS.demo, password: opts.password ?? DEMO_PASSWORD },
    ...(opts.deviceId ? { deviceId: opts.deviceId } : {}),
  })

describe("requireSession in another API area", () => {
  it("gives the signed-in user's id, and refuses a code-pending token where the code step is required", async () => {
    const pending = await h.signIn(DEMO_EMAILS.demo)
    expect((await h.call("GET", "/api/test/pending", { token: pending.token })).body).toEqual({ satisfied: false })
    const refused = await h.call("GET", "/api/test/whoami", { token: pending.token })
    expect(refused.status).toBe(403)
    expect(refused.body).toEqual({ statusCode: 403, code: "otp.required", error: "Enter the one-time code first." })
    const { token, user } = await h.signInFully(DEMO_EMAILS.demo)
    expect((await h.call("GET", "/api/test/whoami", { token })).body).toEqual({ userId: user.id })
    expect((await h.call("GET", "/api/test/whoami")).status).toBe(401)
  })
})

describe("sliding validity", () => {
  it("30 minutes without a request kill the token; each request moves the expiry", async () => {
    const { token } = await h.signInFully(DEMO_EMAILS.demo)
    h.clock.advance(29 * MINUTE)
    expect((await me(token)).status).toBe(200)
    h.clock.advance(29 * MINUTE)
    expect((await me(token)).status).toBe(200)
    h.clock.advance(30 * MINUTE)
    const expired = await me(token)
    expect(expired.status).toBe(401)
    expect(expired.body.code).toBe("auth.unauthorized")
    // Dead stays dead: the refused request did not revive it.
    expect((await me(token)).status).toBe(401)
  })
})

describe("a token in use", () => {
  it("is refused at once after logout or a reauth on its device, though it answered a moment before", async () => {
    const { token } = await h.signInFully(DEMO_EMAILS.demo)
    expect((await me(token)).status).toBe(200)
    expect((await me(token)).status).toBe(200)
    expect((await h.call("POST", "/api/auth/logout", { token })).status).toBe(200)
    expect((await me(token)).status).toBe(401)
    const { token: second, user } = await h.signInFully(DEMO_EMAILS.demo)
    expect((await me(second)).status).toBe(200)
    expect((await reauth(user.id)).status).toBe(200)
    expect((await me(second)).status).toBe(401)
  })
})

describe("sliding validity from another device", () => {
  it("a request with the token from another device is refused and does not extend it", async () => {
    const { token } = await h.signInFully(DEMO_EMAILS.demo)
    h.clock.advance(20 * MINUTE)
    expect((await me(token, "device-elsewhere-0009")).status).toBe(401)
    h.clock.advance(10 * MINUTE)
    expect((await me(token)).status).toBe(401)
  })
})

describe("absolute cap", () => {
  it("a token dies 12 hours after sign-in however busy it is", async () => {
    const { token } = await h.signInFully(DEMO_EMAILS.demo)
    for (let minutes = 20; minutes < 12 * 60; minutes += 20) {
      h.clock.advance(20 * MINUTE)
      expect((await me(token)).status).toBe(200)
    }
    h.clock.advance(20 * MINUTE)
    expect((await me(token)).status).toBe(401)
  })
})

describe("reauth", () => {
  it("renews an idle-expired session with a new token; the old one stays dead; the 12-hour cap carries over", async () => {
    const { token: old, user } = await h.signInFully(DEMO_EMAILS.demo)
    h.clock.advance(31 * MINUTE)
    expect((await me(old)).status).toBe(401)

    const renewed = await reauth(user.id)
    expect(renewed.status).toBe(200)
    expect(renewed.body.user).toMatchObject({ id: user.id, otpSatisfied: true })
    const fresh: string = renewed.body.access_token
    expect(fresh).not.toBe(old)
    expect((await me(fresh)).status).toBe(200)
    expect((await me(old)).status).toBe(401)

    // 31 minutes are gone; keep the new token busy until 12 hours after the first sign-in.
    for (let minutes = 31 + 20; minutes < 12 * 60; minutes += 20) {
      h.clock.advance(20 * MINUTE)
      expect((await me(fresh)).status).toBe(200)
    }
    h.clock.advance(20 * MINUTE)
    expect((await me(fresh)).status).toBe(401)
  })

  it("kills the token it replaces even while that one is still fresh", async () => {
    const { token: old, user } = await h.signInFully(DEMO_EMAILS.demo)
    const renewed = await reauth(user.id)
    expect(renewed.status).toBe(200)
    expect((await me(old)).status).toBe(401)
    expect((await me(renewed.body.access_token)).status).toBe(200)
  })

  it("a wrong password is a 401 like sign-in and leaves the session alone", async () => {
    const { token, user } = await h.signInFully(DEMO_EMAILS.demo)
    const res = await reauth(user.id, { password: "Wrong#Password1" })
    expect(res.status).toBe(401)
    expect(res.body).toEqual({ statusCode: 401, code: "auth.invalid_credentials", error: "The login detail is incorrect" })
    expect((await me(token)).status).toBe(200)
  })

  it("another user's credentials: 403; only the caller's own tokens on the device end, never the named user's", async () => {
    const { token, user } = await h.signInFully(DEMO_EMAILS.demo)
    const { token: callerToken } = await h.signInFully(DEMO_EMAILS.new)
    const res = await reauth(user.id, { email: DEMO_EMAILS.new })
    expect(res.status).toBe(403)
    expect(res.body).toEqual({ statusCode: 403, code: "auth.forbidden", error: "Sign in again." })
    // The named user's session on this device survives (no one ends another's session this way)…
    expect((await me(token)).status).toBe(200)
    expect((await reauth(user.id)).status).toBe(200)
    // …while the caller's own token on it is revoked.
    expect((await me(callerToken)).status).toBe(401)
  })

  it("after the 12-hour cap: 403", async () => {
    const { token, user } = await h.signInFully(DEMO_EMAILS.demo)
    h.clock.advance(12 * 60 * MINUTE)
    expect((await reauth(user.id)).status).toBe(403)
    expect((await me(token)).status).toBe(401)
  })

  it("with no signed-in session on this device, or only a code-pending one: 403", async () => {
    const { user } = await h.signInFully(DEMO_EMAILS.demo, { deviceId: "device-a-0001" })
    expect((await reauth(user.id, { deviceId: "device-b-0002" })).status).toBe(403)
    await h.signIn(DEMO_EMAILS.demo, { deviceId: "device-c-0003" })
    expect((await reauth(user.id, { deviceId: "device-c-0003" })).status).toBe(403)
  })

  it("after logout: 403", async () => {
    const { token, user } = await h.signInFully(DEMO_EMAILS.demo, { deviceId: "device-d-0004" })
    expect((await h.call("POST", "/api/auth/logout", { token, deviceId: "device-d-0004" })).status).toBe(200)
    expect((await reauth(user.id, { deviceId: "device-d-0004" })).status).toBe(403)
  })

  it("refuses a malformed query or body with field texts", async () => {
    const noUser = await h.call("POST", "/api/auth/login?action=reauth", { body: { email: DEMO_EMAILS.demo, password: DEMO_PASSWORD } })
    expect(noUser.status).toBe(400)
    expect(noUser.body.message).toEqual({ userId: "Required field" })
    const shortPassword = await reauth("00000000-0000-0000-0000-000000000000", { password: "short" })
    expect(shortPassword.status).toBe(400)
    expect(shortPassword.body.message).toEqual({ password: "Kindly provide your password" })
    const unknownId = await reauth("not-a-user-id")
    expect(unknownId.status).toBe(403)
  })
})
