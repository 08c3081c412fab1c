import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sha256Hex } from "../../../server/auth/crypto"
import { issueToken, revokeToken } from "../../../server/auth/tokens"
import { seedId } from "../../../server/db/seed/ids"
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

describe("DatabaseNonceStore reading tokens with the nonce (as on PostgreSQL)", () => {
  behavesAsANonceStore(() => new DatabaseNonceStore(database.db, true))

  const DEVICE = "d".repeat(64)
  const USER = seedId("user", "demo")

  it("answers each request's live token row with its nonce, requests of one batch alike; a replay, another device or a revoked token get none", async () => {
    const store = new DatabaseNonceStore(database.db, true)
    const read = store.rememberReading!
    const { token, id } = await issueToken(database.db, { userId: USER, deviceHash: DEVICE, satisfied: true, now: NOW })
    const lookup = { tokenHash: sha256Hex(token), deviceHash: DEVICE }

    // One batch: two signed-in requests, one on another device, one without a token, one replay.
    const [mine, again, otherDevice, plain, replay] = await Promise.all([
      read("read-aaaaaaaaaaaaaaaaaa", NOW, lookup),
      read("read-bbbbbbbbbbbbbbbbbb", NOW, lookup),
      read("read-cccccccccccccccccc", NOW, { ...lookup, deviceHash: "e".repeat(64) }),
      store.remember("read-dddddddddddddddddd", NOW),
      read("read-aaaaaaaaaaaaaaaaaa", NOW, lookup),
    ])
    expect(mine.fresh).toBe(true)
    expect(mine.token).toMatchObject({ id, userId: USER, deviceHash: DEVICE, otpSatisfied: true })
    expect(mine.token?.dataStamp).toMatch(/^\d+\.\d+$/)
    expect(again).toEqual(mine)
    expect(otherDevice).toEqual({ fresh: true, token: null })
    expect(plain).toBe(true)
    expect(replay.fresh).toBe(false)

    // The user's version moves with a change to the user; the stamp read with the next nonce shows it.
    await database.db.updateTable("users").set({ lastName: "Changed" }).where("id", "=", USER).execute()
    const changed = await read("read-eeeeeeeeeeeeeeeeee", NOW, lookup)
    expect(changed.token?.dataStamp).not.toBe(mine.token?.dataStamp)

    await revokeToken(database.db, id, NOW)
    expect(await read("read-ffffffffffffffffff", NOW, lookup)).toEqual({ fresh: true, token: null })
  })
})
