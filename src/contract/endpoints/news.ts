import { MarketInsight, NewsList } from "../news"
import { endpoint } from "../endpoint"

/** Business news and market insight (spec parts 1 and 2). */
export const NewsEndpoints = {
  businessNews: endpoint({ name: "businessNews", method: "GET", path: "/overview/business-news", response: NewsList }),
  marketInsight: endpoint({ name: "marketInsight", method: "GET", path: "/overview/market-insight", response: MarketInsight }),
} as const
