import { expect, vi, type Mock } from "vitest"
import type { InstrumentSummary } from "../../src/contract/instruments"
import { instrumentSearchMachine } from "../../src/machines/instrument-search.machine"
import { defineChartModel, describeModel, type ModelEvent } from "./harness"

const apple: InstrumentSummary = {
  id: "I1",
  instrumentId: "I1",
  symbol: "AAPL",
  name: "Apple Inc.",
  type: "stock",
  imageUrl: null,
  currency: "USD",
  exchange: "NASDAQ",
  provider: "Alpaca",
}
const serverError = { _tag: "ApiError", status: 500, code: "internal", text: "Search is unavailable" }
const cancelled = { _tag: "RequestCancelled", text: "Cancel Request" }

/** The step that led to the current state. */
const taken = (path: { steps: ReadonlyArray<{ event: ModelEvent }> }, step: number): ModelEvent | undefined => path.steps[step]?.event

describeModel(
  defineChartModel({
    chart: "instrument-search",
    machine: instrumentSearchMachine,
    input: { providers: ["Alpaca", "Drivewealth"] },
    implementations: () => ({ actions: { notify: vi.fn<(_: unknown, p: unknown) => void>() } }),
    // Blank (spaces only), a text, the same text with spaces (already shown once searched), a longer text.
    events: [
      { type: "query.change", value: "   " },
      { type: "query.change", value: "a" },
      { type: "query.change", value: " a " },
      { type: "query.change", value: "ap" },
    ],
    invocations: {
      searchInstruments: { done: [[apple], []], error: [serverError, cancelled] },
    },
    states: {
      idle: (snap, { path, step, implementations }) => {
        expect(snap.hasTag("busy")).toBe(false)
        const notify = implementations.actions?.notify as Mock
        const event = taken(path, step)
        // Blank text clears the list and never asks the server.
        if (snap.context.text.trim() === "") {
          expect(snap.context.results).toEqual([])
          expect(snap.context.shownQuery).toBeNull()
        }
        if (event?.kind === "done") {
          expect(snap.context.results).toEqual(event.output)
          expect(snap.context.shownQuery).toBe(snap.context.text.trim())
          expect(notify).not.toHaveBeenCalled()
        }
        if (event?.kind === "error") {
          // A failure: an empty list plus an error notification with the server's text; a request
          // the client cancelled empties the list without a word.
          expect(snap.context.results).toEqual([])
          expect(snap.context.shownQuery).toBeNull()
          const silent = (event.error as { _tag: string })._tag === "RequestCancelled"
          if (silent) expect(notify).not.toHaveBeenCalled()
          else expect(notify.mock.calls).toEqual([[expect.anything(), { kind: "error", text: "Search is unavailable", code: "internal" }]])
        }
        // What is listed always belongs to the text in the box: no stale result.
        if (snap.context.shownQuery !== null) expect(snap.context.shownQuery).toBe(snap.context.text.trim())
      },
      debouncing: (snap) => {
        expect(snap.hasTag("busy")).toBe(false)
        expect(snap.context.text.trim()).not.toBe("")
        expect(snap.context.text.trim()).not.toBe(snap.context.shownQuery)
      },
      searching: (snap, { inputOf }) => {
        expect(snap.hasTag("busy")).toBe(true)
        expect(inputOf("searchInstruments")).toEqual({ query: snap.context.text.trim(), providers: ["Alpaca", "Drivewealth"] })
      },
    },
  }),
)
