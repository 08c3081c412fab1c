import { describe, expect, it } from "vitest"
import {
  isNumberDraft,
  moneyDecimals,
  numberNotation,
  numberTextIssue,
  numberTextValue,
  readNumberText,
  showsWhileTyping,
  writeNumberText,
  type NumberRead,
} from "../../../src/domain/number-text"
import { intlLocale, LANGUAGES } from "../../../src/i18n/languages"

const number = (value: string): NumberRead => ({ kind: "number", value })
const problem = (p: "sign" | "exponent" | "notation" | "decimals"): NumberRead => ({ kind: "problem", problem: p })
const NNBSP = "\u202f"
const NBSP = "\u00a0"

/** What a user of each interface language types, and what it reads as (no decimals limit unless said). */
const CASES: Record<string, ReadonlyArray<readonly [string, NumberRead]>> = {
  // English, Chinese and Japanese write 1,234.56.
  "en-GB": [
    ["1.5", number("1.5")],
    ["1,234.56", number("1234.56")],
    ["1,234", number("1234")],
    ["1,234,567.8", number("1234567.8")],
    ["1234.56", number("1234.56")],
    [".5", number("0.5")],
    ["12.", number("12")],
    ["0012.50", number("12.5")],
    [" 7 ", number("7")],
    ["1 234.5", number("1234.5")],
    ["1,5", problem("notation")],
    ["1.234,56", problem("notation")],
    ["12,34", problem("notation")],
    ["1,2345", problem("notation")],
    ["1,234,56", problem("notation")],
    ["1.2.3", problem("notation")],
    ["1,234 567", problem("notation")],
    [",", problem("notation")],
    [".", problem("notation")],
  ],
  "zh-CN": [
    ["1,234.56", number("1234.56")],
    ["１２３．４５", number("123.45")],
    ["１，２３４．５", number("1234.5")],
    ["12。5", number("12.5")],
    ["1,5", problem("notation")],
  ],
  "ja-JP": [
    ["1,234.56", number("1234.56")],
    ["１２３４．５６", number("1234.56")],
    ["0.0001", number("0.0001")],
    ["1,5", problem("notation")],
  ],
  // German and Spanish write 1.234,56.
  "de-DE": [
    ["1,5", number("1.5")],
    ["1234,56", number("1234.56")],
    ["1.234,5", number("1234.5")],
    ["1.234", number("1234")],
    ["1.234.567", number("1234567")],
    ["1 234,56", number("1234.56")],
    [`1${NBSP}234,56`, number("1234.56")],
    [",5", number("0.5")],
    ["12,", number("12")],
    ["1.5", problem("notation")],
    ["0.5", problem("notation")],
    ["1.23", problem("notation")],
    ["1.2345", problem("notation")],
    ["1,234.56", problem("notation")],
    ["1,2,3", problem("notation")],
    ["1.234 567", problem("notation")],
  ],
  "es-ES": [
    ["1,5", number("1.5")],
    ["1.234,56", number("1234.56")],
    ["6555,88", number("6555.88")],
    ["6.555,88", number("6555.88")],
    ["1.5", problem("notation")],
    ["1,234.56", problem("notation")],
  ],
  // French writes 1 234,56 with a narrow no-break space; any space groups.
  "fr-FR": [
    ["1,5", number("1.5")],
    [`1${NNBSP}234,56`, number("1234.56")],
    [`1${NBSP}234,56`, number("1234.56")],
    ["1 234,56", number("1234.56")],
    ["1 234 567", number("1234567")],
    ["1234,56", number("1234.56")],
    ["1.5", problem("notation")],
    ["1.234,56", problem("notation")],
    ["1.234", problem("notation")],
    ["1 23,4", problem("notation")],
  ],
}

describe("readNumberText", () => {
  for (const [locale, cases] of Object.entries(CASES)) {
    it(`reads numbers as ${locale} writes them, and refuses what is not a number there`, () => {
      for (const [text, read] of cases) expect(readNumberText(text, locale), `${locale}: "${text}"`).toEqual(read)
    })
  }

  it("refuses a sign and an exponent in every language instead of dropping them", () => {
    for (const { intl } of LANGUAGES) {
      for (const text of ["-5", "+5", "−5", "-", "－５"]) expect(readNumberText(text, intl), `${intl}: ${text}`).toEqual(problem("sign"))
      for (const text of ["1e3", "1E3", "2.5e-3", "1e", "１ｅ３"]) expect(readNumberText(text, intl), `${intl}: ${text}`).toEqual(problem("exponent"))
    }
  })

  it("is empty for nothing or only spaces", () => {
    for (const { intl } of LANGUAGES) for (const text of ["", "   ", NNBSP]) expect(readNumberText(text, intl)).toEqual({ kind: "empty" })
  })

  it("refuses more fraction digits than the field takes, counted after dropping trailing zeros", () => {
    expect(readNumberText("100.239", "en-GB", 2)).toEqual(problem("decimals"))
    expect(readNumberText("100,239", "de-DE", 2)).toEqual(problem("decimals"))
    expect(readNumberText("100,23", "fr-FR", 2)).toEqual(number("100.23"))
    expect(readNumberText("100.2300", "ja-JP", 2)).toEqual(number("100.23"))
    expect(readNumberText("1.12345678901", "en-GB", 10)).toEqual(problem("decimals"))
    expect(readNumberText("1,1234567890", "es-ES", 10)).toEqual(number("1.123456789"))
    // In English "100,239" is a hundred thousand and more: grouping, not decimals.
    expect(readNumberText("100,239", "en-GB", 2)).toEqual(number("100239"))
    expect(numberTextValue("100,239", "de-DE", 2)).toBeNull()
    expect(numberTextValue("1.234,5", "de-DE", 2)).toBe("1234.5")
  })
})

describe("writeNumberText", () => {
  it("writes a decimal exactly, grouped, in each language's notation", () => {
    const written = Object.fromEntries(LANGUAGES.map(({ intl }) => [intl, writeNumberText("1234567.0123456789", intl)]))
    expect(written).toEqual({
      "en-GB": "1,234,567.0123456789",
      "zh-CN": "1,234,567.0123456789",
      "es-ES": "1.234.567,0123456789",
      "ja-JP": "1,234,567.0123456789",
      "de-DE": "1.234.567,0123456789",
      "fr-FR": `1${NNBSP}234${NNBSP}567,0123456789`,
    })
    expect(writeNumberText("12.50", "de-DE")).toBe("12,5")
    expect(writeNumberText("0.5", "fr-FR")).toBe("0,5")
    expect(writeNumberText("1000", "es-ES")).toBe("1.000")
    expect(writeNumberText("", "en-GB")).toBe("")
    expect(writeNumberText(null, "en-GB")).toBe("")
  })

  it("reads back to the same value in every language (what a field shows is what is sent)", () => {
    const values = ["0", "1.5", "1234.56", "1000", "0.0001234", "987654321.123456789", "100.23", "12"]
    for (const { intl } of LANGUAGES)
      for (const value of values) expect(readNumberText(writeNumberText(value, intl), intl), `${intl} ${value}`).toEqual(number(value))
  })
})

describe("isNumberDraft", () => {
  it("keeps digits, both separators and spaces and a leading sign, so that the sign can be refused in words", () => {
    for (const ok of ["", "0", "12", "12.", ".5", "1,5", "1.234,56", "1 234,5", `1${NNBSP}234`, "-", "-5", "+5", "−5", "１２．５", "12。5"]) {
      expect(isNumberDraft(ok), ok).toBe(true)
    }
  })

  it("refuses letters (an exponent's e included), currency signs and a sign inside the number as they are typed", () => {
    for (const bad of ["a", "1a", "12abc", "1O0", "12-", "1-2", "e", "e3", "1e", "1E", "1e3", "2.5e-3", "１ｅ３", "1ee", "1e3e", "€5", "5 ₦", "١٢", "1_000"])
      expect(isNumberDraft(bad), bad).toBe(false)
  })
})

describe("numberNotation", () => {
  it("is each language's decimal and group separator", () => {
    const notations = Object.fromEntries(LANGUAGES.map(({ code }) => [code, numberNotation(intlLocale(code))]))
    expect(notations).toEqual({
      en: { decimal: ".", group: "," },
      zh: { decimal: ".", group: "," },
      es: { decimal: ",", group: "." },
      ja: { decimal: ".", group: "," },
      de: { decimal: ",", group: "." },
      fr: { decimal: ",", group: " " },
    })
  })
})

describe("numberTextIssue and showsWhileTyping", () => {
  it("says the rule: no sign, no exponent, the notation with an example in it, and the decimals with the currency for money", () => {
    expect(numberTextIssue("sign", "de-DE", { max: 2 })).toEqual({ code: "validation.number-sign" })
    expect(numberTextIssue("exponent", "de-DE", { max: 2 })).toEqual({ code: "validation.number-exponent" })
    expect(numberTextIssue("notation", "de-DE", { max: 2 })).toEqual({ code: "validation.number-notation", params: { example: "1.234,56" } })
    expect(numberTextIssue("notation", "fr-FR", { max: 2 })).toEqual({ code: "validation.number-notation", params: { example: `1${NNBSP}234,56` } })
    expect(numberTextIssue("decimals", "en-GB", { max: 2, currency: "NGN" })).toEqual({
      code: "validation.amount-decimals",
      params: { max: 2, currency: "NGN" },
    })
    expect(numberTextIssue("decimals", "en-GB", { max: 10 })).toEqual({ code: "validation.number-decimals", params: { max: 10 } })
  })

  it("shows a sign, an exponent and too many decimals at once, a notation problem once the field is left", () => {
    expect([showsWhileTyping("sign"), showsWhileTyping("exponent"), showsWhileTyping("decimals"), showsWhileTyping("notation")]).toEqual([
      true,
      true,
      true,
      false,
    ])
  })
})

describe("moneyDecimals", () => {
  it("is the currency's minor unit, at most the ledger's two digits", () => {
    expect([moneyDecimals("NGN"), moneyDecimals("USD"), moneyDecimals("JPY"), moneyDecimals("KWD"), moneyDecimals(null), moneyDecimals("not a code")]).toEqual([
      2, 2, 0, 2, 2, 2,
    ])
  })
})
