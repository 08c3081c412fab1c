import { rmSync } from "node:fs"
import { NO_MIGRATIONS, sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { openDatabase } from "../../../server/db/database"
import { createMigrator, migrateToLatest } from "../../../server/db/migrate"
import { migrations } from "../../../server/db/migrations/index"
import { isSeeded } from "../../../server/db/seed/index"
import { createTestDatabase, makeTempDataDir, templateBlob, type TestDatabase } from "../support/test-database"

/** Every migration by name, in the order they apply (later issues add their own). */
const ALL_MIGRATIONS = Object.keys(migrations).sort()

/** The tables of the first migration; later migrations add more. */
const TABLES = [
  "accounts",
  "bank_accounts",
  "banks",
  "business_news",
  "documents",
  "group_partners",
  "instrument_news",
  "instruments",
  "orders",
  "outbox",
  "partners",
  "payments",
  "positions",
  "profiles",
  "request_nonce",
  "reserved_accounts",
  "settings",
  "statements",
  "transactions",
  "user_groups",
  "users",
  "wire_accounts",
]

const tables = async (database: TestDatabase): Promise<string[]> =>
  (
    await sql<{ tablename: string }>`
      select tablename from pg_tables where schemaname = current_schema() and tablename not like 'kysely%' order by 1`.execute(database.db)
  ).rows.map((r) => r.tablename)

describe("persistence of the embedded database", () => {
  it("keeps committed data across close and reopen of the data directory", async () => {
    const dataDir = makeTempDataDir("persist")
    try {
      const first = await openDatabase({ dataDir, loadDataDir: await templateBlob() })
      await first.db.insertInto("outbox").values({ toAddress: "keep@chartfolio.test", subject: "kept", bodyText: "across restarts" }).execute()
      await first.db
        .transaction()
        .execute(async (trx) => {
          await trx.insertInto("outbox").values({ toAddress: "gone@chartfolio.test", subject: "rolled back", bodyText: "-" }).execute()
          throw new Error("roll back")
        })
        .catch(() => undefined)
      await first.close()

      const second = await openDatabase({ dataDir })
      const rows = await second.db.selectFrom("outbox").select(["toAddress", "subject"]).execute()
      expect(rows).toEqual([{ toAddress: "keep@chartfolio.test", subject: "kept" }])
      expect(await isSeeded(second.db)).toBe(true)
      await second.close()
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

describe("migrations", () => {
  let database: TestDatabase

  beforeAll(async () => {
    database = await createTestDatabase()
  })

  afterAll(async () => {
    await database?.close()
  })

  it("create every table of the schema", async () => {
    expect(await tables(database)).toEqual(expect.arrayContaining(TABLES))
  })

  it("are idempotent: running them again applies nothing and changes nothing", async () => {
    const users = await database.db.selectFrom("users").select("email").orderBy("email").execute()
    expect(await migrateToLatest(database.db)).toEqual([])
    expect(await migrateToLatest(database.db)).toEqual([])
    const applied = await createMigrator(database.db).getMigrations()
    expect(applied.map((m) => [m.name, m.executedAt !== undefined])).toEqual(ALL_MIGRATIONS.map((name) => [name, true]))
    expect(await database.db.selectFrom("users").select("email").orderBy("email").execute()).toEqual(users)
  })

  it("give instrument search indexes the planner uses (symbol prefix, name prefix and substring)", async () => {
    const plan = async (query: ReturnType<typeof sql>): Promise<string> => {
      const rows = await database.db.connection().execute(async (connection) => {
        await sql`set enable_seqscan = off`.execute(connection)
        try {
          return (await sql<{ "QUERY PLAN": string }>`explain ${query}`.execute(connection)).rows
        } finally {
          await sql`reset enable_seqscan`.execute(connection)
        }
      })
      return rows.map((r) => r["QUERY PLAN"]).join("\n")
    }
    expect(await plan(sql`select id from instruments where lower(symbol) like 'cf%'`)).toContain("instruments_symbol_prefix_idx")
    expect(await plan(sql`select id from instruments where lower(name) like 'chartfolio%'`)).toMatch(/instruments_name_(prefix|trgm)_idx/)
    expect(await plan(sql`select id from instruments where lower(name) like '%bank%'`)).toContain("instruments_name_trgm_idx")
  })

  it("0010 books the cash of a returned withdrawal, a deposit before it, as that withdrawal's reversal (and back on the way down)", async () => {
    const returned = async (tranType: "deposit" | "reversal") =>
      (
        await database.db
          .selectFrom("transactions")
          .innerJoin("payments", "payments.id", "transactions.paymentId")
          .select("transactions.id")
          .where("payments.type", "=", "WITHDRAWAL")
          .where("transactions.tranType", "=", tranType)
          .orderBy("transactions.id")
          .execute()
      ).map((r) => r.id)
    const reversals = await returned("reversal")
    // The seeded world has returned withdrawals.
    expect(reversals.length).toBeGreaterThan(0)
    const { error } = await createMigrator(database.db).migrateTo("0007-auth-rate-limits")
    expect(error).toBeUndefined()
    expect(await returned("deposit")).toEqual(reversals)
    expect(await migrateToLatest(database.db)).toEqual(ALL_MIGRATIONS.filter((name) => name > "0007-auth-rate-limits"))
    expect(await returned("reversal")).toEqual(reversals)
    expect(await returned("deposit")).toEqual([])
  })

  it("0011 turns the English sentences of old transactions into their codes and values, and back on the way down", async () => {
    const texts = async () =>
      (await database.db.selectFrom("transactions").select(["id", "description", "comment", "descriptionText", "commentText"]).orderBy("id").execute()).map(
        (r) => ({ ...r }),
      )
    const coded = await texts()
    // The seeded world says every transaction by code, with no English text.
    expect(coded.length).toBeGreaterThan(0)
    expect(coded.every((r) => r.descriptionText !== null && r.description === null)).toBe(true)
    const { error } = await createMigrator(database.db).migrateTo("0010-payout-conversion")
    expect(error).toBeUndefined()
    const english = (await sql<{ description: string; comment: string | null }>`select description, comment from transactions order by id`.execute(database.db))
      .rows
    expect(english.map((r) => r.description)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Bought \S+ \S+ @ \S+$/), expect.stringMatching(/^Withdrawal to .+ \*{4}\d{4}$/)]),
    )
    expect(english.map((r) => r.comment)).toContain("The payout failed: the bank account is not verified yet.")
    expect(await migrateToLatest(database.db)).toEqual(ALL_MIGRATIONS.filter((name) => name > "0010-payout-conversion"))
    expect(await texts()).toEqual(coded)
  })

  it("0012 turns the English sentences of old payment timelines into their codes and values, and back on the way down", async () => {
    const timelines = async () => (await database.db.selectFrom("payments").select(["id", "progress"]).orderBy("id").execute()).map((r) => ({ ...r }))
    const coded = await timelines()
    // The seeded world says every step by code, with no English text.
    const steps = coded.flatMap((p) => p.progress)
    expect(steps.length).toBeGreaterThan(0)
    expect(steps.every((step) => step.activityText && step.activity === null)).toBe(true)
    const { error } = await createMigrator(database.db).migrateTo("0011-transaction-texts")
    expect(error).toBeUndefined()
    const english = (await database.db.selectFrom("payments").select(["id", "progress"]).orderBy("id").execute()).flatMap((p) => p.progress)
    expect(english.every((step) => typeof step.activity === "string" && !("activityText" in step))).toBe(true)
    expect(english.map((step) => step.activity)).toEqual(
      expect.arrayContaining([
        "Withdrawal request received",
        "Transfer confirmed by the receiving bank",
        "Returned to the portfolio: the bank account is not verified yet",
        "The card issuer declined the payment",
        expect.stringMatching(/^Funds received via reserved account \d+$/),
        expect.stringMatching(/^Transfer sent to .+$/),
      ]),
    )
    // What the payout rail wrote before this migration, beside a text no code says.
    const withdrawal = coded.find((p) => p.progress.some((step) => step.activityText?.code === "transfer-confirmed"))!
    const at = withdrawal.progress[0]!.date
    const railSteps = [
      { status: "PENDING", date: at, activity: "Withdrawal requested" },
      { status: "PROCESSING", date: at, activity: "Sent to the bank" },
      { status: "COMPLETED", date: at, activity: "Paid to Harbour Trust Bank Plc ****4321" },
      { status: "FAILED", date: at, activity: "Returned to the portfolio: the bank account was removed" },
      { status: "NOTE", date: at, activity: "Held by the back office" },
    ]
    await sql`update payments set progress = ${JSON.stringify(railSteps)}::jsonb where id = ${withdrawal.id}`.execute(database.db)
    expect(await migrateToLatest(database.db)).toEqual(ALL_MIGRATIONS.filter((name) => name > "0011-transaction-texts"))
    const rail = await database.db.selectFrom("payments").select("progress").where("id", "=", withdrawal.id).executeTakeFirstOrThrow()
    expect(rail.progress).toEqual([
      { status: "PENDING", date: at, activity: null, activityText: { code: "withdrawal-requested", values: {} } },
      { status: "PROCESSING", date: at, activity: null, activityText: { code: "sent-to-bank", values: {} } },
      { status: "COMPLETED", date: at, activity: null, activityText: { code: "paid-to", values: { bank: "Harbour Trust Bank Plc", last4: "4321" } } },
      { status: "FAILED", date: at, activity: null, activityText: { code: "returned", values: { reason: "bank-removed" } } },
      { status: "NOTE", date: at, activity: "Held by the back office" },
    ])
    // Every other payment is as the seed wrote it.
    expect((await timelines()).filter((p) => p.id !== withdrawal.id)).toEqual(coded.filter((p) => p.id !== withdrawal.id))
    // Down again: the rail's sentences come back (the two "requested" sentences as the first).
    expect((await createMigrator(database.db).migrateTo("0011-transaction-texts")).error).toBeUndefined()
    const back = await database.db.selectFrom("payments").select("progress").where("id", "=", withdrawal.id).executeTakeFirstOrThrow()
    expect(back.progress.map((step) => step.activity)).toEqual([
      "Withdrawal request received",
      "Sent to the bank",
      "Paid to Harbour Trust Bank Plc ****4321",
      "Returned to the portfolio: the bank account was removed",
      "Held by the back office",
    ])
    await sql`update payments set progress = ${JSON.stringify(withdrawal.progress)}::jsonb where id = ${withdrawal.id}`.execute(database.db)
    expect(await migrateToLatest(database.db)).toEqual(ALL_MIGRATIONS.filter((name) => name > "0011-transaction-texts"))
    expect(await timelines()).toEqual(coded)
  })

  it("0034 names the payout rail's statuses: PROCESSING is SENT_TO_BANK and FAILED is RETURNED, in the status and the timeline, and back on the way down", async () => {
    const rows = async () =>
      (await database.db.selectFrom("payments").select(["id", "type", "status", "progress"]).orderBy("id").execute()).map((r) => ({ ...r }))
    const before = await rows()
    const [sent, returned, pending] = before.filter((p) => p.type === "WITHDRAWAL" && p.progress.length > 0)
    const at = sent!.progress[0]!.date
    const step = (status: string) => ({ status, date: at, activity: null, activityText: { code: "withdrawal-requested", values: {} } })
    expect((await createMigrator(database.db).migrateTo("0031-sessions-list")).error).toBeUndefined()
    // What the old rail wrote: one sent, one sent back by the receiving bank, one not sent yet.
    const old = [
      [sent!.id, "PROCESSING", [step("PENDING"), step("PROCESSING")]],
      [returned!.id, "FAILED", [step("PENDING"), step("PROCESSING"), step("FAILED")]],
      [pending!.id, "PENDING", [step("PENDING")]],
    ] as const
    for (const [id, status, progress] of old)
      await sql`update payments set status = ${status}, progress = ${JSON.stringify(progress)}::jsonb where id = ${id}`.execute(database.db)
    expect(await migrateToLatest(database.db)).toEqual(ALL_MIGRATIONS.filter((name) => name > "0031-sessions-list"))
    const up = new Map((await rows()).map((r) => [r.id, r]))
    expect(up.get(sent!.id)).toMatchObject({ status: "SENT_TO_BANK", progress: [step("PENDING"), step("SENT_TO_BANK")] })
    expect(up.get(returned!.id)).toMatchObject({ status: "RETURNED", progress: [step("PENDING"), step("SENT_TO_BANK"), step("RETURNED")] })
    // Not sent yet: still PENDING, which the customer may cancel.
    expect(up.get(pending!.id)).toMatchObject({ status: "PENDING", progress: [step("PENDING")] })
    // The seeded payments (lower-case statuses, not on the rail) are untouched.
    const others = (list: Awaited<ReturnType<typeof rows>>) => list.filter((r) => ![sent!.id, returned!.id, pending!.id].includes(r.id))
    expect(others([...up.values()])).toEqual(others(before))
    expect((await createMigrator(database.db).migrateTo("0031-sessions-list")).error).toBeUndefined()
    const down = new Map((await rows()).map((r) => [r.id, r]))
    for (const [id, status, progress] of old) expect(down.get(id)).toMatchObject({ status, progress })
    for (const row of before)
      await sql`update payments set status = ${row.status}, progress = ${JSON.stringify(row.progress)}::jsonb where id = ${row.id}`.execute(database.db)
    expect(await migrateToLatest(database.db)).toEqual(ALL_MIGRATIONS.filter((name) => name > "0031-sessions-list"))
  })

  it("roll all the way down and up again", async () => {
    const { error } = await createMigrator(database.db).migrateTo(NO_MIGRATIONS)
    expect(error).toBeUndefined()
    expect(await tables(database)).toEqual([])
    expect(await migrateToLatest(database.db)).toEqual(ALL_MIGRATIONS)
    expect(await tables(database)).toEqual(expect.arrayContaining(TABLES))
    expect(await isSeeded(database.db)).toBe(false)
  })
})
