import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { changesData } from "../../../server/db/pglite-dialect"
import { DatabaseNonceStore } from "../../../server/http/nonce-store"
import { createTestDatabase, type TestDatabase } from "../support/test-database"

// What the embedded database counts as a change (server/queries/answer-cache.ts keeps answers
// while the count holds): every statement that may change data an answer is built from.
describe("changesData", () => {
  it("counts inserts, updates, deletes, data-modifying CTEs and DDL; not reads, transaction control or the pipeline's bookkeeping", () => {
    for (const text of [
      'insert into "orders" ("id") values ($1)',
      'update "accounts" set "cash_balance" = $1',
      'delete from "positions" where "account_id" = $1',
      'with moved as (update "payments" set "status" = $1 returning *) select * from moved',
      "alter table accounts add column x int",
    ])
      expect(changesData(text), text).toBe(true)
    for (const text of [
      'select * from "orders"',
      "  SELECT 1",
      "begin",
      "commit",
      "rollback to savepoint sp",
      'insert into "request_nonce" ("nonce", "seen_at") values ($1, $2) on conflict ("nonce") do update set "seen_at" = excluded.seen_at returning "nonce"',
      'update "access_tokens" set "last_used_at" = $1 where "id" = $2',
      'insert into "auth_rate_limit_hits" ("key") values ($1)',
    ])
      expect(changesData(text), text).toBe(false)
  })
})

describe("Database.writeCount", () => {
  let t: TestDatabase
  beforeAll(async () => {
    t = await createTestDatabase()
  })
  afterAll(() => t?.close())

  it("moves on a write and holds on a read (embedded database; undefined on PostgreSQL, where nothing is kept)", async () => {
    const count = t.writeCount
    if (t.kind === "postgres") {
      expect(count).toBeUndefined()
      return
    }
    expect(count).toBeDefined()
    const before = count!()
    await t.db.selectFrom("accounts").select("accountId").execute()
    expect(count!()).toBe(before)
    await sql`update accounts set cash_balance = cash_balance where false`.execute(t.db)
    expect(count!()).toBe(before + 1)
  })

  it("holds while the nonce store writes: a signed request does not make every kept answer look changed", async () => {
    const count = t.writeCount
    if (!count) return
    const before = count()
    const store = new DatabaseNonceStore(t.db)
    expect(await Promise.all(["write-count-nonce-aaaaaa", "write-count-nonce-bbbbbb"].map((n) => store.remember(n, Date.now())))).toEqual([true, true])
    expect(count()).toBe(before)
  })
})
