import { DEMO_EMAILS } from "../../../server/db/seed/demo-users"
import { liveClient, startLiveServer, type LiveClient } from "./live-server"
import { createTestDatabase, type TestDatabase } from "./test-database"

/** Two API processes on one PostgreSQL database of their own, a client for each, demo@ signed in through the first. */
export interface TwoProcesses {
  readonly database: TestDatabase
  readonly a: LiveClient
  readonly b: LiveClient
  /** demo@'s token (signed in through `a`; either process accepts it). */
  readonly token: string
  /** Stops both processes and drops the database. */
  readonly stop: () => Promise<void>
}

/**
 * Starts two real server processes (`env` added to each) on a fresh database of the PostgreSQL
 * pass (DATABASE_URL set; scripts/postgres-cluster.mjs starts one), for the scale-out tests.
 */
export const startTwoProcesses = async (env: Record<string, string> = {}): Promise<TwoProcesses> => {
  const database = await createTestDatabase()
  const url = database.databaseUrl
  if (!url) {
    await database.close()
    throw new Error("The two-process tests need a PostgreSQL server: run them with DATABASE_URL set (scripts/postgres-cluster.mjs)")
  }
  const servers = await Promise.all([startLiveServer({ databaseUrl: url }, env), startLiveServer({ databaseUrl: url }, env)])
  const stop = async () => {
    await Promise.all(servers.map((s) => s.stop()))
    await database.close()
  }
  try {
    const a = liveClient(servers[0]!.url)
    const b = liveClient(servers[1]!.url)
    return { database, a, b, token: await a.signIn(DEMO_EMAILS.demo), stop }
  } catch (error) {
    await stop()
    throw error
  }
}
