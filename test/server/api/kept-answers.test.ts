import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { AdminUser } from "../../../src/contract/auth"
import { InstrumentList } from "../../../src/contract/instruments"
import { decode, SEEDED, startApiHarness, type ApiHarness } from "./api-harness"

// GET /admins/me and the search are kept between requests while nothing they are built from has
// changed (embedded database, server/queries/answer-cache.ts): a change shows at the next request,
// whoever made it.
let h: ApiHarness
beforeAll(async () => {
  h = await startApiHarness()
})
afterAll(() => h?.close())

const get = async (path: string) => h.call("GET", path, { token: await h.tokenOf("demo") })

describe("kept answers", () => {
  it("GET /admins/me shows a changed name at once", async () => {
    const before = decode(AdminUser, (await get("/api/admins/me")).body)
    await h.database.db.updateTable("users").set({ firstName: `${before.firstName}x` }).where("id", "=", SEEDED.users.demo).execute()
    expect(decode(AdminUser, (await get("/api/admins/me")).body).firstName).toBe(`${before.firstName}x`)
  })

  it("the search shows a renamed instrument at once, and the same search twice answers the same", async () => {
    const first = decode(InstrumentList, (await get("/api/users/instruments?query=chart")).body)
    expect(decode(InstrumentList, (await get("/api/users/instruments?query=chart")).body)).toEqual(first)
    const hit = first[0]
    expect(hit).toBeDefined()
    await h.database.db.updateTable("instruments").set({ name: `${hit!.name} Renamed` }).where("id", "=", hit!.id).execute()
    const again = decode(InstrumentList, (await get("/api/users/instruments?query=chart")).body)
    expect(again.find((i) => i.id === hit!.id)?.name).toBe(`${hit!.name} Renamed`)
  })
})
