/**
 * Account versions (migration 0019, issue 33): the number GET /users/account/:accountId answers an
 * unchanged poll from changes at the commit of every change its details show, once per
 * transaction, never for a rolled-back change, and only for the account concerned. On the database
 * of the pass (embedded, and PostgreSQL in the PostgreSQL pass).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sql } from "kysely"
import { json } from "../../../server/db/schema"
import { seedId } from "../../../server/db/seed/ids"
import { createTestDatabase, type TestDatabase } from "../support/test-database"

const NGN = seedId("account", "demo-ngn")
const USD = seedId("account", "demo-usd")
const USER = seedId("user", "demo")

let database: TestDatabase
beforeAll(async () => {
  database = await createTestDatabase()
}, 120_000)
afterAll(async () => {
  await database?.close()
})

const versionOf = async (accountId: string): Promise<number> =>
  (await database.db.selectFrom("accountVersions").select("version").where("accountId", "=", accountId).executeTakeFirstOrThrow()).version

describe("account versions", () => {
  it("every account has one, and a new account gets one", async () => {
    const accounts = await database.db.selectFrom("accounts").select("accountId").execute()
    const versions = await database.db.selectFrom("accountVersions").select("accountId").execute()
    expect(versions.map((v) => v.accountId).sort()).toEqual(accounts.map((a) => a.accountId).sort())
  })

  it("changes at the commit of a change, once per transaction, and not for a rolled-back one", async () => {
    const db = database.db
    const before = await versionOf(NGN)
    const usd = await versionOf(USD)
    await db.transaction().execute(async (trx) => {
      await trx.updateTable("accounts").set({ updatedAt: new Date() }).where("accountId", "=", NGN).execute()
      await trx.updateTable("orders").set({ updatedAt: new Date() }).where("accountId", "=", NGN).execute()
      await trx.updateTable("positions").set({ updatedAt: new Date() }).where("accountId", "=", NGN).execute()
      // Not before the commit: readers of the version never see it move ahead of the data.
      const inside = await trx.selectFrom("accountVersions").select("version").where("accountId", "=", NGN).executeTakeFirstOrThrow()
      expect(inside.version).toBe(before)
    })
    expect(await versionOf(NGN)).toBe(before + 1)
    expect(await versionOf(USD)).toBe(usd)

    await db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable("payments").set({ updatedAt: new Date() }).where("accountId", "=", NGN).execute()
        throw new Error("roll back")
      })
      .catch(() => undefined)
    expect(await versionOf(NGN)).toBe(before + 1)
  })

  it("follows each table the details show: payments, transactions, statements, reserved and wire accounts, a deleted position, the owner's profile", async () => {
    const db = database.db
    const bumps: Array<[string, () => Promise<unknown>, string]> = [
      ["payments", () => db.updateTable("payments").set({ updatedAt: new Date() }).where("accountId", "=", NGN).execute(), NGN],
      ["transactions", () => db.updateTable("transactions").set({ comment: "checked" }).where("accountId", "=", NGN).execute(), NGN],
      ["statements", () => db.deleteFrom("statements").where("accountId", "=", NGN).execute(), NGN],
      ["reserved accounts", () => db.updateTable("reservedAccounts").set({ instantDeposit: true }).where("accountId", "=", NGN).execute(), NGN],
      ["wire accounts", () => db.updateTable("wireAccounts").set({ instructions: "checked" }).where("accountId", "=", USD).execute(), USD],
      ["positions", () => db.deleteFrom("positions").where("accountId", "=", USD).execute(), USD],
    ]
    for (const [table, change, account] of bumps) {
      const before = await versionOf(account)
      await change()
      expect(await versionOf(account), table).toBe(before + 1)
    }
    const [ngn, usd] = [await versionOf(NGN), await versionOf(USD)]
    const profile = await db.selectFrom("profiles").select("basic").where("userId", "=", USER).executeTakeFirstOrThrow()
    await db
      .updateTable("profiles")
      .set({ basic: json(profile.basic) })
      .where("userId", "=", USER)
      .execute()
    expect([await versionOf(NGN), await versionOf(USD)]).toEqual([ngn + 1, usd + 1])
  })
})

// Migration 0037: what GET /admins/me and the search are kept by on PostgreSQL (0270).
describe("user and catalogue versions", () => {
  const userVersion = async (userId: string): Promise<number> =>
    (await database.db.selectFrom("userVersions").select("version").where("userId", "=", userId).executeTakeFirstOrThrow()).version
  const catalogueVersion = async (): Promise<number> => (await database.db.selectFrom("catalogueVersion").select("version").executeTakeFirstOrThrow()).version

  it("every user has one; it follows the user's row, the group's name and its partners; one user's row leaves the others' alone", async () => {
    const db = database.db
    const users = await db.selectFrom("users").select(["id", "userGroupId"]).execute()
    const versions = await db.selectFrom("userVersions").select("userId").execute()
    expect(versions.map((v) => v.userId).sort()).toEqual(users.map((u) => u.id).sort())
    const groupId = users.find((u) => u.id === USER)!.userGroupId!
    const member = users.find((u) => u.id !== USER && u.userGroupId === groupId)!.id

    const other = await userVersion(member)
    const before = await userVersion(USER)
    await db.updateTable("users").set({ lastName: "Checked" }).where("id", "=", USER).execute()
    expect(await userVersion(USER)).toBe(before + 1)
    expect(await userVersion(member)).toBe(other)

    const bumps: Array<[string, () => Promise<unknown>]> = [
      ["user_groups", () => db.updateTable("userGroups").set({ companyName: "Checked Ltd" }).where("id", "=", groupId).execute()],
      ["group_partners", () => db.deleteFrom("groupPartners").where("userGroupId", "=", groupId).where("position", "=", 0).execute()],
    ]
    for (const [table, change] of bumps) {
      const [mine, theirs] = [await userVersion(USER), await userVersion(member)]
      await change()
      expect(await userVersion(USER), table).toBeGreaterThan(mine)
      expect(await userVersion(member), table).toBeGreaterThan(theirs)
    }
  })

  it("the catalogue's follows instruments and partners", async () => {
    const db = database.db
    for (const [table, change] of [
      [
        "instruments",
        async () =>
          db
            .updateTable("instruments")
            .set({ description: "Checked" })
            .where("id", "=", (await db.selectFrom("instruments").select("id").executeTakeFirstOrThrow()).id)
            .execute(),
      ],
      [
        "partners",
        () =>
          db
            .updateTable("partners")
            .set({ name: sql`name` })
            .execute(),
      ],
    ] as const) {
      const before = await catalogueVersion()
      await change()
      expect(await catalogueVersion(), table).toBe(before + 1)
    }
  })
})
