/**
 * Price alerts (issue 36, decision 0260): each user's alerts, scoped to the signed-in user (another
 * user's alert id, an unknown or non-UUID id, and an instrument the user cannot see answer 404).
 * Changes that may arm an alert run in a transaction holding the user's row, so two requests at
 * once cannot pass MAX_ACTIVE_PRICE_ALERTS together. Firing is server/alerts/evaluate.ts's.
 */
import { sql, type Kysely, type Transaction } from "kysely"
import type { CreatePriceAlertRequest, EditPriceAlertRequest, PriceAlert, PriceAlertList } from "../../src/contract/price-alerts"
import { ErrorCodes } from "../../src/contract/errors"
import { normalise } from "../../src/domain/decimal"
import { armsAnother, MAX_ACTIVE_PRICE_ALERTS, MAX_PRICE_ALERTS, type PriceAlertSettableState } from "../../src/domain/price-alert"
import { isUuid } from "../auth/users"
import type { DB } from "../db/schema"
import { ApiError, ApiErrors } from "../http/errors"
import { visibleInstrument } from "./instruments"

export const PRICE_ALERT_NOT_FOUND = "No such price alert."
export const TOO_MANY_ACTIVE_ALERTS = `You already have ${MAX_ACTIVE_PRICE_ALERTS} active price alerts, the most allowed. Pause or delete one first.`
export const TOO_MANY_ALERTS = `You already keep ${MAX_PRICE_ALERTS} price alerts, the most allowed. Delete one first.`

type Db = Kysely<DB> | Transaction<DB>

const iso = (value: string | Date | null): string | null => (value === null ? null : new Date(value).toISOString())

/** The user's alerts joined with their instruments, newest first (one alert with `id`). */
const alertsOf = async (db: Db, userId: string, id?: string): Promise<PriceAlert[]> => {
  let query = db
    .selectFrom("priceAlerts")
    .innerJoin("instruments", "instruments.id", "priceAlerts.instrumentId")
    .select([
      "priceAlerts.id",
      "priceAlerts.instrumentId",
      "instruments.symbol",
      "instruments.name",
      "instruments.currency",
      "priceAlerts.condition",
      "priceAlerts.threshold",
      "priceAlerts.state",
      "priceAlerts.armSeq",
      "priceAlerts.firedAt",
      "priceAlerts.firedPrice",
      "priceAlerts.createdAt",
    ])
    .where("priceAlerts.userId", "=", userId)
    .orderBy("priceAlerts.createdAt", "desc")
    .orderBy("priceAlerts.id", "desc")
  if (id !== undefined) query = query.where("priceAlerts.id", "=", id)
  return (await query.execute()).map((r) => ({
    ...r,
    threshold: normalise(r.threshold),
    firedAt: iso(r.firedAt),
    firedPrice: r.firedPrice === null ? null : normalise(r.firedPrice),
    createdAt: iso(r.createdAt) ?? "",
  }))
}

/** The user's alert with this id, else 404 (also for a non-UUID id or another user's alert). */
const ownAlert = async (db: Db, userId: string, id: string): Promise<PriceAlert> => {
  const alert = isUuid(id) ? (await alertsOf(db, userId, id))[0] : undefined
  if (!alert) throw ApiErrors.notFound(PRICE_ALERT_NOT_FOUND)
  return alert
}

/** Runs `work` in a transaction holding the user's row (the limits are counted under it). */
const forUser = <T>(db: Kysely<DB>, userId: string, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> =>
  db.transaction().execute(async (trx) => {
    await trx.selectFrom("users").select("id").where("id", "=", userId).forUpdate().executeTakeFirstOrThrow()
    return work(trx)
  })

const countOf = async (db: Db, userId: string, armedOnly: boolean): Promise<number> => {
  let query = db
    .selectFrom("priceAlerts")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("userId", "=", userId)
  if (armedOnly) query = query.where("state", "=", "armed")
  return Number((await query.executeTakeFirstOrThrow()).n)
}

const refuseArmingPastLimit = async (db: Db, userId: string): Promise<void> => {
  if ((await countOf(db, userId, true)) >= MAX_ACTIVE_PRICE_ALERTS)
    throw new ApiError(409, ErrorCodes.priceAlertTooMany, TOO_MANY_ACTIVE_ALERTS, undefined, { limit: String(MAX_ACTIVE_PRICE_ALERTS) })
}

/** GET /users/price-alerts: every alert of the user, newest first. */
export const listPriceAlerts = (db: Kysely<DB>, userId: string): Promise<PriceAlertList> => alertsOf(db, userId)

/** POST /users/price-alerts: a new armed alert; 409 past MAX_ACTIVE_PRICE_ALERTS armed or MAX_PRICE_ALERTS in all. */
export const createPriceAlert = async (db: Kysely<DB>, userId: string, request: CreatePriceAlertRequest): Promise<PriceAlert> => {
  const instrument = await visibleInstrument(db, userId, request.instrumentId)
  return forUser(db, userId, async (trx) => {
    await refuseArmingPastLimit(trx, userId)
    if ((await countOf(trx, userId, false)) >= MAX_PRICE_ALERTS)
      throw new ApiError(409, ErrorCodes.priceAlertTooManyKept, TOO_MANY_ALERTS, undefined, { limit: String(MAX_PRICE_ALERTS) })
    const row = await trx
      .insertInto("priceAlerts")
      .values({ userId, instrumentId: instrument.id, condition: request.condition, threshold: normalise(request.threshold), state: "armed" })
      .returning("id")
      .executeTakeFirstOrThrow()
    return ownAlert(trx, userId, row.id)
  })
}

/** PATCH /users/price-alerts/:id: the new condition and threshold; the state stays as it is. */
export const editPriceAlert = (db: Kysely<DB>, userId: string, id: string, request: EditPriceAlertRequest): Promise<PriceAlert> =>
  forUser(db, userId, async (trx) => {
    const alert = await ownAlert(trx, userId, id)
    await trx
      .updateTable("priceAlerts")
      .set({ condition: request.condition, threshold: normalise(request.threshold) })
      .where("id", "=", alert.id)
      .execute()
    return ownAlert(trx, userId, alert.id)
  })

/**
 * PUT /users/price-alerts/:id/state: arm (a fired or paused alert starts a new arming, so its next
 * crossing fires again) or pause. Setting the state it already has changes nothing. Arming past
 * MAX_ACTIVE_PRICE_ALERTS is 409.
 */
export const setPriceAlertState = (db: Kysely<DB>, userId: string, id: string, state: PriceAlertSettableState): Promise<PriceAlert> =>
  forUser(db, userId, async (trx) => {
    const alert = await ownAlert(trx, userId, id)
    if (alert.state === state) return alert
    if (armsAnother(alert.state, state)) await refuseArmingPastLimit(trx, userId)
    await trx
      .updateTable("priceAlerts")
      .set(state === "armed" ? { state, armSeq: sql<number>`arm_seq + 1` } : { state })
      .where("id", "=", alert.id)
      // A firing that landed since the read wins: the answer shows the alert fired.
      .where("state", "=", alert.state)
      .execute()
    return ownAlert(trx, userId, alert.id)
  })

/** DELETE /users/price-alerts/:id: the alerts left. */
export const deletePriceAlert = (db: Kysely<DB>, userId: string, id: string): Promise<PriceAlertList> =>
  forUser(db, userId, async (trx) => {
    const alert = await ownAlert(trx, userId, id)
    await trx.deleteFrom("priceAlerts").where("id", "=", alert.id).execute()
    return alertsOf(trx, userId)
  })
