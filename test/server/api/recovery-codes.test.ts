/**
 * Recovery codes (issue 35, decision 0221): app@ makes a set after a fresh password and app code;
 * each code signs in once in place of the app's code (the user is mailed, the count drops); a code
 * used once, or one of a replaced set, is refused; the codes are stored hashed; each call acts on
 * the caller's own set only (another user's session neither reads nor replaces it, nor signs in
 * with its codes).
 */
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { RecoverySignInAnswer } from "../../../src/contract/auth"
import { ErrorBody, ErrorCodes } from "../../../src/contract/errors"
import { RecoveryCodeSet, RecoveryCodeStatus } from "../../../src/contract/security"
import { RECOVERY_USED_SUBJECT } from "../../../server/auth/recovery-codes"
import { DEMO_EMAILS, DEMO_PASSWORD } from "../../../server/db/seed/demo-users"
import { totpAt } from "../auth/harness"
import { decode, startApiHarness, type ApiHarness } from "./api-harness"

let h: ApiHarness
beforeAll(async () => {
  h = await startApiHarness()
}, 60_000)
afterAll(() => h?.close())

/** The next 30-second step, so the app's code of it was never accepted before (TOTP codes work once). */
const nextAppCode = (): string => {
  h.clock.advance(30_000)
  return totpAt(h.clock.now())
}

/** app@ signed in on a device, the app's code entered: a satisfied token. */
const signInApp = async (deviceId: string): Promise<string> => {
  const { token } = await h.signIn(DEMO_EMAILS.app, { deviceId })
  const res = await h.call("POST", "/api/auth/2fa-otp", { token, deviceId, body: { otp: nextAppCode() } })
  expect(res.status).toBe(200)
  return token
}

const status = async (token: string, deviceId: string) => {
  const res = await h.call("GET", "/api/users/recovery-codes", { token, deviceId })
  expect(res.status).toBe(200)
  return decode(RecoveryCodeStatus, res.body)
}

const regenerate = (token: string, deviceId: string, body: { password: string; otp: string }) =>
  h.call("POST", "/api/users/recovery-codes", { token, deviceId, body })

const newSet = async (token: string, deviceId: string): Promise<ReadonlyArray<string>> => {
  const res = await regenerate(token, deviceId, { password: DEMO_PASSWORD, otp: nextAppCode() })
  expect(res.status).toBe(200)
  return decode(RecoveryCodeSet, res.body).codes
}

/** A code-pending sign-in of `email` answering a recovery code. */
const signInWithCode = async (email: string, code: string, deviceId: string) => {
  const { token } = await h.signIn(email, { deviceId })
  const res = await h.call("POST", "/api/auth/2fa-otp/recovery", { token, deviceId, body: { code } })
  return { token, res }
}

const codeOf = (res: { body: unknown }) => decode(ErrorBody, res.body).code

describe("recovery codes", () => {
  it("are made only after a fresh password and app code, ten of them, shown once and stored hashed", async () => {
    const token = await signInApp("rec-make")
    expect(await status(token, "rec-make")).toMatchObject({ available: true, left: 0, total: 10, generatedAt: null, lastUsedAt: null })

    // A wrong password is refused and does not spend the app's code: the same code then works.
    const otp = nextAppCode()
    const wrong = await regenerate(token, "rec-make", { password: "Not-the-password1", otp })
    expect([wrong.status, codeOf(wrong)]).toEqual([400, ErrorCodes.recoveryPasswordInvalid])
    // A wrong app code is refused.
    const badCode = await regenerate(token, "rec-make", { password: DEMO_PASSWORD, otp: otp === "000000" ? "111111" : "000000" })
    expect([badCode.status, codeOf(badCode)]).toEqual([400, "otp.invalid"])
    const made = await regenerate(token, "rec-make", { password: DEMO_PASSWORD, otp })
    expect(made.status).toBe(200)
    const codes = decode(RecoveryCodeSet, made.body).codes
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/)
    // The same app code again (a replay) is refused: it was used once.
    const replay = await regenerate(token, "rec-make", { password: DEMO_PASSWORD, otp })
    expect([replay.status, codeOf(replay)]).toEqual([400, "otp.invalid"])

    expect(await status(token, "rec-make")).toMatchObject({ left: 10, generatedAt: new Date(h.clock.now()).toISOString(), lastUsedAt: null })
    // Only argon2id hashes are stored: no code appears in the table.
    const rows = await sql<{ codeHash: string }>`select code_hash from recovery_codes`.execute(h.database.db)
    expect(rows.rows.length).toBe(10)
    for (const row of rows.rows) {
      expect(row.codeHash.startsWith("$argon2id$")).toBe(true)
      for (const code of codes) expect(row.codeHash.includes(code.replace("-", ""))).toBe(false)
    }
  })

  it("each code signs in once in place of the app's code: the user is mailed, the count drops, a reuse is refused", async () => {
    const token = await signInApp("rec-use")
    const codes = await newSet(token, "rec-use")
    const before = await h.mailbox(DEMO_EMAILS.app)

    // Typed in capitals with spaces instead of the hyphen: the same code.
    const typed = codes[3]!.toUpperCase().replace("-", " ")
    const first = await signInWithCode(DEMO_EMAILS.app, typed, "rec-lost-phone")
    expect(first.res.status).toBe(200)
    const answer = decode(RecoverySignInAnswer, first.res.body)
    expect([answer.otpSatisfied, answer.recoveryCodesLeft]).toEqual([true, 9])
    expect((await h.call("GET", "/api/admins/me", { token: first.token, deviceId: "rec-lost-phone" })).status).toBe(200)

    const mails = await h.mailbox(DEMO_EMAILS.app)
    expect(mails.length).toBe(before.length + 1)
    expect(mails[0]?.subject).toBe(RECOVERY_USED_SUBJECT)
    expect(mails[0]?.text).toContain("9 of your recovery codes are left")

    expect(await status(token, "rec-use")).toMatchObject({ left: 9, lastUsedAt: new Date(h.clock.now()).toISOString() })

    // The same code again: refused, the token stays at the code step, nothing more is used or mailed.
    const again = await signInWithCode(DEMO_EMAILS.app, codes[3]!, "rec-lost-phone")
    expect([again.res.status, codeOf(again.res)]).toEqual([400, "otp.invalid"])
    const blocked = await h.call("GET", "/api/admins/me", { token: again.token, deviceId: "rec-lost-phone" })
    expect([blocked.status, codeOf(blocked)]).toEqual([403, "otp.required"])
    expect((await status(token, "rec-use")).left).toBe(9)
    expect((await h.mailbox(DEMO_EMAILS.app)).length).toBe(before.length + 1)
  })

  it("two sign-ins racing with one code: exactly one gets in", async () => {
    const token = await signInApp("rec-race")
    const codes = await newSet(token, "rec-race")
    const answers = await Promise.all([signInWithCode(DEMO_EMAILS.app, codes[0]!, "rec-race-a"), signInWithCode(DEMO_EMAILS.app, codes[0]!, "rec-race-b")])
    expect(answers.map((a) => a.res.status).sort()).toEqual([200, 400])
    expect((await status(token, "rec-race")).left).toBe(9)
  })

  it("a new set makes every code of the old one stop working", async () => {
    const token = await signInApp("rec-renew")
    const old = await newSet(token, "rec-renew")
    const fresh = await newSet(token, "rec-renew")
    expect(fresh.some((c) => old.includes(c))).toBe(false)
    const refused = await signInWithCode(DEMO_EMAILS.app, old[5]!, "rec-renew-2")
    expect([refused.res.status, codeOf(refused.res)]).toEqual([400, "otp.invalid"])
    expect((await status(token, "rec-renew")).left).toBe(10)
    const accepted = await signInWithCode(DEMO_EMAILS.app, fresh[5]!, "rec-renew-3")
    expect(accepted.res.status).toBe(200)
    expect((await status(token, "rec-renew")).left).toBe(9)
  })

  it("another user's session neither reads nor replaces app@'s set, nor signs in with its codes", async () => {
    const app = await signInApp("rec-own")
    const codes = await newSet(app, "rec-own")
    const demo = (await h.signInFully(DEMO_EMAILS.demo, { deviceId: "rec-other" })).token

    // demo@ reads its own state (its code comes by e-mail: none, not offered), never app@'s.
    expect(await status(demo, "rec-other")).toEqual({ available: false, left: 0, total: 10, generatedAt: null, lastUsedAt: null })
    const refused = await regenerate(demo, "rec-other", { password: DEMO_PASSWORD, otp: nextAppCode() })
    expect([refused.status, codeOf(refused)]).toEqual([409, ErrorCodes.recoveryNotApp])
    // app@'s code does not let demo@ past its code step.
    const stolen = await signInWithCode(DEMO_EMAILS.demo, codes[0]!, "rec-other-2")
    expect([stolen.res.status, codeOf(stolen.res)]).toEqual([400, "otp.invalid"])

    expect((await status(app, "rec-own")).left).toBe(10)
    // Without a signed-in session there is nothing to read.
    expect((await h.call("GET", "/api/users/recovery-codes", { deviceId: "rec-nobody" })).status).toBe(401)
    const pending = (await h.signIn(DEMO_EMAILS.app, { deviceId: "rec-pending" })).token
    expect((await h.call("GET", "/api/users/recovery-codes", { token: pending, deviceId: "rec-pending" })).status).toBe(403)
  })
})
