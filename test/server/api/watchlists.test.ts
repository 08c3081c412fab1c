/**
 * Watchlists (issue 36): the default list on the first read, create / rename / reorder / delete,
 * adding and removing instruments, one list's rows with the reference market's prices and a month
 * of closes in one answer, the limits (names, lists, instruments, the last list) and 404 for
 * another user's list ids or an instrument outside the user's partners.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ErrorBody, ErrorCodes } from "../../../src/contract/errors"
import { Watchlist, WatchlistDetail, WatchlistList } from "../../../src/contract/watchlists"
import { MAX_WATCHLIST_INSTRUMENTS, MAX_WATCHLISTS, SPARKLINE_DAYS, WATCHLIST_NAME_MAX } from "../../../src/domain/watchlist"
import { quoteAt } from "../../../server/market/index"
import { decode, GROUP_PARTNERS, OUTSIDE_PARTNER, startApiHarness, type ApiHarness } from "./api-harness"

let h: ApiHarness
beforeAll(async () => {
  h = await startApiHarness()
}, 60_000)
afterAll(() => h?.close())

type User = "demo" | "app" | "new"
const call = async (method: string, path: string, user: User = "demo", body?: unknown, headers: Record<string, string> = {}) =>
  h.send(method, `/api/users/watchlists${path}`, { token: await h.tokenOf(user), body, headers })
const lists = async (user: User = "demo") => decode(WatchlistList, (await call("GET", "", user)).body)
const create = async (name: unknown, user: User = "demo", key: string = crypto.randomUUID()) => call("POST", "", user, { name }, { "Idempotency-Key": key })
const instrumentsOf = (partner: string) =>
  h.database.db
    .selectFrom("instruments")
    .innerJoin("partners", "partners.id", "instruments.partnerId")
    .selectAll("instruments")
    .where("partners.name", "=", partner)
    .orderBy("instruments.symbol")
    .execute()

describe("the default list", () => {
  it("is made on the first read, once, unnamed and empty", async () => {
    const first = await lists("new")
    expect(first).toHaveLength(1)
    expect(first[0]).toMatchObject({ name: null, instrumentIds: [] })
    expect(await lists("new")).toEqual(first)
  })
})

describe("adding, removing and the rows", () => {
  it("adds two instruments, answers their rows with the market's prices and a month of closes, then removes one", async () => {
    const [list] = await lists()
    const [a, b] = await instrumentsOf(GROUP_PARTNERS[0])
    for (const i of [a!, b!]) expect((await call("PUT", `/${list!.id}/instruments/${i.id}`)).status).toBe(200)
    // Adding again changes nothing.
    const again = decode(Watchlist, (await call("PUT", `/${list!.id}/instruments/${a!.id}`)).body)
    expect(again.instrumentIds).toEqual([a!.id, b!.id])

    const detail = decode(WatchlistDetail, (await call("GET", `/${list!.id}`)).body)
    expect(detail.rows.map((r) => r.symbol)).toEqual([a!.symbol, b!.symbol])
    const quote = quoteAt(a!, new Date(h.clock.now()))
    expect(detail.rows[0]).toMatchObject({ instrumentId: a!.id, name: a!.name, last: quote.last, priceChange: quote.priceChange })
    expect(detail.rows[0]!.priceChangePercent).toBe(Number(quote.priceChangePercent))
    expect(detail.rows[0]!.closes).toHaveLength(SPARKLINE_DAYS)
    expect(detail.rows[0]!.closes.at(-1)).toBe(Number(quote.last))

    const removed = decode(Watchlist, (await call("DELETE", `/${list!.id}/instruments/${a!.id}`)).body)
    expect(removed.instrumentIds).toEqual([b!.id])
    expect((await lists())[0]!.instrumentIds).toEqual([b!.id])
  })

  it("answers 404 for an instrument outside the user's partners, and adds nothing", async () => {
    const [list] = await lists()
    const [outside] = await instrumentsOf(OUTSIDE_PARTNER)
    const res = await call("PUT", `/${list!.id}/instruments/${outside!.id}`)
    expect(res.status).toBe(404)
    expect((await lists())[0]!.instrumentIds).not.toContain(outside!.id)
  })
})

describe("another user's list", () => {
  it("answers 404 to every call with its id, and stays as it was", async () => {
    const [theirs] = await lists("app")
    const [i] = await instrumentsOf(GROUP_PARTNERS[0])
    const before = await lists("app")
    for (const [method, path, body] of [
      ["GET", `/${theirs!.id}`],
      ["PATCH", `/${theirs!.id}`, { name: "Mine now" }],
      ["DELETE", `/${theirs!.id}`],
      ["PUT", `/${theirs!.id}/instruments/${i!.id}`],
      ["DELETE", `/${theirs!.id}/instruments/${i!.id}`],
    ] as const) {
      const res = await call(method, path, "demo", body)
      expect(res.status, `${method} ${path}`).toBe(404)
      expect(decode(ErrorBody, res.body).code).toBe(ErrorCodes.notFound)
    }
    expect((await call("PUT", "/order", "demo", { ids: [theirs!.id] })).status).toBe(400)
    expect(await lists("app")).toEqual(before)
  })

  it("answers 404 for a list id that is not a UUID", async () => {
    expect((await call("GET", "/not-a-list")).status).toBe(404)
  })
})

describe("names", () => {
  it("refuses a blank name and one over the maximum with 400 naming the field; trims the rest", async () => {
    for (const name of ["", "   ", "x".repeat(WATCHLIST_NAME_MAX + 1)]) {
      const res = await create(name)
      expect(res.status).toBe(400)
      expect(Object.keys(decode(ErrorBody, res.body).message as Record<string, string>)).toEqual(["name"])
    }
    const made = decode(Watchlist, (await create(`  ${"y".repeat(WATCHLIST_NAME_MAX)}  `)).body)
    expect(made.name).toBe("y".repeat(WATCHLIST_NAME_MAX))
    const renamed = decode(Watchlist, (await call("PATCH", `/${made.id}`, "demo", { name: " Tech " })).body)
    expect(renamed.name).toBe("Tech")
    expect((await call("PATCH", `/${made.id}`, "demo", { name: "" })).status).toBe(400)
    expect((await lists()).find((l) => l.id === made.id)?.name).toBe("Tech")
    expect((await call("DELETE", `/${made.id}`)).status).toBe(200)
  })

  it("creates once per Idempotency-Key", async () => {
    const key = crypto.randomUUID()
    const first = decode(Watchlist, (await create("Once", "demo", key)).body)
    const second = decode(Watchlist, (await create("Once", "demo", key)).body)
    expect(second.id).toBe(first.id)
    expect((await lists()).filter((l) => l.name === "Once")).toHaveLength(1)
    expect((await call("DELETE", `/${first.id}`)).status).toBe(200)
  })
})

describe("order and deleting", () => {
  it("reorders with every id once, refuses anything else, deletes all but the last list", async () => {
    const made = decode(Watchlist, (await create("Second")).body)
    const ids = (await lists()).map((l) => l.id)
    const reversed = [...ids].reverse()
    expect(decode(WatchlistList, (await call("PUT", "/order", "demo", { ids: reversed })).body).map((l) => l.id)).toEqual(reversed)
    expect((await lists()).map((l) => l.id)).toEqual(reversed)
    expect((await call("PUT", "/order", "demo", { ids: [reversed[0]] })).status).toBe(400)
    expect((await call("PUT", "/order", "demo", { ids: [...reversed, reversed[0]] })).status).toBe(400)

    const left = decode(WatchlistList, (await call("DELETE", `/${made.id}`)).body)
    expect(left.map((l) => l.id)).not.toContain(made.id)
    const last = await call("DELETE", `/${left[0]!.id}`)
    expect(last.status).toBe(409)
    expect(decode(ErrorBody, last.body).code).toBe(ErrorCodes.watchlistLast)
    expect(await lists()).toHaveLength(1)
  })
})

describe("limits", () => {
  it(`keeps at most ${MAX_WATCHLISTS} lists (409 with the limit), and ${MAX_WATCHLIST_INSTRUMENTS} instruments on one`, async () => {
    const have = (await lists("new")).length
    for (let n = have; n < MAX_WATCHLISTS; n++) expect((await create(`List ${n}`, "new")).status).toBe(201)
    const over = await create("One too many", "new")
    expect(over.status).toBe(409)
    expect(decode(ErrorBody, over.body)).toMatchObject({ code: ErrorCodes.watchlistTooMany, values: { limit: String(MAX_WATCHLISTS) } })
    expect(await lists("new")).toHaveLength(MAX_WATCHLISTS)

    const visible = (await Promise.all(GROUP_PARTNERS.map(instrumentsOf))).flat()
    expect(visible.length).toBeGreaterThan(MAX_WATCHLIST_INSTRUMENTS)
    const [list] = await lists("new")
    for (const i of visible.slice(0, MAX_WATCHLIST_INSTRUMENTS)) expect((await call("PUT", `/${list!.id}/instruments/${i.id}`, "new")).status).toBe(200)
    const full = await call("PUT", `/${list!.id}/instruments/${visible[MAX_WATCHLIST_INSTRUMENTS]!.id}`, "new")
    expect(full.status).toBe(409)
    expect(decode(ErrorBody, full.body)).toMatchObject({ code: ErrorCodes.watchlistFull, values: { limit: String(MAX_WATCHLIST_INSTRUMENTS) } })
    expect((await lists("new"))[0]!.instrumentIds).toHaveLength(MAX_WATCHLIST_INSTRUMENTS)
  })
})
