import { randomBytes } from "node:crypto"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { verifyPassword } from "../../../server/db/passwords"
import { openDatabase, type Database } from "../../../server/db/database"
import { cashFromTransactions, paymentEntries } from "../../../server/db/ledger"
import { migrateToLatest } from "../../../server/db/migrate"
import { migrations } from "../../../server/db/migrations/index"
import type { DB, OrderStatus, TranType } from "../../../server/db/schema"
import {
  addLaterDemoUsers,
  AlreadySeededError,
  buildDemoWorld,
  DEMO_EMAILS,
  DEMO_GROUP_NAME,
  DEMO_PASSWORD,
  DEMO_TOTP_SECRET,
  isSeeded,
  MARKET_INSIGHT_URL,
  resetDemoWorld,
  seedDemoWorld,
} from "../../../server/db/seed/index"
import { WORLD_TABLES } from "../../../server/db/seed/world"
import { quoteAt } from "../../../server/market/index"
import { statementList } from "../../../server/statements/data"
import { add, compare, mul, negate, normalise, sub, sum } from "../../../src/domain/decimal"
import { valueAnalysis } from "../../../src/domain/value-analysis"
import { recommendation, recommendationAgrees } from "../../../src/domain/recommendation"
import { dumpTables } from "../support/dump-tables"
import { createTestDatabase, TEST_NOW, type TestDatabase } from "../support/test-database"

const ORDER_STATUSES: OrderStatus[] = ["CANCELLED", "FILLED", "PENDING", "PROCESSING", "REJECTED"]
const TRAN_TYPES: TranType[] = ["buy", "deposit", "dividend", "reversal", "sell", "withdraw"]
const HASHES = { demo: "hash-demo", new: "hash-new", app: "hash-app", reviewer: "hash-reviewer" }
const WORLD_OMIT = { users: ["passwordHash"] } as const

let database: TestDatabase

beforeAll(async () => {
  database = await createTestDatabase()
})

afterAll(async () => {
  await database?.close()
})

const userByEmail = (email: string) =>
  database.db
    .selectFrom("users")
    .selectAll()
    .where(sql<string>`lower(email)`, "=", email.toLowerCase())
    .executeTakeFirstOrThrow()

const accountsOf = (userId: string) =>
  database.db
    .selectFrom("accounts")
    .innerJoin("partners", "partners.id", "accounts.partnerId")
    .selectAll("accounts")
    .select("partners.name as partnerName")
    .where("userId", "=", userId)
    .orderBy("currency")
    .execute()

describe("the seeded demo world", () => {
  it("is marked as seeded, and seeding again is refused without writing anything", async () => {
    expect(await isSeeded(database.db)).toBe(true)
    const before = await database.db
      .selectFrom("users")
      .select(sql<number>`count(*)`.as("n"))
      .executeTakeFirstOrThrow()
    await expect(seedDemoWorld(database.db, { now: TEST_NOW })).rejects.toBeInstanceOf(AlreadySeededError)
    expect(
      await database.db
        .selectFrom("users")
        .select(sql<number>`count(*)`.as("n"))
        .executeTakeFirstOrThrow(),
    ).toEqual(before)
  })

  it("has the demo, new and app users with the documented password, one-time-code method and profile", async () => {
    const demo = await userByEmail(DEMO_EMAILS.demo)
    const fresh = await userByEmail(DEMO_EMAILS.new.toUpperCase())
    const app = await userByEmail(DEMO_EMAILS.app)
    for (const user of [demo, fresh, app]) {
      expect(await verifyPassword(user.passwordHash, DEMO_PASSWORD)).toBe(true)
      expect(await verifyPassword(user.passwordHash, "wrong password")).toBe(false)
      expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    }
    expect([demo.otpMethod, demo.adminLevel, demo.totpSecret]).toEqual(["EMAIL", 2, null])
    expect([app.otpMethod, app.totpSecret]).toEqual(["APP", DEMO_TOTP_SECRET])
    const profiles = await database.db.selectFrom("profiles").selectAll().execute()
    const profileOf = (id: string) => profiles.find((p) => p.userId === id)
    expect(profileOf(demo.id)?.status).toBe("verified")
    expect(profileOf(demo.id)?.employmentData.status).toBe("EMPLOYED")
    expect(profileOf(demo.id)?.basic.riskProfile?.riskScore).toBe(6)
    expect(profileOf(app.id)?.status).toBe("verified")
    expect(profileOf(fresh.id)?.status).not.toMatch(/^verified$/i)
    expect(await accountsOf(fresh.id)).toEqual([])
    expect((await accountsOf(app.id)).length).toBe(1)
  })

  it("has the reviewer demo user: the documented password, an e-mailed code, no portfolio; the only one with the reviewer permission", async () => {
    const reviewer = await userByEmail(DEMO_EMAILS.reviewer)
    expect(await verifyPassword(reviewer.passwordHash, DEMO_PASSWORD)).toBe(true)
    expect([reviewer.otpMethod, reviewer.totpSecret, reviewer.reviewer]).toEqual(["EMAIL", null, true])
    expect(await accountsOf(reviewer.id)).toEqual([])
    const reviewers = await database.db.selectFrom("users").select("email").where("reviewer", "=", true).execute()
    expect(reviewers.map((r) => r.email)).toEqual([DEMO_EMAILS.reviewer])
  })

  it("adds the reviewer to data seeded before it, once, and never over a user who took its e-mail", async () => {
    const reviewer = await userByEmail(DEMO_EMAILS.reviewer)
    expect(await addLaterDemoUsers(database.db, { now: TEST_NOW })).toEqual([])
    await database.db.deleteFrom("profiles").where("userId", "=", reviewer.id).execute()
    await database.db.deleteFrom("users").where("id", "=", reviewer.id).execute()
    expect(await addLaterDemoUsers(database.db, { now: TEST_NOW })).toEqual([DEMO_EMAILS.reviewer])
    const again = await userByEmail(DEMO_EMAILS.reviewer)
    expect([again.id, again.reviewer, await verifyPassword(again.passwordHash, DEMO_PASSWORD)]).toEqual([reviewer.id, true, true])
    expect((await database.db.selectFrom("profiles").select("status").where("userId", "=", again.id).executeTakeFirstOrThrow()).status).toBe("pending")
    expect(await addLaterDemoUsers(database.db, { now: TEST_NOW })).toEqual([])
    await database.db.updateTable("users").set({ email: "someone@example.test", reviewer: false }).where("id", "=", again.id).execute()
    expect(await addLaterDemoUsers(database.db, { now: TEST_NOW })).toEqual([])
    await database.db.updateTable("users").set({ email: DEMO_EMAILS.reviewer, reviewer: true }).where("id", "=", again.id).execute()
  })

  it("puts the demo users in one group with the partners, in order", async () => {
    const group = await database.db
      .selectFrom("userGroups")
      .innerJoin("groupPartners", "groupPartners.userGroupId", "userGroups.id")
      .innerJoin("partners", "partners.id", "groupPartners.partnerId")
      .select(["userGroups.companyName", "partners.name"])
      .orderBy("groupPartners.position")
      .execute()
    expect(group).toEqual([
      { companyName: DEMO_GROUP_NAME, name: "Chartfolio Securities" },
      { companyName: DEMO_GROUP_NAME, name: "Lagos Custody Partners" },
      { companyName: DEMO_GROUP_NAME, name: "Atlantic Brokerage" },
    ])
  })

  it("gives the demo user an NGN and a USD portfolio, the USD one with margin multiplier 2", async () => {
    const demo = await userByEmail(DEMO_EMAILS.demo)
    const accounts = await accountsOf(demo.id)
    expect(accounts.map((a) => [a.currency, a.partnerName, a.userType, a.status, Number(a.marginMultiplier)])).toEqual([
      ["NGN", "Lagos Custody Partners", "INDIVIDUAL_TRADER", "active", 1],
      ["USD", "Atlantic Brokerage", "CUSTODIAL", "active", 2],
    ])
    for (const account of accounts) expect(account.accountNumber).toMatch(/^\d{10}$/)
  })

  it("keeps every account's cash equal to the sum of its cash transactions", async () => {
    const accounts = await database.db.selectFrom("accounts").select(["accountId", "cashBalance"]).execute()
    expect(accounts.length).toBe(3)
    for (const account of accounts) {
      const transactions = await database.db.selectFrom("transactions").select(["tranType", "tranAmount"]).where("accountId", "=", account.accountId).execute()
      expect(compare(account.cashBalance, cashFromTransactions(transactions))).toBe(0)
      expect(compare(account.cashBalance, 0)).toBe(1)
    }
  })

  it("books every seeded payment as a live one is booked: each account's ledger sums to its cash, its settled payments and its open withdrawals (issue 30)", async () => {
    const accounts = await database.db.selectFrom("accounts").select(["accountId", "cashBalance"]).execute()
    let open = 0
    let returned = 0
    for (const account of accounts) {
      const transactions = await database.db
        .selectFrom("transactions")
        .select(["tranType", "tranAmount", "paymentId"])
        .where("accountId", "=", account.accountId)
        .execute()
      const payments = await database.db.selectFrom("payments").selectAll().where("accountId", "=", account.accountId).execute()
      // Each payment's own transactions are exactly what the ledger's rules book for a live one.
      for (const payment of payments) {
        const booked = transactions.filter((t) => t.paymentId === payment.id).map((t) => `${t.tranType} ${normalise(t.tranAmount)}`)
        expect(booked.sort(), `${payment.type} ${payment.status} ${payment.ref}`).toEqual(
          paymentEntries(payment)
            .map((e) => `${e.tranType} ${e.tranAmount}`)
            .sort(),
        )
      }
      expect(transactions.filter((t) => t.paymentId === null && ["deposit", "withdraw", "reversal"].includes(t.tranType))).toEqual([])
      // Summed from the payments themselves: a completed deposit brought its amount, a completed or
      // still open withdrawal took its total (open ones are reserved), a returned one moved nothing.
      const byPayments = sum(
        payments.map((p) => {
          const status = p.status.toUpperCase()
          if (p.type === "DEPOSIT") return status === "COMPLETED" ? p.amount : "0"
          if (status === "FAILED") return "0"
          return negate(p.total)
        }),
      )
      const byTrades = cashFromTransactions(transactions.filter((t) => t.paymentId === null))
      expect(compare(account.cashBalance, add(byTrades, byPayments)), account.accountId).toBe(0)
      expect(compare(account.cashBalance, cashFromTransactions(transactions)), account.accountId).toBe(0)
      open += payments.filter((p) => p.type === "WITHDRAWAL" && ["PENDING", "PROCESSING"].includes(p.status.toUpperCase())).length
      returned += payments.filter((p) => p.type === "WITHDRAWAL" && p.status.toUpperCase() === "FAILED").length
    }
    // The demo world has open and returned withdrawals, so the rules above were put to the test.
    expect(open).toBeGreaterThanOrEqual(2)
    expect(returned).toBeGreaterThanOrEqual(2)
  })

  it("has, in each demo portfolio, orders in every status and transactions of every kind", async () => {
    const demo = await userByEmail(DEMO_EMAILS.demo)
    for (const account of await accountsOf(demo.id)) {
      const orders = await database.db
        .selectFrom("orders")
        .select(["status", "responseError", "progress", "type", "side"])
        .where("accountId", "=", account.accountId)
        .execute()
      expect([...new Set(orders.map((o) => o.status))].sort()).toEqual(ORDER_STATUSES)
      for (const order of orders) {
        expect(order.progress.at(-1)?.status).toBe(order.status)
        expect(order.progress[0]?.status).toBe("PENDING")
        if (order.type === "STOP") expect(order.side).toBe("SELL")
      }
      expect(orders.filter((o) => o.status === "REJECTED").every((o) => (o.responseError ?? "").length > 0)).toBe(true)
      const kinds = await database.db.selectFrom("transactions").select("tranType").distinct().where("accountId", "=", account.accountId).execute()
      expect(kinds.map((k) => k.tranType).sort()).toEqual(TRAN_TYPES)
    }
  })

  it("derives positions from the filled orders and marks them at the synthetic price of now", async () => {
    const accounts = await database.db.selectFrom("accounts").selectAll().execute()
    for (const account of accounts) {
      const positions = await database.db
        .selectFrom("positions")
        .innerJoin("instruments", "instruments.id", "positions.instrumentId")
        .selectAll("positions")
        .select([
          "instruments.symbol",
          "instruments.currency",
          "instruments.basePrice",
          "instruments.volatility",
          "instruments.drift",
          "instruments.spreadBps",
          "instruments.sharesOutstanding",
          "instruments.averageVolume",
        ])
        .where("accountId", "=", account.accountId)
        .execute()
      expect(positions.length).toBeGreaterThan(0)
      const filled = await database.db
        .selectFrom("orders")
        .select(["instrumentId", "side", "quantity"])
        .where("accountId", "=", account.accountId)
        .where("status", "=", "FILLED")
        .execute()
      for (const position of positions) {
        const price = quoteAt(position, TEST_NOW).last
        expect(compare(position.price, price)).toBe(0)
        expect(compare(position.equityBalance, mul(position.totalQuantity, price))).toBe(0)
        const net = sum(
          filled.filter((o) => o.instrumentId === position.instrumentId).map((o) => (o.side === "BUY" ? (o.quantity ?? "0") : sub("0", o.quantity ?? "0"))),
        )
        expect(compare(position.totalQuantity, net)).toBe(0)
        expect(position.currency).toBe(account.currency)
      }
      const longMarketValue = sum(positions.map((p) => p.equityBalance))
      expect(compare(account.longMarketValue, longMarketValue)).toBe(0)
      expect(compare(account.portfolioEquity, add(longMarketValue, account.cashBalance))).toBe(0)
    }
  })

  it("gives every filled order a buy or sell transaction and a trade confirmation", async () => {
    const filled = await database.db.selectFrom("orders").select(["id", "side", "total", "accountId"]).where("status", "=", "FILLED").execute()
    const transactions = await database.db.selectFrom("transactions").select(["orderId", "tranType", "tranAmount"]).where("orderId", "is not", null).execute()
    const confirmations = await database.db.selectFrom("statements").select("orderId").where("kind", "=", "confirmation").execute()
    for (const order of filled) {
      const transaction = transactions.find((t) => t.orderId === order.id)
      expect(transaction?.tranType).toBe(order.side === "BUY" ? "buy" : "sell")
      expect(compare(transaction?.tranAmount ?? "0", order.total ?? "-1")).toBe(0)
      expect(confirmations.some((c) => c.orderId === order.id)).toBe(true)
    }
  })

  it("opened the demo portfolios more than a year ago, so they have more than twelve monthly account statements (worked out, not stored); and payments with timelines", async () => {
    const demo = await userByEmail(DEMO_EMAILS.demo)
    expect(await database.db.selectFrom("statements").select("key").where("kind", "!=", "confirmation").execute()).toEqual([])
    for (const account of await accountsOf(demo.id)) {
      const monthly = (await statementList(database.db, account, TEST_NOW)).account
      const opened = new Date(account.createdAt).toISOString().slice(0, 7)
      expect(opened < "2025-03").toBe(true)
      expect(monthly.length).toBeGreaterThan(12)
      expect(monthly[0]).toEqual({ date: "2026-02-01", key: "account-2026-02" })
      expect(monthly.at(-1)).toEqual({ date: `${opened}-01`, key: `account-${opened}` })
      const payments = await database.db.selectFrom("payments").selectAll().where("accountId", "=", account.accountId).execute()
      expect(new Set(payments.map((p) => p.type))).toEqual(new Set(["DEPOSIT", "WITHDRAWAL"]))
      expect(new Set(payments.map((p) => p.status))).toEqual(new Set(["completed", "failed", "pending"]))
      for (const payment of payments) {
        expect(payment.progress.length).toBeGreaterThan(0)
        expect(payment.progress.at(-1)?.status).toBe(payment.status)
        expect(compare(payment.total, sum([payment.amount, payment.serviceFee, payment.instantFee, payment.processFee]))).toBe(0)
      }
    }
  })

  it("has reserved accounts (instant deposit on and off) for NGN and a wire account for USD", async () => {
    const demo = await userByEmail(DEMO_EMAILS.demo)
    const [ngn, usd] = await accountsOf(demo.id)
    const nubans = await database.db
      .selectFrom("reservedAccounts")
      .select(["instantDeposit", "accountNumber"])
      .where("accountId", "=", ngn?.accountId ?? "")
      .orderBy("instantDeposit")
      .execute()
    expect(nubans.map((n) => n.instantDeposit)).toEqual([false, true])
    for (const nuban of nubans) expect(nuban.accountNumber).toMatch(/^\d{10}$/)
    const wire = await database.db
      .selectFrom("wireAccounts")
      .selectAll()
      .where("accountId", "=", usd?.accountId ?? "")
      .executeTakeFirstOrThrow()
    expect(wire.instructions).toContain("{accountNumber}")
    expect(
      await database.db
        .selectFrom("wireAccounts")
        .select("id")
        .where("accountId", "=", ngn?.accountId ?? "")
        .execute(),
    ).toEqual([])
  })

  it("has the bank list with 'Foreign', local and foreign bank accounts, and documents in several statuses", async () => {
    const banks = await database.db.selectFrom("banks").select(["ref", "bankName"]).orderBy("position").execute()
    expect(banks.length).toBeGreaterThan(5)
    expect(banks.at(-1)?.bankName).toBe("Foreign")
    const demo = await userByEmail(DEMO_EMAILS.demo)
    const bankAccounts = await database.db.selectFrom("bankAccounts").selectAll().where("userId", "=", demo.id).execute()
    const local = bankAccounts.filter((b) => b.currency === "NGN")
    const foreign = bankAccounts.filter((b) => b.currency === "USD")
    expect(local.length).toBeGreaterThan(0)
    for (const account of local) expect(account.accountNumber).toMatch(/^\d{10}$/)
    expect(foreign.map((b) => [b.bankRef, b.bankCountryCode])).toEqual([["FOREIGN", "USA"]])
    const documents = await database.db.selectFrom("documents").select(["status", "content"]).where("userId", "=", demo.id).execute()
    expect(new Set(documents.map((d) => d.status))).toEqual(new Set(["APPROVED", "PENDING", "REJECTED"]))
    // The seed writes each image into its row; the server moves it to its file at start-up (server/documents/files.ts).
    for (const document of documents) expect([...(document.content ?? []).slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47])
  })

  it("lists at least 150 instruments across the group's partners, with 2-4 news items each", async () => {
    const listed = await database.db
      .selectFrom("instruments")
      .innerJoin("groupPartners", "groupPartners.partnerId", "instruments.partnerId")
      .select(["instruments.id", "instruments.type", "instruments.currency", "instruments.imageUrl", "instruments.meta", "instruments.url"])
      .execute()
    expect(listed.length).toBeGreaterThanOrEqual(150)
    expect(new Set(listed.map((i) => `${i.type}/${i.currency}`))).toEqual(new Set(["EQUITY/NGN", "EQUITY/USD", "ETF/NGN", "ETF/USD"]))
    for (const instrument of listed) {
      expect(instrument.imageUrl).toMatch(/^\/instrument-logos\/[a-z0-9]+\.svg$/)
      expect(instrument.meta.address.length).toBeGreaterThan(5)
      expect(instrument.meta.phone).toMatch(/^\+\d/)
      expect(instrument.url).toMatch(/^https:\/\//)
    }
    const newsCounts = await database.db
      .selectFrom("instrumentNews")
      .select(["instrumentId", sql<number>`count(*)::int`.as("n")])
      .groupBy("instrumentId")
      .execute()
    expect(newsCounts.length).toBe(
      await database.db
        .selectFrom("instruments")
        .select(sql<number>`count(*)::int`.as("n"))
        .executeTakeFirstOrThrow()
        .then((r) => r.n),
    )
    for (const { n } of newsCounts) expect(n >= 2 && n <= 4).toBe(true)
  })

  it("spreads the analysis over every value-analysis band and every star rating, missing ones included", async () => {
    const rows = await database.db.selectFrom("instruments").select("analysis").execute()
    const bands = new Set(rows.map((r) => valueAnalysis(r.analysis?.EquityResearchRatingsEntity.PricetoFairValue)))
    expect(bands).toEqual(new Set(["under-valued", "fair-value", "over-valued", "none"]))
    expect(rows.some((r) => r.analysis === null)).toBe(true)
    const stars = new Set(rows.filter((r) => r.analysis).map((r) => r.analysis?.EquityResearchRatingsEntity.StarRating ?? "missing"))
    expect(stars).toEqual(new Set([0, 1, 2, 3, 4, 5, "missing"]))
    // The boundaries of the bands are represented exactly.
    const ratios = new Set(rows.map((r) => r.analysis?.EquityResearchRatingsEntity.PricetoFairValue))
    expect(ratios.has("0.90") && ratios.has("1.19") && ratios.has("1.20")).toBe(true)
  })

  it("gives no instrument a star rating that contradicts its value analysis (issue 12)", async () => {
    const rows = await database.db.selectFrom("instruments").select(["symbol", "analysis"]).execute()
    const contradictions = rows
      .filter((r) => r.analysis !== null)
      .map((r) => ({
        symbol: r.symbol,
        value: valueAnalysis(r.analysis?.EquityResearchRatingsEntity.PricetoFairValue),
        advice: recommendation(r.analysis?.EquityResearchRatingsEntity.StarRating),
      }))
      .filter((r) => !recommendationAgrees(r.advice, r.value))
    expect(contradictions).toEqual([])
    // Each band still meets the recommendation that agrees with it.
    const pairs = new Set(
      rows.map(
        (r) =>
          `${valueAnalysis(r.analysis?.EquityResearchRatingsEntity.PricetoFairValue)}/${recommendation(r.analysis?.EquityResearchRatingsEntity.StarRating).action}`,
      ),
    )
    for (const pair of ["under-valued/buy", "fair-value/hold", "over-valued/sell"]) expect(pairs.has(pair)).toBe(true)
  })

  it("has about 30 business news items in the feed's shape, some without an image, and the market insight url", async () => {
    const news = await database.db.selectFrom("businessNews").selectAll().orderBy("publishedAt", "desc").execute()
    expect(news.length).toBeGreaterThanOrEqual(25)
    expect(news.some((n) => n.urlToImage === null)).toBe(true)
    for (const item of news) {
      expect(item.title).toMatch(new RegExp(` - ${item.source}$`))
      expect(item.content).toMatch(/ \[\+\d+ chars\]$/)
      expect(item.publishedAt < TEST_NOW.toISOString()).toBe(true)
    }
    const setting = await database.db.selectFrom("settings").select("value").where("key", "=", "market_insight_url").executeTakeFirstOrThrow()
    expect(setting.value).toBe(MARKET_INSIGHT_URL)
  })

  it("dates nothing after the reference instant", async () => {
    const latest = await sql<{ at: string }>`
      select max(at) as at from (
        select max(created_at) as at from orders union all select max(tran_time) from transactions
        union all select max(created_at) from payments union all select max(published_at) from instrument_news
        union all select max(created_at) from users) t`.execute(database.db)
    expect((latest.rows[0]?.at ?? "") <= TEST_NOW.toISOString()).toBe(true)
    expect(latest.rows[0]?.at).toMatch(/^2026-03-16T/)
  })
})

describe("determinism of the demo world", () => {
  it("builds identical rows for the same reference instant", () => {
    expect(buildDemoWorld(TEST_NOW, HASHES)).toEqual(buildDemoWorld(new Date(TEST_NOW.getTime()), HASHES))
    const later = buildDemoWorld(new Date(TEST_NOW.getTime() + 7 * 86_400_000), HASHES)
    expect(later.orders.map((o) => o.createdAt)).not.toEqual(buildDemoWorld(TEST_NOW, HASHES).orders.map((o) => o.createdAt))
  })

  it("reseeds to the same rows (but new password salts) and drops what was added since", async () => {
    const before = await dumpTables(database.db, [...WORLD_TABLES], WORLD_OMIT)
    const hashesBefore = await database.db.selectFrom("users").select("passwordHash").orderBy("email").execute()
    await database.db.insertInto("outbox").values({ toAddress: DEMO_EMAILS.demo, subject: "s", bodyText: "b" }).execute()
    await database.db
      .insertInto("users")
      .values({ email: "extra@chartfolio.test", username: "extra", fullName: "E X", firstName: "E", lastName: "X", passwordHash: "x", otpMethod: "EMAIL" })
      .execute()

    await resetDemoWorld(database.db, { now: TEST_NOW })

    expect(await dumpTables(database.db, [...WORLD_TABLES], WORLD_OMIT)).toEqual(before)
    expect(await database.db.selectFrom("outbox").selectAll().execute()).toEqual([])
    const hashesAfter = await database.db.selectFrom("users").select("passwordHash").orderBy("email").execute()
    expect(hashesAfter).not.toEqual(hashesBefore)
    expect(await isSeeded(database.db)).toBe(true)
  })
})

// Runs only where a PostgreSQL server is provided (TEST_DATABASE_URL), in a database of its own
// (created and dropped here, so the server's role needs CREATEDB).
const postgresUrl = process.env.TEST_DATABASE_URL
if (postgresUrl) {
  describe("the demo world on a PostgreSQL server", () => {
    const name = `chartfolio_test_${randomBytes(4).toString("hex")}`
    let admin: Database
    let postgres: Database

    beforeAll(async () => {
      admin = await openDatabase({ dataDir: "unused", databaseUrl: postgresUrl })
      await sql`create database ${sql.id(name)}`.execute(admin.db)
      const url = new URL(postgresUrl)
      url.pathname = `/${name}`
      postgres = await openDatabase({ dataDir: "unused", databaseUrl: url.toString() })
    })

    afterAll(async () => {
      await postgres?.close()
      await sql`drop database if exists ${sql.id(name)}`.execute(admin.db)
      await admin?.close()
    })

    it("migrates idempotently and seeds exactly the rows the embedded database holds", async () => {
      expect(await migrateToLatest(postgres.db)).toEqual(Object.keys(migrations).sort())
      expect(await migrateToLatest(postgres.db)).toEqual([])
      await seedDemoWorld(postgres.db, { now: TEST_NOW })
      const tables = [...WORLD_TABLES] as Array<keyof DB>
      expect(await dumpTables(postgres.db, tables, WORLD_OMIT)).toEqual(await dumpTables(database.db, tables, WORLD_OMIT))
    })
  })
}
