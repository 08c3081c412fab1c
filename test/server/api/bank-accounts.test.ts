/**
 * Withdrawal bank accounts (issue 11): the bank list, masked numbers in the list, the NUBAN
 * check of the lookup and of adding, the deterministic demo name, the duplicate refusal, 404 for
 * another user's ref, and what happens to a withdrawal in flight when its account is deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { AccountNameAnswer, BankAccountList, BankList } from "../../../src/contract/bank-accounts"
import { isValidNuban, nubanFor } from "../../../src/domain/nuban"
import { BANKS } from "../../../server/db/seed/world"
import { advancePayments, PAYMENT_TIMINGS } from "../../../server/money/payment-engine"
import { decode, SEEDED, startApiHarness, type ApiHarness } from "./api-harness"

let h: ApiHarness
beforeAll(async () => {
  h = await startApiHarness()
}, 60_000)
afterAll(() => h?.close())

const LCB = BANKS.find((b) => b.ref === "LCB")!
const validNumber = (serial: string) => nubanFor(LCB.code, serial)!
const invalidNumber = (serial: string) => {
  const good = validNumber(serial)
  return `${serial}${(Number(good[9]) + 1) % 10}`
}

const get = async (path: string, user: "demo" | "app" = "demo") => h.call("GET", `/api${path}`, { token: await h.tokenOf(user) })
const add = async (body: unknown, user: "demo" | "app" = "demo", key: string = crypto.randomUUID()) =>
  h.call("POST", "/api/users/bank-account", { token: await h.tokenOf(user), body, headers: { "Idempotency-Key": key } })
const del = async (ref: string, user: "demo" | "app" = "demo") => h.call("DELETE", `/api/users/bank-account/${ref}`, { token: await h.tokenOf(user) })
const list = async (user: "demo" | "app" = "demo") => decode(BankAccountList, (await get("/users/bank-account", user)).body)

const local = (accountNumber: string) => ({ bankRef: "LCB", bankName: "ignored", accountNumber, accountName: "ignored", accountType: "Saving", currency: "NGN" })
const foreign = (accountNumber: string) => ({
  bankRef: "FOREIGN",
  bankName: "Pacific Coast Bank",
  accountNumber,
  accountName: "Ada Okafor",
  accountType: "Checking",
  currency: "USD",
  bankAddress: "1 Market Street",
  bankCity: "San Francisco",
  bankProvince: "California",
  bankZipCode: "94105",
  bankCountryCode: "USA",
  swiftAba: "PCBKUS66",
})

describe("GET /users/banks", () => {
  it("lists the banks as {ref, bankName}, Foreign last", async () => {
    const banks = decode(BankList, (await get("/users/banks")).body)
    expect(banks.map((b) => b.ref)).toEqual([...BANKS.map((b) => b.ref), "FOREIGN"])
    expect(banks.at(-1)).toEqual({ ref: "FOREIGN", bankName: "Foreign" })
    expect(Object.keys(banks[0]!).sort()).toEqual(["bankName", "ref"])
  })
})

describe("GET /users/bank-account", () => {
  it("masks every account number but its last 4 digits; the seeded local numbers are valid NUBANs", async () => {
    const shown = await list()
    const stored = await h.database.db.selectFrom("bankAccounts").select(["ref", "accountNumber", "bankRef", "currency"]).where("userId", "=", SEEDED.users.demo).execute()
    expect(shown).toHaveLength(stored.length)
    for (const row of stored) {
      const item = shown.find((b) => b.ref === row.ref)!
      expect(item.accountNumber).toBe("*".repeat(row.accountNumber.length - 4) + row.accountNumber.slice(-4))
      expect(JSON.stringify(item)).not.toContain(row.accountNumber)
      if (row.currency === "NGN") expect(isValidNuban(BANKS.find((b) => b.ref === row.bankRef)!.code, row.accountNumber)).toBe(true)
    }
  })
})

describe("GET /users/bank-account/:bankRef/:accountNumber", () => {
  it("answers the same demo name for a valid NUBAN every time", async () => {
    const number = validNumber("204060801")
    const first = await get(`/users/bank-account/LCB/${number}`)
    expect(first.status).toBe(200)
    const { accountName } = decode(AccountNameAnswer, first.body)
    expect(accountName).toMatch(/^[A-Z]+ [A-Z]+ [A-Z]+$/)
    expect(decode(AccountNameAnswer, (await get(`/users/bank-account/LCB/${number}`)).body).accountName).toBe(accountName)
  })

  it("refuses a wrong check digit, a malformed number, the Foreign entry and an unknown bank with clear texts", async () => {
    const wrong = await get(`/users/bank-account/LCB/${invalidNumber("204060801")}`)
    expect(wrong.status).toBe(400)
    expect(wrong.body.error).toMatch(/not a valid account number for the chosen bank/)
    // The number that is valid at LCB is not at another bank (its code differs).
    expect((await get(`/users/bank-account/HTB/${validNumber("204060801")}`)).status).toBe(400)
    const short = await get("/users/bank-account/LCB/12345")
    expect(short.status).toBe(400)
    expect(short.body.error).toBe("Enter a valid Account Number")
    expect((await get(`/users/bank-account/FOREIGN/${validNumber("204060801")}`)).status).toBe(400)
    expect((await get(`/users/bank-account/NOPE/${validNumber("204060801")}`)).status).toBe(404)
  })
})

describe("POST /users/bank-account", () => {
  it("adds a local account with the looked-up name and the bank list's name, active; a foreign one pending", async () => {
    const number = validNumber("301122334")
    const res = await add(local(number))
    expect(res.status).toBe(201)
    expect(res.body).toEqual({ message: "Bank account added" })
    const name = decode(AccountNameAnswer, (await get(`/users/bank-account/LCB/${number}`)).body).accountName
    const saved = (await list()).find((b) => b.accountNumber.endsWith(number.slice(-4)) && b.bankName === LCB.bankName && b.accountName === name)
    expect(saved).toMatchObject({ accountType: "Saving", currency: "NGN", status: "active", swiftAba: null })
    expect((await add(foreign("9876543210"))).status).toBe(201)
    expect((await list()).find((b) => b.bankName === "Pacific Coast Bank")).toMatchObject({ accountNumber: "******3210", currency: "USD", status: "pending", bankCountryCode: "USA" })
  })

  it("refuses the same bank and number twice clearly (409), also for a foreign bank whatever the case of its name", async () => {
    const number = validNumber("455667788")
    expect((await add(local(number))).status).toBe(201)
    const again = await add(local(number))
    expect(again.status).toBe(409)
    expect(again.body.error).toBe("This bank account is already saved.")
    expect((await add(foreign("1112223334"))).status).toBe(201)
    const sameForeign = await add({ ...foreign("1112223334"), bankName: "PACIFIC COAST BANK" })
    expect(sameForeign.status).toBe(409)
    // Another user may save the same account.
    expect((await add(local(number), "app")).status).toBe(201)
  })

  it("refuses an invalid NUBAN, a currency that does not fit the bank, and the spec's field rules", async () => {
    const before = (await list()).length
    const bad = await add(local(invalidNumber("600700800")))
    expect(bad.status).toBe(400)
    expect(bad.body.message.accountNumber).toMatch(/not a valid account number/)
    expect((await add({ ...local(validNumber("600700800")), currency: "USD" })).status).toBe(400)
    const short = await add({ ...foreign("123"), bankAddress: "abc", bankCountryCode: "XXX" })
    expect(short.status).toBe(400)
    expect(short.body.message).toMatchObject({ accountNumber: "Minimum 8 Characters", bankAddress: "Enter a valid Bank Address", bankCountryCode: "Select Bank Country" })
    expect((await list()).length).toBe(before)
  })

  it("replays the answer for the same Idempotency-Key and saves one account", async () => {
    const key = crypto.randomUUID()
    const body = local(validNumber("711223344"))
    expect((await add(body, "demo", key)).status).toBe(201)
    const replay = await add(body, "demo", key)
    expect(replay.status).toBe(201)
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true")
    expect((await list()).filter((b) => b.accountNumber.endsWith(body.accountNumber.slice(-4)) && b.bankName === LCB.bankName)).toHaveLength(1)
  })
})

describe("DELETE /users/bank-account/:ref", () => {
  it("deletes the user's own account; another user's ref answers 404 and stays", async () => {
    const number = validNumber("822334455")
    expect((await add(local(number))).status).toBe(201)
    const ref = (await list()).find((b) => b.accountNumber.endsWith(number.slice(-4)))!.ref
    const appRef = (await list("app"))[0]!.ref
    const foreignDelete = await del(appRef, "demo")
    expect(foreignDelete.status).toBe(404)
    expect((await list("app")).some((b) => b.ref === appRef)).toBe(true)
    const res = await del(ref)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: "Bank account deleted" })
    expect((await list()).some((b) => b.ref === ref)).toBe(false)
    expect((await del(ref)).status).toBe(404)
  })

  it("a withdrawal in flight to a deleted account fails on the rail and returns the cash", async () => {
    const number = validNumber("933445566")
    expect((await add(local(number))).status).toBe(201)
    const ref = (await list()).find((b) => b.accountNumber.endsWith(number.slice(-4)) && b.status === "active")!.ref
    const w = await h.call("POST", "/api/users/withdraw", {
      token: await h.tokenOf("demo"),
      body: { channel: "NUBAN", bankAccountRef: ref, amount: "77.00", accountId: SEEDED.accounts.demoNgn },
      headers: { "Idempotency-Key": crypto.randomUUID() },
    })
    expect(w.status).toBe(200)
    expect((await del(ref)).status).toBe(200)
    const payment = await h.database.db.selectFrom("payments").select(["ref", "bankAccountId"]).where("accountId", "=", SEEDED.accounts.demoNgn).orderBy("createdAt", "desc").executeTakeFirstOrThrow()
    expect(payment.bankAccountId).toBeNull()
    let now = h.clock.now()
    for (const step of [PAYMENT_TIMINGS.acceptAfterMs, PAYMENT_TIMINGS.settleAfterMs]) {
      now += step + 1
      await advancePayments(h.database.db, new Date(now))
    }
    const after = await h.database.db.selectFrom("payments").select("status").where("ref", "=", payment.ref).executeTakeFirstOrThrow()
    expect(after.status).toBe("FAILED")
  })
})
