/**
 * Price alerts with two API processes on one PostgreSQL (issue 36, decision 0260): both processes
 * run the order engine's pass, and so evaluate every armed alert, every 500 ms. demo@ sets alerts
 * a little above an instrument's price through both; the demo's market move crosses them; each
 * crossing gives exactly one firing and one mail, though both processes saw it. Arming some again
 * and the price still above gives each a second firing and mail, not a duplicate of the first.
 * Runs in the PostgreSQL pass (DATABASE_URL set).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { add } from "../../../src/domain/decimal"
import { noticeMail } from "../../../server/notifications/mail-texts"
import { DEMO_EMAILS } from "../../../server/db/seed/demo-users"
import { seedId } from "../../../server/db/seed/ids"
import { quoteAt } from "../../../server/market/index"
import { groupPartnersOf } from "../../../server/queries/common"
import type { LiveClient } from "../support/live-server"
import { startTwoProcesses, type TwoProcesses } from "../support/two-processes"

let processes: TwoProcesses | undefined
let a: LiveClient
let b: LiveClient
let token: string

beforeAll(async () => {
  processes = await startTwoProcesses()
  ;({ a, b, token } = processes)
}, 180_000)

afterAll(async () => {
  await processes?.stop()
})

const ALERTS = 20
const REARMED = 5

interface Listed {
  readonly id: string
  readonly state: string
  readonly armSeq: number
}
const alerts = async (client: LiveClient): Promise<ReadonlyArray<Listed>> => {
  const res = await client.call("GET", "/api/users/price-alerts", { token })
  expect(res.status).toBe(200)
  return res.body as ReadonlyArray<Listed>
}

/** Polls until `done` holds (each process's engine runs every 500 ms); fails after 60 s. */
const until = async (what: string, done: () => Promise<boolean>): Promise<void> => {
  const end = Date.now() + 60_000
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`Still waiting for ${what} after 60 s`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** Lets both processes run a few more passes after what was awaited (a duplicate would land then). */
const morePasses = () => new Promise((resolve) => setTimeout(resolve, 2_000))

describe("price alerts on two processes", () => {
  it("one firing and one mail per crossing; arming again gives a second, not a duplicate", async () => {
    const db = processes!.database.db
    const [partner] = await groupPartnersOf(db, seedId("user", "demo"))
    const instrument = await db.selectFrom("instruments").selectAll().where("partnerId", "=", partner!.id).orderBy("symbol").executeTakeFirstOrThrow()
    const threshold = add(quoteAt(instrument, new Date()).last, "0.5")
    for (let i = 0; i < ALERTS; i++) {
      const res = await (i % 2 === 0 ? a : b).call("POST", "/api/users/price-alerts", {
        token,
        body: { instrumentId: instrument.id, condition: "above", threshold },
        headers: { "Idempotency-Key": crypto.randomUUID() },
      })
      expect(res.status).toBe(201)
    }
    expect((await alerts(a)).map((x) => x.state)).toEqual(Array(ALERTS).fill("armed"))

    const moved = await b.call("POST", "/api/dev/market/move", { token, body: { instrumentId: instrument.id, percent: "5" } })
    expect(moved.status).toBe(200)
    await until("every alert to fire", async () => (await alerts(a)).every((x) => x.state === "fired"))
    await morePasses()

    const firings = () => db.selectFrom("priceAlertFirings").select(["alertId", "armSeq"]).where("userId", "=", seedId("user", "demo")).execute()
    const mails = async () =>
      (await db.selectFrom("outbox").select("subject").where("toAddress", "=", DEMO_EMAILS.demo).execute()).filter(
        (m) => m.subject === noticeMail("alert-fired", "en").subject,
      ).length
    expect(await firings()).toHaveLength(ALERTS)
    expect(await mails()).toBe(ALERTS)

    const again = (await alerts(b)).slice(0, REARMED)
    for (const [i, alert] of again.entries()) {
      const res = await (i % 2 === 0 ? b : a).call("PUT", `/api/users/price-alerts/${alert.id}/state`, { token, body: { state: "armed" } })
      expect(res.status).toBe(200)
    }
    await until("the armed-again alerts to fire", async () => (await alerts(b)).every((x) => x.state === "fired"))
    await morePasses()
    const all = await firings()
    expect(all).toHaveLength(ALERTS + REARMED)
    for (const alert of again)
      expect(
        all
          .filter((f) => f.alertId === alert.id)
          .map((f) => f.armSeq)
          .sort(),
      ).toEqual([1, 2])
    expect(await mails()).toBe(ALERTS + REARMED)
  })
})
