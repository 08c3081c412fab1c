/**
 * The demo's market lever (demo mode only; decision 0260): POST /dev/market/move moves one
 * instrument's whole synthetic price path by a percentage, at once and for every user, by scaling
 * its `basePrice` (server/market prices are proportional to it: the walk, its gaps and its
 * intraday path all scale with the level). Quotes, charts, order fills and price alerts read the
 * moved prices from the next request or engine pass on, in every server process. It lets the
 * demo and the tests make the market cross an alert's price deterministically.
 */
import type { Kysely } from "kysely"
import type { MarketMoved, MarketMoveRequest } from "../../src/contract/price-alerts"
import { add, div, mul, round } from "../../src/domain/decimal"
import type { DB } from "../db/schema"
import { quoteAt } from "../market/index"
import { visibleInstrument } from "./instruments"

/** Scales the instrument's price path by (1 + percent / 100); the user must be able to see the instrument. */
export const moveMarket = async (db: Kysely<DB>, userId: string, request: MarketMoveRequest, now: Date): Promise<MarketMoved> => {
  const instrument = await visibleInstrument(db, userId, request.instrumentId)
  const factor = add("1", div(request.percent, "100", 10))
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("instruments").selectAll().where("id", "=", instrument.id).forUpdate().executeTakeFirstOrThrow()
    const basePrice = round(mul(row.basePrice, factor), 6)
    await trx.updateTable("instruments").set({ basePrice }).where("id", "=", row.id).execute()
    // The catalogue is not versioned: touching the positions in the instrument bumps their accounts'
    // versions (migration 0019's triggers), so no kept account answer shows the old prices.
    await trx
      .updateTable("positions")
      .set((eb) => ({ instrumentId: eb.ref("instrumentId") }))
      .where("instrumentId", "=", row.id)
      .execute()
    return { instrumentId: row.id, before: quoteAt(row, now).last, after: quoteAt({ ...row, basePrice }, now).last }
  })
}
