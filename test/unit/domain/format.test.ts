import { afterEach, describe, expect, it, vi } from "vitest"
import {
  currencyDecimals,
  formatBirthDate,
  formatDate,
  formatFullQuantity,
  formatQuantity,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatPercent,
  formatShortMonthYear,
} from "../../../src/domain"

// Intl separates with no-break spaces (U+00A0, U+202F); compare with plain spaces for readability.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ")

afterEach(() => {
  vi.restoreAllMocks()
})

describe("formatMoney in the six interface languages", () => {
  const expected: Record<string, [ngn: string, usd: string, negativeWhole: string]> = {
    en: ["₦1,234,567.50", "$1,234,567.50", "-₦1,500.00"],
    zh: ["₦1,234,567.50", "$1,234,567.50", "-₦1,500.00"],
    es: ["1.234.567,50 ₦", "1.234.567,50 $", "-1.500,00 ₦"],
    ja: ["₦1,234,567.50", "$1,234,567.50", "-₦1,500.00"],
    de: ["1.234.567,50 ₦", "1.234.567,50 $", "-1.500,00 ₦"],
    fr: ["1 234 567,50 ₦", "1 234 567,50 $", "-1 500,00 ₦"],
  }
  const regional: Record<string, string> = { en: "en-GB", zh: "zh-CN", es: "es-ES", ja: "ja-JP", de: "de-DE", fr: "fr-FR" }

  for (const [language, [ngn, usd, negativeWhole]] of Object.entries(expected)) {
    it(`shows ₦ for NGN and $ for USD in ${language} and ${regional[language]}`, () => {
      for (const locale of [language, regional[language] ?? language]) {
        expect(plain(formatMoney("1234567.5", "NGN", locale))).toBe(ngn)
        expect(plain(formatMoney("1234567.5", "USD", locale))).toBe(usd)
        expect(plain(formatMoney("-1500", "NGN", locale))).toBe(negativeWhole)
        expect(formatMoney("1", "NGN", locale)).not.toContain("NGN")
        expect(formatMoney("1", "USD", locale)).not.toMatch(/US|USD/)
      }
    })
  }

  it("forces the symbol when Intl renders the currency as a code", () => {
    const original = Intl.NumberFormat.prototype.formatToParts
    vi.spyOn(Intl.NumberFormat.prototype, "formatToParts").mockImplementation(function (this: Intl.NumberFormat, value) {
      return original.call(this, value).map((p) => (p.type === "currency" ? { ...p, value: this.resolvedOptions().currency ?? "" } : p))
    })
    expect(formatMoney("10", "NGN", "en")).toBe("₦10.00")
    expect(formatMoney("10", "usd", "en")).toBe("$10.00")
    expect(formatMoney("10", "EUR", "en")).toBe("EUR10.00")
  })

  it("shows the currency's decimals, always: a whole amount reads like any other (issue 31)", () => {
    expect(formatMoney("12.5", "USD", "en")).toBe("$12.50")
    expect(formatMoney("12", "USD", "en")).toBe("$12.00")
    expect(formatMoney("62049", "NGN", "en-GB")).toBe("₦62,049.00")
    expect(formatMoney("62049", "NGN", "en-GB")).toBe(formatMoney("62049.00", "NGN", "en-GB", { fraction: "fixed" }))
    expect(formatMoney("1.005", "USD", "en")).toBe("$1.01")
    expect(formatMoney("0.004", "USD", "en")).toBe("$0.00")
    expect(formatMoney("-0.001", "NGN", "en")).toBe("₦0.00")
    // A currency without minor units shows none; one with three shows three.
    expect(formatMoney("1234.5", "JPY", "en")).toBe("¥1,235")
    expect(formatMoney("1.2", "KWD", "en")).toMatch(/1\.200/)
    expect(currencyDecimals("NGN")).toBe(2)
    expect(currencyDecimals("JPY")).toBe(0)
    expect(currencyDecimals("??")).toBe(2)
  })

  it("offers fixed and whole fractions and an explicit sign", () => {
    expect(formatMoney("12", "USD", "en", { fraction: "fixed" })).toBe("$12.00")
    expect(formatMoney("12.499", "USD", "en", { fraction: "whole" })).toBe("$12")
    expect(formatMoney("12.5", "USD", "en", { fraction: "whole" })).toBe("$13")
    expect(formatMoney("10", "NGN", "en", { signDisplay: "exceptZero" })).toBe("+₦10.00")
    expect(formatMoney("0", "NGN", "en", { signDisplay: "exceptZero" })).toBe("₦0.00")
  })

  it("offers the exact fraction: every digit the value has, at least 2, never rounded", () => {
    expect(formatMoney("25.1234", "USD", "en", { fraction: "exact" })).toBe("$25.1234")
    expect(formatMoney("25.5", "USD", "en", { fraction: "exact" })).toBe("$25.50")
    expect(formatMoney("1234", "NGN", "de-DE", { fraction: "exact" })).toBe("1.234,00\u00a0₦")
    expect(formatMoney("0.000012345", "NGN", "fr-FR", { fraction: "exact" })).toBe("0,000012345\u00a0₦")
  })

  it("keeps every digit of huge amounts", () => {
    expect(formatMoney("123456789012345678901234.565", "USD", "en")).toBe("$123,456,789,012,345,678,901,234.57")
  })

  it("uses the narrow symbol of other currencies and survives bad codes", () => {
    expect(formatMoney("5", "EUR", "en")).toBe("€5.00")
    expect(formatMoney("5", "", "en")).toBe("5.00")
    expect(formatMoney("5", "X", "en")).toBe("5.00 X")
  })

  it("gives an empty text for a non-decimal amount", () => {
    expect(formatMoney("abc", "USD", "en")).toBe("")
    expect(formatMoney(null, "USD", "en")).toBe("")
    expect(formatMoney(Number.NaN, "USD", "en")).toBe("")
  })
})

describe("quantities: up to 4 fraction digits shown, the full value for hover and details (issue 31)", () => {
  it("shows a fill of 169.6404341926 as 169.6404 and gives every digit in full, in the locale", () => {
    expect(formatQuantity("169.6404341926", "en-GB")).toBe("169.6404")
    expect(formatFullQuantity("169.6404341926", "en-GB")).toBe("169.6404341926")
    expect(formatFullQuantity("169.6404341926", "de-DE")).toBe("169,6404341926")
    expect(formatFullQuantity("12345.5000", "de-DE")).toBe("12.345,5")
    expect(formatFullQuantity("7", "en")).toBe("7")
    expect(formatFullQuantity("x", "en")).toBe("")
  })
})

describe("formatNumber and formatPercent", () => {
  it("formats numbers in the locale with at most 2 decimals by default", () => {
    expect(plain(formatNumber("1234.5678", "fr-FR"))).toBe("1 234,57")
    expect(formatNumber("1234.5", "en")).toBe("1,234.5")
    expect(formatNumber("0.1234567891", "en", { maximumFractionDigits: 10 })).toBe("0.1234567891")
    expect(formatNumber("3", "en", { minimumFractionDigits: 2 })).toBe("3.00")
    expect(formatNumber("98765432109876543210.5", "en", { maximumFractionDigits: 0 })).toBe("98,765,432,109,876,543,211")
  })

  it("formats compact figures", () => {
    expect(formatNumber("1234567", "en", { compact: true })).toBe("1.23M")
  })

  it("formats percent units with the locale's sign", () => {
    expect(formatPercent("12.5", "en")).toBe("12.5%")
    expect(plain(formatPercent("12.345", "de-DE"))).toBe("12,35 %")
    expect(plain(formatPercent("-33.33", "fr"))).toBe("-33,33 %")
    expect(formatPercent("0", "en")).toBe("0%")
    expect(formatPercent("5", "en", { signDisplay: "exceptZero" })).toBe("+5%")
    expect(formatPercent("x", "en")).toBe("")
  })
})

describe("dates", () => {
  it("formats a date and a date-time in the locale", () => {
    expect(formatDate("2024-03-05T10:00:00Z", "en-GB", { timeZone: "UTC" })).toBe("5 Mar 2024")
    expect(formatDate("2024-03-05T10:00:00Z", "fr-FR", { timeZone: "UTC" })).toBe("5 mars 2024")
    expect(plain(formatDateTime("2024-03-05T14:30:00Z", "en-GB", { timeZone: "UTC" }))).toBe("5 Mar 2024, 14:30")
  })

  it("labels statements by short month and year", () => {
    expect(formatShortMonthYear("2024-03-15T00:00:00Z", "en-GB", { timeZone: "UTC" })).toBe("Mar 2024")
    expect(formatShortMonthYear("2024-03-15T00:00:00Z", "de-DE", { timeZone: "UTC" })).toBe("März 2024")
  })

  it("shows a date-only value as that calendar day in any time zone", () => {
    expect(formatShortMonthYear("2024-03-01", "en-GB", { timeZone: "America/New_York" })).toBe("Mar 2024")
    expect(formatShortMonthYear("2024-03-01T02:00:00Z", "en-GB", { timeZone: "America/New_York" })).toBe("Feb 2024")
    expect(formatDate("2024-03-01", "en-GB", { timeZone: "Pacific/Honolulu" })).toBe("1 Mar 2024")
  })

  it("gives an empty text for missing or invalid dates", () => {
    expect(formatDate("", "en")).toBe("")
    expect(formatDate("not a date", "en")).toBe("")
    expect(formatShortMonthYear(null, "en")).toBe("")
  })

  it("formats a birth date as day/month/year", () => {
    expect(formatBirthDate(5, 3, 1990)).toBe("05/03/1990")
    expect(formatBirthDate("12", "11", "1985")).toBe("12/11/1985")
    expect(formatBirthDate(undefined, 3, 1990)).toBe("")
    expect(formatBirthDate(1.5, 3, 1990)).toBe("")
  })
})
