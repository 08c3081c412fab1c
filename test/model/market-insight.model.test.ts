import { expect, vi, type Mock } from "vitest"
import { marketInsightMachine } from "../../src/machines/market-insight.machine"
import { defineChartModel, describeModel } from "./harness"

const insight = { url: "/embedded/market-insight.html" }
const failure = { _tag: "ApiError", status: 500, code: "internal", text: "Something broke" }
const network = { _tag: "NetworkError", text: "The server could not be reached." }
const cancelled = { _tag: "RequestCancelled", text: "Cancel Request" }

/** The toast each sample failure shows: the server's text and code, `network` for the connection, none when cancelled. */
const toastFor = (error: unknown): unknown =>
  error === failure
    ? { kind: "error", text: failure.text, code: failure.code }
    : error === network
      ? { kind: "error", text: network.text, code: "network" }
      : null

const toastsUpTo = (steps: ReadonlyArray<{ event: { kind: string; error?: unknown } }>, end: number) =>
  steps.slice(0, end).filter((s) => s.event.kind === "error" && toastFor(s.event.error) !== null).length

describeModel(
  defineChartModel({
    chart: "market-insight",
    machine: marketInsightMachine,
    implementations: () => ({ actions: { notify: vi.fn<(_: unknown, p: unknown) => void>() } }),
    events: [{ type: "frame.loaded" }, { type: "insight.retry" }],
    invocations: {
      loadInsight: { done: [insight], error: [failure, network, cancelled] },
    },
    states: {
      loading: (snap, { path, step, implementations }) => {
        expect(snap.hasTag("loading")).toBe(true)
        // A retry asks for the address again: no frame until it answers.
        expect(snap.context.url).toBeNull()
        expect(implementations.actions?.notify).toHaveBeenCalledTimes(toastsUpTo(path.steps, step + 1))
      },
      framing: (snap) => {
        // The skeleton stays until the frame's load event; the frame is given the server's address.
        expect(snap.hasTag("loading")).toBe(true)
        expect(snap.context.url).toBe(insight.url)
        expect(snap.can({ type: "insight.retry" })).toBe(false)
      },
      shown: (snap) => {
        expect(snap.hasTag("loading")).toBe(false)
        expect(snap.hasTag("failed")).toBe(false)
        expect(snap.context.url).toBe(insight.url)
      },
      failed: (snap, { path, step, implementations }) => {
        expect(snap.hasTag("failed")).toBe(true)
        expect(snap.can({ type: "insight.retry" })).toBe(true)
        const taken = path.steps[step]?.event
        const notify = implementations.actions?.notify as Mock
        if (taken?.kind === "error") {
          const expected = toastFor(taken.error)
          if (expected === null) expect(notify.mock.calls.length).toBe(toastsUpTo(path.steps, step))
          else expect(notify).toHaveBeenLastCalledWith(expect.anything(), expected)
        } else {
          // The frame did not load in time: a retry without a toast.
          expect(notify.mock.calls.length).toBe(toastsUpTo(path.steps, step))
        }
      },
    },
  }),
)
