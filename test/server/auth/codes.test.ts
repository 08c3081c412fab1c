import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEMO_EMAILS } from "../../../server/db/seed/demo-users"
import { startAuthHarness, totpAt, type AuthHarness } from "./harness"

// A small lock threshold stands for the production 100 (same code path, configurable).
const LOCK_AFTER = 6

let h: AuthHarness
beforeAll(async () => {
  const roomy = { limit: 10_000, windowMs: 60_000 }
  h = await startAuthHarness({ auth: { rateLimits: { perAccount: roomy, perAddress: roomy }, codeEntryLockAfter: LOCK_AFTER } })
})
afterAll(() => h?.close())

const enter = (token: string, otp: string, trusted?: boolean) =>
  h.call("POST", "/api/auth/2fa-otp", { token, body: { otp, ...(trusted === undefined ? {} : { trusted }) } })
const notThe = (code: string) => (code === "000000" ? "111111" : "000000")

describe("authenticator-app codes (TOTP)", () => {
  it("a current code is accepted once and refused when replayed inside its window", async () => {
    const first = await h.signIn(DEMO_EMAILS.app)
    const code = totpAt(h.clock.now())
    const ok = await enter(first.token, code)
    expect(ok.status).toBe(200)
    expect(ok.body).toMatchObject({ id: first.user.id, otpMethod: "APP", otpSatisfied: true })
    expect((await h.call("GET", "/api/admins/me", { token: first.token })).status).toBe(200)

    const second = await h.signIn(DEMO_EMAILS.app)
    h.clock.advance(10_000)
    const replay = await enter(second.token, code)
    expect(replay.status).toBe(400)
    expect(replay.body).toMatchObject({ code: "otp.invalid", error: "The code is not valid." })
    // The previous step's code is older than the accepted one: refused as well.
    expect((await enter(second.token, totpAt(h.clock.now() - 30_000))).body.code).toBe("otp.invalid")

    h.clock.advance(30_000)
    expect((await enter(second.token, totpAt(h.clock.now()))).status).toBe(200)
  })

  it("tolerates one step of clock drift, and refuses a wrong or far-off code", async () => {
    h.clock.advance(5 * 60_000)
    const { token } = await h.signIn(DEMO_EMAILS.app)
    expect((await enter(token, totpAt(h.clock.now() - 3 * 30_000))).body.code).toBe("otp.invalid")
    expect((await enter(token, notThe(totpAt(h.clock.now())))).body.code).toBe("otp.invalid")
    expect((await enter(token, totpAt(h.clock.now() - 30_000))).status).toBe(200)
  })
})

describe("account code-entry lock", () => {
  it("a success resets the run of failures", async () => {
    h.clock.advance(60_000)
    const { token } = await h.signIn(DEMO_EMAILS.app)
    const wrong = notThe(totpAt(h.clock.now()))
    for (let i = 1; i < LOCK_AFTER; i++) expect((await enter(token, wrong)).body.code).toBe("otp.invalid")
    expect((await enter(token, totpAt(h.clock.now()))).status).toBe(200)
    h.clock.advance(60_000)
    const next = await h.signIn(DEMO_EMAILS.app)
    for (let i = 1; i < LOCK_AFTER; i++) expect((await enter(next.token, wrong)).body.code).toBe("otp.invalid")
    expect((await enter(next.token, totpAt(h.clock.now()))).status).toBe(200)
  })

  it(`locks after ${LOCK_AFTER} consecutive failures across codes and sign-ins; then even the right code is refused`, async () => {
    const first = await h.signIn(DEMO_EMAILS.demo)
    const code = await h.latestCode(DEMO_EMAILS.demo)
    for (let i = 1; i <= 4; i++) expect((await enter(first.token, notThe(code))).body.code).toBe("otp.invalid")
    expect((await enter(first.token, notThe(code))).body.code).toBe("otp.expired")

    const second = await h.signIn(DEMO_EMAILS.demo)
    const secondCode = await h.latestCode(DEMO_EMAILS.demo)
    const locking = await enter(second.token, notThe(secondCode))
    expect(locking.status).toBe(423)
    expect(locking.body).toEqual({ statusCode: 423, code: "otp.locked", error: "Code entry is locked. Contact support." })
    expect((await enter(second.token, secondCode)).status).toBe(423)

    const third = await h.signIn(DEMO_EMAILS.demo)
    expect((await enter(third.token, await h.latestCode(DEMO_EMAILS.demo))).body.code).toBe("otp.locked")
    expect((await h.call("GET", "/api/admins/me", { token: third.token })).status).toBe(403)
  })

  it("the lock is per account: other users enter codes as before", async () => {
    const { token } = await h.signIn(DEMO_EMAILS.new)
    expect((await enter(token, await h.latestCode(DEMO_EMAILS.new))).status).toBe(200)
  })
})
