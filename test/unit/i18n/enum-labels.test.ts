import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { DATA_ENUMS } from "../../../src/domain/enums"
import { enumKey, shownEnumLabel } from "../../../src/domain/labels"
import { recommendation, recommendationAgrees } from "../../../src/domain/recommendation"
import { LANGUAGES } from "../../../src/i18n/languages"

type EnumTexts = Record<string, Record<string, string>>
const enumTexts = (lang: string): EnumTexts => (JSON.parse(readFileSync(`src/i18n/locales/${lang}/common.json`, "utf8")) as { enum: EnumTexts }).enum

describe("enum labels (issue 12)", () => {
  it("keys a value however the data spells it", () => {
    expect(enumKey("Very High")).toBe("VERY_HIGH")
    expect(enumKey(" active ")).toBe("ACTIVE")
    expect(enumKey("pending_confirmation")).toBe("PENDING_CONFIRMATION")
    expect(enumKey("INDIVIDUAL_TRADER")).toBe("INDIVIDUAL_TRADER")
  })

  for (const { code } of LANGUAGES) {
    it(`${code}: one text for every value of every enumeration, and nothing else`, () => {
      const texts = enumTexts(code)
      expect(Object.keys(texts).sort()).toEqual(Object.keys(DATA_ENUMS).sort())
      for (const [kind, values] of Object.entries(DATA_ENUMS)) {
        expect(Object.keys(texts[kind] ?? {}).sort(), kind).toEqual([...values].sort())
        for (const value of values) expect(texts[kind]?.[value]?.trim(), `${kind}.${value}`).toBeTruthy()
      }
    })
  }

  it("keeps the spec's English labels: upper-case order codes, 'Stop Loss', account types with spaces", () => {
    const en = enumTexts("en")
    expect(en.orderType).toEqual({ MARKET: "MARKET", LIMIT: "LIMIT", STOP: "Stop Loss" })
    expect(en.orderSide).toEqual({ BUY: "BUY", SELL: "SELL" })
    expect(en.accountType?.INDIVIDUAL_TRADER).toBe("INDIVIDUAL TRADER")
  })

  it("statuses read in one casing, upper case, in every language: no lower-case 'active' beside 'PENDING' (issue 31)", () => {
    for (const { code, intl } of LANGUAGES.map((l) => ({ code: l.code, intl: l.code === "en" ? "en-GB" : l.code }))) {
      const statuses = Object.values(enumTexts(code).status ?? {}).map((label) => shownEnumLabel("status", label, intl))
      for (const shown of statuses) expect(shown, `${code} ${shown}`).toBe(shown.toLocaleUpperCase(intl))
    }
    expect(shownEnumLabel("status", enumTexts("en").status!.ACTIVE!, "en-GB")).toBe("ACTIVE")
    expect(shownEnumLabel("status", enumTexts("de").status!.PENDING!, "de-DE")).toBe("AUSSTEHEND")
    // Other enumerations keep their labels' case ('Stop Loss' as the spec writes it).
    expect(shownEnumLabel("orderType", "Stop Loss", "en-GB")).toBe("Stop Loss")
  })

  it("other languages never show the data's code itself", () => {
    for (const { code } of LANGUAGES.filter((l) => l.code !== "en")) {
      for (const [kind, values] of Object.entries(enumTexts(code))) {
        for (const [key, text] of Object.entries(values)) expect([key, key.replaceAll("_", " ")], `${code} ${kind}.${key}`).not.toContain(text)
      }
    }
  })
})

describe("recommendation and value analysis agree (issue 12)", () => {
  it("buy goes with under valued, hold with fair value, sell with over valued; none with anything", () => {
    expect(recommendationAgrees(recommendation(5), "under-valued")).toBe(true)
    expect(recommendationAgrees(recommendation(1), "under-valued")).toBe(false)
    expect(recommendationAgrees(recommendation(3), "fair-value")).toBe(true)
    expect(recommendationAgrees(recommendation(4), "fair-value")).toBe(false)
    expect(recommendationAgrees(recommendation(1), "over-valued")).toBe(true)
    expect(recommendationAgrees(recommendation(2), "over-valued")).toBe(false)
    expect(recommendationAgrees(recommendation(0), "over-valued")).toBe(true)
    expect(recommendationAgrees(recommendation(null), "under-valued")).toBe(true)
    expect(recommendationAgrees(recommendation(5), "none")).toBe(true)
  })
})
