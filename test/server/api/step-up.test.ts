/**
 * Step-up before money leaves to a new place (issue 35): adding a bank account and the first
 * withdrawal to a bank account less than 24 hours old need a one-time code verified for the
 * caller's own session in the last 5 minutes, whatever the client does (403 step_up.required);
 * the refused request runs once the code is verified, with the same Idempotency-Key.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { BankAccountList } from "../../../src/contract/bank-accounts"
import { ErrorBody, ErrorCodes } from "../../../src/contract/errors"
import { StepUpStart } from "../../../src/contract/step-up"
import { nubanFor } from "../../../src/domain/nuban"
import { NEW_BANK_ACCOUNT_MS, STEP_UP_FRESH_MS } from "../../../src/domain/step-up"
import { DEMO_EMAILS } from "../../../server/db/seed/demo-users"
import { BANKS } from "../../../server/db/seed/world"
import { decode, SEEDED, startApiHarness, type ApiHarness } from "./api-harness"

let h: ApiHarness
beforeAll(async () => {
  h = await startApiHarness()
}, 60_000)
afterAll(() => h?.close())

const LCB = BANKS.find((b) => b.ref === "LCB")!
const local = (serial: string) => ({
  bankRef: "LCB",
  bankName: "ignored",
  accountNumber: nubanFor(LCB.code, serial)!,
  accountName: "ignored",
  accountType: "Saving",
  currency: "NGN",
})
const add = async (body: unknown, token: string, key: string = crypto.randomUUID()) =>
  h.call("POST", "/api/users/bank-account", { token, body, headers: { "Idempotency-Key": key } })
const withdraw = async (bankAccountRef: string, token: string, key: string = crypto.randomUUID()) =>
  h.call("POST", "/api/users/withdraw", {
    token,
    body: { channel: "NUBAN", bankAccountRef, amount: "10.00", accountId: SEEDED.accounts.demoNgn },
    headers: { "Idempotency-Key": key },
  })
const refOf = async (accountNumber: string) =>
  (await h.database.db.selectFrom("bankAccounts").select("ref").where("accountNumber", "=", accountNumber).executeTakeFirstOrThrow()).ref
const saved = async (accountNumber: string) =>
  (await h.database.db.selectFrom("bankAccounts").select("ref").where("accountNumber", "=", accountNumber).execute()).length
const payments = async () => (await h.database.db.selectFrom("payments").select("id").where("accountId", "=", SEEDED.accounts.demoNgn).execute()).length
const expectStepUpRequired = (res: { status: number; body: unknown }) => {
  expect(res.status).toBe(403)
  expect(decode(ErrorBody, res.body).code).toBe(ErrorCodes.stepUpRequired)
}
/** Lets every step-up of the test before expire. */
const pastStepUps = () => h.clock.advance(STEP_UP_FRESH_MS)

describe("adding a bank account", () => {
  it("without a step-up answers 403 step_up.required and saves nothing; after the code, the same request (same key) is saved", async () => {
    pastStepUps()
    const token = await h.tokenOf("demo")
    const body = local("711000001")
    const key = crypto.randomUUID()
    expectStepUpRequired(await add(body, token, key))
    expect(await saved(body.accountNumber)).toBe(0)

    const started = await h.call("POST", "/api/auth/step-up", { token })
    expect(started.status).toBe(200)
    expect(decode(StepUpStart, started.body)).toEqual({ method: "EMAIL", message: "A code was sent to your e-mail." })
    // A wrong code says so and records nothing.
    const code = await h.latestCode(DEMO_EMAILS.demo)
    const wrong = code === "000000" ? "111111" : "000000"
    const refused = await h.call("POST", "/api/auth/step-up/verify", { token, body: { otp: wrong } })
    expect([refused.status, decode(ErrorBody, refused.body).code]).toEqual([400, "otp.invalid"])
    expectStepUpRequired(await add(body, token, key))

    const verified = await h.call("POST", "/api/auth/step-up/verify", { token, body: { otp: code } })
    expect([verified.status, verified.body]).toEqual([200, { message: "Code confirmed." }])
    expect((await add(body, token, key)).status).toBe(201)
    expect(await saved(body.accountNumber)).toBe(1)
    // The code is single use.
    const reused = await h.call("POST", "/api/auth/step-up/verify", { token, body: { otp: code } })
    expect(decode(ErrorBody, reused.body).code).toBe("otp.expired")
  })

  it("a step-up holds 5 minutes of the server's clock, not a moment longer", async () => {
    pastStepUps()
    await h.stepUp("demo")
    const token = await h.tokenOf("demo")
    h.clock.advance(STEP_UP_FRESH_MS - 1_000)
    expect((await add(local("711000002"), token)).status).toBe(201)
    h.clock.advance(1_000)
    expectStepUpRequired(await add(local("711000003"), token))
  })

  it("a code verified in another session of the same user does not count", async () => {
    pastStepUps()
    const other = await h.signInFully(DEMO_EMAILS.demo, { deviceId: "second-browser" })
    await h.stepUp("demo", { token: other.token, deviceId: "second-browser" })
    const mine = await h.tokenOf("demo")
    expectStepUpRequired(await add(local("711000004"), mine))
    // The step-up holds for the session that made it (its own device).
    const there = await h.call("POST", "/api/users/bank-account", {
      token: other.token,
      deviceId: "second-browser",
      body: local("711000004"),
      headers: { "Idempotency-Key": crypto.randomUUID() },
    })
    expect(there.status).toBe(201)
  })

  it("an authenticator-app user is told to read the app and confirms with its code", async () => {
    pastStepUps()
    const token = await h.tokenOf("app")
    const started = await h.call("POST", "/api/auth/step-up", { token })
    expect(decode(StepUpStart, started.body).method).toBe("APP")
    expectStepUpRequired(await add(local("711000005"), token))
    await h.stepUp("app")
    expect((await add(local("711000005"), token)).status).toBe(201)
  })

  it("needs a signed-in session", async () => {
    expect((await h.call("POST", "/api/auth/step-up", {})).status).toBe(401)
    expect((await h.call("POST", "/api/auth/step-up/verify", { body: { otp: "123456" } })).status).toBe(401)
  })
})

describe("withdrawing to a bank account", () => {
  it("the first withdrawal to an account less than 24 hours old needs a fresh step-up; the next one does not", async () => {
    pastStepUps()
    await h.stepUp("demo")
    const token = await h.tokenOf("demo")
    const body = local("722000001")
    expect((await add(body, token)).status).toBe(201)
    const ref = await refOf(body.accountNumber)
    pastStepUps()
    const before = await payments()
    const key = crypto.randomUUID()
    expectStepUpRequired(await withdraw(ref, token, key))
    expect(await payments()).toBe(before)
    await h.stepUp("demo")
    expect((await withdraw(ref, token, key)).status).toBe(200)
    expect(await payments()).toBe(before + 1)
    pastStepUps()
    expect((await withdraw(ref, token)).status).toBe(200)
  })

  it("another user's bank account is refused as before, without asking for a code; deleting it answers 404", async () => {
    pastStepUps()
    const token = await h.tokenOf("demo")
    const appRef = decode(BankAccountList, (await h.call("GET", "/api/users/bank-account", { token: await h.tokenOf("app") })).body)[0]!.ref
    const res = await withdraw(appRef, token)
    expect(res.status).toBe(400)
    expect(decode(ErrorBody, res.body).message).toEqual({ bankAccountRef: "Select Bank Account" })
    expect((await h.call("DELETE", `/api/users/bank-account/${appRef}`, { token })).status).toBe(404)
  })

  it("an account 24 hours old, or a seeded one, needs none", async () => {
    pastStepUps()
    await h.stepUp("demo")
    const token = await h.tokenOf("demo")
    const body = local("722000002")
    expect((await add(body, token)).status).toBe(201)
    h.clock.advance(NEW_BANK_ACCOUNT_MS)
    // The token's idle expiry passed meanwhile: a new sign-in (a new session without a step-up).
    const fresh = await h.signInFully(DEMO_EMAILS.demo)
    expect((await withdraw(await refOf(body.accountNumber), fresh.token)).status).toBe(200)
    const seeded = decode(BankAccountList, (await h.call("GET", "/api/users/bank-account", { token: fresh.token })).body).find((b) => b.currency === "NGN")!
    expect((await withdraw(seeded.ref, fresh.token)).status).toBe(200)
  })
})
