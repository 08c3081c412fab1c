import { describe, expect, it } from "vitest"
import {
  isDigitsOnly,
  isEmail,
  isFilled,
  isFormValid,
  isLengthBetween,
  isLocalAccountNumber,
  isPositiveAmount,
  isSixDigitCode,
  isStrongPassword,
  textLength,
  validateForgotPassword,
  validateOtp,
  validateReauth,
  validateRegistration,
  validateResetPassword,
  validateSignIn,
  ValidationCodes as C,
} from "../../../src/domain"

describe("predicates", () => {
  it("checks e-mail format", () => {
    for (const ok of ["a@b.co", "first.last+tag@mail.example.ng"]) expect(isEmail(ok)).toBe(true)
    for (const bad of ["", "a@b", "a@.b", "a b@c.de", "a@b..c", "a@b.", "@b.co", "a@@b.co"]) expect(isEmail(bad)).toBe(false)
  })

  it("counts length in code points with inclusive bounds", () => {
    expect(textLength("😀ab")).toBe(3)
    expect(isLengthBetween("abc", 3, 5)).toBe(true)
    expect(isLengthBetween("ab", 3, 5)).toBe(false)
    expect(isLengthBetween("abcde", 3, 5)).toBe(true)
    expect(isLengthBetween("abcdef", 3, 5)).toBe(false)
  })

  it("treats whitespace-only text as not filled", () => {
    expect(isFilled("  ")).toBe(false)
    expect(isFilled(null)).toBe(false)
    expect(isFilled(" x ")).toBe(true)
  })

  it("checks the six-digit code", () => {
    expect(isSixDigitCode("012345")).toBe(true)
    expect(isSixDigitCode("12345")).toBe(false)
    expect(isSixDigitCode("1234567")).toBe(false)
    expect(isSixDigitCode("12345a")).toBe(false)
    expect(isDigitsOnly("0042")).toBe(true)
    expect(isDigitsOnly("４２")).toBe(false)
  })

  it("checks reset-password complexity with 8 and 50 as inclusive bounds", () => {
    expect(isStrongPassword("Abcde1!x")).toBe(true)
    expect(isStrongPassword("Abcd1!x")).toBe(false)
    expect(isStrongPassword(`Ab1!${"x".repeat(46)}`)).toBe(true)
    expect(isStrongPassword(`Ab1!${"x".repeat(47)}`)).toBe(false)
    expect(isStrongPassword("abcde1!x")).toBe(false)
    expect(isStrongPassword("ABCDE1!X")).toBe(false)
    expect(isStrongPassword("Abcdefg!")).toBe(false)
    expect(isStrongPassword("Abcdefg1")).toBe(false)
    expect(isStrongPassword("Abcdef 1")).toBe(false)
    expect(isStrongPassword("Ébcdef1_")).toBe(true)
  })

  it("checks a 10-digit local account number", () => {
    expect(isLocalAccountNumber("0123456789")).toBe(true)
    expect(isLocalAccountNumber("012345678")).toBe(false)
    expect(isLocalAccountNumber("01234567890")).toBe(false)
    expect(isLocalAccountNumber("012345678a")).toBe(false)
  })

  it("accepts a positive decimal amount with no zero value", () => {
    for (const ok of ["100", "0.5", ".5", "12.", "0.01"]) expect(isPositiveAmount(ok)).toBe(true)
    for (const bad of ["0", "0.00", ".0", "", "-5", "+5", "1e3", "1,000", " 5", "abc", "."]) expect(isPositiveAmount(bad)).toBe(false)
  })
})

describe("sign-in form", () => {
  it("passes valid input", () => {
    expect(validateSignIn({ email: "ada@bank.ng", password: "abc" })).toEqual({})
  })

  it("reports the first failing e-mail rule", () => {
    expect(validateSignIn({ email: "", password: "abc" }).email).toEqual({ code: C.required })
    expect(validateSignIn({ email: "not-an-email", password: "abc" }).email).toEqual({ code: C.emailFormat })
    expect(validateSignIn({ email: "a@b.com", password: "abc" }).email).toEqual({ code: C.minCharacters, params: { min: 8 } })
    expect(validateSignIn({ email: "ab@c.com", password: "abc" }).email).toBeUndefined()
    const at50 = `${"a".repeat(44)}@b.com`
    expect(validateSignIn({ email: at50, password: "abc" }).email).toBeUndefined()
    expect(validateSignIn({ email: `a${at50}`, password: "abc" }).email).toEqual({ code: C.maxCharacters, params: { max: 50 } })
  })

  it("bounds the password to 3..50", () => {
    expect(validateSignIn({ email: "ab@c.com", password: "" }).password).toEqual({ code: C.required })
    expect(validateSignIn({ email: "ab@c.com", password: "ab" }).password).toEqual({ code: C.minCharacters, params: { min: 3 } })
    expect(validateSignIn({ email: "ab@c.com", password: "x".repeat(50) }).password).toBeUndefined()
    expect(validateSignIn({ email: "ab@c.com", password: "x".repeat(51) }).password).toEqual({ code: C.maxCharacters, params: { max: 50 } })
  })
})

describe("registration form", () => {
  const valid = { fullname: "Ada Obi", email: "ada@bank.ng", username: "ada", password: "secret", confirmPassword: "secret", acceptTerms: true }

  it("passes valid input", () => {
    expect(isFormValid(validateRegistration(valid))).toBe(true)
  })

  it("uses symbols wording for 3..50", () => {
    expect(validateRegistration({ ...valid, username: "ab" }).username).toEqual({ code: C.minSymbols, params: { min: 3 } })
    expect(validateRegistration({ ...valid, fullname: "x".repeat(51) }).fullname).toEqual({ code: C.maxSymbols, params: { max: 50 } })
    expect(validateRegistration({ ...valid, fullname: "  " }).fullname).toEqual({ code: C.required })
    expect(validateRegistration({ ...valid, email: "ada@bank" }).email).toEqual({ code: C.emailFormat })
    expect(validateRegistration({ ...valid, password: "ab", confirmPassword: "ab" }).password).toEqual({ code: C.minSymbols, params: { min: 3 } })
  })

  it("requires a matching confirmation and accepted terms", () => {
    expect(validateRegistration({ ...valid, confirmPassword: "" }).confirmPassword).toEqual({ code: C.required })
    expect(validateRegistration({ ...valid, confirmPassword: "secreT" }).confirmPassword).toEqual({ code: C.passwordConfirmMismatch })
    const issues = validateRegistration({ ...valid, acceptTerms: false })
    expect(issues.acceptTerms).toEqual({ code: C.termsRequired })
    expect(isFormValid(issues)).toBe(false)
  })
})

describe("forgot, reset, one-time code and re-authentication forms", () => {
  it("checks the forgot-password e-mail", () => {
    expect(validateForgotPassword({ email: "a@b.co" })).toEqual({})
    expect(validateForgotPassword({ email: "a@b" }).email).toEqual({ code: C.emailFormat })
    expect(validateForgotPassword({ email: "" }).email).toEqual({ code: C.required })
  })

  it("checks the reset password and its confirmation", () => {
    expect(validateResetPassword({ password: "Abcde1!x", confirmPassword: "Abcde1!x" })).toEqual({})
    expect(validateResetPassword({ password: "abcdefgh", confirmPassword: "abcdefgh" }).password).toEqual({ code: C.passwordComplexity })
    expect(validateResetPassword({ password: "", confirmPassword: "" })).toEqual({ password: { code: C.required }, confirmPassword: { code: C.required } })
    expect(validateResetPassword({ password: "Abcde1!x", confirmPassword: "Abcde1!y" }).confirmPassword).toEqual({ code: C.passwordsMustMatch })
  })

  it("checks the one-time code", () => {
    expect(validateOtp({ otp: "123456" })).toEqual({})
    expect(validateOtp({ otp: "" }).otp).toEqual({ code: C.required })
    expect(validateOtp({ otp: "12a456" }).otp).toEqual({ code: C.digitsOnly })
    expect(validateOtp({ otp: "12345" }).otp).toEqual({ code: C.sixDigits })
    expect(validateOtp({ otp: "1234567" }).otp).toEqual({ code: C.sixDigits })
  })

  it("checks the re-authentication dialog with its own messages", () => {
    expect(validateReauth({ email: "ada@bank.ng", password: "12345678" })).toEqual({})
    expect(validateReauth({ email: "", password: "1234567" })).toEqual({ email: { code: C.reauthEmail }, password: { code: C.reauthPassword } })
    expect(validateReauth({ email: "ada@bank", password: "x".repeat(50) })).toEqual({ email: { code: C.reauthEmail } })
    expect(validateReauth({ email: "ada@bank.ng", password: "x".repeat(51) }).password).toEqual({ code: C.reauthPassword })
  })
})
