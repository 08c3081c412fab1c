import { readdirSync } from "node:fs"
import { createMachine, not, and } from "xstate"
import { describe, expect, it } from "vitest"
import { chartTransitions, guardLabel, stateDetails } from "../../../src/machines/anatomy"
import { EXPLORER_CHARTS } from "../../../src/views/explorer/charts"
import { elkGraph } from "../../../src/views/explorer/layout"
import i18next from "i18next"
import enExplorer from "../../../src/i18n/locales/en/explorer.json"
import { payloadSummary, scenarioSentence, type ScenarioStep } from "../../../src/views/explorer/scenarios"

describe("the workflow explorer", () => {
  it("lists every chart of src/machines, each with its own machine", () => {
    const files = readdirSync("src/machines")
      .filter((f) => f.endsWith(".machine.ts"))
      .map((f) => f.replace(/\.machine\.ts$/, ""))
      .sort()
    expect(EXPLORER_CHARTS.map((c) => c.chart)).toEqual(files)
    expect(new Set(EXPLORER_CHARTS.map((c) => c.machine)).size).toBe(files.length)
  })

  it("gives every state node and every transition with a target a place in the ELK graph", () => {
    for (const { chart, machine } of EXPLORER_CHARTS) {
      const { graph } = elkGraph(machine)
      const ids = new Set<string>()
      const walk = (n: { id: string; children?: Array<{ id: string }> }) => {
        ids.add(n.id)
        for (const c of n.children ?? []) walk(c as never)
      }
      walk(graph)
      for (const s of stateDetails(machine)) expect(ids.has(`n:${s.path || "(root)"}`), `${chart}: ${s.path}`).toBe(true)
      const targeted = chartTransitions(machine).filter((t) => t.target !== undefined)
      expect(graph.edges?.length, chart).toBe(targeted.length)
      for (const e of graph.edges ?? []) {
        for (const end of [...e.sources, ...e.targets]) expect(ids.has(end), `${chart}: ${e.id}`).toBe(true)
      }
    }
  })
})

describe("chart anatomy", () => {
  it("names guard combinators by what they are, not by their (minifiable) function names", () => {
    const g = not("isMarket")
    Object.defineProperty(g, "name", { value: "x" })
    expect(guardLabel(g)).toBe("not(isMarket)")
    expect(guardLabel(and(["a", not("b")]))).toBe("and(a, not(b))")
    expect(guardLabel({ type: "isValid", params: {} })).toBe("isValid")
  })

  it("keys transitions by source, event, guard and target, numbering repeats", () => {
    const machine = createMachine({
      id: "m",
      initial: "a",
      states: {
        a: { on: { go: [{ target: "b", guard: "ok" }, { target: "b", guard: "ok" }, { actions: "note" }] }, after: { 300: "b" } },
        b: { type: "final" },
      },
    })
    expect(chartTransitions(machine).map((t) => t.key)).toEqual([
      "a: go [ok] -> b",
      "a: go [ok] -> b #2",
      "a: go -> (no target)",
      "a: after 300 -> b",
    ])
    expect(chartTransitions(machine)[2]?.actions).toEqual(["note"])
    expect(chartTransitions(machine)[3]?.delay).toBe("300")
  })
})

describe("explorer scenarios", () => {
  const t = (() => {
    const i18n = i18next.createInstance()
    void i18n.init({ lng: "en", ns: ["explorer"], defaultNS: "explorer", resources: { en: { explorer: enExplorer } }, interpolation: { escapeValue: false } })
    return i18n.getFixedT("en", "explorer")
  })()
  const ticket = EXPLORER_CHARTS.find((c) => c.chart === "order-ticket")!

  it("say each replayed step as a sentence: the event with its payload, the guard it passed and the state it leads to", () => {
    const sentence = (step: ScenarioStep) => scenarioSentence(t, "order-ticket", ticket.machine, step)
    expect(sentence({ kind: "event", type: "amount.change", payload: { value: "100" }, states: ["open.editing"], transitions: [] })).toMatch(
      /^.+ \(amount\.change\) with value: 100, now in open\.editing$/,
    )
    expect(sentence({ kind: "event", type: "ticket.submit", states: ["reviewing"], transitions: ["open.editing: ticket.submit [hasAccount] -> reviewing"] })).toMatch(
      /^.+ \(ticket\.submit\), if .+ \(hasAccount\), now in reviewing$/,
    )
    expect(sentence({ kind: "error", actor: "placeOrder", reason: "Insufficient cash", states: ["reviewing"], transitions: [] })).toBe(
      "The call placeOrder fails: Insufficient cash, now in reviewing",
    )
    expect(sentence({ kind: "done", actor: "placeOrder", states: ["created"], transitions: [] })).toBe("The call placeOrder succeeds, now in created")
    expect(sentence({ kind: "timer", after: 300, timer: "after 300", states: ["open.loadingQuote"], transitions: [] })).toBe("Wait 300 ms, now in open.loadingQuote")
  })

  it("clip long payload values", () => {
    expect(payloadSummary({ side: "SELL", instrument: { instrumentId: "I2", symbol: "MSFT", name: "Microsoft Corporation Common Stock" } }, ", ")).toBe(
      'side: SELL, instrument: {"instrumentId":"I2","symbol":"MSFT","name":"Mi…',
    )
  })
})
