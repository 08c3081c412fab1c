import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { openDatabase, type Database } from "../../../server/db/database"
import { migrateToLatest } from "../../../server/db/migrate"

/** A migrated, empty embedded database in a temp dir, deleted on close. */
export const createTestDatabase = async (): Promise<Database & { dataDir: string }> => {
  const dataDir = mkdtempSync(join(tmpdir(), "chartfolio-http-"))
  const database = await openDatabase({ dataDir })
  await migrateToLatest(database.db)
  return {
    ...database,
    dataDir,
    close: async () => {
      await database.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
