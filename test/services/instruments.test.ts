import { describe, expect, it } from "vitest"
import { createActor, SimulatedClock, waitFor } from "xstate"
import type { Instrument, InstrumentSummary } from "../../src/contract/instruments"
import { instrumentSearchMachine, SEARCH_DEBOUNCE_MS, type InstrumentSearchRequest } from "../../src/machines/instrument-search.machine"
import { actorCall } from "./actor-call"
import { Instruments } from "../../src/services/instruments.service"
import { json, type Routes } from "./test-server"
import { useTestRuntime } from "./test-runtime"

const summary = (symbol: string): InstrumentSummary => ({
  id: `id-${symbol}`,
  instrumentId: `id-${symbol}`,
  symbol,
  name: `${symbol} Corp.`,
  type: "stock",
  imageUrl: null,
  currency: "USD",
  exchange: "NASDAQ",
  provider: "Alpaca",
})

const detail: Instrument = {
  ...summary("AAPL"),
  description: null,
  url: null,
  meta: { address: null, phone: null },
  history: [{ date: "2026-01-02", open: 1, high: 2, low: 0.5, close: 1.5 }],
  quote: {
    last: "1.5",
    ask: "1.6",
    bid: "1.4",
    open: "1",
    high: "2",
    low: "0.5",
    previousClose: "1",
    priceChange: "0.5",
    priceChangePercent: 50,
    totalDailyVolume: 1000,
    week52High: "3",
    week52Low: "0.2",
    marketCap: 1200000,
    currency: "USD",
  },
  news: [],
  analysis: { EquityResearchRatingsEntity: null },
}

const { setup, onCleanup } = useTestRuntime()

describe("Instruments", () => {
  it("searches GET /api/instruments with the trimmed text and the providers comma-joined", async () => {
    const { server, runtime } = await setup({ "/api/instruments": () => json(200, [summary("AAPL")]) })
    expect(await runtime.runPromise(Instruments.use((i) => i.search("  apple ", ["Alpaca", "Drivewealth"])))).toEqual([summary("AAPL")])
    expect(await runtime.runPromise(Instruments.use((i) => i.search("b", [])))).toHaveLength(1)
    expect(server.requests.map((r) => r.url)).toEqual(["/api/instruments?query=apple&provider=Alpaca%2CDrivewealth", "/api/instruments?query=b"])
  })

  it("loads an instrument by id from GET /api/instruments/{id}", async () => {
    const { server, runtime } = await setup({ "/api/instruments/id-AAPL": () => json(200, detail) })
    expect(await runtime.runPromise(Instruments.use((i) => i.detail("id-AAPL")))).toEqual(detail)
    expect(server.requests[0]?.method).toBe("GET")
  })

  it("a search answer that does not match the contract is a clear failure", async () => {
    const { runtime } = await setup({ "/api/instruments": () => json(200, [{ symbol: 3 }]) })
    const exit = await runtime.runPromiseExit(Instruments.use((i) => i.search("a", [])))
    expect(exit._tag).toBe("Failure")
  })

  it("drives the search chart: new text aborts the search in flight, and only the newer answer is listed", async () => {
    const answers: Record<string, () => ReturnType<Routes[string]>> = {
      a: () => "hang",
      ab: () => json(200, [summary("ABNB")]),
    }
    const { server, runtime } = await setup({
      "/api/instruments": (r) => answers[new URL(r.url, "http://x").searchParams.get("query") ?? ""]?.() ?? json(200, []),
    })
    const clock = new SimulatedClock()
    const machine = instrumentSearchMachine.provide({
      actors: { searchInstruments: actorCall(runtime, (input: InstrumentSearchRequest) => Instruments.use((i) => i.search(input.query, input.providers))) },
      actions: { notify: () => undefined },
    })
    const actor = createActor(machine, { input: { providers: ["Alpaca"] }, clock }).start()
    onCleanup(async () => void actor.stop())

    actor.send({ type: "query.change", value: "a" })
    clock.increment(SEARCH_DEBOUNCE_MS)
    await server.holding
    actor.send({ type: "query.change", value: "ab" })
    await server.aborted
    clock.increment(SEARCH_DEBOUNCE_MS)
    const settled = await waitFor(actor, (s) => s.matches("idle") && s.context.shownQuery !== null, { timeout: 3_000 })
    expect(settled.context.results).toEqual([summary("ABNB")])
    expect(server.requests.map((r) => r.url)).toEqual(["/api/instruments?query=a&provider=Alpaca", "/api/instruments?query=ab&provider=Alpaca"])
  })
})
