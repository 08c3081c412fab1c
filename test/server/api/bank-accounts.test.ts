/**
 * Withdrawal bank accounts (issue 11): the bank list, masked numbers in the list, the NUBAN
 * check of the lookup and of adding, the deterministic demo name, the duplicate refusal, 404 for
 * another user's ref, and what happens to a withdrawal in flight when its account is deleted.
 * Issue 30: every field's maximum length (3,000- and 50,000-character values answer 400, never
 * 500, and nothing is stored) and the per-user limits of the account-name lookup (429).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { AccountNameAnswer, BankAccountList, BankList } from "../../../src/contract/bank-accounts"
import { ErrorBody, ErrorCodes } from "../../../src/contract/errors"
import { BANK_ACCOUNT_MAX_LENGTHS, type BankAccountTextField } from "../../../src/domain/bank-account"
import { loadConfig } from "../../../server/config"
import { isValidNuban, nubanFor } from "../../../src/domain/nuban"
import { BANKS } from "../../../server/db/seed/world"
import { advancePayments, PAYMENT_TIMINGS } from "../../../server/money/payment-engine"
import { DEMO_EMAILS } from "../../../server/db/seed/demo-users"
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
/** POST /users/bank-account after the session's step-up (issue 35; test/server/api/step-up.test.ts covers the refusal without one). */
const add = async (body: unknown, user: "demo" | "app" = "demo", key: string = crypto.randomUUID()) => {
  await h.stepUp(user)
  return h.call("POST", "/api/users/bank-account", { token: await h.tokenOf(user), body, headers: { "Idempotency-Key": key } })
}
const del = async (ref: string, user: "demo" | "app" = "demo") => h.call("DELETE", `/api/users/bank-account/${ref}`, { token: await h.tokenOf(user) })
const list = async (user: "demo" | "app" = "demo") => decode(BankAccountList, (await get("/users/bank-account", user)).body)

const local = (accountNumber: string) => ({
  bankRef: "LCB",
  bankName: "ignored",
  accountNumber,
  accountName: "ignored",
  accountType: "Saving",
  currency: "NGN",
})
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
    const stored = await h.database.db
      .selectFrom("bankAccounts")
      .select(["ref", "accountNumber", "bankRef", "currency"])
      .where("userId", "=", SEEDED.users.demo)
      .execute()
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
    expect((await list()).find((b) => b.bankName === "Pacific Coast Bank")).toMatchObject({
      accountNumber: "******3210",
      currency: "USD",
      status: "pending",
      bankCountryCode: "USA",
    })
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
    expect(short.body.message).toMatchObject({
      accountNumber: "Minimum 8 Characters",
      bankAddress: "Enter a valid Bank Address",
      bankCountryCode: "Select Bank Country",
    })
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
    const payment = await h.database.db
      .selectFrom("payments")
      .select(["ref", "bankAccountId"])
      .where("accountId", "=", SEEDED.accounts.demoNgn)
      .orderBy("createdAt", "desc")
      .executeTakeFirstOrThrow()
    expect(payment.bankAccountId).toBeNull()
    let now = h.clock.now()
    for (const step of [PAYMENT_TIMINGS.acceptAfterMs, PAYMENT_TIMINGS.sendAfterMs]) {
      now += step + 1
      await advancePayments(h.database.db, new Date(now))
    }
    const after = await h.database.db.selectFrom("payments").select("status").where("ref", "=", payment.ref).executeTakeFirstOrThrow()
    expect(after.status).toBe("FAILED")
  })
})

describe("field lengths (issue 30)", () => {
  const stored = async () =>
    Number(
      (
        await h.database.db
          .selectFrom("bankAccounts")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    )
  const fields = Object.keys(BANK_ACCOUNT_MAX_LENGTHS) as BankAccountTextField[]

  it("refuses a 3,000- or 50,000-character value in any field of a foreign account with 400 naming the field and its maximum; nothing is stored", async () => {
    const before = await stored()
    for (const size of [3_000, 50_000]) {
      for (const field of fields) {
        const res = await add({ ...foreign(`${size}${field}`.padEnd(10, "0")), [field]: "x".repeat(size) })
        expect(res.status, `${field} ${size}`).toBe(400)
        const body = decode(ErrorBody, res.body)
        const max = BANK_ACCOUNT_MAX_LENGTHS[field]
        expect(body.code).toBe(ErrorCodes.badRequest)
        expect(body.message).toEqual({ [field]: `Maximum ${max} Characters` })
        expect(body.error).toBe(`Some fields are too long: ${field} (at most ${max} characters).`)
        // What the app says it by, in the user's language (errors:codes.bad_request_too_long).
        expect(body.values).toEqual({ reason: "too_long", field, max: String(max) })
      }
    }
    // Several at once, beside another bad field: each named, the first in `values`.
    const many = await add({ ...foreign("5550001112"), bankName: "B".repeat(3_000), accountName: "N".repeat(50_000), currency: "EUR" })
    expect(many.status).toBe(400)
    expect(many.body.message).toEqual({
      bankName: "Maximum 140 Characters",
      accountName: "Maximum 140 Characters",
      currency: "Currency must be NGN (local bank) or USD (foreign bank)",
    })
    expect(many.body.values).toEqual({ reason: "too_long", field: "bankName", max: "140" })
    expect(await stored()).toBe(before)
  })

  it("refuses them in a local account's body too, also in the fields the server would ignore", async () => {
    const before = await stored()
    for (const [field, value] of [
      ["bankName", "B".repeat(3_000)],
      ["accountNumber", "1".repeat(3_000)],
      ["accountName", "N".repeat(50_000)],
      ["bankAddress", "A".repeat(50_000)],
    ] as const) {
      const res = await add({ ...local(validNumber("246813579")), [field]: value })
      expect(res.status, field).toBe(400)
      expect(res.body.message[field]).toBe(`Maximum ${BANK_ACCOUNT_MAX_LENGTHS[field]} Characters`)
    }
    expect(await stored()).toBe(before)
  })

  it("stores a foreign account whose every field is exactly at its maximum, as sent", async () => {
    const longest = {
      ...foreign("9".repeat(34)),
      bankName: `Bank ${"ß".repeat(135)}`,
      accountName: "Ñ".repeat(140),
      bankAddress: "A".repeat(140),
      bankCity: "C".repeat(35),
      bankProvince: "P".repeat(35),
      bankZipCode: "9".repeat(16),
      swiftAba: "DEUTDEFFXXX",
    }
    expect((await add(longest)).status).toBe(201)
    const saved = (await list()).find((b) => b.bankName === longest.bankName)
    expect(saved).toMatchObject({
      accountName: longest.accountName,
      bankAddress: longest.bankAddress,
      bankCity: longest.bankCity,
      bankProvince: longest.bankProvince,
      bankZipCode: longest.bankZipCode,
      swiftAba: "DEUTDEFFXXX",
    })
    expect(saved?.accountNumber).toBe(`${"*".repeat(30)}9999`)
  })

  it("answers a 3,000-character bank ref or account number in the lookup with 400 or 404, never 500", async () => {
    const long = await get(`/users/bank-account/LCB/${"1".repeat(3_000)}`)
    expect(long.status).toBe(400)
    expect(long.body.error).toBe("Enter a valid Account Number")
    expect((await get(`/users/bank-account/${"B".repeat(3_000)}/${validNumber("204060801")}`)).status).toBe(404)
  })
})

describe("account-name lookup limits (issue 30)", () => {
  // The production limits (config defaults), not the harness's roomy ones.
  const defaults = loadConfig({})
  const PER_MINUTE = defaults.lookupLimitPerMinute
  const PER_DAY = defaults.lookupLimitPerDay
  const env = { LOOKUP_LIMIT_PER_MINUTE: String(PER_MINUTE), LOOKUP_LIMIT_PER_DAY: String(PER_DAY) }
  let limited: ApiHarness
  beforeAll(async () => {
    limited = await startApiHarness({ env })
  }, 60_000)
  afterAll(() => limited?.close())

  const lookUp = async (serial: number, user: "demo" | "app" = "demo", on: ApiHarness = limited) =>
    on.call("GET", `/api/users/bank-account/LCB/${validNumber(String(300_000_000 + serial))}`, { token: await on.tokenOf(user) })

  it("are 10 a minute and 100 in 24 hours per user by default", () => {
    expect([PER_MINUTE, PER_DAY]).toEqual([10, 100])
  })

  it("answer the 11th lookup in a minute with 429 and Retry-After, whatever the numbers; other users, sign-in and foreign accounts are not held; a minute later it goes on", async () => {
    for (let i = 0; i < PER_MINUTE; i++) {
      // A wrong check digit counts like any other lookup.
      const res =
        i % 3 === 2
          ? await limited.call("GET", `/api/users/bank-account/LCB/${invalidNumber(String(400_000_000 + i))}`, { token: await limited.tokenOf("demo") })
          : await lookUp(i)
      expect(res.status, `lookup ${i + 1}`).toBe(i % 3 === 2 ? 400 : 200)
    }
    const refused = await lookUp(99)
    expect(refused.status).toBe(429)
    expect(decode(ErrorBody, refused.body)).toEqual({
      statusCode: 429,
      code: ErrorCodes.bankAccountLookupLimited,
      error: `Too many account-name lookups: at most ${PER_MINUTE} a minute. Wait a minute and try again.`,
      values: { reason: "minute", limit: String(PER_MINUTE) },
    })
    const wait = Number(refused.headers.get("Retry-After"))
    expect(wait).toBeGreaterThanOrEqual(1)
    expect(wait).toBeLessThanOrEqual(60)

    // Adding a local account looks the name up again: refused too, nothing stored.
    const before = (await limited.call("GET", "/api/users/bank-account", { token: await limited.tokenOf("demo") })).body.length
    await limited.stepUp("demo")
    const addLocal = await limited.call("POST", "/api/users/bank-account", {
      token: await limited.tokenOf("demo"),
      body: local(validNumber("398765432")),
      headers: { "Idempotency-Key": crypto.randomUUID() },
    })
    expect(addLocal.status).toBe(429)
    expect(addLocal.body.code).toBe(ErrorCodes.bankAccountLookupLimited)
    // A foreign account needs no lookup.
    const addForeign = await limited.call("POST", "/api/users/bank-account", {
      token: await limited.tokenOf("demo"),
      body: foreign("7771112223"),
      headers: { "Idempotency-Key": crypto.randomUUID() },
    })
    expect(addForeign.status).toBe(201)
    expect((await limited.call("GET", "/api/users/bank-account", { token: await limited.tokenOf("demo") })).body).toHaveLength(before + 1)

    // Another user's lookups and the user's own sign-in are not held by it.
    expect((await lookUp(1, "app")).status).toBe(200)
    expect((await limited.signIn(DEMO_EMAILS.demo)).token).toEqual(expect.any(String))

    limited.clock.advance(wait * 1000)
    expect((await lookUp(100)).status).toBe(200)
  })

  it("count in the database: a second server on the same database refuses the same user's next lookup", async () => {
    limited.clock.advance(61_000)
    const other = await startApiHarness({ database: limited.database, env })
    other.clock.advance(limited.clock.now() - other.clock.now())
    for (let i = 0; i < PER_MINUTE; i++) {
      const res = i % 2 === 0 ? await lookUp(200 + i) : await lookUp(200 + i, "demo", other)
      expect(res.status, `lookup ${i + 1}`).toBe(200)
    }
    expect((await lookUp(300, "demo", other)).status).toBe(429)
    expect((await lookUp(301)).status).toBe(429)
  })

  it("answer the lookup past 100 in 24 hours with 429 for the rest of the day", async () => {
    let done = PER_MINUTE + 1 + PER_MINUTE // counted so far by the earlier tests (the refused ones are not counted)
    let serial = 1_000
    while (done < PER_DAY) {
      limited.clock.advance(61_000)
      for (let i = 0; i < PER_MINUTE && done < PER_DAY; i++, done++) expect((await lookUp(serial++)).status).toBe(200)
    }
    limited.clock.advance(61_000)
    const refused = await lookUp(serial++)
    expect(refused.status).toBe(429)
    expect(refused.body.values).toEqual({ reason: "day", limit: String(PER_DAY) })
    expect(refused.body.error).toBe(`Too many account-name lookups: at most ${PER_DAY} in 24 hours. Try again later.`)
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(60)
    // A day later (signed in again: the session did not last that long) it goes on.
    limited.clock.advance(24 * 60 * 60_000)
    const { token } = await limited.signInFully(DEMO_EMAILS.demo)
    expect((await limited.call("GET", `/api/users/bank-account/LCB/${validNumber("512345678")}`, { token })).status).toBe(200)
  })
})
