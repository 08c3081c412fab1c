import { Result, Schema } from "effect"
import { describe, expect, it } from "vitest"
import {
  AddBankAccountRequest,
  COUNTRY_CODES,
  CreateAccountRequest,
  CreateOrderRequest,
  ForgotPasswordRequest,
  isCountryCode,
  LoginRequest,
  MAX_UPLOAD_BYTES,
  OtpRequest,
  ReauthRequest,
  RegisterRequest,
  ReserveAccountUpdateRequest,
  ResetPasswordRequest,
  STRONG_PASSWORD_MESSAGE,
  UploadDocumentRequest,
  validationMessages,
  WithdrawRequest,
} from "../../../src/contract"

/** What the server would put in a 400's `message`: one text per field; `{}` when the body is valid. */
const messages = (schema: Schema.Codec<unknown, unknown>, input: unknown): Record<string, string> => {
  const result = Schema.decodeUnknownResult(schema)(input, { errors: "all" })
  return Result.isFailure(result) ? validationMessages(result.failure) : {}
}

const base64Of = (bytes: number): string => Buffer.alloc(bytes, 1).toString("base64")

describe("sign-in and registration bodies", () => {
  it("accepts valid credentials", () => {
    expect(messages(LoginRequest, { email: "demo@chartfolio.test", password: "abc" })).toEqual({})
  })

  it("reports each field with the spec's text", () => {
    expect(messages(LoginRequest, {})).toEqual({ email: "Required field", password: "Required field" })
    expect(messages(LoginRequest, { email: "demo@chartfolio", password: "ab" })).toEqual({
      email: "Wrong email format",
      password: "Minimum 3 Characters",
    })
    expect(messages(LoginRequest, { email: "a@b.io", password: "x".repeat(51) })).toEqual({
      email: "Minimum 8 Characters",
      password: "Maximum 50 Characters",
    })
  })

  it("reauth uses the dialog's texts and the 8-character password floor", () => {
    expect(messages(ReauthRequest, { email: "nope", password: "short" })).toEqual({
      email: "Kindly provide a valid email",
      password: "Kindly provide your password",
    })
    expect(messages(ReauthRequest, { email: "demo@chartfolio.test", password: "Chartfolio#2026" })).toEqual({})
  })

  it("registration bounds every field to 3..50 symbols", () => {
    expect(messages(RegisterRequest, { email: "demo@chartfolio.test", fullname: "Ada Obi", username: "ada", password: "abc" })).toEqual({})
    expect(messages(RegisterRequest, { email: "x@y", fullname: "Ad", username: "u".repeat(51), password: "   " })).toEqual({
      email: "Wrong email format",
      fullname: "Minimum 3 symbols",
      username: "Maximum 50 symbols",
      password: "Required field",
    })
  })

  it("counts length in characters, not UTF-16 units", () => {
    expect(messages(RegisterRequest, { email: "demo@chartfolio.test", fullname: "😀😀😀", username: "ada", password: "abc" })).toEqual({})
  })

  it("forgot password needs a valid e-mail", () => {
    expect(messages(ForgotPasswordRequest, { email: "" })).toEqual({ email: "Required field" })
    expect(messages(ForgotPasswordRequest, { email: "demo@chartfolio.test" })).toEqual({})
  })

  it("reset password demands the mixed-character password", () => {
    for (const weak of ["abcdefgh", "ABCDEFG1!", "Abcdefgh!", "Abcdefg1", "Ab1!"]) {
      expect(messages(ResetPasswordRequest, { ref: "r1", password: weak })).toEqual({ password: STRONG_PASSWORD_MESSAGE })
    }
    expect(messages(ResetPasswordRequest, { ref: "r1", password: "Chartfolio#2026" })).toEqual({})
    expect(messages(ResetPasswordRequest, { password: "Chartfolio#2026" })).toEqual({ ref: "Required field" })
  })

  it("the one-time code is six digits", () => {
    expect(messages(OtpRequest, { otp: "12a456" })).toEqual({ otp: "Only numbers allowed" })
    expect(messages(OtpRequest, { otp: "12345" })).toEqual({ otp: "Six Digit" })
    expect(messages(OtpRequest, { otp: "123456", trusted: true })).toEqual({})
    expect(messages(OtpRequest, { otp: "123456" })).toEqual({})
  })
})

describe("order body", () => {
  const order = { accountId: "acc_usd", instrumentId: "ins_aapl", side: "BUY", type: "MARKET", priority: "amount", amount: "100", quantity: "0.5265" }

  it("accepts a MARKET order by amount and a LIMIT order by price and quantity", () => {
    expect(messages(CreateOrderRequest, order)).toEqual({})
    expect(messages(CreateOrderRequest, { accountId: "a", instrumentId: "i", side: "SELL", type: "LIMIT", price: "190.5", quantity: "2" })).toEqual({})
    expect(messages(CreateOrderRequest, { accountId: "a", instrumentId: "i", side: "SELL", type: "STOP", price: "150", quantity: "2" })).toEqual({})
  })

  it("MARKET needs an amount above zero", () => {
    expect(messages(CreateOrderRequest, { ...order, amount: "0" })).toEqual({ amount: "Valid Amount required for MARKET BUY" })
    const { amount: _dropped, ...noAmount } = order
    expect(messages(CreateOrderRequest, { ...noAmount, side: "SELL" })).toEqual({ amount: "Valid Amount required for MARKET SELL" })
  })

  it("LIMIT and STOP need price and quantity above zero", () => {
    expect(messages(CreateOrderRequest, { accountId: "a", instrumentId: "i", side: "BUY", type: "LIMIT", price: "10", quantity: "0" })).toEqual({
      quantity: "Valid Target Price and Quantity required for LIMIT BUY",
    })
    expect(messages(CreateOrderRequest, { accountId: "a", instrumentId: "i", side: "SELL", type: "STOP", quantity: "1" })).toEqual({
      price: "Valid Target Price and Quantity required for STOP SELL",
    })
  })

  it("STOP is for SELL only", () => {
    expect(messages(CreateOrderRequest, { accountId: "a", instrumentId: "i", side: "BUY", type: "STOP", price: "1", quantity: "1" })).toEqual({
      type: "Stop Loss is available for SELL only",
    })
  })

  it("money is a decimal string, never a float or an exponent", () => {
    expect(messages(CreateOrderRequest, { ...order, amount: 100 })).toHaveProperty("amount")
    expect(messages(CreateOrderRequest, { ...order, amount: "1e2" })).toHaveProperty("amount")
  })

  it("an unknown side or type is refused", () => {
    expect(messages(CreateOrderRequest, { ...order, side: "HOLD", type: "OCO" })).toEqual({ side: "Select BUY or SELL", type: "Select an order type" })
  })
})

describe("money movement bodies", () => {
  it("withdrawal: channel, bank account and a positive amount", () => {
    expect(messages(WithdrawRequest, { channel: "NUBAN", bankAccountRef: "ba_1", amount: "2500.50", accountId: "acc_ngn" })).toEqual({})
    expect(messages(WithdrawRequest, { accountId: "acc_ngn" })).toEqual({
      channel: "Select Withdrawal Channel",
      bankAccountRef: "Select Bank Account",
      amount: "Enter Valid Amount",
    })
    for (const amount of ["0", "0.00", "-5", "abc", "1e3", ""]) {
      expect(messages(WithdrawRequest, { channel: "WIRE", bankAccountRef: "ba_2", amount, accountId: "acc_usd" })).toEqual({ amount: "Enter Valid Amount" })
    }
  })

  it("instant deposit update needs the chosen status", () => {
    expect(messages(ReserveAccountUpdateRequest, { accountId: "acc_ngn", ref: "nuban_1" })).toEqual({ instantDeposit: "Select Instant Deposit Status" })
    expect(messages(ReserveAccountUpdateRequest, { accountId: "acc_ngn", instantDeposit: false })).toEqual({})
  })

  it("portfolio creation needs a custodian", () => {
    expect(messages(CreateAccountRequest, { partner: " " })).toEqual({ partner: "Select Trading Account Partner" })
    expect(messages(CreateAccountRequest, { partner: "Alpaca", currency: "USD" })).toEqual({})
  })
})

describe("bank account body", () => {
  const local = { bankRef: "b_gtb", bankName: "GTBank", accountNumber: "0123456789", accountName: "ADA OBI", accountType: "Saving", currency: "NGN" }
  const foreign = {
    bankRef: "FOREIGN",
    bankName: "Example Bank NA",
    accountNumber: "12345678",
    accountName: "Ada Obi",
    accountType: "Checking",
    currency: "USD",
    bankAddress: "1 Wall St",
    bankCity: "New York",
    bankProvince: "New York",
    bankZipCode: "10005",
    bankCountryCode: "USA",
    swiftAba: "EXBKUS33",
  }

  it("accepts a local and a foreign account", () => {
    expect(messages(AddBankAccountRequest, local)).toEqual({})
    expect(messages(AddBankAccountRequest, foreign)).toEqual({})
  })

  it("local accounts have exactly 10 digits", () => {
    for (const accountNumber of ["012345678", "01234567890", "01234x6789"]) {
      expect(messages(AddBankAccountRequest, { ...local, accountNumber })).toEqual({ accountNumber: "Enter a valid Account Number" })
    }
  })

  it("foreign accounts have the minimum lengths and an ISO alpha-3 country", () => {
    const short = { ...foreign, accountNumber: "1234567", bankAddress: "1 Wal", bankCity: "NY", swiftAba: "EXB", bankCountryCode: "US" }
    expect(messages(AddBankAccountRequest, short)).toEqual({
      accountNumber: "Minimum 8 Characters",
      bankAddress: "Enter a valid Bank Address",
      bankCity: "Minimum 4 Characters",
      swiftAba: "Minimum 4 Characters",
      bankCountryCode: "Select Bank Country",
    })
    expect(messages(AddBankAccountRequest, { ...foreign, bankCountryCode: "XYZ" })).toEqual({ bankCountryCode: "Select Bank Country" })
  })

  it("every text field, local or foreign, has a maximum length: 'Maximum {n} Characters' for each field over it", () => {
    expect(
      messages(AddBankAccountRequest, {
        ...foreign,
        bankName: "B".repeat(3000),
        accountNumber: "1".repeat(3000),
        accountName: "N".repeat(50_000),
        swiftAba: "DEUTDEFFXXXX",
      }),
    ).toEqual({
      bankName: "Maximum 140 Characters",
      accountNumber: "Maximum 34 Characters",
      accountName: "Maximum 140 Characters",
      swiftAba: "Maximum 11 Characters",
    })
    expect(
      messages(AddBankAccountRequest, {
        ...foreign,
        bankAddress: "a".repeat(141),
        bankCity: "c".repeat(36),
        bankProvince: "p".repeat(36),
        bankZipCode: "9".repeat(17),
        bankCountryCode: "USAA",
      }),
    ).toEqual({
      bankAddress: "Maximum 140 Characters",
      bankCity: "Maximum 35 Characters",
      bankProvince: "Maximum 35 Characters",
      bankZipCode: "Maximum 16 Characters",
      bankCountryCode: "Maximum 3 Characters",
    })
    // A local body is held to the same maxima, also for the fields the server ignores.
    expect(
      messages(AddBankAccountRequest, {
        ...local,
        bankName: "B".repeat(3000),
        accountNumber: "0".repeat(3000),
        bankCity: "c".repeat(36),
        bankRef: "R".repeat(33),
      }),
    ).toEqual({
      bankName: "Maximum 140 Characters",
      accountNumber: "Maximum 34 Characters",
      bankCity: "Maximum 35 Characters",
      bankRef: "Maximum 32 Characters",
    })
    expect(messages(AddBankAccountRequest, { ...foreign, bankName: ` ${"B".repeat(140)} `, swiftAba: "DEUTDEFFXXX" })).toEqual({})
  })

  it("account type and currency are closed sets", () => {
    expect(messages(AddBankAccountRequest, { ...local, accountType: "Current", currency: "EUR" })).toEqual({
      accountType: "Select Account Type",
      currency: "Currency must be NGN (local bank) or USD (foreign bank)",
    })
  })

  it("the country list holds the 249 assigned codes once each", () => {
    expect(COUNTRY_CODES).toHaveLength(249)
    expect(new Set(COUNTRY_CODES).size).toBe(249)
    expect([isCountryCode("NGA"), isCountryCode("USA"), isCountryCode("GBR"), isCountryCode("usa"), isCountryCode("UK")]).toEqual([
      true,
      true,
      true,
      false,
      false,
    ])
  })
})

describe("document upload body", () => {
  const png = `data:image/png;base64,${base64Of(64)}`

  it("accepts a category and a JPEG or PNG data URL; ID fields are optional", () => {
    expect(messages(UploadDocumentRequest, { type: "PICTURE_ID", document: png })).toEqual({})
    expect(messages(UploadDocumentRequest, { type: "TAX", idType: "TIN", idValue: "123", document: `data:image/jpeg;base64,${base64Of(10)}` })).toEqual({})
  })

  it("category and file are required", () => {
    expect(messages(UploadDocumentRequest, {})).toEqual({ type: "Please provide document Category", document: "Select document File" })
    expect(messages(UploadDocumentRequest, { type: "SELFIE", document: "" })).toEqual({
      type: "Please provide document Category",
      document: "Select document File",
    })
  })

  it("only JPEG and PNG data URLs", () => {
    for (const document of [`data:application/pdf;base64,${base64Of(10)}`, "https://example.test/id.png", `data:image/gif;base64,${base64Of(10)}`]) {
      expect(messages(UploadDocumentRequest, { type: "TAX", document })).toEqual({ document: "Invalid File Selection" })
    }
  })

  it("at most 10,000,000 bytes once decoded", () => {
    expect(messages(UploadDocumentRequest, { type: "TAX", document: `data:image/png;base64,${base64Of(MAX_UPLOAD_BYTES)}` })).toEqual({})
    expect(messages(UploadDocumentRequest, { type: "TAX", document: `data:image/png;base64,${base64Of(MAX_UPLOAD_BYTES + 1)}` })).toEqual({
      document: "File too large (10mb Max)",
    })
  })
})

describe("validationMessages", () => {
  it("puts a failure of the whole body under 'body'", () => {
    expect(messages(WithdrawRequest, "not an object")).toEqual({ body: "Expected object" })
  })
})
