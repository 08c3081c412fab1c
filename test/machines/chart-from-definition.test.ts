/**
 * A chart rebuilt from its canonical definition (src/machines/chart-from-definition.ts) is the chart
 * the definition describes: the same canonical text, states and transitions (in name order), for every chart of the
 * registry; and a version broken on purpose answers a reviewer's question differently.
 */
import { describe, expect, it } from "vitest"
import { chartTransitions, stateDetails } from "../../src/machines/anatomy"
import { chartFromDefinition } from "../../src/machines/chart-from-definition"
import { reachableWithout } from "../../src/machines/chart-questions"
import { canonicalChart } from "../../src/machines/fingerprint"
import { withdrawalMachine } from "../../src/machines/withdrawal.machine"
import { earlierVersion } from "../support/changed-chart"
import { loadCharts } from "./charts"

/** States in name order, tags sorted: the canonical text keeps neither definition order. */
const byPath = <T extends { path: string; tags: ReadonlyArray<string> }>(list: ReadonlyArray<T>) =>
  [...list].sort((a, b) => a.path.localeCompare(b.path)).map((s) => ({ ...s, tags: [...s.tags].sort() }))

describe("chartFromDefinition", () => {
  it("gives back every chart of the registry: the same definition, states and transitions", async () => {
    for (const { chartId, machine } of await loadCharts()) {
      const definition = canonicalChart(machine)
      const rebuilt = chartFromDefinition(definition)
      expect(canonicalChart(rebuilt), chartId).toBe(definition)
      expect(byPath(stateDetails(rebuilt)), chartId).toEqual(byPath(stateDetails(machine)))
      // An inline guard is a function named after its property ("guard"); the definition says only "inline".
      const keys = (m: typeof machine) =>
        chartTransitions(m)
          .map((t) => t.key.replace(/\[guard\]/g, "[inline]"))
          .sort()
      expect(keys(rebuilt), chartId).toEqual(keys(machine))
    }
  })

  it("a withdrawal broken on purpose (a send straight from the form) can be submitted without the review step", () => {
    const broken = chartFromDefinition(
      earlierVersion(canonicalChart(withdrawalMachine), { withTransition: { source: "open.editing", event: "form.quickSend", target: "open.submitting" } }),
    )
    const path = reachableWithout(stateDetails(broken), chartTransitions(broken), "open.submitting", "open.reviewing")
    expect(path?.steps.map((s) => `${s.from} --${s.transition.event}--> ${s.to}`)).toEqual([
      "closed --modal.open--> open.loadingBanks",
      "open.loadingBanks --xstate.done.actor.loadBankAccounts--> open.editing",
      "open.editing --form.quickSend--> open.submitting",
    ])
    const sound = chartFromDefinition(canonicalChart(withdrawalMachine))
    expect(reachableWithout(stateDetails(sound), chartTransitions(sound), "open.submitting", "open.reviewing")).toBeNull()
  })

  it("refuses a text that is not a chart definition", () => {
    expect(() => chartFromDefinition('{"charts":{}}')).toThrow("not a canonical chart definition")
  })
})
