/**
 * Vitest globalSetup of the "server" project: builds the seeded test-database template once before
 * any test file runs (test/server/support/test-database.ts), so files only load it.
 */
import { ensureTemplates } from "./support/test-database"

/** Runs once per test run, in the main vitest process. */
export default async function setup(): Promise<void> {
  await ensureTemplates()
}
