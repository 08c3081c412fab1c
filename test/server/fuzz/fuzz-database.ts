/**
 * The database of the contract fuzz: a throwaway copy of the seeded test template
 * (createTestDatabase: the embedded template, or a database of its own on the PostgreSQL server
 * DATABASE_URL names, dropped on close), so the run is independent of every other test and of the
 * data it leaves behind.
 */
import { postgresServerUrl } from "../support/test-database"

export { createTestDatabase as openFuzzDatabase } from "../support/test-database"

/** Which database the fuzz runs on, for the printed summary. */
export const fuzzDatabaseKind = (): "postgres" | "pglite" => (postgresServerUrl() ? "postgres" : "pglite")
