import { expect, vi, type Mock } from "vitest"
import { languageMachine } from "../../src/machines/language.machine"
import { defineChartModel, describeModel } from "./harness"

describeModel(
  defineChartModel({
    chart: "language",
    machine: languageMachine,
    input: { current: "en" },
    // The language shown, another of the six, and something that is not a language.
    events: [
      { type: "language.choose", code: "en" },
      { type: "language.choose", code: "de" },
      { type: "language.choose", code: "xx" },
    ],
    implementations: () => ({ actions: { store: vi.fn<(_: unknown, params: { code: string }) => void>(), reload: vi.fn<() => void>() } }),
    states: {
      shown: (snap, { implementations }) => {
        expect(snap.context.current).toBe("en")
        expect(snap.context.chosen).toBeNull()
        expect(implementations.actions?.store as Mock).not.toHaveBeenCalled()
        expect(implementations.actions?.reload as Mock).not.toHaveBeenCalled()
      },
      reloading: (snap, { implementations }) => {
        expect(snap.context.chosen).toBe("de")
        expect((implementations.actions?.store as Mock).mock.calls.map((call) => call[1])).toEqual([{ code: "de" }])
        expect(implementations.actions?.reload as Mock).toHaveBeenCalledOnce()
      },
    },
  }),
)
