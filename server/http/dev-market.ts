import { MarketMoveRequest, type MarketMoved } from "../../src/contract/price-alerts"
import { requireSession } from "../auth/session"
import { moveMarket } from "../queries/market-move"
import { decodeOrBadRequest, parseJsonBody } from "./body"
import type { ApiRoutes } from "./context"

/**
 * POST /api/dev/market/move (demo mode only; signed in): moves one instrument's synthetic prices
 * by a percentage for everyone (server/queries/market-move.ts), so the demo and the tests can
 * make the market cross an alert's price. `createApp` mounts it when `config.demoMode` is on;
 * off, the path is a 404.
 */
export const devMarketRoutes: ApiRoutes = {
  name: "dev-market",
  mount: (api, deps) => {
    const signedIn = requireSession(deps, { satisfied: true })
    api.post("/dev/market/move", signedIn, async (c) => {
      const body = decodeOrBadRequest(MarketMoveRequest, parseJsonBody(c.get("rawBody")))
      const answer: MarketMoved = await moveMarket(deps.database.db, c.get("session").userId, body, new Date(deps.now()))
      return c.json(answer)
    })
  },
}
