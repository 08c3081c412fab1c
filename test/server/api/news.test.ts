import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { MarketInsight, NewsList } from "../../../src/contract/news"
import { decode, startApiHarness, type ApiHarness } from "./api-harness"

let h: ApiHarness
beforeAll(async () => {
  h = await startApiHarness()
})
afterAll(() => h?.close())

describe("GET /overview/business-news", () => {
  it("answers the business news, newest first, in the contract's shape", async () => {
    const res = await h.call("GET", "/api/overview/business-news", { token: await h.tokenOf("demo") })
    expect(res.status).toBe(200)
    const news = decode(NewsList, res.body)
    const stored = await h.database.db.selectFrom("businessNews").select(["url", "publishedAt"]).execute()
    expect(news).toHaveLength(stored.length)
    expect(news.length).toBeGreaterThan(4)
    const dates = news.map((n) => n.publishedAt)
    expect([...dates].sort().reverse()).toEqual(dates)
    // The upstream feed's shapes the views strip: ' - Source' in the title, '[+N chars]' in the content.
    expect(news.every((n) => n.title.includes(" - ") && n.content.includes("[+"))).toBe(true)
  })

  it("is the same list for every signed-in user, and needs a satisfied session", async () => {
    const demo = await h.call("GET", "/api/overview/business-news", { token: await h.tokenOf("demo") })
    const fresh = await h.call("GET", "/api/overview/business-news", { token: await h.tokenOf("new") })
    expect(fresh.body).toEqual(demo.body)
    expect((await h.call("GET", "/api/overview/business-news")).status).toBe(401)
  })
})

describe("GET /overview/market-insight", () => {
  it("answers the address of the market insight page", async () => {
    const res = await h.call("GET", "/api/overview/market-insight", { token: await h.tokenOf("demo") })
    expect(res.status).toBe(200)
    expect(decode(MarketInsight, res.body)).toEqual({ url: "/embedded/market-insight.html" })
  })
})
