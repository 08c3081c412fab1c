/**
 * A child process for cross-process tests: opens the database in argv[2], runs a query, closes
 * it and exits 0; on DataDirLockedError prints the message to stderr and exits 2; on any other
 * error exits 1. Run with `node --import tsx test/server/support/open-database-child.ts DIR`.
 */
import { sql } from "kysely"
import { DataDirLockedError, openDatabase } from "../../../server/db/database"

const dataDir = process.argv[2]
if (!dataDir) {
  process.stderr.write("usage: open-database-child.ts DATA_DIR\n")
  process.exit(1)
}
try {
  const database = await openDatabase({ dataDir })
  const result = await sql<{ n: number }>`select count(*)::int as n from users`.execute(database.db)
  await database.close()
  process.stdout.write(`opened: ${result.rows[0]?.n ?? 0} users\n`)
  process.exit(0)
} catch (error) {
  if (error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`)
    process.exit(2)
  }
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  process.exit(1)
}
