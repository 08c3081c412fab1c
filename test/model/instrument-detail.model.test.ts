import { describe, expect, it, vi, type Mock } from "vitest"
import type { Instrument } from "../../src/contract/instruments"
import { DEFAULT_INSTRUMENT_CHART_PREFS, instrumentChartPrefs, instrumentDetailMachine } from "../../src/machines/instrument-detail.machine"
import { defineChartModel, describeModel, type ModelEvent, type StateCheck } from "./harness"

const instrument: Instrument = {
  id: "I1",
  instrumentId: "I1",
  symbol: "AAPL",
  name: "Apple Inc.",
  type: "stock",
  imageUrl: null,
  currency: "USD",
  exchange: "NASDAQ",
  provider: "Alpaca",
  description: "Phones",
  url: "https://apple.example",
  meta: { address: "1 Infinite Loop", phone: "+1 555 0100" },
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
    marketCap: null,
    currency: "USD",
  },
  news: [],
  analysis: null,
}
const notFound = { _tag: "ApiError", status: 404, code: "not_found", text: "Instrument not found" }
const serverDown = { _tag: "ApiError", status: 503, code: "unavailable", text: "The service is unavailable" }
const cancelled = { _tag: "RequestCancelled", text: "Cancel Request" }

const taken = (path: { steps: ReadonlyArray<{ event: ModelEvent }> }, step: number): ModelEvent | undefined => path.steps[step]?.event

/** In every state: the chart choices are the user's, and each change is persisted as it stands. */
const chartChoices: StateCheck<typeof instrumentDetailMachine> = (snap, { path, step, implementations }) => {
  const event = taken(path, step)
  const persist = implementations.actions?.persistChartPrefs as Mock
  if (event?.kind === "event" && event.event.type.startsWith("chart.")) {
    expect(persist).toHaveBeenLastCalledWith(expect.anything(), { chartType: snap.context.chartType, range: snap.context.range })
  }
  if (event?.kind === "event" && event.event.type === "chart.typeChange") expect(snap.context.chartType).toBe("candlestick")
  if (event?.kind === "event" && event.event.type === "chart.rangeChange") expect(snap.context.range).toBe("1y")
  if (event?.kind === "init") expect(persist).not.toHaveBeenCalled()
}

describeModel(
  defineChartModel({
    chart: "instrument-detail",
    machine: instrumentDetailMachine,
    input: { instrumentId: "I1", prefs: { chartType: "line", range: "3m" } },
    implementations: () => ({
      actions: { notify: vi.fn<(_: unknown, p: unknown) => void>(), persistChartPrefs: vi.fn<(_: unknown, p: unknown) => void>() },
    }),
    events: [
      { type: "instrument.load", instrumentId: "I2" },
      { type: "chart.typeChange", chartType: "candlestick" },
      { type: "chart.rangeChange", range: "1y" },
    ],
    invocations: {
      loadInstrument: { done: [instrument], error: [notFound, serverDown, cancelled] },
    },
    states: {
      loading: (snap, info) => {
        chartChoices(snap, info)
        const { inputOf } = info
        expect(snap.hasTag("loading")).toBe(true)
        expect(snap.context.instrument).toBeNull()
        expect(inputOf("loadInstrument")).toEqual({ instrumentId: snap.context.instrumentId })
      },
      loaded: (snap, info) => {
        chartChoices(snap, info)
        expect(snap.context.instrument).toEqual(instrument)
      },
      failed: (snap, info) => {
        chartChoices(snap, info)
        const { path, step, implementations } = info
        expect(snap.hasTag("failed")).toBe(true)
        expect(snap.context.instrument).toBeNull()
        const event = taken(path, step)
        const notify = implementations.actions?.notify as Mock
        if (event?.kind === "error") {
          // A failure toasts; a request the client cancelled stays silent.
          if ((event.error as { _tag: string })._tag === "RequestCancelled") expect(notify).not.toHaveBeenCalled()
          else expect(notify).toHaveBeenLastCalledWith(expect.anything(), { kind: "error", text: "The service is unavailable", code: "unavailable" })
        }
      },
      notFound: (snap, info) => {
        chartChoices(snap, info)
        const { path, step, implementations } = info
        // An unknown id is said on the page (with the way back to search), not also toasted.
        expect(snap.hasTag("failed")).toBe(true)
        expect(snap.hasTag("notFound")).toBe(true)
        expect(snap.context.instrument).toBeNull()
        const event = taken(path, step)
        if (event?.kind === "error") expect((event.error as { status?: number }).status).toBe(404)
        const notify = implementations.actions?.notify as Mock
        expect(notify.mock.calls.filter(([, n]) => (n as { code?: string }).code === "not_found")).toHaveLength(0)
      },
    },
  }),
)

describe("instrumentChartPrefs", () => {
  it("keeps known stored choices and defaults each unknown one (ytd is not an instrument range)", () => {
    expect(instrumentChartPrefs({ chartType: "candlestick", range: "2y" })).toEqual({ chartType: "candlestick", range: "2y" })
    expect(instrumentChartPrefs({ chartType: "bars", range: "ytd" })).toEqual(DEFAULT_INSTRUMENT_CHART_PREFS)
    expect(instrumentChartPrefs(undefined)).toEqual({ chartType: "line", range: "3m" })
    expect(instrumentChartPrefs("garbage")).toEqual({ chartType: "line", range: "3m" })
  })
})
