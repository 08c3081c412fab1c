import { createHash } from "node:crypto"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEMO_EMAILS, DEMO_GROUP_NAME, DEMO_PASSWORD, DEMO_USERS } from "../../../server/db/seed/demo-users"
import { DEVICE, startAuthHarness, type AuthHarness } from "./harness"

let h: AuthHarness
beforeAll(async () => {
  // Rate limits have their own test file; here they stay out of the way.
  const roomy = { limit: 10_000, windowMs: 60_000 }
  h = await startAuthHarness({ auth: { rateLimits: { perAccount: roomy, perAddress: roomy } } })
})
afterAll(() => h?.close())

const BAD_LOGIN = { statusCode: 401, code: "auth.invalid_credentials", error: "The login detail is incorrect" }

describe("sign-in", () => {
  it("answers a token and the user; the code step follows and the code is e-mailed through the outbox", async () => {
    const { token, user } = await h.signIn(DEMO_EMAILS.demo)
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(user).toMatchObject({ otpMethod: "EMAIL", otpSatisfied: false, userGroup: { companyName: DEMO_GROUP_NAME } })
    expect(user.userGroup?.partner.length).toBeGreaterThan(0)
    const [mail] = await h.mailbox(DEMO_EMAILS.demo)
    expect(mail).toMatchObject({ to: DEMO_EMAILS.demo, subject: "Your Chartfolio sign-in code" })
    expect(mail?.text).toMatch(/\b\d{6}\b/)
    expect(mail?.text).toContain("15 minutes")
  })

  it("accepts the e-mail in any case", async () => {
    const { user } = await h.signIn(DEMO_EMAILS.demo.toUpperCase())
    expect(user.otpMethod).toBe("EMAIL")
  })

  it("answers an unknown e-mail and a wrong password with the same status and body", async () => {
    const unknown = await h.call("POST", "/api/auth/login", { body: { email: "nobody@chartfolio.test", password: DEMO_PASSWORD } })
    const wrong = await h.call("POST", "/api/auth/login", { body: { email: DEMO_EMAILS.demo, password: "Wrong#Password1" } })
    expect(unknown.status).toBe(401)
    expect(unknown.body).toEqual(BAD_LOGIN)
    expect(wrong.status).toBe(unknown.status)
    expect(wrong.body).toEqual(unknown.body)
  })

  it("refuses bad input with the spec's per-field texts", async () => {
    const res = await h.call("POST", "/api/auth/login", { body: { email: "demo@chartfolio", password: "ab" } })
    expect(res.status).toBe(400)
    expect(res.body.message).toEqual({ email: "Wrong email format", password: "Minimum 3 Characters" })
    expect(res.body.code).toBe("bad_request")
  })

  it("an authenticator-app user gets no e-mail", async () => {
    const before = (await h.mailbox(DEMO_EMAILS.app)).length
    const { user } = await h.signIn(DEMO_EMAILS.app)
    expect(user).toMatchObject({ otpMethod: "APP", otpSatisfied: false })
    expect(await h.mailbox(DEMO_EMAILS.app)).toHaveLength(before)
  })
})

describe("stored secrets", () => {
  it("keeps only SHA-256 hashes of tokens and codes", async () => {
    const { token } = await h.signIn(DEMO_EMAILS.demo)
    const code = await h.latestCode(DEMO_EMAILS.demo)
    const tokens = await sql<{ tokenHash: string }>`select token_hash from access_tokens`.execute(h.database.db)
    const hashes = tokens.rows.map((r) => r.tokenHash)
    expect(hashes).toContain(createHash("sha256").update(token).digest("hex"))
    expect(hashes).not.toContain(token)
    const dump = JSON.stringify((await sql`select * from access_tokens`.execute(h.database.db)).rows)
    expect(dump).not.toContain(token)
    const codes = JSON.stringify((await sql`select * from otp_codes`.execute(h.database.db)).rows)
    expect(codes).not.toContain(code)
  })
})

describe("e-mailed code", () => {
  it("is accepted once, then refused; the token is satisfied and /admins/me answers", async () => {
    const { token } = await h.signIn(DEMO_EMAILS.demo)
    const otp = await h.latestCode(DEMO_EMAILS.demo)
    const first = await h.call("POST", "/api/auth/2fa-otp", { token, body: { otp } })
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ otpMethod: "EMAIL", otpSatisfied: true, userGroup: { companyName: DEMO_GROUP_NAME } })
    const again = await h.call("POST", "/api/auth/2fa-otp", { token, body: { otp } })
    expect(again.status).toBe(400)
    expect(again.body).toMatchObject({ code: "otp.expired", error: "This code has expired. Ask for a new one." })
    const me = await h.call("GET", "/api/admins/me", { token })
    expect(me.status).toBe(200)
    expect(me.body).toEqual({
      userId: first.body.id,
      firstName: DEMO_USERS.demo.firstName,
      lastName: DEMO_USERS.demo.lastName,
      fullname: DEMO_USERS.demo.fullName,
      email: DEMO_EMAILS.demo,
      adminLevel: DEMO_USERS.demo.adminLevel,
      otpSatisfied: true,
      userGroup: first.body.userGroup,
      reviewer: false,
    })
  })

  it("a wrong code is refused; the fifth wrong try kills the code, even for the right code after it", async () => {
    const { token } = await h.signIn(DEMO_EMAILS.demo)
    const otp = await h.latestCode(DEMO_EMAILS.demo)
    const wrong = otp === "000000" ? "111111" : "000000"
    for (let i = 1; i <= 4; i++) {
      const res = await h.call("POST", "/api/auth/2fa-otp", { token, body: { otp: wrong } })
      expect(res.status).toBe(400)
      expect(res.body).toMatchObject({ code: "otp.invalid", error: "The code is not valid." })
    }
    const fifth = await h.call("POST", "/api/auth/2fa-otp", { token, body: { otp: wrong } })
    expect(fifth.body.code).toBe("otp.expired")
    const right = await h.call("POST", "/api/auth/2fa-otp", { token, body: { otp } })
    expect(right.status).toBe(400)
    expect(right.body.code).toBe("otp.expired")
    expect((await h.call("GET", "/api/admins/me", { token })).body.code).toBe("otp.required")
  })

  it("four wrong tries leave the code alive", async () => {
    const { token } = await h.signIn(DEMO_EMAILS.demo)
    const otp = await h.latestCode(DEMO_EMAILS.demo)
    const wrong = otp === "000000" ? "111111" : "000000"
    for (let i = 1; i <= 4; i++) expect((await h.call("POST", "/api/auth/2fa-otp", { token, body: { otp: wrong } })).body.code).toBe("otp.invalid")
    expect((await h.call("POST", "/api/auth/2fa-otp", { token, body: { otp } })).status).toBe(200)
  })

  it("a resend replaces the code: the old one is refused, the new one accepted", async () => {
    const { token } = await h.signIn(DEMO_EMAILS.demo)
    const old = await h.latestCode(DEMO_EMAILS.demo)
    let fresh = old
    // One chance in a million that the new code equals the old one: then ask again.
    for (let i = 0; i < 3 && fresh === old; i++) {
      const resend = await h.call("POST", "/api/auth/2fa-otp/resend", { token })
      expect(resend.status).toBe(200)
      expect(resend.body).toEqual({ message: "A new code was sent to your e-mail." })
      fresh = await h.latestCode(DEMO_EMAILS.demo)
    }
    expect(fresh).not.toBe(old)
    const stale = await h.call("POST", "/api/auth/2fa-otp", { token, body: { otp: old } })
    expect(stale.status).toBe(400)
    expect(stale.body.code).toBe("otp.invalid")
    expect((await h.call("POST", "/api/auth/2fa-otp", { token, body: { otp: fresh } })).status).toBe(200)
  })

  it("a newer sign-in replaces the code of an earlier one", async () => {
    const first = await h.signIn(DEMO_EMAILS.demo)
    const firstCode = await h.latestCode(DEMO_EMAILS.demo)
    await h.signIn(DEMO_EMAILS.demo, { deviceId: "device-other-0002" })
    const res = await h.call("POST", "/api/auth/2fa-otp", { token: first.token, body: { otp: firstCode } })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe("otp.expired")
  })

  it("expires after 15 minutes", async () => {
    const { token } = await h.signIn(DEMO_EMAILS.demo)
    const otp = await h.latestCode(DEMO_EMAILS.demo)
    h.clock.advance(15 * 60_000 + 1)
    // The session (30 minutes) is still alive; the code is past its 15.
    const res = await h.call("POST", "/api/auth/2fa-otp", { token, body: { otp } })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe("otp.expired")
  })

  it("checks the code's form with the spec's texts", async () => {
    const { token } = await h.signIn(DEMO_EMAILS.demo)
    expect((await h.call("POST", "/api/auth/2fa-otp", { token, body: { otp: "12a456" } })).body.message).toEqual({ otp: "Only numbers allowed" })
    expect((await h.call("POST", "/api/auth/2fa-otp", { token, body: { otp: "12345" } })).body.message).toEqual({ otp: "Six Digit" })
  })

  it("resend is refused for an authenticator-app user", async () => {
    const { token } = await h.signIn(DEMO_EMAILS.app)
    const res = await h.call("POST", "/api/auth/2fa-otp/resend", { token })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe("otp.not_emailed")
  })
})

describe("trusted device", () => {
  it("skips the code on the next sign-in from the same device id only", async () => {
    const device = "device-trusted-0003"
    await h.signInFully(DEMO_EMAILS.demo, { deviceId: device, trusted: true })
    const mailsBefore = (await h.mailbox(DEMO_EMAILS.demo)).length

    const again = await h.signIn(DEMO_EMAILS.demo, { deviceId: device })
    expect(again.user.otpSatisfied).toBe(true)
    expect(await h.mailbox(DEMO_EMAILS.demo)).toHaveLength(mailsBefore)
    expect((await h.call("GET", "/api/admins/me", { token: again.token, deviceId: device })).status).toBe(200)

    const elsewhere = await h.signIn(DEMO_EMAILS.demo, { deviceId: "device-untrusted-0004" })
    expect(elsewhere.user.otpSatisfied).toBe(false)
    expect(await h.mailbox(DEMO_EMAILS.demo)).toHaveLength(mailsBefore + 1)
  })

  it("is not remembered without the checkbox, and expires after 30 days", async () => {
    const device = "device-trusted-0005"
    await h.signInFully(DEMO_EMAILS.demo, { deviceId: device, trusted: false })
    expect((await h.signIn(DEMO_EMAILS.demo, { deviceId: device })).user.otpSatisfied).toBe(false)

    await h.signInFully(DEMO_EMAILS.demo, { deviceId: device, trusted: true })
    h.clock.advance(29 * 24 * 60 * 60_000)
    expect((await h.signIn(DEMO_EMAILS.demo, { deviceId: device })).user.otpSatisfied).toBe(true)
    h.clock.advance(24 * 60 * 60_000)
    expect((await h.signIn(DEMO_EMAILS.demo, { deviceId: device })).user.otpSatisfied).toBe(false)
  })
})

describe("session endpoints", () => {
  it("/admins/me needs a token whose code step is done", async () => {
    const { token } = await h.signIn(DEMO_EMAILS.demo)
    const pending = await h.call("GET", "/api/admins/me", { token })
    expect(pending.status).toBe(403)
    expect(pending.body.code).toBe("otp.required")
    const none = await h.call("GET", "/api/admins/me")
    expect(none.status).toBe(401)
    expect(none.body).toEqual({ statusCode: 401, code: "auth.unauthorized", error: "Your session has expired. Sign in again." })
    const made = await h.call("GET", "/api/admins/me", { token: "A".repeat(43) })
    expect(made.status).toBe(401)
  })

  it("a token works only from the device it was issued to", async () => {
    const { token } = await h.signInFully(DEMO_EMAILS.demo)
    expect((await h.call("GET", "/api/admins/me", { token })).status).toBe(200)
    expect((await h.call("GET", "/api/admins/me", { token, deviceId: "device-thief-0006" })).status).toBe(401)
  })

  it("logout kills the token", async () => {
    const { token } = await h.signInFully(DEMO_EMAILS.demo)
    const out = await h.call("POST", "/api/auth/logout", { token })
    expect(out.status).toBe(200)
    expect(out.body).toEqual({ message: "Signed out." })
    expect((await h.call("GET", "/api/admins/me", { token })).status).toBe(401)
    expect((await h.call("POST", "/api/auth/logout", { token })).status).toBe(401)
  })

  it("logout works during the code step too", async () => {
    const { token } = await h.signIn(DEMO_EMAILS.demo)
    expect((await h.call("POST", "/api/auth/logout", { token })).status).toBe(200)
    expect((await h.call("POST", "/api/auth/2fa-otp", { token, body: { otp: await h.latestCode(DEMO_EMAILS.demo) } })).status).toBe(401)
  })

  it("sign-in uses the device header the request was signed with", async () => {
    const { token } = await h.signInFully(DEMO_EMAILS.demo, { deviceId: DEVICE })
    expect((await h.call("GET", "/api/admins/me", { token, deviceId: DEVICE })).status).toBe(200)
  })
})
