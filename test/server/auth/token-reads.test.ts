import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { issueToken, revokeToken, TOUCH_EVERY_MS, useToken } from "../../../server/auth/tokens"
import { seedId } from "../../../server/db/seed/ids"
import { createTestDatabase, TEST_NOW, type TestDatabase } from "../support/test-database"

// Many requests of one busy client at the same instant (server/auth/tokens.ts): on the embedded
// database they share one read of the token row and one move of its lastUsedAt, and a logout is
// still refused by the very next request.
class CountTokenStatements implements KyselyPlugin {
  reads = 0
  writes = 0
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    const text = JSON.stringify(node)
    const table = text.includes('"access_tokens"') || text.includes('"accessTokens"') || text.includes("from access_tokens")
    // The token's read is a statement written by hand (a raw node beginning with select).
    if (table && (node.kind === "SelectQueryNode" || (node.kind === "RawNode" && /^"?\s*select/i.test(JSON.stringify(node.sqlFragments[0] ?? "")))))
      this.reads++
    if (table && node.kind === "UpdateQueryNode") this.writes++
    return node
  }
  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result
  }
}

let database: TestDatabase
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database?.close())

const DEVICE = "a".repeat(64)
const VALIDITY = 30 * 60_000

describe("token rows under many requests at once", () => {
  it("are read once and touched once for requests arriving together (embedded database); a logout is refused by the next request", async () => {
    const counter = new CountTokenStatements()
    const db = database.db.withPlugin(counter)
    const cached = database.kind === "pglite"
    const now = TEST_NOW.getTime()
    const { token, id } = await issueToken(db, { userId: seedId("user", "demo"), deviceHash: DEVICE, satisfied: true, now })
    const use = (at: number) => useToken(db, { bearer: token, deviceHash: DEVICE, validityMs: VALIDITY, now: at, cached })

    const together = await Promise.all(Array.from({ length: 20 }, () => use(now + 1)))
    expect(together.every((t) => t?.id === id)).toBe(true)
    expect(counter.reads).toBe(cached ? 1 : 20)

    // lastUsedAt is due: one move for all of them (PostgreSQL: each request that read it before
    // another's move landed moves it too).
    const due = now + TOUCH_EVERY_MS + 1
    counter.writes = 0
    const touched = await Promise.all(Array.from({ length: 20 }, () => use(due)))
    expect(touched.every((t) => t?.id === id)).toBe(true)
    if (cached) expect(counter.writes).toBe(1)
    else expect(counter.writes).toBeGreaterThanOrEqual(1)

    // A read under way when the token is revoked is not joined by a request after the logout.
    const before = use(due + 1)
    await revokeToken(db, id, due + 2)
    expect(await use(due + 3)).toBeNull()
    await before
    expect(await Promise.all(Array.from({ length: 5 }, () => use(due + 4)))).toEqual(Array(5).fill(null))
  })
})
