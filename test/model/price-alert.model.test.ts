import { expect, vi } from "vitest"
import type { PriceAlert } from "../../src/contract/price-alerts"
import { instrumentAlerts, priceAlertMachine, readThreshold, type PriceAlertEvent } from "../../src/machines/price-alert.machine"
import { defineChartModel, describeModel, type ModelEvent } from "./harness"

const armed: PriceAlert = {
  id: "A1",
  instrumentId: "I1",
  symbol: "ACME",
  name: "Acme Corp",
  currency: "USD",
  condition: "above",
  threshold: "1234.5",
  state: "armed",
  armSeq: 1,
  firedAt: null,
  firedPrice: null,
  createdAt: "2026-03-16T12:00:00.000Z",
}
const other: PriceAlert = { ...armed, id: "A9", instrumentId: "I2", symbol: "OTHR" }
const saved: PriceAlert = { ...armed, id: "A2", condition: "move", threshold: "5" }
const offline = { _tag: "NetworkError", text: "Network Error" }
const tooMany = {
  _tag: "ApiError",
  status: 409,
  code: "price_alert.too_many",
  text: "You already have 50 active price alerts, the most allowed. Pause or delete one first.",
  values: { limit: "50" },
}

const taken = (path: { steps: ReadonlyArray<{ event: ModelEvent }> }, step: number): ModelEvent | undefined => path.steps[step]?.event

const model = defineChartModel({
  chart: "price-alert",
  machine: priceAlertMachine,
  input: { newKey: () => "key-1", instrumentId: "I1", locale: "de-DE" },
  events: [
    { type: "list.retry" },
    { type: "form.open" },
    { type: "edit.open", id: "A1" },
    { type: "edit.open", id: "A404" },
    { type: "condition.change", condition: "move" },
    // German notation: "1.234,5" is 1234.5; "1.5" is not a German number; "0" breaks the rule.
    { type: "threshold.change", text: "1.234,5" },
    { type: "threshold.change", text: "1.5" },
    { type: "threshold.change", text: "0" },
    // A letter (an exponent's e too) is refused as it is typed.
    { type: "threshold.change", text: "1e3" },
    { type: "form.submit" },
    { type: "form.cancel" },
    { type: "alert.pause", id: "A1" },
    { type: "alert.arm", id: "A1" },
    { type: "delete.request", id: "A1" },
    { type: "delete.confirm" },
    { type: "delete.cancel" },
  ] as const,
  invocations: {
    loadAlerts: { done: [[armed, other]], error: [offline] },
    refreshAlerts: { done: [[{ ...armed, state: "fired", firedPrice: "1240" }, other]], error: [offline] },
    saveAlert: { done: [saved], error: [tooMany] },
    setAlertState: { done: [{ ...armed, state: "paused" }], error: [tooMany] },
    deleteAlert: { done: [[other]], error: [offline] },
  },
  serialize: (snap) => ({
    alerts: snap.context.alerts.map((a) => `${a.id}:${a.state}`),
    editingId: snap.context.editingId,
    condition: snap.context.condition,
    threshold: snap.context.threshold,
    refused: snap.context.refused,
    problem: snap.context.problem,
    failure: snap.context.failure?.code ?? null,
    target: snap.context.target,
    key: snap.context.idempotencyKey,
  }),
  implementations: () => ({ actions: { notify: vi.fn<(_: unknown, p: unknown) => void>() } }),
  states: {
    loading: (snap) => expect(snap.hasTag("loading")).toBe(true),
    failed: (snap, { implementations }) => {
      expect(snap.hasTag("failed")).toBe(true)
      expect(implementations.actions?.notify).toHaveBeenLastCalledWith(expect.anything(), { kind: "error", text: offline.text, code: "network" })
    },
    ready: (snap) => expect(instrumentAlerts(snap.context).every((a) => a.instrumentId === "I1")).toBe(true),
    "ready.idle": (snap) => {
      expect(snap.context.editingId).toBeNull()
      expect(snap.context.target).toBeNull()
    },
    "ready.refreshing": (snap) => expect(snap.context.alerts.length).toBeGreaterThan(0),
    "ready.editing": (snap, { path, step }) => {
      expect(snap.hasTag("open")).toBe(true)
      const event = taken(path, step)
      // An edit opens with the alert's threshold written in the user's notation.
      if (event?.kind === "event" && event.event.type === "edit.open") expect(snap.context.threshold).toBe("1.234,5")
      // A letter is refused as it is typed: the threshold keeps its text and says why; the next number typed is taken.
      if (event?.kind === "event" && event.event.type === "threshold.change") {
        const typed = (event.event as PriceAlertEvent & { type: "threshold.change" }).text
        const prior = path.steps[step - 1]?.state.machineSnapshot.context as typeof snap.context | undefined
        expect([snap.context.threshold, snap.context.refused]).toEqual(/[a-z]/i.test(typed) ? [prior?.threshold, true] : [typed, false])
      }
      // A refused save keeps what was typed and shows why.
      if (event?.kind === "error") {
        expect(snap.context.failure).toMatchObject({ code: "price_alert.too_many" })
        expect(readThreshold(snap.context).value).not.toBeNull()
      }
      if (event?.kind === "event" && event.event.type === "form.submit") expect(snap.context.problem).toEqual(readThreshold(snap.context).problem)
    },
    "ready.saving": (snap, { inputOf }) => {
      expect(snap.hasTag("busy")).toBe(true)
      const value = readThreshold(snap.context).value
      expect(inputOf("saveAlert")).toEqual({
        id: snap.context.editingId,
        request: { condition: snap.context.condition, threshold: value },
        create: snap.context.editingId === null ? { instrumentId: "I1", condition: snap.context.condition, threshold: value } : null,
        idempotencyKey: "key-1",
      })
    },
    "ready.changingState": (snap, { inputOf }) => expect(inputOf("setAlertState")).toEqual({ id: "A1", state: snap.context.target!.state }),
    "ready.confirmingDelete": (snap) => expect(snap.context.target).toEqual({ id: "A1", state: null }),
    "ready.deleting": (_snap, { inputOf }) => expect(inputOf("deleteAlert")).toEqual({ id: "A1" }),
  },
})

describeModel([model])
