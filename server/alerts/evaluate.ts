/**
 * The price-alert evaluation (issue 36, decision 0260): every armed alert is checked against the
 * reference market at `now` (server/market, or a price source a test gives), so an alert fires
 * whether or not its user is signed in. The order engine's pass runs it (server/orders/engine.ts),
 * in every server process.
 *
 * Firing is idempotent across processes: `fireAlert` moves the alert from armed to fired with a
 * conditional UPDATE (... WHERE state = 'armed' AND arm_seq = the arming seen) in one transaction
 * with its firing row (unique per alert and arming) and its inbox notice (`notify`, which mails it
 * when the user has alerts mailed). On PostgreSQL a second process
 * firing the same alert at once waits for the first's row lock, then finds it no longer armed and
 * does nothing; the unique firing row backs that up. Arming again (the user) starts a new arming.
 */
import type { Kysely } from "kysely"
import { priceAlertHolds, type AlertQuote } from "../../src/domain/price-alert"
import type { DB, Row } from "../db/schema"
import { notify } from "../notifications/notify"
import { quoteAt, type MarketInstrument } from "../market/index"

/** Where prices come from: the reference market by default; tests pass a scripted one. */
export type AlertPriceSource = (instrument: MarketInstrument, now: Date) => AlertQuote

/** The reference market's quote (last price, today's change in percent). */
export const marketPrices: AlertPriceSource = (instrument, now) => quoteAt(instrument, now)

/** An armed alert as the evaluation reads it. */
export interface ArmedAlert {
  readonly id: string
  readonly userId: string
  readonly armSeq: number
  readonly condition: Row<"priceAlerts">["condition"]
  readonly threshold: string
  readonly instrumentId: string
  readonly symbol: string
  readonly currency: string
}

/** One firing the evaluation made. */
export interface AlertFiring {
  readonly alertId: string
  readonly armSeq: number
  readonly userId: string
  readonly price: string
}

/**
 * Fires one alert for the arming `alert.armSeq` at `price`, once: the alert is marked fired, the
 * firing recorded and the user notified (inbox, and mail per their preferences), all in one transaction; null when the alert was no longer
 * armed in that arming (another process fired it, the user paused, edited or deleted it).
 */
export const fireAlert = async (db: Kysely<DB>, alert: ArmedAlert, quote: AlertQuote, now: Date): Promise<AlertFiring | null> =>
  db.transaction().execute(async (trx) => {
    const fired = await trx
      .updateTable("priceAlerts")
      .set({ state: "fired", firedAt: now, firedPrice: quote.last })
      .where("id", "=", alert.id)
      .where("state", "=", "armed")
      .where("armSeq", "=", alert.armSeq)
      .where("condition", "=", alert.condition)
      .where("threshold", "=", alert.threshold)
      .returning(["id", "userId", "armSeq"])
      .executeTakeFirst()
    if (!fired) return null
    const firing = await trx
      .insertInto("priceAlertFirings")
      .values({ alertId: fired.id, armSeq: fired.armSeq, userId: fired.userId, price: quote.last, firedAt: now })
      .onConflict((oc) => oc.columns(["alertId", "armSeq"]).doNothing())
      .returning("id")
      .executeTakeFirst()
    if (!firing) return null
    // The notice in the user's inbox, and its mail when the user has alerts mailed (the default).
    await notify(trx, {
      userId: fired.userId,
      kind: "alert-fired",
      dedupeKey: `alert-fired:${fired.id}:${fired.armSeq}`,
      subject: { type: "instrument", id: alert.instrumentId },
      params: {
        symbol: alert.symbol,
        condition: alert.condition,
        threshold: alert.condition === "move" ? `${alert.threshold} %` : alert.threshold,
        price: quote.last,
        currency: alert.currency,
      },
      at: now,
    })
    return { alertId: fired.id, armSeq: fired.armSeq, userId: fired.userId, price: quote.last }
  })

/**
 * Checks every armed alert against the prices at `now` and fires those whose condition holds.
 * Returns the firings this call made (another process may have made others).
 */
export const evaluatePriceAlerts = async (db: Kysely<DB>, now: Date, prices: AlertPriceSource = marketPrices): Promise<AlertFiring[]> => {
  const armed = await db
    .selectFrom("priceAlerts")
    .innerJoin("instruments", "instruments.id", "priceAlerts.instrumentId")
    .select(["priceAlerts.id", "priceAlerts.userId", "priceAlerts.armSeq", "priceAlerts.condition", "priceAlerts.threshold", "priceAlerts.instrumentId"])
    .where("priceAlerts.state", "=", "armed")
    .execute()
  if (armed.length === 0) return []
  const instruments = await db
    .selectFrom("instruments")
    .selectAll()
    .where("id", "in", [...new Set(armed.map((a) => a.instrumentId))])
    .execute()
  const byId = new Map(instruments.map((i) => [i.id, i]))
  const quotes = new Map<string, AlertQuote>()
  const firings: AlertFiring[] = []
  for (const row of armed) {
    const instrument = byId.get(row.instrumentId)
    if (!instrument) continue
    let quote = quotes.get(instrument.id)
    if (!quote) {
      quote = prices(instrument, now)
      quotes.set(instrument.id, quote)
    }
    if (!priceAlertHolds(row.condition, row.threshold, quote)) continue
    const firing = await fireAlert(db, { ...row, symbol: instrument.symbol, currency: instrument.currency }, quote, now)
    if (firing) firings.push(firing)
  }
  return firings
}
