// The server tests run on the database their pass names: the embedded database by default, the
// PostgreSQL server in DATABASE_URL in the PostgreSQL pass (each test file on a database of its own,
// dropped when the file is done), so a green PostgreSQL pass really ran on PostgreSQL.
import { sql } from "kysely"
import { describe, expect, it } from "vitest"
import { openDatabase } from "../../../server/db/database"
import { createTestDatabase, postgresServerUrl } from "../support/test-database"

describe("the test database", () => {
  it("is the one the pass names, seeded, and a file's own", async () => {
    const url = postgresServerUrl()
    const database = await createTestDatabase()
    try {
      expect(database.kind).toBe(url ? "postgres" : "pglite")
      const version = (await sql<{ v: string }>`select version() as v`.execute(database.db)).rows[0]!.v
      expect(version).toMatch(/^PostgreSQL \d+/)
      expect(
        Number(
          (
            await database.db
              .selectFrom("users")
              .select((eb) => eb.fn.countAll().as("n"))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ).toBeGreaterThan(0)
      if (url) expect(database.databaseUrl).toMatch(/\/chartfolio_test_[0-9a-f]+$/)
    } finally {
      await database.close()
    }
    if (url) {
      // Dropped on close: nothing of it is left on the server.
      const admin = await openDatabase({ dataDir: "unused", databaseUrl: url })
      try {
        const left = await sql<{
          n: number
        }>`select count(*)::int as n from pg_database where datname = ${new URL(database.databaseUrl!).pathname.slice(1)}`.execute(admin.db)
        expect(left.rows[0]!.n).toBe(0)
      } finally {
        await admin.close()
      }
    }
  })
})
