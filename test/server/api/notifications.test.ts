/**
 * The notification inbox (issue 36): producers write one notice per event (an order that fills,
 * a cancel, a bank account added and deleted, a sign-in from a new device), `notify` dedupes by
 * key and mails by the user's choice in their language, the list pages and filters, marking read
 * one or all, and 404 for another user's notice ids.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { NotificationPage, NotificationPreferences, UnreadCount, type Notification } from "../../../src/contract/notifications"
import { nubanFor } from "../../../src/domain/nuban"
import { DEMO_EMAILS } from "../../../server/db/seed/demo-users"
import { BANKS } from "../../../server/db/seed/world"
import { NOTICE_MAIL_TEXTS } from "../../../server/notifications/mail-texts"
import { notify } from "../../../server/notifications/notify"
import { advanceOrders } from "../../../server/orders/engine"
import { decode, SEEDED, startApiHarness, type ApiHarness } from "./api-harness"

let h: ApiHarness
beforeAll(async () => {
  h = await startApiHarness()
}, 60_000)
afterAll(() => h?.close())

type User = "demo" | "app" | "new"
const call = async (method: string, path: string, user: User = "demo", body?: unknown) =>
  h.send(method, `/api/users${path}`, { token: await h.tokenOf(user), body })
const page = async (query = "", user: User = "demo") => {
  const res = await call("GET", `/notifications${query}`, user)
  expect(res.status).toBe(200)
  return decode(NotificationPage, res.body)
}
const unread = async (user: User = "demo") => decode(UnreadCount, (await call("GET", "/notifications/unread", user)).body).unread
const newest = async (kind: string, user: User = "demo"): Promise<Notification | undefined> => (await page(`?kind=${kind}`, user)).items[0]

describe("producers", () => {
  it("a sign-in that completes on a device never seen leaves one notice naming the browser", async () => {
    await h.tokenOf("new")
    const notice = await newest("new-device-sign-in", "new")
    expect(notice).toMatchObject({ kind: "new-device-sign-in", subject: { type: "session" }, readAt: null })
    // Mailed by default, in English, naming the kind and none of the values.
    const [mail] = await h.mailbox(DEMO_EMAILS.new)
    expect(mail?.subject).toBe(`Chartfolio: ${NOTICE_MAIL_TEXTS.en.titles["new-device-sign-in"]}`)
  })

  it("an order that fills leaves one notice linking to its portfolio's orders, even when the engine passes twice", async () => {
    const instrument = await h.database.db
      .selectFrom("positions")
      .select("instrumentId")
      .where("accountId", "=", SEEDED.accounts.demoUsd)
      .executeTakeFirstOrThrow()
    const placed = await h.send("POST", "/api/users/order", {
      token: await h.tokenOf("demo"),
      body: { accountId: SEEDED.accounts.demoUsd, instrumentId: instrument.instrumentId, side: "BUY", type: "MARKET", amount: "100" },
      headers: { "Idempotency-Key": crypto.randomUUID() },
    })
    expect(placed.status).toBe(200)
    for (let i = 0; i < 3; i++) {
      h.clock.advance(1_500)
      await advanceOrders(h.database.db, h.clock.now())
    }
    const filled = (await page("?kind=order-filled")).items
    expect(filled).toHaveLength(1)
    expect(filled[0]).toMatchObject({ subject: { type: "order", accountId: SEEDED.accounts.demoUsd }, params: { side: "BUY", currency: "USD" } })
    expect(Number(filled[0]!.params.quantity)).toBeGreaterThan(0)
  })

  it("a bank account added and deleted leaves a notice each, with the last four digits only", async () => {
    const token = await h.tokenOf("app")
    const accountNumber = nubanFor(BANKS.find((b) => b.ref === "LCB")!.code, "987654321")!
    const body = { bankRef: "LCB", bankName: "x", accountNumber, accountName: "x", accountType: "Saving", currency: "NGN" }
    await h.stepUp("app") // a fresh code before a bank account is added (issue 35)
    const added = await h.send("POST", "/api/users/bank-account", { token, body, headers: { "Idempotency-Key": crypto.randomUUID() } })
    expect(added.status).toBe(201)
    const notice = await newest("bank-account-added", "app")
    expect(notice?.params.last4).toBe(accountNumber.slice(-4))
    expect(JSON.stringify(notice)).not.toContain(accountNumber)
    expect((await call("DELETE", `/bank-account/${notice!.subject.id}`, "app")).status).toBe(200)
    expect((await newest("bank-account-deleted", "app"))?.subject.id).toBe(notice!.subject.id)
  })
})

describe("notify", () => {
  it("writes once per dedupe key, even for two writers at once, and mails once", async () => {
    const userId = SEEDED.users.demo
    const mailsBefore = (await h.mailbox(DEMO_EMAILS.demo)).length
    const input = {
      userId,
      kind: "alert-fired",
      dedupeKey: `alert-fired:test-${crypto.randomUUID()}`,
      subject: { type: "instrument", id: crypto.randomUUID() },
      params: { symbol: "ACME", condition: "above", threshold: "10.00", price: "10.50", currency: "USD" },
    } as const
    await Promise.all([h.database.db.transaction().execute((trx) => notify(trx, input)), h.database.db.transaction().execute((trx) => notify(trx, input))])
    await notify(h.database.db, input)
    const rows = await h.database.db.selectFrom("notifications").select("id").where("dedupeKey", "=", input.dedupeKey).execute()
    expect(rows).toHaveLength(1)
    expect(await h.mailbox(DEMO_EMAILS.demo)).toHaveLength(mailsBefore + 1)
  })

  it("mails only the kinds the user chose, in the language they saved", async () => {
    const saved = await call("PUT", "/notification-preferences", "demo", { mail: ["order-cancelled"], language: "de" })
    expect(decode(NotificationPreferences, saved.body)).toEqual({ mail: ["order-cancelled"], language: "de" })
    const mailsBefore = (await h.mailbox(DEMO_EMAILS.demo)).length
    const base = { userId: SEEDED.users.demo, subject: { type: "order", id: crypto.randomUUID(), accountId: SEEDED.accounts.demoUsd } } as const
    await notify(h.database.db, { ...base, kind: "order-rejected", dedupeKey: `t-${crypto.randomUUID()}`, params: { side: "BUY", symbol: "X" } })
    await notify(h.database.db, { ...base, kind: "order-cancelled", dedupeKey: `t-${crypto.randomUUID()}`, params: { side: "BUY", symbol: "X" } })
    const mails = await h.mailbox(DEMO_EMAILS.demo)
    expect(mails).toHaveLength(mailsBefore + 1)
    expect(mails[0]?.subject).toBe(`Chartfolio: ${NOTICE_MAIL_TEXTS.de.titles["order-cancelled"]}`)
    // Back to the defaults for the other tests.
    await call("PUT", "/notification-preferences", "demo", { mail: ["alert-fired"], language: "en" })
  })

  it("refuses a preference naming an unknown kind or one twice (400), keeping the saved one", async () => {
    for (const mail of [["nope"], ["alert-fired", "alert-fired"]])
      expect((await call("PUT", "/notification-preferences", "demo", { mail, language: "en" })).status).toBe(400)
    expect((await call("PUT", "/notification-preferences", "demo", { mail: [], language: "xx" })).status).toBe(400)
    expect(decode(NotificationPreferences, (await call("GET", "/notification-preferences")).body).mail).toEqual(["alert-fired"])
  })
})

describe("the list and marking read", () => {
  it("pages newest first, filters by kind, and refuses an unknown kind", async () => {
    for (let i = 0; i < 3; i++)
      await notify(h.database.db, {
        userId: SEEDED.users.demo,
        kind: "withdrawal-completed",
        dedupeKey: `t-${crypto.randomUUID()}`,
        subject: { type: "withdrawal", id: `W${i}`, accountId: SEEDED.accounts.demoNgn },
        params: { amount: `${i + 1}.00`, currency: "NGN", ref: `W${i}` },
        at: new Date(h.clock.now() + i * 1000),
      })
    const first = await page("?kind=withdrawal-completed&limit=2")
    expect(first.items.map((n) => n.subject.id)).toEqual(["W2", "W1"])
    expect(first.more).toBe(true)
    const next = await page(`?kind=withdrawal-completed&limit=2&before=${first.items[1]!.id}`)
    expect(next.items.map((n) => n.subject.id)).toEqual(["W0"])
    expect(next.more).toBe(false)
    expect((await call("GET", "/notifications?kind=nope")).status).toBe(400)
    expect((await call("GET", "/notifications?limit=0")).status).toBe(400)
  })

  it("marks one read (the count drops by one, again changes nothing), then all", async () => {
    const before = await unread()
    expect(before).toBeGreaterThan(1)
    const [one] = (await page()).items.filter((n) => n.readAt === null)
    const res = await call("PATCH", `/notifications/${one!.id}/read`)
    expect(decode(UnreadCount, res.body).unread).toBe(before - 1)
    expect(decode(UnreadCount, (await call("PATCH", `/notifications/${one!.id}/read`)).body).unread).toBe(before - 1)
    expect((await page()).items.find((n) => n.id === one!.id)?.readAt).not.toBeNull()
    expect(decode(UnreadCount, (await call("PUT", "/notifications/read")).body).unread).toBe(0)
    expect(await unread()).toBe(0)
  })

  it("answers 404 for another user's notice id, an unknown one or one that is not an id, and never lists another user's", async () => {
    const theirs = (await page("", "new")).items[0]!
    expect((await call("PATCH", `/notifications/${theirs.id}/read`, "demo")).status).toBe(404)
    expect((await call("GET", `/notifications?before=${theirs.id}`, "demo")).status).toBe(404)
    expect((await call("PATCH", `/notifications/${crypto.randomUUID()}/read`)).status).toBe(404)
    expect((await call("PATCH", "/notifications/not-an-id/read")).status).toBe(404)
    expect((await page("?limit=50")).items.some((n) => n.id === theirs.id)).toBe(false)
    expect((await page("", "new")).items[0]!.readAt).toBeNull()
  })
})
