import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import type { WatchlistDetail } from "../../src/contract/watchlists"
import { Watchlists } from "../../src/services/watchlists.service"
import { header, json } from "./test-server"
import { useTestRuntime } from "./test-runtime"

const LIST = "6f1c2a9e-3d4b-4c8a-9e1f-0a2b3c4d5e6f"
const INSTRUMENT = "0a2b3c4d-3d4b-4c8a-9e1f-6f1c2a9e5e6f"
const detail: WatchlistDetail = {
  id: LIST,
  name: null,
  instrumentIds: [INSTRUMENT],
  rows: [
    {
      instrumentId: INSTRUMENT,
      symbol: "ACME",
      name: "Acme Corp",
      currency: "USD",
      last: "101.25",
      priceChange: "-1.50",
      priceChangePercent: -1.46,
      closes: [100, 102.5, 101.25],
    },
  ],
}

const { setup } = useTestRuntime()

describe("Watchlists", () => {
  it("reads one list's rows with prices and closes in one GET", async () => {
    const { server, runtime } = await setup({ [`/api/users/watchlists/${LIST}`]: () => json(200, detail) })
    expect(await runtime.runPromise(Watchlists.use((w) => w.detail(LIST)))).toEqual(detail)
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([`GET /api/users/watchlists/${LIST}`])
  })

  it("creates a list under the intent's Idempotency-Key, renames and reorders without one", async () => {
    const made = { id: LIST, name: "Tech", instrumentIds: [] }
    const { server, runtime } = await setup({
      "/api/users/watchlists": () => json(201, made),
      [`/api/users/watchlists/${LIST}`]: () => json(200, { ...made, name: "Banks" }),
      "/api/users/watchlists/order": () => json(200, [made]),
    })
    expect(await runtime.runPromise(Watchlists.use((w) => w.create("Tech", "key-1")))).toEqual(made)
    expect(await runtime.runPromise(Watchlists.use((w) => w.rename(LIST, "Banks")))).toEqual({ ...made, name: "Banks" })
    expect(await runtime.runPromise(Watchlists.use((w) => w.reorder([LIST])))).toEqual([made])
    const [create, rename, reorder] = server.requests
    expect([create!.method, JSON.parse(create!.body), header(create!, "idempotency-key")]).toEqual(["POST", { name: "Tech" }, "key-1"])
    expect([rename!.method, JSON.parse(rename!.body), header(rename!, "idempotency-key")]).toEqual(["PATCH", { name: "Banks" }, undefined])
    expect([reorder!.method, JSON.parse(reorder!.body)]).toEqual(["PUT", { ids: [LIST] }])
  })

  it("adds and removes an instrument with PUT and DELETE on its path", async () => {
    const path = `/api/users/watchlists/${LIST}/instruments/${INSTRUMENT}`
    const { server, runtime } = await setup({ [path]: (r) => json(200, { id: LIST, name: null, instrumentIds: r.method === "PUT" ? [INSTRUMENT] : [] }) })
    expect((await runtime.runPromise(Watchlists.use((w) => w.addInstrument(LIST, INSTRUMENT)))).instrumentIds).toEqual([INSTRUMENT])
    expect((await runtime.runPromise(Watchlists.use((w) => w.removeInstrument(LIST, INSTRUMENT)))).instrumentIds).toEqual([])
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([`PUT ${path}`, `DELETE ${path}`])
  })

  it("fails with the server's code and limit past the most lists", async () => {
    const refusal = { statusCode: 409, code: "watchlist.too_many", error: "You already have 10 watchlists, the most allowed.", values: { limit: "10" } }
    const { runtime } = await setup({ "/api/users/watchlists": () => json(409, refusal) })
    const failure = await runtime.runPromise(Effect.flip(Watchlists.use((w) => w.create("One more", "key-2"))))
    expect(failure).toMatchObject({ _tag: "ApiError", status: 409, code: "watchlist.too_many", values: { limit: "10" } })
  })
})
