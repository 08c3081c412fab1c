import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DatabaseNonceStore, NONCE_RETENTION_MS, type NonceStore } from "../../../server/http/nonce-store"
import { createTestDatabase } from "../support/test-database"
import { NOW } from "./fixtures"

let database: Awaited<ReturnType<typeof createTestDatabase>>

beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(async () => {
  await database?.close()
})

const behavesAsANonceStore = (make: () => NonceStore) => {
  it("accepts a nonce once inside the retention, and again after it", async () => {
    const store = make()
    expect(await store.remember("nonce-aaaaaaaaaaaaaaaa", NOW)).toBe(true)
    expect(await store.remember("nonce-aaaaaaaaaaaaaaaa", NOW + 1_000)).toBe(false)
    expect(await store.remember("nonce-aaaaaaaaaaaaaaaa", NOW + NONCE_RETENTION_MS - 1)).toBe(false)
    expect(await store.remember("nonce-bbbbbbbbbbbbbbbb", NOW + 1_000)).toBe(true)
    expect(await store.remember("nonce-aaaaaaaaaaaaaaaa", NOW + NONCE_RETENTION_MS + 1)).toBe(true)
  })

  it("lets exactly one of many concurrent requests with one nonce through", async () => {
    const store = make()
    const results = await Promise.all(Array.from({ length: 20 }, () => store.remember("nonce-cccccccccccccccc", NOW)))
    expect(results.filter(Boolean)).toHaveLength(1)
  })
}

describe("DatabaseNonceStore (request_nonce table)", () => {
  behavesAsANonceStore(() => new DatabaseNonceStore(database.db))

  it("sweeps rows past the retention", async () => {
    const store = new DatabaseNonceStore(database.db)
    const t = NOW + 10 * NONCE_RETENTION_MS
    await store.remember(`old-sweep-xxxxxxxxxxxxxxx`, t)
    await store.remember(`new-sweep-xxxxxxxxxxxxxxx`, t + NONCE_RETENTION_MS)
    expect(await store.sweep(t + NONCE_RETENTION_MS + 1)).toBeGreaterThanOrEqual(1)
    expect(await store.remember(`new-sweep-xxxxxxxxxxxxxxx`, t + NONCE_RETENTION_MS + 2)).toBe(false)
    expect(await store.remember(`old-sweep-xxxxxxxxxxxxxxx`, t + NONCE_RETENTION_MS + 2)).toBe(true)
  })
})
