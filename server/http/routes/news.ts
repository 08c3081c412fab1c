/**
 * News for signed-in users (spec part 1 section 7; part 2 sections 2, 7):
 *   GET /overview/business-news     NewsList, newest first
 *   GET /overview/market-insight    MarketInsight: the address the embedded frame shows (settings table)
 */
import type { MarketInsight, NewsList } from "../../../src/contract/news"
import { requireSession } from "../../auth/session"
import { SettingKey } from "../../db/schema"
import { MARKET_INSIGHT_URL } from "../../db/seed/world"
import { businessNews } from "../../queries/news"
import type { ApiRoutes } from "../context"

export const newsRoutes: ApiRoutes = {
  name: "news",
  mount: (api, deps) => {
    const { db } = deps.database
    const signedIn = requireSession(deps, { satisfied: true })

    api.get("/overview/business-news", signedIn, async (c) => {
      const answer: NewsList = await businessNews(db)
      return c.json(answer)
    })

    api.get("/overview/market-insight", signedIn, async (c) => {
      const row = await db.selectFrom("settings").select("value").where("key", "=", SettingKey.marketInsightUrl).executeTakeFirst()
      const answer: MarketInsight = { url: row?.value ?? MARKET_INSIGHT_URL }
      return c.json(answer)
    })
  },
}
