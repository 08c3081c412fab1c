import { createMachine, not, and } from "xstate"
import { describe, expect, it } from "vitest"
import { chartTransitions, guardLabel, stateDetails } from "../../../src/machines/anatomy"
import { EXPLORER_CHARTS } from "../../../src/views/explorer/charts"
import { WORKFLOW_IDS } from "../../../src/app/registry"
import { elkGraph, LABEL_INSET, layOutWith, separateLabels } from "../../../src/views/explorer/layout"
import i18next from "i18next"
import enExplorer from "../../../src/i18n/locales/en/explorer.json"
import { payloadSummary, scenarioSentence, type ScenarioStep } from "../../../src/views/explorer/scenarios"

describe("the workflow explorer", () => {
  it("lists every chart of the registry, each with its own machine under that id", () => {
    expect(EXPLORER_CHARTS.map((c) => c.chart)).toEqual([...WORKFLOW_IDS].sort((a, b) => a.localeCompare(b)))
    expect(EXPLORER_CHARTS.filter((c) => c.machine.id !== c.chart).map((c) => c.chart)).toEqual([])
    expect(new Set(EXPLORER_CHARTS.map((c) => c.machine)).size).toBe(WORKFLOW_IDS.length)
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
    expect(chartTransitions(machine).map((t) => t.key)).toEqual(["a: go [ok] -> b", "a: go [ok] -> b #2", "a: go -> (no target)", "a: after 300 -> b"])
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
    expect(
      sentence({ kind: "event", type: "ticket.submit", states: ["reviewing"], transitions: ["open.editing: ticket.submit [hasAccount] -> reviewing"] }),
    ).toMatch(/^.+ \(ticket\.submit\), if .+ \(hasAccount\), now in reviewing$/)
    expect(sentence({ kind: "error", actor: "placeOrder", reason: "Insufficient cash", states: ["reviewing"], transitions: [] })).toBe(
      "The call placeOrder fails: Insufficient cash, now in reviewing",
    )
    expect(sentence({ kind: "done", actor: "placeOrder", states: ["created"], transitions: [] })).toBe("The call placeOrder succeeds, now in created")
    expect(sentence({ kind: "timer", after: 300, timer: "after 300", states: ["open.loadingQuote"], transitions: [] })).toBe(
      "Wait 300 ms, now in open.loadingQuote",
    )
  })

  it("clip long payload values", () => {
    expect(payloadSummary({ side: "SELL", instrument: { instrumentId: "I2", symbol: "MSFT", name: "Microsoft Corporation Common Stock" } }, ", ")).toBe(
      'side: SELL, instrument: {"instrumentId":"I2","symbol":"MSFT","name":"Mi…',
    )
  })
})

describe("the laid-out diagram", () => {
  const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

  it("never sets two transition labels over or against each other, in any chart", async () => {
    const { default: ELK } = await import("elkjs/lib/elk.bundled.js")
    const elk = new ELK()
    const touching: string[] = []
    for (const { chart: id, machine } of EXPLORER_CHARTS) {
      const diagram = await layOutWith(elk, machine)
      const labels = diagram.edges.flatMap((e) => (e.label ? [{ ...e.label, key: e.transition.key }] : []))
      expect(labels.length, `${id} has labelled transitions`).toBeGreaterThan(0)
      for (const [i, a] of labels.entries())
        for (const b of labels.slice(i + 1)) {
          // The text is drawn inside its box, LABEL_INSET from each side: boxes may meet, texts may not.
          const text = (l: typeof a) => ({ x: l.x + LABEL_INSET, y: l.y, width: l.width - 2 * LABEL_INSET, height: l.height })
          if (overlap(text(a), text(b))) touching.push(`${id}: "${a.text}" and "${b.text}"`)
        }
    }
    expect(touching).toEqual([])
  }, 60_000)
})

describe("separateLabels", () => {
  const edge = (key: string, x: number, y: number, width = 100) =>
    ({ transition: { key } as never, points: [], label: { text: key, x, y, width, height: 15 } }) as Parameters<typeof separateLabels>[0][number]

  it("moves a label that meets one above it to just below that one, and leaves apart labels where ELK set them", () => {
    const [a, b, c] = separateLabels([edge("a", 0, 10), edge("b", 50, 12), edge("c", 300, 12)])
    expect(a?.label).toMatchObject({ x: 0, y: 10 })
    expect(b?.label).toMatchObject({ x: 50, y: 26 })
    expect(c?.label).toMatchObject({ x: 300, y: 12 })
  })

  it("keeps moving a label down until it meets none", () => {
    const out = separateLabels([edge("a", 0, 0), edge("b", 0, 16), edge("c", 10, 5)])
    // c (y 5) meets a and goes to 16; b, set at 16 by ELK, now meets c and goes to 32.
    expect(out.map((e) => e.label?.y)).toEqual([0, 32, 16])
  })
})
