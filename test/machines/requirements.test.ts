/**
 * Requirement traceability (issue 34): every requirement id a chart names in its transitions'
 * `meta.requirements` or its root `meta.guardRequirements` is one of src/machines/requirements.ts,
 * guard requirements name guards the chart has, and the money charts, the session and the
 * sign-in leave no guarded transition without a requirement.
 */
import { describe, expect, it } from "vitest"
import { createMachine, setup } from "xstate"
import { chartRequirements, orphanTransitions, REQUIREMENTS, requirementUse, servedRequirements, unknownRequirementIds } from "../../src/machines/requirements"
import { withdrawalMachine } from "../../src/machines/withdrawal.machine"
import { loadCharts } from "./charts"

/** The charts that must be traced fully: every guarded transition serves a requirement. */
const TRACED = ["order-ticket", "withdrawal", "add-bank-account", "bank-accounts", "session", "sign-in"]

describe("requirements", () => {
  it("have unique ids and a quote each", () => {
    const ids = REQUIREMENTS.map((r) => r.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const r of REQUIREMENTS) expect(r.quote.trim().length, r.id).toBeGreaterThan(10)
  })

  it("a chart naming an unknown requirement id is caught, on a transition or a guard", () => {
    const bad = setup({ guards: { ok: () => true } }).createMachine({
      id: "bad",
      meta: { guardRequirements: { ok: ["WD-2", "NOPE-2"] } },
      initial: "a",
      states: { a: { on: { go: { target: "b", guard: "ok", meta: { requirements: ["NOPE-1"] } } } }, b: {} },
    })
    expect(unknownRequirementIds(bad).sort()).toEqual(["NOPE-1", "NOPE-2"])
    const plain = createMachine({ id: "plain", initial: "a", states: { a: {} } })
    expect(unknownRequirementIds(plain)).toEqual([])
  })

  it("every id a chart names is a known requirement, and guard requirements name the chart's guards", async () => {
    for (const { chartId, machine } of await loadCharts()) {
      expect(unknownRequirementIds(machine), chartId).toEqual([])
      const guards = Object.keys((machine.implementations as { guards: Record<string, unknown> }).guards)
      for (const name of chartRequirements(machine).guards.keys()) expect(guards, `${chartId}: guardRequirements.${name}`).toContain(name)
    }
  })

  it("the money charts, the session and the sign-in leave no guarded transition without a requirement", async () => {
    const charts = new Map((await loadCharts()).map((c) => [c.chartId, c.machine]))
    for (const id of TRACED) {
      const machine = charts.get(id)
      expect(machine, id).toBeDefined()
      if (!machine) continue
      expect(orphanTransitions(machine), id).toEqual([])
      expect(servedRequirements(machine).length, id).toBeGreaterThan(0)
    }
  })

  it("'the withdraw modal is static and not dismissible by keyboard' is served by Cancel in every open state but sending", () => {
    const use = requirementUse(withdrawalMachine, "WD-2")
    expect(use.transitions).toEqual([
      "open.loadingBanks: modal.close -> closed",
      "open.banksFailed: modal.close -> closed",
      "open.editing: modal.close -> closed",
      "open.reviewing: modal.close -> closed",
      "open.stepUp: modal.close -> closed",
    ])
    expect(use.transitions.some((k) => k.startsWith("open.submitting"))).toBe(false)
  })

  it("a guard's requirement lists the transitions the guard decides", () => {
    const use = requirementUse(withdrawalMachine, "SEC-3")
    const formValid = use.guards.find((g) => g.guard === "isFormValid")
    expect(formValid?.transitions).toEqual([
      "open.editing: form.review [isFormValid] -> open.reviewing",
      "open.reviewing: always [not(isFormValid)] -> open.editing",
    ])
  })
})
