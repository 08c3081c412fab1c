import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Instrument, InstrumentList, Quote } from "../../../src/contract/instruments"
import { quoteAt } from "../../../server/market/index"
import { TEST_NOW } from "../support/test-database"
import { decode, GROUP_PARTNERS, OUTSIDE_PARTNER, startApiHarness, type ApiHarness } from "./api-harness"

let h: ApiHarness
let token: string
beforeAll(async () => {
  h = await startApiHarness()
  token = await h.tokenOf("demo")
})
afterAll(() => h?.close())

const get = (path: string) => h.call("GET", path, { token })
const search = async (path: string, query: string, provider?: string) => {
  const params = new URLSearchParams({ query, ...(provider !== undefined ? { provider } : {}) })
  const res = await get(`${path}?${params.toString()}`)
  expect(res.status).toBe(200)
  return decode(InstrumentList, res.body)
}
const instrumentOf = async (partner: string) =>
  h.database.db
    .selectFrom("instruments")
    .innerJoin("partners", "partners.id", "instruments.partnerId")
    .selectAll("instruments")
    .where("partners.name", "=", partner)
    .orderBy("instruments.symbol")
    .executeTakeFirstOrThrow()

describe.each(["/api/instruments", "/api/users/instruments"])("search %s", (path) => {
  it("matches symbol prefixes and names case-insensitively, symbol matches first, at most 25", async () => {
    const list = await search(path, "a")
    expect(list).toHaveLength(25)
    const symbolFirst = list.findIndex((i) => !i.symbol.toLowerCase().startsWith("a"))
    if (symbolFirst >= 0) expect(list.slice(symbolFirst).every((i) => !i.symbol.toLowerCase().startsWith("a"))).toBe(true)
    expect(list.every((i) => i.symbol.toLowerCase().startsWith("a") || i.name.toLowerCase().includes("a"))).toBe(true)
    expect(list.every((i) => i.id === i.instrumentId)).toBe(true)
  })

  it("finds an instrument by its exact symbol (first) and by a word inside its name, whatever the case", async () => {
    const target = await instrumentOf("Lagos Custody Partners")
    const bySymbol = await search(path, ` ${target.symbol.toLowerCase()} `)
    expect(bySymbol[0]?.id).toBe(target.id)
    const word = target.name.split(" ").slice(-1)[0] as string
    const byName = await search(path, word.toUpperCase())
    expect(byName.every((i) => i.symbol.toLowerCase().startsWith(word.toLowerCase()) || i.name.toLowerCase().includes(word.toLowerCase()))).toBe(true)
    expect(byName.length).toBeGreaterThan(0)
  })

  it("never answers instruments of a partner outside the user's group, even when asked for it", async () => {
    const outside = await instrumentOf(OUTSIDE_PARTNER)
    expect((await search(path, outside.symbol)).map((i) => i.id)).not.toContain(outside.id)
    expect(await search(path, outside.symbol, OUTSIDE_PARTNER)).toEqual([])
    const everything = await search(path, "e")
    expect(everything.every((i) => (GROUP_PARTNERS as ReadonlyArray<string>).includes(i.provider))).toBe(true)
  })

  it("keeps to the providers asked for (comma-joined), within the group", async () => {
    const atlantic = await search(path, "a", "Atlantic Brokerage")
    expect(atlantic.length).toBeGreaterThan(0)
    expect(atlantic.every((i) => i.provider === "Atlantic Brokerage")).toBe(true)
    const two = await search(path, "a", ` lagos custody partners,${OUTSIDE_PARTNER},Atlantic Brokerage `)
    expect(new Set(two.map((i) => i.provider))).toEqual(new Set(["Lagos Custody Partners", "Atlantic Brokerage"]))
    expect(await search(path, "a", "Nobody Custody")).toEqual([])
  })

  it("answers [] for blank or missing text, and treats LIKE wildcards as text", async () => {
    expect(await search(path, "   ")).toEqual([])
    const missing = await get(path)
    expect(missing.status).toBe(200)
    expect(missing.body).toEqual([])
    expect(await search(path, "%")).toEqual([])
    expect(await search(path, "_")).toEqual([])
  })

  it("needs a signed-in user", async () => {
    expect((await h.call("GET", `${path}?query=a`)).status).toBe(401)
  })
})

describe("GET /instruments/:instrumentId", () => {
  it("answers the detail: ten years of daily history ending with today's quote, news newest first, analysis", async () => {
    const row = await instrumentOf("Atlantic Brokerage")
    const res = await get(`/api/instruments/${row.id}`)
    expect(res.status).toBe(200)
    const instrument = decode(Instrument, res.body)
    expect(instrument).toMatchObject({ id: row.id, instrumentId: row.id, symbol: row.symbol, name: row.name, provider: "Atlantic Brokerage", url: row.url })
    expect(instrument.meta).toEqual(row.meta)
    const quote = quoteAt(row, TEST_NOW)
    expect(instrument.quote.last).toBe(quote.last)
    const history = instrument.history
    expect(history.length).toBeGreaterThan(2500)
    expect(history[0]?.date.slice(0, 4)).toBe("2016")
    const dates = history.map((c) => c.date)
    expect([...dates].sort()).toEqual(dates)
    expect(history[history.length - 1]?.close).toBe(Number(quote.last))
    const newsDates = instrument.news.map((n) => n.date)
    expect(newsDates.length).toBeGreaterThan(0)
    expect([...newsDates].sort().reverse()).toEqual(newsDates)
  })

  it("answers ratings as numbers, and null analysis where there is none", async () => {
    const rows = await h.database.db
      .selectFrom("instruments")
      .innerJoin("partners", "partners.id", "instruments.partnerId")
      .select(["instruments.id", "instruments.analysis"])
      .where("partners.name", "in", [...GROUP_PARTNERS])
      .execute()
    const rated = rows.find((r) => r.analysis?.EquityResearchRatingsEntity.PricetoFairValue)
    const unrated = rows.find((r) => r.analysis === null)
    const withRatings = decode(Instrument, (await get(`/api/instruments/${rated?.id}`)).body)
    expect(withRatings.analysis?.EquityResearchRatingsEntity?.PricetoFairValue).toBe(Number(rated?.analysis?.EquityResearchRatingsEntity.PricetoFairValue))
    const without = decode(Instrument, (await get(`/api/instruments/${unrated?.id}`)).body)
    expect(without.analysis).toBeNull()
  })

  it("is a 404 for an unknown id, a non-UUID id and an instrument outside the user's group", async () => {
    const outside = await instrumentOf(OUTSIDE_PARTNER)
    for (const id of ["00000000-0000-4000-8000-000000000000", "AAPL", outside.id]) {
      const res = await get(`/api/instruments/${id}`)
      expect(res.status, id).toBe(404)
      expect(res.body.error).toBe("No such instrument.")
    }
  })
})

describe("GET /users/instruments/:id?quote=only", () => {
  it("answers the quote at the request's instant", async () => {
    const row = await instrumentOf("Lagos Custody Partners")
    const res = await get(`/api/users/instruments/${row.id}?quote=only`)
    expect(res.status).toBe(200)
    const quote = decode(Quote, res.body)
    const market = quoteAt(row, TEST_NOW)
    expect(quote).toMatchObject({ last: market.last, ask: market.ask, bid: market.bid, currency: "NGN", priceChangePercent: Number(market.priceChangePercent) })
    expect(quote.marketCap).toBe(Number(market.marketCap))
  })

  it("moves with the clock", async () => {
    const row = await instrumentOf("Lagos Custody Partners")
    h.clock.advance(20 * 60_000)
    try {
      const quote = decode(Quote, (await get(`/api/users/instruments/${row.id}?quote=only`)).body)
      const later = quoteAt(row, new Date(h.clock.now()))
      expect(later.last).not.toBe(quoteAt(row, TEST_NOW).last)
      expect(quote.last).toBe(later.last)
    } finally {
      h.clock.advance(-20 * 60_000)
    }
  })

  it("is a 400 without quote=only, and a 404 for an unknown or outside instrument", async () => {
    const row = await instrumentOf("Lagos Custody Partners")
    for (const query of ["", "?quote=full", "?quote="]) {
      const res = await get(`/api/users/instruments/${row.id}${query}`)
      expect(res.status, query).toBe(400)
      expect(res.body.error).toBe("Ask for the quote with ?quote=only.")
    }
    const outside = await instrumentOf(OUTSIDE_PARTNER)
    expect((await get(`/api/users/instruments/${outside.id}?quote=only`)).status).toBe(404)
    expect((await get(`/api/users/instruments/nope?quote=only`)).status).toBe(404)
  })
})
