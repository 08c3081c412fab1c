import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { STRONG_PASSWORD_MESSAGE } from "../../../src/contract/auth"
import { CUSTOMER_LEVEL } from "../../../src/domain/labels"
import { DEMO_EMAILS, DEMO_GROUP_NAME, DEMO_PASSWORD, DEMO_USERS } from "../../../server/db/seed/demo-users"
import { startAuthHarness, type AuthHarness } from "./harness"

const PUBLIC_URL = "https://chartfolio.example"

let h: AuthHarness
beforeAll(async () => {
  const roomy = { limit: 10_000, windowMs: 60_000 }
  h = await startAuthHarness({ auth: { rateLimits: { perAccount: roomy, perAddress: roomy } }, env: { PUBLIC_URL } })
})
afterAll(() => h?.close())

const register = (body: { email: string; fullname?: string; username: string; password?: string }) =>
  h.call("POST", "/api/api/auth/register", { body: { fullname: "Chioma Eze", password: "Secret#2026", ...body } })

describe("registration", () => {
  it("creates an unverified user with e-mailed codes who completes the code step and loads as a customer (level 0), not an admin", async () => {
    const res = await register({ email: "chioma@example.test", fullname: "Chioma Ada Eze", username: "chioma" })
    expect(res.status).toBe(201)
    expect(Object.keys(res.body)).toEqual(["accessToken"])
    const token: string = res.body.accessToken
    expect((await h.call("GET", "/api/admins/me", { token })).body.code).toBe("otp.required")

    const verified = await h.call("POST", "/api/auth/2fa-otp", { token, body: { otp: await h.latestCode("chioma@example.test") } })
    expect(verified.status).toBe(200)
    expect(verified.body).toMatchObject({ otpMethod: "EMAIL", otpSatisfied: true, userGroup: { companyName: DEMO_GROUP_NAME } })
    const me = await h.call("GET", "/api/admins/me", { token })
    expect(me.body).toMatchObject({
      email: "chioma@example.test",
      fullname: "Chioma Ada Eze",
      firstName: "Chioma",
      lastName: "Ada Eze",
      adminLevel: CUSTOMER_LEVEL,
    })

    const rows = await sql<{ status: string; accounts: number }>`
      select p.status, (select count(*) from accounts a where a.user_id = p.user_id)::int as accounts
      from profiles p where p.user_id = ${me.body.userId}`.execute(h.database.db)
    expect(rows.rows).toEqual([{ status: "pending", accounts: 0 }])

    expect((await h.signIn("chioma@example.test", { password: "Secret#2026" })).user.id).toBe(me.body.userId)
  })

  it("answers a registered e-mail exactly like a new one, tells the owner, and its token can never pass the code step", async () => {
    const fresh = await register({ email: "fresh.person@example.test", username: "fresh-person" })
    const known = await register({ email: DEMO_EMAILS.demo, username: "someone-else" })
    expect(known.status).toBe(fresh.status)
    expect(Object.keys(known.body)).toEqual(Object.keys(fresh.body))
    expect(known.body.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/)

    const [notice] = await h.mailbox(DEMO_EMAILS.demo)
    expect(notice?.subject).toBe("Someone tried to register with your address")
    expect(notice?.text).toContain("sign in or reset your password")

    const token: string = known.body.accessToken
    // Not even the demo user's own live code works with it.
    await h.signIn(DEMO_EMAILS.demo)
    const res = await h.call("POST", "/api/auth/2fa-otp", { token, body: { otp: await h.latestCode(DEMO_EMAILS.demo) } })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe("otp.invalid")
    const before = (await h.mailbox(DEMO_EMAILS.demo)).length
    const resend = await h.call("POST", "/api/auth/2fa-otp/resend", { token })
    expect(resend.body).toEqual({ message: "A new code was sent to your e-mail." })
    expect(await h.mailbox(DEMO_EMAILS.demo)).toHaveLength(before)
    expect((await h.call("GET", "/api/admins/me", { token })).status).toBe(403)
    // The real account is untouched.
    const { token: real } = await h.signInFully(DEMO_EMAILS.demo)
    expect((await h.call("GET", "/api/admins/me", { token: real })).body.email).toBe(DEMO_EMAILS.demo)
  })

  it("wrong codes answer the same sequence for a registered and a new e-mail, before and after a resend", async () => {
    const sequence = async (email: string, username: string) => {
      const res = await register({ email, username })
      const token: string = res.body.accessToken
      const wrong = email === DEMO_EMAILS.app ? "000000" : (await h.latestCode(email)) === "000000" ? "111111" : "000000"
      const answers: string[] = []
      for (let i = 0; i < 7; i++) answers.push((await h.call("POST", "/api/auth/2fa-otp", { token, body: { otp: wrong } })).body.code as string)
      expect((await h.call("POST", "/api/auth/2fa-otp/resend", { token })).status).toBe(200)
      for (let i = 0; i < 6; i++) answers.push((await h.call("POST", "/api/auth/2fa-otp", { token, body: { otp: wrong } })).body.code as string)
      return answers
    }
    const fresh = await sequence("probe.fresh@example.test", "probe-fresh")
    const known = await sequence(DEMO_EMAILS.app, "probe-known")
    expect(fresh).toEqual([...Array(4).fill("otp.invalid"), ...Array(3).fill("otp.expired"), ...Array(4).fill("otp.invalid"), ...Array(2).fill("otp.expired")])
    expect(known).toEqual(fresh)
  })

  it("a taken username fails with the spec's text whatever the e-mail", async () => {
    const text = { statusCode: 400, code: "auth.invalid_credentials", error: "The login detail is incorrect" }
    const withNew = await register({ email: "another@example.test", username: DEMO_USERS.demo.username.toUpperCase() })
    const withKnown = await register({ email: DEMO_EMAILS.new, username: DEMO_USERS.demo.username })
    expect(withNew.status).toBe(400)
    expect(withNew.body).toEqual(text)
    expect(withKnown.body).toEqual(text)
  })

  it("refuses bad fields with the spec's texts", async () => {
    const res = await h.call("POST", "/api/api/auth/register", { body: { email: "x@y", fullname: "Ad", username: "u".repeat(51), password: "" } })
    expect(res.status).toBe(400)
    expect(res.body.message).toEqual({ email: "Wrong email format", fullname: "Minimum 3 symbols", username: "Maximum 50 symbols", password: "Required field" })
  })
})

describe("forgot and reset password", () => {
  const email = "reset.me@example.test"
  const oldPassword = "Secret#2026"
  const forgot = (address: string) => h.call("POST", "/api/auth/forgot-password", { body: { email: address } })
  const reset = (ref: string, password: string) => h.call("POST", "/api/auth/reset-password", { body: { ref, password } })
  // The link is mailed after the answer (off the request path): wait for it as a user waits for mail.
  const latestRef = async (to: string, after = 0): Promise<string> => {
    for (let tries = 0; tries < 200; tries++) {
      const mail = (await h.mailbox(to)).find((m) => m.subject === "Reset your Chartfolio password" && m.id > after)
      const ref = new RegExp(`${PUBLIC_URL}/reset-password/([A-Za-z0-9_-]+)`).exec(mail?.text ?? "")?.[1]
      if (ref) return ref
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    throw new Error(`no reset link for ${to}`)
  }
  /** Asks for a link and waits for that new link (not an older one still in the mailbox). */
  const linkFor = async (to: string): Promise<string> => {
    const before = Math.max(0, ...(await h.mailbox(to)).map((m) => m.id))
    expect((await forgot(to)).status).toBe(200)
    return latestRef(to, before)
  }

  beforeAll(async () => {
    const res = await register({ email, username: "reset-me", password: oldPassword })
    await h.call("POST", "/api/auth/2fa-otp", { token: res.body.accessToken, body: { otp: await h.latestCode(email) } })
  })

  it("answers a known and an unknown e-mail the same; only the known one gets a link", async () => {
    const known = await forgot(email)
    const unknown = await forgot("nobody.here@example.test")
    expect(known.status).toBe(200)
    expect(known.body).toEqual({ message: "If an account exists for that e-mail, we have sent a link to reset the password." })
    expect(unknown.status).toBe(known.status)
    expect(unknown.body).toEqual(known.body)
    expect(await latestRef(email)).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(await h.mailbox("nobody.here@example.test")).toEqual([])
  })

  it("a ref sets the new password once, signs the user out everywhere and says so by e-mail", async () => {
    const { token } = await h.signInFully(email, { password: oldPassword })
    const ref = await linkFor(email)
    const weak = await reset(ref, "alllowercase1!")
    expect(weak.status).toBe(400)
    expect(weak.body.message).toEqual({ password: STRONG_PASSWORD_MESSAGE })

    const done = await reset(ref, "Brand#New2026")
    expect(done.status).toBe(200)
    expect(done.body).toEqual({ message: "Your password has been reset. Sign in with your new password." })
    expect((await h.mailbox(email))[0]?.subject).toBe("Your Chartfolio password was changed")
    expect((await h.call("GET", "/api/admins/me", { token })).status).toBe(401)
    expect((await h.call("POST", "/api/auth/login", { body: { email, password: oldPassword } })).status).toBe(401)
    expect((await h.signIn(email, { password: "Brand#New2026" })).user.otpMethod).toBe("EMAIL")

    const again = await reset(ref, "Other#Pass2026")
    expect(again.status).toBe(400)
    expect(again.body).toEqual({ statusCode: 400, code: "reset.invalid", error: "This reset link is invalid or has expired." })
  })

  it("a reset forgets the devices trusted before it: the next sign-in there asks for the code again", async () => {
    const device = "device-trusted-before-reset"
    const password = "Brand#New2026"
    await h.signInFully(email, { password, deviceId: device, trusted: true })
    expect((await h.signIn(email, { password, deviceId: device })).user.otpSatisfied).toBe(true)
    expect((await reset(await linkFor(email), "Reset#Again2026")).status).toBe(200)
    expect((await h.signIn(email, { password: "Reset#Again2026", deviceId: device })).user.otpSatisfied).toBe(false)
  })

  it("a ref expires after 60 minutes", async () => {
    const ref = await linkFor(email)
    h.clock.advance(60 * 60_000)
    expect((await reset(ref, "Later#Pass2026")).body.code).toBe("reset.invalid")
  })

  it("a new request replaces the older ref", async () => {
    const older = await linkFor(email)
    const newer = await linkFor(email)
    expect(newer).not.toBe(older)
    expect((await reset(older, "Older#Pass2026")).body.code).toBe("reset.invalid")
    expect((await reset(newer, "Newer#Pass2026")).status).toBe(200)
  })

  it("a made-up ref is refused", async () => {
    expect((await reset("x".repeat(43), "Whatever#2026")).body.code).toBe("reset.invalid")
  })

  it("the demo password still works for users nobody reset", async () => {
    expect((await h.call("POST", "/api/auth/login", { body: { email: DEMO_EMAILS.new, password: DEMO_PASSWORD } })).status).toBe(200)
  })
})
