/**
 * Price alerts (issue 36, decision 0260): create, list, edit, pause, arm again, delete; 404 for
 * another user's alert or an instrument outside the user's partners; a threshold refused by field;
 * at most 50 armed alerts (the 51st refused, in words the app translates by code); the server's
 * evaluation fires an alert once per arming (the mail in the outbox), arming it again lets the
 * next crossing fire again; the demo's market move crosses an alert on the reference market.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ErrorBody, ErrorCodes } from "../../../src/contract/errors"
import { MarketMoved, PriceAlert, PriceAlertList } from "../../../src/contract/price-alerts"
import { add } from "../../../src/domain/decimal"
import { MAX_ACTIVE_PRICE_ALERTS } from "../../../src/domain/price-alert"
import { DEMO_EMAILS } from "../../../server/db/seed/demo-users"
import { evaluatePriceAlerts, type AlertPriceSource } from "../../../server/alerts/evaluate"
import { noticeMail } from "../../../server/notifications/mail-texts"
import { quoteAt } from "../../../server/market/index"
import { decode, GROUP_PARTNERS, OUTSIDE_PARTNER, SEEDED, startApiHarness, type ApiHarness } from "./api-harness"

let h: ApiHarness
beforeAll(async () => {
  h = await startApiHarness()
}, 60_000)
afterAll(() => h?.close())

type User = "demo" | "app" | "new"
const call = async (method: string, path: string, user: User = "demo", body?: unknown, headers: Record<string, string> = {}) =>
  h.send(method, `/api/users/price-alerts${path}`, { token: await h.tokenOf(user), body, headers })
const create = async (body: unknown, user: User = "demo", key: string = crypto.randomUUID()) => call("POST", "", user, body, { "Idempotency-Key": key })
const list = async (user: User = "demo") => decode(PriceAlertList, (await call("GET", "", user)).body)
const instrumentsOf = (partner: string) =>
  h.database.db
    .selectFrom("instruments")
    .innerJoin("partners", "partners.id", "instruments.partnerId")
    .selectAll("instruments")
    .where("partners.name", "=", partner)
    .orderBy("instruments.symbol")
    .execute()
const now = () => new Date(h.clock.now())
/** A price source that answers `last` for every instrument (and no move today). */
const pricedAt =
  (last: string): AlertPriceSource =>
  () => ({ last, priceChangePercent: "0" })
const firingsOf = (alertId: string) => h.database.db.selectFrom("priceAlertFirings").selectAll().where("alertId", "=", alertId).orderBy("armSeq").execute()
const removeAll = async (user: User) => {
  for (const alert of await list(user)) expect((await call("DELETE", `/${alert.id}`, user)).status).toBe(200)
}

describe("an alert's life", () => {
  it("is created armed, listed, edited, paused, armed again and deleted", async () => {
    const [instrument] = await instrumentsOf(GROUP_PARTNERS[0])
    const key = crypto.randomUUID()
    const res = await create({ instrumentId: instrument!.id, condition: "above", threshold: "123.40" }, "demo", key)
    expect(res.status).toBe(201)
    const alert = decode(PriceAlert, res.body)
    expect(alert).toMatchObject({ instrumentId: instrument!.id, symbol: instrument!.symbol, condition: "above", threshold: "123.4", state: "armed", armSeq: 1 })
    // The same intent sent again makes no second alert.
    expect((await create({ instrumentId: instrument!.id, condition: "above", threshold: "123.40" }, "demo", key)).body).toEqual(res.body)
    expect((await list()).filter((a) => a.id === alert.id)).toHaveLength(1)

    const edited = decode(PriceAlert, (await call("PATCH", `/${alert.id}`, "demo", { condition: "move", threshold: "5" })).body)
    expect(edited).toMatchObject({ condition: "move", threshold: "5", state: "armed", armSeq: 1 })
    const paused = decode(PriceAlert, (await call("PUT", `/${alert.id}/state`, "demo", { state: "paused" })).body)
    expect(paused.state).toBe("paused")
    const armed = decode(PriceAlert, (await call("PUT", `/${alert.id}/state`, "demo", { state: "armed" })).body)
    expect(armed).toMatchObject({ state: "armed", armSeq: 2 })
    // Arming an armed alert changes nothing.
    expect(decode(PriceAlert, (await call("PUT", `/${alert.id}/state`, "demo", { state: "armed" })).body).armSeq).toBe(2)

    const left = decode(PriceAlertList, (await call("DELETE", `/${alert.id}`)).body)
    expect(left.map((a) => a.id)).not.toContain(alert.id)
    expect((await call("GET", "")).status).toBe(200)
  })

  it("refuses a bad threshold by field and keeps nothing", async () => {
    const [instrument] = await instrumentsOf(GROUP_PARTNERS[0])
    const before = (await list()).length
    for (const [condition, threshold] of [
      ["above", "0"],
      ["below", "-3"],
      ["above", "1.234"],
      ["move", "150"],
      ["above", "abc"],
    ] as const) {
      const res = await create({ instrumentId: instrument!.id, condition, threshold })
      expect(res.status, `${condition} ${threshold}`).toBe(400)
      const body = decode(ErrorBody, res.body)
      expect(body.code).toBe(ErrorCodes.badRequest)
      expect(Object.keys(body.message as object)).toEqual(["threshold"])
    }
    expect((await create({ instrumentId: instrument!.id, condition: "sideways", threshold: "3" })).status).toBe(400)
    expect(await list()).toHaveLength(before)
  })
})

describe("scope", () => {
  it("answers 404 for another user's alert and for an instrument outside the user's partners", async () => {
    const [instrument] = await instrumentsOf(GROUP_PARTNERS[0])
    const mine = decode(PriceAlert, (await create({ instrumentId: instrument!.id, condition: "below", threshold: "1" })).body)
    for (const [method, path, body] of [
      ["PATCH", `/${mine.id}`, { condition: "below", threshold: "2" }],
      ["PUT", `/${mine.id}/state`, { state: "paused" }],
      ["DELETE", `/${mine.id}`, undefined],
    ] as const) {
      const res = await call(method, path, "app", body)
      expect(res.status, `${method} ${path}`).toBe(404)
      expect(decode(ErrorBody, res.body).code).toBe(ErrorCodes.notFound)
    }
    expect((await list("app")).map((a) => a.id)).not.toContain(mine.id)
    expect((await call("PATCH", "/not-a-uuid", "demo", { condition: "below", threshold: "2" })).status).toBe(404)
    const [outside] = await instrumentsOf(OUTSIDE_PARTNER)
    expect((await create({ instrumentId: outside!.id, condition: "above", threshold: "1" })).status).toBe(404)
    // Still the demo user's, unchanged.
    expect((await list()).find((a) => a.id === mine.id)).toMatchObject({ state: "armed", threshold: "1" })
    await removeAll("demo")
  })
})

describe("the limit of armed alerts", () => {
  it(`refuses the ${MAX_ACTIVE_PRICE_ALERTS + 1}st armed alert, and arming a paused one past it; paused ones do not count`, async () => {
    const [instrument] = await instrumentsOf(GROUP_PARTNERS[1])
    const made: PriceAlert[] = []
    for (let i = 0; i < MAX_ACTIVE_PRICE_ALERTS; i++) {
      const res = await create({ instrumentId: instrument!.id, condition: "above", threshold: String(100_000 + i) }, "new")
      expect(res.status).toBe(201)
      made.push(decode(PriceAlert, res.body))
    }
    const refused = await create({ instrumentId: instrument!.id, condition: "above", threshold: "99999" }, "new")
    expect(refused.status).toBe(409)
    expect(decode(ErrorBody, refused.body)).toMatchObject({ code: ErrorCodes.priceAlertTooMany, values: { limit: String(MAX_ACTIVE_PRICE_ALERTS) } })
    expect(await list("new")).toHaveLength(MAX_ACTIVE_PRICE_ALERTS)

    // Pausing one makes room; arming it again past the limit is refused.
    expect((await call("PUT", `/${made[0]!.id}/state`, "new", { state: "paused" })).status).toBe(200)
    expect((await create({ instrumentId: instrument!.id, condition: "below", threshold: "1" }, "new")).status).toBe(201)
    const rearm = await call("PUT", `/${made[0]!.id}/state`, "new", { state: "armed" })
    expect(rearm.status).toBe(409)
    expect(decode(ErrorBody, rearm.body).code).toBe(ErrorCodes.priceAlertTooMany)
    expect((await list("new")).find((a) => a.id === made[0]!.id)?.state).toBe("paused")
    await removeAll("new")
  })
})

describe("the market move", () => {
  it("gives every account holding the instrument a new version, so no kept account answer shows the old prices", async () => {
    const db = h.database.db
    const held = await db
      .selectFrom("positions")
      .select(["instrumentId", "accountId"])
      .where("accountId", "=", SEEDED.accounts.demoUsd)
      .executeTakeFirstOrThrow()
    const versionOf = () => db.selectFrom("accountVersions").select("version").where("accountId", "=", held.accountId).executeTakeFirstOrThrow()
    const before = (await versionOf()).version
    const moved = await h.send("POST", "/api/dev/market/move", { token: await h.tokenOf("demo"), body: { instrumentId: held.instrumentId, percent: "1" } })
    expect(moved.status).toBe(200)
    expect((await versionOf()).version).not.toBe(before)
  })
})

describe("firing", () => {
  it("fires once per arming, mails the user, and fires again after arming again", async () => {
    const [instrument] = await instrumentsOf(GROUP_PARTNERS[0])
    const alert = decode(PriceAlert, (await create({ instrumentId: instrument!.id, condition: "above", threshold: "150" })).body)
    const mails = async () => (await h.mailbox(DEMO_EMAILS.demo)).filter((m) => m.subject === noticeMail("alert-fired", "en").subject)
    const mailsBefore = (await mails()).length

    expect(await evaluatePriceAlerts(h.database.db, now(), pricedAt("149.99"))).toEqual([])
    const fired = await evaluatePriceAlerts(h.database.db, now(), pricedAt("150.00"))
    expect(fired).toEqual([{ alertId: alert.id, armSeq: 1, userId: SEEDED.users.demo, price: "150.00" }])
    // Evaluated again, twice at once: the crossing was told already.
    expect(await Promise.all([1, 2].map(() => evaluatePriceAlerts(h.database.db, now(), pricedAt("151.00"))))).toEqual([[], []])
    expect(await firingsOf(alert.id)).toHaveLength(1)
    expect((await list()).find((a) => a.id === alert.id)).toMatchObject({ state: "fired", firedPrice: "150", armSeq: 1 })
    expect((await mails()).length).toBe(mailsBefore + 1)
    // One notice in the inbox for the crossing, about the instrument, with the price it fired at.
    const notices = await h.database.db.selectFrom("notifications").selectAll().where("dedupeKey", "like", `alert-fired:${alert.id}:%`).execute()
    expect(notices.map((n) => [n.dedupeKey, n.subject, n.params.symbol, n.params.price])).toEqual([
      [`alert-fired:${alert.id}:1`, { type: "instrument", id: instrument!.id }, instrument!.symbol, "150.00"],
    ])

    expect((await call("PUT", `/${alert.id}/state`, "demo", { state: "armed" })).status).toBe(200)
    const second = await evaluatePriceAlerts(h.database.db, now(), pricedAt("152.00"))
    expect(second).toEqual([{ alertId: alert.id, armSeq: 2, userId: SEEDED.users.demo, price: "152.00" }])
    expect((await firingsOf(alert.id)).map((f) => f.armSeq)).toEqual([1, 2])
    expect((await mails()).length).toBe(mailsBefore + 2)
    expect(await h.database.db.selectFrom("notifications").select("id").where("dedupeKey", "like", `alert-fired:${alert.id}:%`).execute()).toHaveLength(2)
    await removeAll("demo")
  })

  it("a paused alert and a daily move below its percentage do not fire; a move past it does", async () => {
    const [instrument] = await instrumentsOf(GROUP_PARTNERS[0])
    const paused = decode(PriceAlert, (await create({ instrumentId: instrument!.id, condition: "below", threshold: "500" })).body)
    await call("PUT", `/${paused.id}/state`, "demo", { state: "paused" })
    const move = decode(PriceAlert, (await create({ instrumentId: instrument!.id, condition: "move", threshold: "4" })).body)
    expect(await evaluatePriceAlerts(h.database.db, now(), () => ({ last: "100.00", priceChangePercent: "-3.99" }))).toEqual([])
    const fired = await evaluatePriceAlerts(h.database.db, now(), () => ({ last: "100.00", priceChangePercent: "-4.00" }))
    expect(fired.map((f) => f.alertId)).toEqual([move.id])
    await removeAll("demo")
  })

  it("the demo's market move crosses an alert a little above the price on the reference market", async () => {
    const [instrument] = await instrumentsOf(GROUP_PARTNERS[2])
    const last = quoteAt(instrument!, now()).last
    const threshold = add(last, "1")
    const alert = decode(PriceAlert, (await create({ instrumentId: instrument!.id, condition: "above", threshold })).body)
    expect(await evaluatePriceAlerts(h.database.db, now())).toEqual([])
    const moved = await h.send("POST", "/api/dev/market/move", { token: await h.tokenOf("demo"), body: { instrumentId: instrument!.id, percent: "10" } })
    expect(moved.status).toBe(200)
    const answer = decode(MarketMoved, moved.body)
    expect(answer.before).toBe(last)
    expect(Number(answer.after)).toBeGreaterThan(Number(threshold))
    // Every reader of the market sees the moved price: the quote call, and the evaluation.
    const quote = await h.send("GET", `/api/instruments/${instrument!.id}`, { token: await h.tokenOf("demo") })
    expect(JSON.stringify(quote.body)).toContain(answer.after)
    const fired = await evaluatePriceAlerts(h.database.db, now())
    expect(fired).toEqual([{ alertId: alert.id, armSeq: 1, userId: SEEDED.users.demo, price: answer.after }])
    // Moved back by the inverse, the next users see the old prices again (within a cent of rounding).
    const back = decode(
      MarketMoved,
      (await h.send("POST", "/api/dev/market/move", { token: await h.tokenOf("demo"), body: { instrumentId: instrument!.id, percent: "-9.0909090909" } })).body,
    )
    expect(Math.abs(Number(back.after) - Number(last))).toBeLessThanOrEqual(0.01)
    await removeAll("demo")
  })
})
