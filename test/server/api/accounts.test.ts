import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { AccountDetails, AccountList } from "../../../src/contract/accounts"
import { Message } from "../../../src/contract/common"
import { InstrumentList } from "../../../src/contract/instruments"
import { Profile } from "../../../src/contract/profile"
import { add, mul, toFixed } from "../../../src/domain/decimal"
import { DEMO_USERS } from "../../../server/db/seed/demo-users"
import { quoteAt } from "../../../server/market/index"
import { TEST_NOW } from "../support/test-database"
import { decode, GROUP_PARTNERS, OUTSIDE_PARTNER, SEEDED, startApiHarness, type ApiHarness } from "./api-harness"

let h: ApiHarness
beforeAll(async () => {
  h = await startApiHarness()
})
afterAll(() => h?.close())

const get = async (user: "demo" | "new" | "app", path: string) => h.call("GET", path, { token: await h.tokenOf(user) })

describe("GET /users/profile", () => {
  it("answers the verified demo user's full profile in the contract's shape", async () => {
    const res = await get("demo", "/api/users/profile")
    expect(res.status).toBe(200)
    const profile = decode(Profile, res.body)
    expect(profile.status).toBe("verified")
    expect(profile.basic.email).toBe(DEMO_USERS.demo.email)
    expect(profile.basic.riskProfile?.riskScore).toBe(6)
    expect(profile.identificationData).toEqual({ type: "nin", value: "70123456789" })
    // Typed as "5,000,000 NGN" in the seed; the contract carries money as a decimal string.
    expect(profile.complianceData?.transferTotalExpected).toBe("5000000")
  })

  it("answers the new user's pending profile with the unfilled sections as null", async () => {
    const res = await get("new", "/api/users/profile")
    expect(res.status).toBe(200)
    const profile = decode(Profile, res.body)
    expect(profile.status).toBe("pending")
    expect(profile.basic.username).toBe(DEMO_USERS.new.username)
    expect(profile.basic.riskProfile).toBeNull()
    expect(profile.identificationData).toBeNull()
    expect(profile.employmentData).toBeNull()
    expect(profile.addressData).toBeNull()
    expect(profile.complianceData).toBeNull()
  })

  it("needs a satisfied session", async () => {
    expect((await h.call("GET", "/api/users/profile")).status).toBe(401)
    const pending = await h.signIn(DEMO_USERS.demo.email)
    const res = await h.call("GET", "/api/users/profile", { token: pending.token })
    expect(res.status).toBe(403)
    expect(res.body.code).toBe("otp.required")
  })
})

describe("GET /users/account", () => {
  it("lists the demo user's two portfolios, oldest first", async () => {
    const res = await get("demo", "/api/users/account")
    expect(res.status).toBe(200)
    const accounts = decode(AccountList, res.body)
    expect(accounts.map((a) => a.accountId)).toEqual([SEEDED.accounts.demoNgn, SEEDED.accounts.demoUsd])
    expect(accounts.map((a) => [a.currency, a.partner, a.userType])).toEqual([
      ["NGN", "Lagos Custody Partners", "INDIVIDUAL_TRADER"],
      ["USD", "Atlantic Brokerage", "CUSTODIAL"],
    ])
    expect(accounts.every((a) => a.userId === SEEDED.users.demo)).toBe(true)
  })

  it("answers an empty list for the user without portfolios", async () => {
    const res = await get("new", "/api/users/account")
    expect(res.status).toBe(200)
    expect(decode(AccountList, res.body)).toEqual([])
  })
})

describe("GET /users/account/:accountId", () => {
  it("says what each transaction is as a code and values, not an English sentence (issue 31)", async () => {
    const res = await h.call("GET", `/api/users/account/${SEEDED.accounts.demoNgn}`, { token: await h.tokenOf("demo") })
    expect(res.status).toBe(200)
    const { transactions } = decode(AccountDetails, res.body).details
    expect(transactions.length).toBeGreaterThan(0)
    for (const tr of transactions) {
      expect(tr.descriptionText, tr.tranType).toBeTruthy()
      expect(tr.description).toBeNull()
      expect(tr.comment).toBeNull()
    }
    const codes = new Set(transactions.map((tr) => tr.descriptionText?.code))
    for (const code of ["bought", "sold", "dividend", "deposit-reserved-account", "withdrawal-to", "withdrawal-returned"]) expect(codes, code).toContain(code)
    const fill = transactions.find((tr) => tr.descriptionText?.code === "bought")
    expect(fill?.descriptionText?.values).toEqual({
      quantity: expect.stringMatching(/^\d+(\.\d+)?$/),
      symbol: expect.any(String),
      price: expect.stringMatching(/^\d+(\.\d+)?$/),
    })
    expect(fill?.commentText).toEqual({ code: "order-filled", values: { orderType: expect.stringMatching(/^(MARKET|LIMIT|STOP)$/) } })
  })

  it("answers the NGN portfolio marked to market now, with its subpages' lists", async () => {
    const res = await get("demo", `/api/users/account/${SEEDED.accounts.demoNgn}`)
    expect(res.status).toBe(200)
    const account = decode(AccountDetails, res.body)
    expect(account.accountId).toBe(SEEDED.accounts.demoNgn)
    expect(account.positions.length).toBeGreaterThan(0)
    expect(account.details.positions).toEqual(account.positions)
    expect(account.details.transactions).toEqual(account.transactions)
    for (const p of account.positions) {
      expect(p.equityBalance).toBe(toFixed(mul(p.totalQuantity, p.price), 2))
      expect(p.asset.symbol).toBe(p.symbol)
    }
    // Cash account: no margin panel; NGN is funded through reserved accounts, not by wire.
    expect(account.portfolio).toBeNull()
    expect(account.wireAccount).toBeNull()
    expect(account.nubans).toHaveLength(2)
    expect(account.details.partner).toBe("Lagos Custody Partners")
    expect(account.details.currency).toBe("NGN")
    // Newest first.
    const times = account.transactions.map((t) => t.tranTime)
    expect([...times].sort().reverse()).toEqual(times)
    const rejected = account.details.orders.find((o) => o.status === "REJECTED")
    expect(rejected?.response?.error).toMatch(/Insufficient cash/)
    expect(rejected?.response?.reason).toMatchObject({ code: "insufficient_cash", currency: "NGN" })
    expect(account.details.orders.find((o) => o.status === "FILLED")?.response).toBeNull()
    expect(account.details.statement.confirmation.length).toBeGreaterThan(0)
    expect(account.details.statement.account.length).toBeGreaterThan(0)
    expect(account.details.payments.some((p) => p.status === "pending" && p.type === "WITHDRAWAL")).toBe(true)
    // Risk score 6: the moderate band's suggestions.
    expect(account.suggestion.length).toBeGreaterThan(0)
  })

  it("prices positions with the synthetic market at the request's instant", async () => {
    const res = await get("demo", `/api/users/account/${SEEDED.accounts.demoNgn}`)
    const account = decode(AccountDetails, res.body)
    const symbols = account.positions.map((p) => p.symbol)
    const rows = await h.database.db.selectFrom("instruments").selectAll().where("symbol", "in", symbols).execute()
    for (const p of account.positions) {
      const row = rows.find((r) => r.symbol === p.symbol)
      expect(row).toBeDefined()
      if (row) expect(p.price).toBe(quoteAt(row, TEST_NOW).last)
    }
  })

  it("answers the USD margin portfolio with its margin inputs and wire account", async () => {
    const res = await get("demo", `/api/users/account/${SEEDED.accounts.demoUsd}`)
    expect(res.status).toBe(200)
    const account = decode(AccountDetails, res.body)
    const longMarketValue = toFixed(
      account.positions.reduce((total, p) => add(total, p.equityBalance), "0"),
      2,
    )
    expect(account.portfolio).toEqual({ multiplier: "2", equity: toFixed(add(longMarketValue, account.cashBalance), 2), long_market_value: longMarketValue })
    expect(account.wireAccount?.instructions).toContain("{accountNumber}")
    expect(account.nubans).toEqual([])
  })

  it("answers a daily performance series, oldest first, ending at today's account value", async () => {
    const res = await get("demo", `/api/users/account/${SEEDED.accounts.demoNgn}`)
    const account = decode(AccountDetails, res.body)
    const series = account.details.performance
    expect(series.length).toBeGreaterThan(250)
    const dates = series.map((p) => p.x)
    expect([...dates].sort()).toEqual(dates)
    expect(new Set(dates).size).toBe(dates.length)
    expect(dates[dates.length - 1]).toBe(TEST_NOW.toISOString().slice(0, 10))
    // Before the first deposit the portfolio is worth nothing.
    expect(series[0]?.value).toBe(0)
    const accountValue = Number(account.positions.reduce((total, p) => add(total, p.equityBalance), account.cashBalance))
    expect(series[series.length - 1]?.value).toBeCloseTo(accountValue, 2)
    // The first funded day holds only the first deposit (2,500,000 NGN; the first buy is days later).
    expect(series.find((p) => p.value > 0)?.value).toBe(2_500_000)
    // Every point is a value the account held: never negative.
    expect(series.every((p) => p.value >= 0)).toBe(true)
  })

  it("is a 404 for another user's account, an unknown id and a non-UUID id", async () => {
    for (const id of [SEEDED.accounts.appUsd, "00000000-0000-4000-8000-000000000000", "not-a-uuid", "1%27%20or%201=1"]) {
      const res = await get("demo", `/api/users/account/${id}`)
      expect(res.status, id).toBe(404)
      expect(res.body.code).toBe("not_found")
    }
  })
})

describe("POST /users/account", () => {
  it("refuses an unverified profile with the spec's text", async () => {
    const res = await h.createPortfolio(await h.tokenOf("new"), { partner: "Chartfolio Securities" })
    expect(res.status).toBe(403)
    expect(res.body.error).toBe("Portfolio are for verified users only")
    expect(decode(AccountList, (await get("new", "/api/users/account")).body)).toEqual([])
  })

  it("refuses a partner outside the user's group, and a missing one, with 'Select Trading Account Partner'", async () => {
    const token = await h.tokenOf("app")
    for (const body of [{ partner: OUTSIDE_PARTNER }, { partner: "  " }, {}]) {
      const res = await h.createPortfolio(token, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.message.partner).toBe("Select Trading Account Partner")
    }
    expect(decode(AccountList, (await get("app", "/api/users/account")).body)).toHaveLength(1)
  })

  it("refuses a currency the partner does not offer", async () => {
    const res = await h.createPortfolio(await h.tokenOf("app"), { partner: "Lagos Custody Partners", currency: "USD" })
    expect(res.status).toBe(400)
    expect(res.body.message.currency).toMatch(/Lagos Custody Partners offers no portfolio in USD/)
  })

  it("creates an active individual portfolio at a group partner, in the partner's currency", async () => {
    const token = await h.tokenOf("app")
    const res = await h.createPortfolio(token, { partner: "Lagos Custody Partners" })
    expect(res.status).toBe(201)
    expect(decode(Message, res.body).message).toBe("Portfolio created successfully.")
    const accounts = decode(AccountList, (await get("app", "/api/users/account")).body)
    expect(accounts).toHaveLength(2)
    expect(accounts[0]?.accountId).toBe(SEEDED.accounts.appUsd)
    const created = accounts[1]
    expect(created).toMatchObject({ partner: "Lagos Custody Partners", currency: "NGN", userType: "INDIVIDUAL_TRADER", status: "active", cashBalance: "0.00" })
    expect(created?.accountNumber).toMatch(/^\d{10}$/)
    expect(created?.accountNumber).not.toBe(accounts[0]?.accountNumber)

    const details = decode(AccountDetails, (await get("app", `/api/users/account/${created?.accountId}`)).body)
    expect(details.positions).toEqual([])
    expect(details.portfolio).toBeNull()
    expect(details.nubans).toHaveLength(1)
    expect(details.details.performance).toEqual([{ x: TEST_NOW.toISOString().slice(0, 10), value: 0 }])
  })

  it("opens a USD portfolio with a wire account when asked for USD", async () => {
    const token = await h.tokenOf("app")
    const res = await h.createPortfolio(token, { partner: "Chartfolio Securities", currency: "USD" })
    expect(res.status).toBe(201)
    const accounts = decode(AccountList, (await get("app", "/api/users/account")).body)
    const created = accounts.find((a) => a.partner === "Chartfolio Securities" && a.accountId !== SEEDED.accounts.appUsd)
    expect(created?.currency).toBe("USD")
    const details = decode(AccountDetails, (await get("app", `/api/users/account/${created?.accountId}`)).body)
    expect(details.wireAccount?.beneficiaryName).toContain("Grace Mensah")
  })

  it("compares the profile status case-insensitively", async () => {
    const setStatus = (status: string) => h.database.db.updateTable("profiles").set({ status }).where("userId", "=", SEEDED.users.app).execute()
    const token = await h.tokenOf("app")
    try {
      await setStatus("VERIFIED")
      expect((await h.createPortfolio(token, { partner: "Atlantic Brokerage" })).status).toBe(201)
      await setStatus("unverified")
      expect((await h.createPortfolio(token, { partner: "Atlantic Brokerage" })).status).toBe(403)
    } finally {
      await setStatus("verified")
    }
  })

  it("refuses a body that is not JSON", async () => {
    const res = await h.createPortfolio(await h.tokenOf("app"), "{partner")
    expect(res.status).toBe(400)
  })
})

describe("POST /users/account with an Idempotency-Key", () => {
  it("needs the key, and a retry with the same key replays the answer without creating a second portfolio", async () => {
    const token = await h.tokenOf("app")
    const count = async () => decode(AccountList, (await get("app", "/api/users/account")).body).length
    const before = await count()
    const missing = await h.createPortfolio(token, { partner: "Atlantic Brokerage" }, null)
    expect(missing.status).toBe(400)
    expect(await count()).toBe(before)
    const key = crypto.randomUUID()
    const first = await h.createPortfolio(token, { partner: "Atlantic Brokerage" }, key)
    const retry = await h.createPortfolio(token, { partner: "Atlantic Brokerage" }, key)
    expect(first.status).toBe(201)
    expect(retry.status).toBe(201)
    expect(retry.body).toEqual(first.body)
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true")
    expect(await count()).toBe(before + 1)
    // A refused request created nothing and frees its key for the corrected one.
    const refusedKey = crypto.randomUUID()
    expect((await h.createPortfolio(token, { partner: OUTSIDE_PARTNER }, refusedKey)).status).toBe(400)
    expect((await h.createPortfolio(token, { partner: "Atlantic Brokerage" }, refusedKey)).status).toBe(201)
    expect(await count()).toBe(before + 2)
  })
})

describe("GET /users/suggestion/:accountId/:band", () => {
  it("answers up to 10 group-partner instruments in the portfolio's currency, one set per band, the same every time", async () => {
    const lists: string[][] = []
    for (const band of ["low", "moderate", "high"]) {
      const res = await get("demo", `/api/users/suggestion/${SEEDED.accounts.demoNgn}/${band}`)
      expect(res.status).toBe(200)
      const list = decode(InstrumentList, res.body)
      expect(list.length).toBeGreaterThan(0)
      expect(list.length).toBeLessThanOrEqual(10)
      expect(list.every((i) => i.currency === "NGN" && (GROUP_PARTNERS as ReadonlyArray<string>).includes(i.provider))).toBe(true)
      lists.push(list.map((i) => i.id))
      const again = await get("demo", `/api/users/suggestion/${SEEDED.accounts.demoNgn}/${band}`)
      expect(again.body).toEqual(res.body)
    }
    const [low, moderate, high] = lists as [string[], string[], string[]]
    expect(low.filter((id) => moderate.includes(id) || high.includes(id))).toEqual([])
    expect(moderate.filter((id) => high.includes(id))).toEqual([])
  })

  it("suggests lower-volatility instruments for the low band than for the high band", async () => {
    const volatilityOf = async (band: string) => {
      const list = decode(InstrumentList, (await get("demo", `/api/users/suggestion/${SEEDED.accounts.demoUsd}/${band}`)).body)
      const rows = await h.database.db
        .selectFrom("instruments")
        .select("volatility")
        .where(
          "id",
          "in",
          list.map((i) => i.id),
        )
        .execute()
      return rows.map((r) => r.volatility)
    }
    expect(Math.max(...(await volatilityOf("low")))).toBeLessThan(Math.min(...(await volatilityOf("high"))))
  })

  it("matches the details' suggestion for the profile's band", async () => {
    const details = decode(AccountDetails, (await get("demo", `/api/users/account/${SEEDED.accounts.demoNgn}`)).body)
    const moderate = decode(InstrumentList, (await get("demo", `/api/users/suggestion/${SEEDED.accounts.demoNgn}/moderate`)).body)
    expect(details.suggestion).toEqual(moderate)
  })

  it("is a 404 for another user's account and a 400 for an unknown band", async () => {
    expect((await get("demo", `/api/users/suggestion/${SEEDED.accounts.appUsd}/low`)).status).toBe(404)
    expect((await get("demo", `/api/users/suggestion/nope/low`)).status).toBe(404)
    const res = await get("demo", `/api/users/suggestion/${SEEDED.accounts.demoNgn}/extreme`)
    expect(res.status).toBe(400)
    expect(res.body.message.band).toBe("The risk band must be low, moderate or high.")
  })
})

describe("PATCH /users/reserve-account/:ref", () => {
  const patch = async (user: "demo" | "app", ref: string, body: unknown) =>
    h.call("PATCH", `/api/users/reserve-account/${encodeURIComponent(ref)}`, { token: await h.tokenOf(user), body })
  const nubansOf = async () => decode(AccountDetails, (await get("demo", `/api/users/account/${SEEDED.accounts.demoNgn}`)).body).nubans

  it("turns instant deposit on and off for the user's own reserved account", async () => {
    const [first] = await nubansOf()
    expect(first).toBeDefined()
    const ref = first!.ref
    for (const instantDeposit of [!first!.instantDeposit, first!.instantDeposit]) {
      const res = await patch("demo", ref, { accountId: SEEDED.accounts.demoNgn, instantDeposit })
      expect(res.status).toBe(200)
      expect(decode(Message, res.body).message).toBe("Instant deposit updated")
      expect((await nubansOf()).find((n) => n.ref === ref)?.instantDeposit).toBe(instantDeposit)
    }
  })

  it("is a 404 for another user's portfolio or a reserved account of another portfolio, and changes nothing", async () => {
    const before = await nubansOf()
    const ref = before[0]!.ref
    expect((await patch("app", ref, { accountId: SEEDED.accounts.demoNgn, instantDeposit: !before[0]!.instantDeposit })).status).toBe(404)
    expect((await patch("app", ref, { accountId: SEEDED.accounts.appUsd, instantDeposit: !before[0]!.instantDeposit })).status).toBe(404)
    expect((await patch("demo", ref, { accountId: SEEDED.accounts.demoUsd, instantDeposit: !before[0]!.instantDeposit })).status).toBe(404)
    expect(await nubansOf()).toEqual(before)
  })

  it("requires a status with 'Select Instant Deposit Status'", async () => {
    const ref = (await nubansOf())[0]!.ref
    for (const body of [{ accountId: SEEDED.accounts.demoNgn }, { accountId: SEEDED.accounts.demoNgn, instantDeposit: "yes" }]) {
      const res = await patch("demo", ref, body)
      expect(res.status).toBe(400)
      expect(res.body.message.instantDeposit).toBe("Select Instant Deposit Status")
    }
  })
})

// The details are kept between requests while nothing they are built from changed (embedded
// database, server/queries/answer-cache.ts): these show that a change always shows at once.
describe("GET /users/account/:accountId when something changed since the last answer", () => {
  const details = async () => decode(AccountDetails, (await get("demo", `/api/users/account/${SEEDED.accounts.demoNgn}`)).body)

  it("shows a write made outside any request (as the order engine and the payout rail make them)", async () => {
    const before = await details()
    expect(before.details.transactions.length).toBeGreaterThan(0)
    const note = `changed ${Date.now()}`
    await h.database.db.updateTable("transactions").set({ comment: note }).where("accountId", "=", SEEDED.accounts.demoNgn).execute()
    expect(new Set((await details()).details.transactions.map((t) => t.comment))).toEqual(new Set([note]))
  })

  it("prices positions at the new instant once the market has moved on, though nothing was written", async () => {
    const before = await details()
    expect(before.positions.length).toBeGreaterThan(0)
    // 2026-03-16 12:00 UTC is inside the Lagos session: 25 minutes later is several intraday steps on.
    h.clock.advance(25 * 60_000)
    const after = await details()
    const rows = await h.database.db
      .selectFrom("instruments")
      .selectAll()
      .where(
        "symbol",
        "in",
        after.positions.map((p) => p.symbol),
      )
      .execute()
    const later = new Date(h.clock.now())
    for (const p of after.positions)
      expect(p.price).toBe(
        quoteAt(
          rows.find((r) => r.symbol === p.symbol)!,
          later,
        ).last,
      )
    expect(after.positions.map((p) => p.price)).not.toEqual(before.positions.map((p) => p.price))
  })
})
