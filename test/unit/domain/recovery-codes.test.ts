import { describe, expect, it } from "vitest"
import {
  formatRecoveryCode,
  normalRecoveryCode,
  recoveryCodesFileName,
  recoveryCodesFileText,
  validateRecoveryCode,
  validateRecoveryConfirm,
} from "../../../src/domain/recovery-codes"
import { ValidationCodes } from "../../../src/domain/validation"

describe("recovery codes", () => {
  it("read a typed code forgivingly: case, spaces and the hyphen do not matter; o is 0, i and l are 1", () => {
    expect(normalRecoveryCode("7kq2m-x9d4p")).toBe("7kq2mx9d4p")
    expect(normalRecoveryCode(" 7KQ2M X9D4P ")).toBe("7kq2mx9d4p")
    expect(normalRecoveryCode("oil2m-x9d4p")).toBe("0112mx9d4p")
  })

  it("refuse what is not ten characters of the alphabet", () => {
    expect(normalRecoveryCode("7kq2m-x9d4")).toBeNull()
    expect(normalRecoveryCode("7kq2m-x9d4pp")).toBeNull()
    expect(normalRecoveryCode("7kq2u-x9d4p")).toBeNull()
    expect(normalRecoveryCode("123456")).toBeNull()
  })

  it("are shown in two groups of five", () => expect(formatRecoveryCode("7KQ2MX9D4P")).toBe("7kq2m-x9d4p"))

  it("the sign-in field: required, then the code's shape", () => {
    expect(validateRecoveryCode({ code: " " }).code?.code).toBe(ValidationCodes.required)
    expect(validateRecoveryCode({ code: "12345" }).code?.code).toBe(ValidationCodes.recoveryCodeFormat)
    expect(validateRecoveryCode({ code: "7kq2m x9d4p" })).toEqual({})
  })

  it("making a set asks for a password and the app's six digits", () => {
    expect(Object.keys(validateRecoveryConfirm({ password: "", otp: "12a" })).sort()).toEqual(["otp", "password"])
    expect(validateRecoveryConfirm({ password: "Chartfolio#2026", otp: "123456" })).toEqual({})
  })

  it("the file: its name from the day made, the given head lines, a blank line, one code a line", () => {
    expect(recoveryCodesFileName("2026-03-03T10:00:00.000Z")).toBe("chartfolio-recovery-codes-2026-03-03.txt")
    expect(recoveryCodesFileText(["Title"], ["7kq2mx9d4p", "0a1b2-c3d4e"])).toBe("Title\r\n\r\n7kq2m-x9d4p\r\n0a1b2-c3d4e\r\n")
  })
})
