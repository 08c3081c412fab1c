import { expect, vi, type Mock } from "vitest"
import { colorModeMachine, shownMode, type ColorModeChoice } from "../../src/machines/color-mode.machine"
import { defineChartModel, describeModel } from "./harness"

type Calls = { apply: Mock; store: Mock }
const calls = (implementations: { actions?: unknown }): Calls => implementations.actions as Calls
const lastParams = (mock: Mock): unknown => mock.mock.calls.at(-1)?.[1]

// The shown mode is what was last applied (or, before any change, what index.html painted), and a
// stored choice is what was last stored.
const model = (choice: ColorModeChoice) =>
  defineChartModel({
    chart: "color-mode",
    machine: colorModeMachine,
    input: { choice, system: "light" },
    events: [{ type: "mode.toggle" }, { type: "system.change", mode: "dark" }, { type: "system.change", mode: "light" }],
    implementations: () => ({
      actions: { apply: vi.fn<(_: unknown, params: { mode: string }) => void>(), store: vi.fn<(_: unknown, params: { choice: string }) => void>() },
    }),
    states: {
      followingSystem: (snap, { implementations }) => {
        const { apply, store } = calls(implementations)
        expect(snap.context.choice).toBe("system")
        expect(shownMode(snap.context)).toBe(snap.context.system)
        if (apply.mock.calls.length > 0) expect(lastParams(apply)).toEqual({ mode: snap.context.system })
        if (store.mock.calls.length > 0) expect(lastParams(store)).toEqual({ choice: "system" })
      },
      chosen: (snap, { implementations }) => {
        const { apply, store } = calls(implementations)
        expect(snap.context.choice).not.toBe("system")
        if (store.mock.calls.length > 0) {
          expect(lastParams(store)).toEqual({ choice: snap.context.choice })
          expect(lastParams(apply)).toEqual({ mode: snap.context.choice })
        } else {
          // Started from a stored choice: index.html painted it; nothing applied or stored yet.
          expect(snap.context.choice).toBe(choice)
          expect(apply).not.toHaveBeenCalled()
        }
      },
    },
  })

describeModel([model("system"), model("dark")])
