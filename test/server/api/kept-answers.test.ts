import { createHash } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { AdminUser } from "../../../src/contract/auth"
import { InstrumentList } from "../../../src/contract/instruments"
import { DEMO_EMAILS } from "../../../server/db/seed/demo-users"
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
    await h.database.db
      .updateTable("users")
      .set({ firstName: `${before.firstName}x` })
      .where("id", "=", SEEDED.users.demo)
      .execute()
    expect(decode(AdminUser, (await get("/api/admins/me")).body).firstName).toBe(`${before.firstName}x`)
  })

  it("the search shows a renamed instrument at once, and the same search twice answers the same", async () => {
    const first = decode(InstrumentList, (await get("/api/users/instruments?query=chart")).body)
    expect(decode(InstrumentList, (await get("/api/users/instruments?query=chart")).body)).toEqual(first)
    const hit = first[0]
    expect(hit).toBeDefined()
    await h.database.db
      .updateTable("instruments")
      .set({ name: `${hit!.name} Renamed` })
      .where("id", "=", hit!.id)
      .execute()
    const again = decode(InstrumentList, (await get("/api/users/instruments?query=chart")).body)
    expect(again.find((i) => i.id === hit!.id)?.name).toBe(`${hit!.name} Renamed`)
  })

  it("a kept answer's ETag is each session's own: the hash of its token and the body, a 304 only for its own tag", async () => {
    // The same user signed in on two devices: the search is kept once for the user, its text and
    // tags with it (server/http/json-text.ts); each token still gets the tag of its own token.
    const mine = await h.tokenOf("demo")
    const other = (await h.signInFully(DEMO_EMAILS.demo, { deviceId: "device-other-0002" })).token
    const path = "/api/users/instruments?query=a"
    const tagOf = (token: string, bytes: Uint8Array) => `W/"${createHash("sha256").update(token).update("\n").update(bytes).digest("base64url").slice(0, 27)}"`
    for (let round = 0; round < 2; round++) {
      const a = await h.call("GET", path, { token: mine })
      const b = await h.call("GET", path, { token: other, deviceId: "device-other-0002" })
      expect(Buffer.from(a.bytes).equals(Buffer.from(b.bytes))).toBe(true)
      expect(a.headers.get("etag")).toBe(tagOf(mine, a.bytes))
      expect(b.headers.get("etag")).toBe(tagOf(other, b.bytes))
      expect(a.headers.get("etag")).not.toBe(b.headers.get("etag"))
      const theirsWithMine = await h.call("GET", path, {
        token: other,
        deviceId: "device-other-0002",
        headers: { "If-None-Match": a.headers.get("etag") ?? "" },
      })
      expect(theirsWithMine.status).toBe(200)
      const mineAgain = await h.call("GET", path, { token: mine, headers: { "If-None-Match": a.headers.get("etag") ?? "" } })
      expect(mineAgain.status).toBe(304)
    }
  })
})
