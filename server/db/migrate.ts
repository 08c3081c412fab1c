/**
 * Brings a database to the latest schema: `await migrateToLatest(db)` at start-up, before seeding
 * and before serving. Idempotent (already-applied migrations are skipped) and safe to run from
 * several processes at once against one PostgreSQL (Kysely's migrator takes an advisory lock).
 * The same migrations run on PGlite and PostgreSQL.
 */
import { Migrator, type Kysely, type MigrationResult } from "kysely"
import { migrations } from "./migrations/index"

/** Thrown when a migration fails; `results` lists what ran, `cause` is the database error. */
export class MigrationError extends Error {
  constructor(
    readonly results: ReadonlyArray<MigrationResult>,
    override readonly cause: unknown,
  ) {
    const failed = results.find((r) => r.status === "Error")?.migrationName ?? "(before any migration)"
    super(`Database migration ${failed} failed: ${cause instanceof Error ? cause.message : String(cause)}`)
    this.name = "MigrationError"
  }
}

/** A Kysely migrator over the in-code migration list (for tests and tooling). */
// Unordered: work on parallel branches reserves migration numbers ahead, so a database may have run
// 0037 before 0032 lands; each migration stands on its own and runs once, whatever the order.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any DB shape: migrations predate it
export const createMigrator = (db: Kysely<any>): Migrator =>
  new Migrator({ db, provider: { getMigrations: async () => ({ ...migrations }) }, allowUnorderedMigrations: true })

/** Applies every pending migration; resolves with the names applied now (empty when up to date). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any DB shape: migrations predate it
export const migrateToLatest = async (db: Kysely<any>): Promise<string[]> => {
  const { error, results = [] } = await createMigrator(db).migrateToLatest()
  if (error) throw new MigrationError(results, error)
  return results.filter((r) => r.status === "Success").map((r) => r.migrationName)
}
