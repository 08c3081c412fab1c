import { describe, expect, it } from "vitest"
import { formatCompactMoney, formatMoney, formatNumber, formatPrice, formatQuantity } from "../../../src/domain"

// Intl separates with no-break spaces (U+00A0, U+202F); compare with plain spaces for readability.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ")

const LOCALES = ["en-GB", "zh-CN", "es-ES", "ja-JP", "de-DE", "fr-FR"] as const

describe("one grouping rule per locale (issue 12)", () => {
  it("groups 4-digit figures in Spanish like larger ones", () => {
    expect(plain(formatMoney("6555.88", "NGN", "es-ES", { fraction: "fixed", signDisplay: "exceptZero" }))).toBe("+6.555,88 ₦")
    expect(plain(formatMoney("-81118.12", "NGN", "es-ES", { fraction: "fixed" }))).toBe("-81.118,12 ₦")
    expect(formatNumber("1000", "es-ES")).toBe("1.000")
    expect(formatQuantity("1000", "es")).toBe("1.000")
  })

  it("groups a 4-digit amount in every interface locale", () => {
    const expected: Record<(typeof LOCALES)[number], string> = {
      "en-GB": "₦1,000.00",
      "zh-CN": "₦1,000.00",
      "es-ES": "1.000,00 ₦",
      "ja-JP": "₦1,000.00",
      "de-DE": "1.000,00 ₦",
      "fr-FR": "1 000,00 ₦",
    }
    for (const locale of LOCALES) expect(plain(formatMoney("1000", "NGN", locale))).toBe(expected[locale])
  })
})

describe("formatQuantity: up to 4 fraction digits, more only below 1", () => {
  it("rounds holdings and order quantities to 4 digits, grouped", () => {
    expect(formatQuantity("788613.1144736842", "en-GB")).toBe("788,613.1145")
    expect(formatQuantity("28613.0551", "en-GB")).toBe("28,613.0551")
    expect(formatQuantity("68.0735194009", "en-GB")).toBe("68.0735")
    expect(formatQuantity("1250", "en-GB")).toBe("1,250")
    expect(plain(formatQuantity("788613.1144736842", "fr-FR"))).toBe("788 613,1145")
    expect(formatQuantity("788613.1144736842", "de-DE")).toBe("788.613,1145")
    expect(formatQuantity("788613.1144736842", "es-ES")).toBe("788.613,1145")
  })

  it("keeps 4 significant digits of a quantity below 1 (at most 10 fraction digits)", () => {
    expect(formatQuantity("0.5", "en-GB")).toBe("0.5")
    expect(formatQuantity("0.123456", "en-GB")).toBe("0.1235")
    expect(formatQuantity("0.000123456", "en-GB")).toBe("0.0001235")
    expect(formatQuantity("0.0000000001", "en-GB")).toBe("0.0000000001")
    expect(formatQuantity("x", "en-GB")).toBe("")
  })
})

describe("formatPrice: 2 fraction digits, more below 1", () => {
  it("shows prices with 2 digits, grouped", () => {
    expect(formatPrice("1234.5", "en-GB")).toBe("1,234.50")
    expect(formatPrice("1234.567", "de-DE")).toBe("1.234,57")
    expect(formatPrice("0", "en-GB")).toBe("0.00")
  })

  it("keeps 4 significant digits of a price below 1", () => {
    expect(formatPrice("0.25", "en-GB")).toBe("0.25")
    expect(formatPrice("0.0045123", "en-GB")).toBe("0.004512")
  })
})

describe("compact money for chart axes", () => {
  it("labels millions compactly in every locale", () => {
    const expected: Record<(typeof LOCALES)[number], string> = {
      "en-GB": "₦4.7m", // CLDR en-GB writes currency compacts in lower case
      "zh-CN": "₦470万",
      "es-ES": "4,7 M ₦",
      "ja-JP": "₦470万",
      "de-DE": "4,7 Mio. ₦",
      "fr-FR": "4,7 M ₦",
    }
    for (const locale of LOCALES) expect(plain(formatCompactMoney(4_700_000, "NGN", locale))).toBe(expected[locale])
  })

  it("keeps small values readable and the symbol of USD", () => {
    expect(formatCompactMoney(4700, "NGN", "en-GB")).toBe("₦4.7k")
    expect(formatCompactMoney(0.25, "USD", "en-GB")).toBe("$0.25")
    expect(formatCompactMoney(0, "USD", "en-GB")).toBe("$0")
    expect(formatCompactMoney(1_250_000_000, "USD", "en-GB")).toBe("$1.3bn")
  })
})
