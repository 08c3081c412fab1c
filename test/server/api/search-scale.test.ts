/**
 * The instrument search over a large catalogue: 8,000 more instruments (50 times the demo catalogue) (half at a group partner,
 * half outside the group) change neither the answers nor the plan's use of indexes (no sequential
 * scan of the instruments table). Asserts the plan, not a time.
 */
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { InstrumentList } from "../../../src/contract/instruments"
import { json, type NewRow } from "../../../server/db/schema"
import { searchQuery } from "../../../server/queries/instruments"
import { decode, OUTSIDE_PARTNER, startApiHarness, type ApiHarness } from "./api-harness"

let h: ApiHarness
let token: string
beforeAll(async () => {
  h = await startApiHarness()
  token = await h.tokenOf("demo")
})
afterAll(() => h?.close())

const search = async (query: string) => decode(InstrumentList, (await h.call("GET", `/api/instruments?query=${encodeURIComponent(query)}`, { token })).body)

const partnerId = async (name: string) => (await h.database.db.selectFrom("partners").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id

const bulkRows = (partner: string, prefix: string, count: number): NewRow<"instruments">[] =>
  Array.from({ length: count }, (_, i) => ({
    symbol: `${prefix}${String(i).padStart(5, "0")}`,
    name: `Bulk Filler Company ${prefix} ${i}`,
    description: "A synthetic filler instrument for the search load test.",
    type: "EQUITY" as const,
    sector: "Industrials",
    imageUrl: "",
    url: "",
    currency: "USD" as const,
    exchange: "SYNX",
    country: "USA",
    meta: json({ address: "1 Test Street", phone: "+1 555 0100" }),
    partnerId: partner,
    analysis: null,
    basePrice: "50",
    volatility: 0.3,
    drift: 0.05,
    spreadBps: 10,
    sharesOutstanding: 1_000_000,
    averageVolume: 10_000,
  }))

describe("search over a large catalogue", () => {
  it("answers the same instruments and reads them through indexes", async () => {
    const before = await Promise.all(["robo", "c", "lagos"].map(search))
    const inGroup = await partnerId("Atlantic Brokerage")
    const outside = await partnerId(OUTSIDE_PARTNER)
    const rows = [...bulkRows(inGroup, "QZ", 4_000), ...bulkRows(outside, "QY", 4_000)]
    for (let i = 0; i < rows.length; i += 1000)
      await h.database.db
        .insertInto("instruments")
        .values(rows.slice(i, i + 1000))
        .execute()
    await sql`analyze instruments`.execute(h.database.db)

    expect(await Promise.all(["robo", "c", "lagos"].map(search))).toEqual(before)
    const filler = await search("qz0001")
    expect(filler.map((i) => i.symbol)).toEqual(Array.from({ length: 10 }, (_, i) => `QZ0001${i}`))
    expect(await search("qy0001")).toEqual([])

    const groupIds = (await h.database.db.selectFrom("groupPartners").select("partnerId").execute()).map((r) => r.partnerId)
    for (const text of ["robo", "qz0001", "filler company qz 12"]) {
      const plan = (await searchQuery(h.database.db, groupIds, text).explain()).map((r) => String(Object.values(r)[0])).join("\n")
      expect(plan, plan).not.toMatch(/Seq Scan on instruments/)
      expect(plan, plan).toMatch(/Index/)
    }
  })
})
