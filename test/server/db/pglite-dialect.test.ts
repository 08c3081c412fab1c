import { sql } from "kysely"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { Mutex } from "../../../server/db/pglite-dialect"
import { createTestDatabase, type TestDatabase } from "../support/test-database"

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

let database: TestDatabase

beforeAll(async () => {
  database = await createTestDatabase()
  await sql`create table probe (id serial primary key, label text not null)`.execute(database.db)
})

afterAll(async () => {
  await database?.close()
})

beforeEach(async () => {
  await sql`truncate probe`.execute(database.db)
})

const labels = async (): Promise<string[]> =>
  (await sql<{ label: string }>`select label from probe order by label`.execute(database.db)).rows.map((r) => r.label)

describe("the PGlite dialect", () => {
  it("keeps a committed insert when a concurrent transaction rolls back", async () => {
    const { db } = database
    const failing = db.transaction().execute(async (trx) => {
      await sql`insert into probe (label) values ('rolled back')`.execute(trx)
      // Give the other transaction every chance to run its statements inside this one.
      await sleep(50)
      throw new Error("roll back")
    })
    const committing = db.transaction().execute(async (trx) => {
      await sql`insert into probe (label) values ('committed')`.execute(trx)
    })
    const [failed, committed] = await Promise.allSettled([failing, committing])
    expect(failed.status).toBe("rejected")
    expect(committed.status).toBe("fulfilled")
    expect(await labels()).toEqual(["committed"])
  })

  it("never shows another request a transaction's uncommitted rows", async () => {
    const { db } = database
    let reads: string[] | null = null
    const writer = db.transaction().execute(async (trx) => {
      await sql`insert into probe (label) values ('uncommitted')`.execute(trx)
      await sleep(30)
      throw new Error("roll back")
    })
    const reader = (async () => {
      await sleep(5)
      reads = await labels()
    })()
    await Promise.allSettled([writer, reader])
    expect(reads).toEqual([])
  })

  it("runs many parallel queries and transactions, all of them succeeding", async () => {
    const { db } = database
    const work = Array.from({ length: 120 }, (_, i) =>
      i % 3 === 0
        ? db.transaction().execute(async (trx) => {
            await sql`insert into probe (label) values (${`tx-${i}`})`.execute(trx)
            await sql`select count(*) from probe`.execute(trx)
          })
        : i % 3 === 1
          ? sql`insert into probe (label) values (${`q-${i}`})`.execute(db)
          : db.selectFrom("users").select("email").execute(),
    )
    const results = await Promise.allSettled(work)
    expect(results.filter((r) => r.status === "rejected")).toEqual([])
    expect((await labels()).length).toBe(80)
  })

  it("recovers from a failed statement inside a transaction", async () => {
    const { db } = database
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`insert into probe (label) values ('before the error')`.execute(trx)
        await sql`select * from no_such_table`.execute(trx)
      }),
    ).rejects.toThrow(/no_such_table/)
    await sql`insert into probe (label) values ('after')`.execute(db)
    expect(await labels()).toEqual(["after"])
  })

  it("rolls back a transaction its holder left open, before the next request runs", async () => {
    const { db } = database
    await db.connection().execute(async (connection) => {
      await sql`begin`.execute(connection)
      await sql`insert into probe (label) values ('left open')`.execute(connection)
    })
    await sql`insert into probe (label) values ('next request')`.execute(db)
    expect(await labels()).toEqual(["next request"])
  })

  it("supports savepoints (nested transaction control)", async () => {
    const { db } = database
    const trx = await db.startTransaction().execute()
    await sql`insert into probe (label) values ('kept')`.execute(trx)
    const inner = await trx.savepoint("inner").execute()
    await sql`insert into probe (label) values ('undone')`.execute(inner)
    const outer = await inner.rollbackToSavepoint("inner").execute()
    await outer.commit().execute()
    expect(await labels()).toEqual(["kept"])
  })

  it("reports affected rows of inserts, updates and deletes", async () => {
    const { db } = database
    const inserted = await db
      .insertInto("settings")
      .values([
        { key: "probe-a", value: "1" },
        { key: "probe-b", value: "2" },
      ])
      .executeTakeFirst()
    const updated = await db.updateTable("settings").set({ value: "3" }).where("key", "like", "probe-%").executeTakeFirst()
    const deleted = await db.deleteFrom("settings").where("key", "like", "probe-%").executeTakeFirst()
    expect([inserted.numInsertedOrUpdatedRows, updated.numUpdatedRows, deleted.numDeletedRows]).toEqual([2n, 2n, 2n])
  })
})

describe("the mutex", () => {
  it("hands the lock out first come, first served, one holder at a time", async () => {
    const mutex = new Mutex()
    const order: string[] = []
    const holder = async (name: string, ms: number) => {
      const release = await mutex.acquire()
      order.push(`${name} in`)
      await sleep(ms)
      order.push(`${name} out`)
      release()
      release()
    }
    await Promise.all([holder("a", 20), holder("b", 1), holder("c", 5)])
    expect(order).toEqual(["a in", "a out", "b in", "b out", "c in", "c out"])
  })
})
