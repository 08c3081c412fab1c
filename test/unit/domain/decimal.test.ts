import { describe, expect, it } from "vitest"
import { Decimal, DecimalError, isDecimal, parseDecimal } from "../../../src/domain"

const { add, sub, mul, div, round, toFixed, compare, equals, sign, isPositive, isNegative, isZero, absolute, negate, normalise, sum } = Decimal

describe("decimal parsing", () => {
  it("accepts plain decimals and normalises them", () => {
    expect(parseDecimal("007.500")).toBe("7.5")
    expect(parseDecimal("-0.00")).toBe("0")
    expect(parseDecimal("+3.")).toBe("3")
    expect(parseDecimal(".5")).toBe("0.5")
    expect(parseDecimal("-.25")).toBe("-0.25")
    expect(parseDecimal(12n)).toBe("12")
  })

  it("turns finite numbers into their shortest exact text, exponents included", () => {
    expect(parseDecimal(0.1)).toBe("0.1")
    expect(parseDecimal(-0)).toBe("0")
    expect(parseDecimal(1e21)).toBe("1000000000000000000000")
    expect(parseDecimal(1.5e-7)).toBe("0.00000015")
    expect(parseDecimal(-2.5e22)).toBe("-25000000000000000000000")
  })

  it.each(["", " ", " 1", "1 ", "1e5", "1E5", "NaN", "Infinity", "-", "+", ".", "1,000", "1.2.3", "0x10", "١٢"])("rejects %j", (text) => {
    expect(parseDecimal(text)).toBeNull()
    expect(isDecimal(text)).toBe(false)
    expect(() => normalise(text)).toThrow(DecimalError)
  })

  it("rejects non-finite numbers and other types", () => {
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, null, undefined, true, {}, []]) {
      expect(parseDecimal(value)).toBeNull()
    }
  })

  it("throws a typed error naming the reason and the input", () => {
    try {
      add("1e3", "1")
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(DecimalError)
      expect((error as DecimalError).reason).toBe("invalid")
      expect((error as DecimalError).input).toBe("1e3")
    }
  })
})

describe("decimal arithmetic", () => {
  it("is exact where floats are not", () => {
    expect(add("0.1", "0.2")).toBe("0.3")
    expect(add(0.1, 0.2)).toBe("0.3")
    expect(sub("0.3", "0.1")).toBe("0.2")
    expect(mul("1.1", "1.1")).toBe("1.21")
    expect(sum(Array.from({ length: 10 }, () => "0.1"))).toBe("1")
  })

  it("keeps every digit of large values", () => {
    expect(add("99999999999999999999.99", "0.01")).toBe("100000000000000000000")
    expect(mul("123456789012345678901234567890", "10")).toBe("1234567890123456789012345678900")
    expect(sub("1", "100000000000000000000000.000000001")).toBe("-99999999999999999999999.000000001")
  })

  it("sums nothing to 0 and mixes strings, numbers and bigints", () => {
    expect(sum([])).toBe("0")
    expect(sum(["1.25", 2, 3n, "-0.25"])).toBe("6")
  })

  it("divides to a given scale, rounding half up (ties away from zero) by default", () => {
    expect(div("1", "3", 4)).toBe("0.3333")
    expect(div("2", "3", 2)).toBe("0.67")
    expect(div("1", "8", 2)).toBe("0.13")
    expect(div("-1", "8", 2)).toBe("-0.13")
    expect(div("1", "-8", 2)).toBe("-0.13")
    expect(div("10", "4", 0)).toBe("3")
    expect(div("10", "2", 5)).toBe("5")
    expect(div("0.5", "0.25", 3)).toBe("2")
  })

  it("divides with the other rounding modes", () => {
    expect(div("2", "3", 2, "down")).toBe("0.66")
    expect(div("-2", "3", 2, "down")).toBe("-0.66")
    expect(div("1", "8", 2, "half-even")).toBe("0.12")
    expect(div("3", "8", 2, "half-even")).toBe("0.38")
    expect(div("-1", "8", 2, "half-even")).toBe("-0.12")
  })

  it("refuses a zero divisor with a typed error", () => {
    expect(() => div("1", "0.00", 2)).toThrow(expect.objectContaining({ reason: "division-by-zero" }))
  })

  it("rejects a fraction-digit count that is not a non-negative integer", () => {
    expect(() => round("1", -1)).toThrow(RangeError)
    expect(() => div("1", "3", 1.5)).toThrow(RangeError)
  })

  it("rounds to N fraction digits", () => {
    expect(round("1.005", 2)).toBe("1.01")
    expect(round("-1.005", 2)).toBe("-1.01")
    expect(round("1.004999", 2)).toBe("1")
    expect(round("2.5", 0)).toBe("3")
    expect(round("2.5", 0, "half-even")).toBe("2")
    expect(round("1.999", 2, "down")).toBe("1.99")
    expect(round("-0.001", 2)).toBe("0")
    expect(round("12.3", 5)).toBe("12.3")
  })

  it("pads to exactly N fraction digits with toFixed", () => {
    expect(toFixed("1.5", 2)).toBe("1.50")
    expect(toFixed("1.005", 2)).toBe("1.01")
    expect(toFixed("3", 0)).toBe("3")
    expect(toFixed("-0.001", 2)).toBe("0.00")
    expect(toFixed("-1.2", 3)).toBe("-1.200")
  })

  it("compares across scales", () => {
    expect(compare("1.10", "1.1")).toBe(0)
    expect(equals("2.50", 2.5)).toBe(true)
    expect(compare("-1", "0.5")).toBe(-1)
    expect(compare("10", "9.999")).toBe(1)
  })

  it("reports sign, zero, positive and negative", () => {
    expect(sign("-0.01")).toBe(-1)
    expect(sign(".0")).toBe(0)
    expect(isZero("-0.00")).toBe(true)
    expect(isPositive("0.0001")).toBe(true)
    expect(isPositive("0")).toBe(false)
    expect(isNegative("-0.0001")).toBe(true)
    expect(isNegative("0")).toBe(false)
  })

  it("negates and takes absolute values", () => {
    expect(absolute("-12.50")).toBe("12.5")
    expect(negate("12.5")).toBe("-12.5")
    expect(negate("0")).toBe("0")
  })
})
