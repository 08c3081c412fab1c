/**
 * One source per chart for what its states, events and guards mean (issue 13): the English in the
 * chart, the five other languages in the `workflows` namespace. Fails when a chart lacks a
 * description of a state, a user event or a named guard, when en/workflows.json drifts from the
 * charts, or when a language lacks one of the keys.
 */
import { readFileSync } from "node:fs"
import i18next from "i18next"
import { describe, expect, it } from "vitest"
import {
  chartDescriptions,
  chartParts,
  describeChart,
  describeEvent,
  describeGuard,
  describeState,
  WORKFLOWS_NAMESPACE,
} from "../../../src/app/chart-texts/descriptions"
import { LANGUAGES } from "../../../src/i18n/languages"
import { loadCharts } from "../../machines/charts"

type Texts = Record<
  string,
  { title?: string; purpose?: string; states: Record<string, string>; events: Record<string, string>; guards: Record<string, string> }
>
const load = (lang: string): Texts => JSON.parse(readFileSync(`src/i18n/locales/${lang}/${WORKFLOWS_NAMESPACE}.json`, "utf8")) as Texts

describe("chart descriptions (src/app/chart-texts/descriptions.ts)", () => {
  it("every chart describes every state, every user event and every named guard, in one sentence of English", async () => {
    const missing: string[] = []
    for (const { chartId, machine } of await loadCharts()) {
      const parts = chartParts(machine)
      const english = chartDescriptions(machine, chartId)
      for (const [section, keys] of [
        ["states", parts.states],
        ["events", parts.events],
        ["guards", parts.guards],
      ] as const) {
        for (const key of keys) if (!english[section][key]?.trim()) missing.push(`${chartId} ${section} ${key}`)
        for (const key of Object.keys(english[section])) if (!keys.includes(key)) missing.push(`${chartId} ${section} ${key} (described but not in the chart)`)
      }
      // The name a reviewer reads and one line on what the chart is for (issue 34).
      const meta = machine.root.meta as { title?: unknown; purpose?: unknown } | undefined
      if (typeof meta?.title !== "string" || meta.title.trim() === "") missing.push(`${chartId} meta.title`)
      if (typeof meta?.purpose !== "string" || meta.purpose.trim() === "") missing.push(`${chartId} meta.purpose`)
    }
    expect(missing).toEqual([])
  })

  it("en/workflows.json is the charts' own English (regenerate with npx tsx scripts/workflow-texts.ts)", async () => {
    const fromCharts: Texts = {}
    for (const { chartId, machine } of await loadCharts()) {
      const { title, purpose, states, events, guards } = chartDescriptions(machine, chartId)
      fromCharts[chartId] = { title, purpose, states: { ...states }, events: { ...events }, guards: { ...guards } }
    }
    expect(load("en")).toEqual(fromCharts)
  })

  for (const { code } of LANGUAGES.filter((l) => l.code !== "en")) {
    it(`${code} translates every chart's title and purpose and every state, event and guard`, async () => {
      const texts = load(code)
      const missing: string[] = []
      for (const { chartId, machine } of await loadCharts()) {
        for (const part of ["title", "purpose"] as const) if (!texts[chartId]?.[part]?.trim()) missing.push(`${chartId} ${part}`)
        const parts = chartParts(machine)
        for (const [section, keys] of [
          ["states", parts.states],
          ["events", parts.events],
          ["guards", parts.guards],
        ] as const) {
          for (const key of keys) {
            const text = texts[chartId]?.[section]?.[key]
            if (typeof text !== "string" || text.trim() === "") missing.push(`${chartId} ${section} ${key}`)
          }
        }
      }
      expect(missing).toEqual([])
    })
  }

  it("reads the user's language for dotted event types, state paths and guards, and falls back to the chart's English", async () => {
    const i18n = i18next.createInstance()
    await i18n.init({ lng: "de", fallbackLng: false, resources: { de: { [WORKFLOWS_NAMESPACE]: load("de") } }, interpolation: { escapeValue: false } })
    const { t } = i18n
    expect(describeEvent(t, "create-portfolio", "form.submit", "The user presses Create.")).toBe("Der Nutzer klickt auf „Erstellen“.")
    expect(describeState(t, "create-portfolio", "open/notAllowed", "x")).toBe(load("de")["create-portfolio"]?.states["open/notAllowed"])
    expect(describeGuard(t, "create-portfolio", "isVerified", "x")).toBe("Nur verifizierte Profile können ein Portfolio erstellen.")
    expect(describeEvent(t, "create-portfolio", "no.such.event", "English fallback")).toBe("English fallback")
    expect(describeGuard(t, "no-such-chart", "isVerified", "English fallback")).toBe("English fallback")
    expect(describeChart(t, "withdrawal", "title", "Withdrawal")).toBe(load("de")["withdrawal"]?.title)
    expect(describeChart(t, "no-such-chart", "purpose", "English fallback")).toBe("English fallback")
    await i18n.changeLanguage("ja")
    expect(describeGuard(t, "create-portfolio", "isVerified", "Only verified profiles can create a portfolio.")).toBe(
      "Only verified profiles can create a portfolio.",
    )
  })
})
