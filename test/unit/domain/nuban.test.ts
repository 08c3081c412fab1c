import { describe, expect, it } from "vitest"
import { isValidNuban, nubanCheckDigit, nubanFor } from "../../../src/domain/nuban"

describe("NUBAN check digit (CBN)", () => {
  it("computes the check digit of the CBN worked example (bank 011, serial 000001457)", () => {
    // 0*3+1*7+1*3 + 0*3+0*7+0*3 + 0*3+0*7+1*3 + 4*3+5*7+7*3 = 7+3+3+12+35+21 = 81 -> (10 - 1) % 10 = 9
    expect(nubanCheckDigit("011", "000001457")).toBe(9)
    expect(isValidNuban("011", "0000014579")).toBe(true)
  })

  it("gives 0 when the weighted sum is a multiple of ten", () => {
    expect(nubanCheckDigit("000", "000000000")).toBe(0)
    expect(isValidNuban("000", "0000000000")).toBe(true)
  })

  it("refuses a wrong check digit, a wrong bank and malformed input", () => {
    expect(isValidNuban("011", "0000014578")).toBe(false)
    expect(isValidNuban("058", "0000014579")).toBe(false)
    expect(isValidNuban("011", "000001457")).toBe(false)
    expect(isValidNuban("011", "00000145790")).toBe(false)
    expect(isValidNuban("011", "000001457a")).toBe(false)
    expect(isValidNuban("11", "0000014579")).toBe(false)
    expect(nubanCheckDigit("011", "12345678")).toBeNull()
  })

  it("builds a valid number from a serial", () => {
    const n = nubanFor("058", "123456789")
    expect(n).toMatch(/^123456789\d$/)
    expect(isValidNuban("058", n!)).toBe(true)
    expect(nubanFor("58", "123456789")).toBeNull()
  })
})
