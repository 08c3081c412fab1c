/**
 * An account's details polled through one process after a change made through the other (issue
 * 33): the details route answers an unchanged poll 304 from the account's version (migration
 * 0019) and keeps built answers by that version, so this proves that neither a 304 nor a kept
 * answer outlives a change made anywhere: through the other process, by either process's order
 * engine, or straight in the database. Likewise GET /admins/me and the instrument search, kept by
 * the user's and the catalogue's versions (migration 0037): a change to the user, the user's group,
 * its partners or an instrument shows in the next answer of either process. Two real server
 * processes on one PostgreSQL (the PostgreSQL pass).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { seedId } from "../../../server/db/seed/ids"
import { IDEMPOTENCY_KEY_HEADER } from "../../../server/http/idempotency"
import type { LiveClient } from "../support/live-server"
import { startTwoProcesses, type TwoProcesses } from "../support/two-processes"

const ACCOUNT = seedId("account", "demo-ngn")
const USER = seedId("user", "demo")
const DETAILS = `/api/users/account/${ACCOUNT}`

let processes: TwoProcesses
let a: LiveClient
let b: LiveClient
let token: string

beforeAll(async () => {
  processes = await startTwoProcesses()
  ;({ a, b, token } = processes)
}, 180_000)

afterAll(async () => {
  await processes?.stop()
})

interface Seen {
  readonly etag: string
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test reads the fields it checks
  readonly body: any
}

/** A poll as the app makes it: the last ETag in If-None-Match; answers the status and what the caller holds after it. */
const poll = async (client: LiveClient, held: Seen): Promise<{ status: number; seen: Seen }> => {
  const answer = await client.call("GET", DETAILS, { token, headers: { "If-None-Match": held.etag } })
  if (answer.status === 304) {
    expect(answer.headers.get("ETag")).toBe(held.etag)
    return { status: 304, seen: held }
  }
  expect(answer.status).toBe(200)
  return { status: 200, seen: { etag: answer.headers.get("ETag") ?? "", body: answer.body } }
}

const fetchDetails = async (client: LiveClient): Promise<Seen> => {
  const answer = await client.call("GET", DETAILS, { token })
  expect(answer.status).toBe(200)
  return { etag: answer.headers.get("ETag") ?? "", body: answer.body }
}

/** Unchanged polls answer 304 (a second try only when the market's 10-minute step turned between the two). */
const expectUnchanged = async (client: LiveClient, held: Seen): Promise<Seen> => {
  const first = await poll(client, held)
  if (first.status === 304) return held
  const again = await poll(client, first.seen)
  expect(again.status).toBe(304)
  return first.seen
}

const orderIds = (seen: Seen): string[] => (seen.body.details.orders as Array<{ id: string }>).map((o) => o.id)
const statusOf = (seen: Seen, id: string): string | undefined =>
  (seen.body.details.orders as Array<{ id: string; status: string }>).find((o) => o.id === id)?.status

describe("an account polled through one process after a change through the other", () => {
  it("is never a stale 304 nor a kept answer: the next poll shows each change, whichever process or tool made it", async () => {
    const db = processes.database.db
    const instrumentId = (
      await db.selectFrom("positions").select("instrumentId").where("accountId", "=", ACCOUNT).orderBy("instrumentId").executeTakeFirstOrThrow()
    ).instrumentId
    const bankAccountRef = (
      await db.selectFrom("bankAccounts").select("ref").where("userId", "=", USER).where("currency", "=", "NGN").orderBy("createdAt").executeTakeFirstOrThrow()
    ).ref

    // Both processes have built and kept the answer; both answer an unchanged poll 304.
    let held = await fetchDetails(b)
    held = await expectUnchanged(b, held)
    held = await expectUnchanged(a, held)

    // 1. An order placed through a: b's next poll is a 200 with the new order.
    const limit = { accountId: ACCOUNT, instrumentId, side: "BUY", type: "LIMIT", priority: "quantity", price: "0.01", quantity: "1" }
    const placed = await a.call("POST", "/api/users/order", { token, body: limit, headers: { [IDEMPOTENCY_KEY_HEADER]: crypto.randomUUID() } })
    expect(placed.status).toBe(200)
    const before = new Set(orderIds(held))
    let next = await poll(b, held)
    expect(next.status).toBe(200)
    const added = orderIds(next.seen).filter((id) => !before.has(id))
    expect(added).toHaveLength(1)
    const orderId = added[0]!
    held = next.seen

    // 2. Either order engine moves it to PROCESSING (a LIMIT far below the market waits there).
    const deadline = Date.now() + 30_000
    for (let i = 0; statusOf(held, orderId) === "PENDING"; i++) {
      expect(Date.now()).toBeLessThan(deadline)
      held = (await poll(i % 2 === 0 ? a : b, held)).seen
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    expect(statusOf(held, orderId)).toBe("PROCESSING")
    expect((await db.selectFrom("orders").select("status").where("id", "=", orderId).executeTakeFirstOrThrow()).status).toBe("PROCESSING")
    held = await expectUnchanged(a, held)
    held = await expectUnchanged(b, held)

    // 3. Cancelled through b: a's next poll shows it cancelled.
    expect((await b.call("PATCH", `/api/users/order/${orderId}/cancel`, { token })).status).toBe(200)
    next = await poll(a, held)
    expect(next.status).toBe(200)
    expect(statusOf(next.seen, orderId)).toBe("CANCELLED")
    held = await expectUnchanged(b, next.seen)

    // 4. A withdrawal through a: b's next poll has the payment and the lower cash.
    const cash = held.body.cashBalance as string
    const payments = (held.body.details.payments as unknown[]).length
    const withdrawn = await a.call("POST", "/api/users/withdraw", {
      token,
      body: { channel: "NUBAN", bankAccountRef, amount: "10.00", accountId: ACCOUNT },
      headers: { [IDEMPOTENCY_KEY_HEADER]: crypto.randomUUID() },
    })
    expect(withdrawn.status).toBe(200)
    next = await poll(b, held)
    expect(next.status).toBe(200)
    expect(next.seen.body.details.payments).toHaveLength(payments + 1)
    expect(Number(next.seen.body.cashBalance)).toBeCloseTo(Number(cash) - 10, 2)
    held = await expectUnchanged(a, next.seen)

    // 5. A reserved account's instant deposit turned over through b: a's next poll shows it.
    const nuban = held.body.nubans[0] as { ref: string; instantDeposit: boolean }
    const patched = await b.call("PATCH", `/api/users/reserve-account/${encodeURIComponent(nuban.ref)}`, {
      token,
      body: { accountId: ACCOUNT, instantDeposit: !nuban.instantDeposit },
    })
    expect(patched.status).toBe(200)
    next = await poll(a, held)
    expect(next.status).toBe(200)
    expect(next.seen.body.nubans.find((n: { ref: string }) => n.ref === nuban.ref).instantDeposit).toBe(!nuban.instantDeposit)
    held = await expectUnchanged(b, next.seen)

    // 6. Straight in the database, as another tool would write: both processes show it at once.
    const status = held.body.status as string
    await db.updateTable("accounts").set({ status: "changed-by-sql" }).where("accountId", "=", ACCOUNT).execute()
    for (const client of [a, b]) {
      next = await poll(client, held)
      expect(next.status).toBe(200)
      expect(next.seen.body.status).toBe("changed-by-sql")
    }
    await db.updateTable("accounts").set({ status }).where("accountId", "=", ACCOUNT).execute()
    next = await poll(b, next.seen)
    expect(next.status).toBe(200)
    expect(next.seen.body.status).toBe(status)
  }, 120_000)

  it("never answers another session's tag with a 304", async () => {
    const held = await fetchDetails(a)
    const other = await processes.a.signIn("demo@chartfolio.test")
    for (const client of [a, b]) {
      const answer = await client.call("GET", DETAILS, { token: other, headers: { "If-None-Match": held.etag } })
      expect(answer.status).toBe(200)
      expect(answer.headers.get("ETag")).not.toBe(held.etag)
    }
  }, 60_000)

  it("answers /admins/me and the search afresh on both processes after a change to the user, the group, its partners or an instrument", async () => {
    const db = processes.database.db
    const me = async (client: LiveClient) => {
      const answer = await client.call("GET", "/api/admins/me", { token })
      expect(answer.status).toBe(200)
      return answer.body as { firstName: string; userGroup: { companyName: string; partner: Array<{ name: string }> } }
    }
    const search = async (client: LiveClient, query: string) => {
      const answer = await client.call("GET", `/api/users/instruments?query=${encodeURIComponent(query)}`, { token })
      expect(answer.status).toBe(200)
      return answer.body as Array<{ id: string; name: string; provider: string }>
    }
    // Both processes have built and kept both answers (asked twice each).
    const first = await me(a)
    for (const client of [a, b, a, b]) expect(await me(client)).toEqual(first)
    const found = await search(a, "a")
    for (const client of [a, b, a, b]) expect(await search(client, "a")).toEqual(found)
    expect(found.length).toBeGreaterThan(0)

    // The user's name, changed through the other process's database connection as any tool would.
    const user = await db.selectFrom("users").select(["firstName", "userGroupId"]).where("id", "=", USER).executeTakeFirstOrThrow()
    await db
      .updateTable("users")
      .set({ firstName: `${user.firstName} Changed` })
      .where("id", "=", USER)
      .execute()
    for (const client of [b, a]) expect((await me(client)).firstName).toBe(`${user.firstName} Changed`)
    await db.updateTable("users").set({ firstName: user.firstName }).where("id", "=", USER).execute()
    for (const client of [a, b]) expect((await me(client)).firstName).toBe(user.firstName)

    // The group's name.
    const group = await db.selectFrom("userGroups").select("companyName").where("id", "=", user.userGroupId!).executeTakeFirstOrThrow()
    await db
      .updateTable("userGroups")
      .set({ companyName: `${group.companyName} Renamed` })
      .where("id", "=", user.userGroupId!)
      .execute()
    for (const client of [a, b]) expect((await me(client)).userGroup.companyName).toBe(`${group.companyName} Renamed`)

    // An instrument renamed: the same search on either process shows the new name.
    const hit = found[0]!
    await db
      .updateTable("instruments")
      .set({ name: `${hit.name} Renamed` })
      .where("id", "=", hit.id)
      .execute()
    for (const client of [b, a]) expect((await search(client, "a")).find((i) => i.id === hit.id)?.name).toBe(`${hit.name} Renamed`)

    // A partner taken from the group: gone from /admins/me and from the search on both.
    const provider = hit.provider
    const partner = await db.selectFrom("partners").select("id").where("name", "=", provider).executeTakeFirstOrThrow()
    await db.deleteFrom("groupPartners").where("userGroupId", "=", user.userGroupId!).where("partnerId", "=", partner.id).execute()
    for (const client of [a, b]) {
      expect((await me(client)).userGroup.partner.map((p) => p.name)).not.toContain(provider)
      const after = await search(client, "a")
      expect(after.some((i) => i.provider === provider)).toBe(false)
    }
  }, 60_000)
})
