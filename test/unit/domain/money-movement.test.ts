import { describe, expect, it } from "vitest"
import {
  ALLOWED_UPLOAD_EXTENSIONS,
  BANK_ACCOUNT_MAX_LENGTHS,
  FOREIGN_MIN_LENGTHS,
  bankAccountDistinction,
  bankAccountOptionText,
  bankAccountsForChannel,
  canCreatePortfolio,
  canUpdateInstantDeposit,
  fileExtension,
  isForeignBank,
  isImageDataUrl,
  isOrderCancellable,
  MAX_UPLOAD_BYTES,
  shouldLookUpAccountName,
  sniffImageKind,
  tooLongBankAccountFields,
  validateCreatePortfolio,
  validateDocumentUpload,
  validateForeignBankAccount,
  validateInstantDeposit,
  validateLocalBankAccount,
  validateUploadFile,
  validateWithdrawal,
  ValidationCodes as C,
} from "../../../src/domain"

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46])
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])

describe("withdrawal", () => {
  const accounts = [
    { ref: "a", bankName: "First Bank", accountNumber: "0123456789", currency: "NGN" },
    { ref: "b", bankName: "Chase", accountNumber: "987654321", currency: "USD" },
    { ref: "c", bankName: "GTB", accountNumber: "1111122222", currency: "ngn" },
  ]

  it("lists NGN accounts for NUBAN and the others for WIRE", () => {
    expect(bankAccountsForChannel(accounts, "NUBAN").map((a) => a.ref)).toEqual(["a", "c"])
    expect(bankAccountsForChannel(accounts, "WIRE").map((a) => a.ref)).toEqual(["b"])
    expect(bankAccountsForChannel(accounts, null)).toEqual([])
  })

  it("labels an account by bank, masked number and currency", () => {
    expect(bankAccountOptionText(accounts[0] ?? {})).toBe("First Bank ****6789 NGN")
    expect(bankAccountOptionText({ bankName: "Chase" })).toBe("Chase")
  })

  it("tells two accounts at one bank apart by their last 4 digits and currency, the part a list never cuts", () => {
    expect(bankAccountDistinction({ accountNumber: "******6789", currency: "NGN" })).toBe("****6789 NGN")
    expect(bankAccountDistinction({ accountNumber: "******1234", currency: " USD " })).toBe("****1234 USD")
    expect(bankAccountDistinction({ currency: "NGN" })).toBe("NGN")
  })

  it("requires a channel, an account and a positive amount", () => {
    expect(validateWithdrawal({ channel: "NUBAN", bankAccountRef: "a", amount: " 100.50 " })).toEqual({})
    expect(validateWithdrawal({ channel: "", bankAccountRef: null, amount: "0.00" })).toEqual({
      channel: { code: C.withdrawalChannel },
      bankAccountRef: { code: C.bankAccountRequired },
      amount: { code: C.validAmount },
    })
    expect(validateWithdrawal({ channel: "WIRE", bankAccountRef: "b", amount: "-1" }).amount).toEqual({ code: C.validAmount })
  })
})

describe("bank accounts", () => {
  it("recognises the Foreign bank and a complete local number", () => {
    expect(isForeignBank({ bankName: "Foreign" })).toBe(true)
    expect(isForeignBank({ bankName: "First Bank" })).toBe(false)
    expect(shouldLookUpAccountName("012345678")).toBe(false)
    expect(shouldLookUpAccountName("0123456789")).toBe(true)
  })

  it("validates a local bank account", () => {
    expect(validateLocalBankAccount({ bankRef: "fb", accountNumber: "0123456789", accountName: "ADA OBI", accountType: "Saving" })).toEqual({})
    expect(validateLocalBankAccount({ bankRef: null, accountNumber: "01234", accountName: "", accountType: "" })).toEqual({
      bankRef: { code: C.bankRequired },
      accountNumber: { code: C.accountNumber },
      accountName: { code: C.required },
      accountType: { code: C.accountType },
    })
  })

  const foreign = {
    bankRef: "foreign",
    accountNumber: "12345678",
    accountName: "Adam",
    bankAddress: "1 Wall",
    bankCity: "Lagos",
    bankName: "Citi",
    bankZipCode: "1000",
    bankProvince: "Lago",
    swiftAba: "CITI",
    bankCountryCode: "USA",
    accountType: "Checking" as const,
  }

  it("accepts foreign fields at exactly their minimum lengths", () => {
    expect(validateForeignBankAccount(foreign)).toEqual({})
  })

  it("rejects foreign fields one character short", () => {
    const short = {
      ...foreign,
      accountNumber: "1234567",
      accountName: "Ada",
      bankAddress: "1 Wal",
      bankCity: "Lag",
      bankName: "Cit",
      bankZipCode: "100",
      bankProvince: "Lag",
      swiftAba: "CIT",
    }
    expect(validateForeignBankAccount(short)).toEqual({
      accountNumber: { code: C.minCharacters, params: { min: 8 } },
      accountName: { code: C.minCharacters, params: { min: 4 } },
      bankAddress: { code: C.bankAddress },
      bankCity: { code: C.minCharacters, params: { min: 4 } },
      bankName: { code: C.minCharacters, params: { min: 4 } },
      bankZipCode: { code: C.minCharacters, params: { min: 4 } },
      bankProvince: { code: C.minCharacters, params: { min: 4 } },
      swiftAba: { code: C.minCharacters, params: { min: 4 } },
    })
  })

  it("accepts foreign fields at exactly their maximum lengths, surrounding spaces not counted, an emoji counted once", () => {
    const longest = {
      ...foreign,
      accountNumber: "9".repeat(34),
      accountName: `  ${"é".repeat(140)}  `,
      bankAddress: "a".repeat(140),
      bankCity: "😀".repeat(35),
      bankName: "b".repeat(140),
      bankZipCode: "1".repeat(16),
      bankProvince: "p".repeat(35),
      swiftAba: "DEUTDEFFXXX",
    }
    expect(validateForeignBankAccount(longest)).toEqual({})
    expect(tooLongBankAccountFields({ ...longest, bankRef: "r".repeat(32) })).toEqual([])
  })

  it("refuses foreign fields one character too long with 'Maximum {max} Characters', whatever their minimum or own message", () => {
    const long = {
      ...foreign,
      accountNumber: "9".repeat(35),
      accountName: "é".repeat(141),
      bankAddress: "a".repeat(141),
      bankCity: "😀".repeat(36),
      bankName: "b".repeat(3000),
      bankZipCode: "1".repeat(17),
      bankProvince: "p".repeat(36),
      swiftAba: "DEUTDEFFXXXX",
    }
    expect(validateForeignBankAccount(long)).toEqual({
      accountNumber: { code: C.maxCharacters, params: { max: 34 } },
      accountName: { code: C.maxCharacters, params: { max: 140 } },
      bankAddress: { code: C.maxCharacters, params: { max: 140 } },
      bankCity: { code: C.maxCharacters, params: { max: 35 } },
      bankName: { code: C.maxCharacters, params: { max: 140 } },
      bankZipCode: { code: C.maxCharacters, params: { max: 16 } },
      bankProvince: { code: C.maxCharacters, params: { max: 35 } },
      swiftAba: { code: C.maxCharacters, params: { max: 11 } },
    })
  })

  it("names every text field of a body (local or foreign) longer than its maximum, in the table's order; absent and non-text fields are left to the other rules", () => {
    expect(
      tooLongBankAccountFields({
        bankRef: "r".repeat(33),
        accountName: "x".repeat(50_000),
        bankCountryCode: "USAA",
        swiftAba: 12,
        bankCity: undefined,
        accountNumber: "0123456789",
      }),
    ).toEqual([
      { field: "bankRef", max: 32 },
      { field: "accountName", max: 140 },
      { field: "bankCountryCode", max: 3 },
    ])
    // Every field with a minimum has a maximum at least as large.
    for (const [field, min] of Object.entries(FOREIGN_MIN_LENGTHS))
      expect(BANK_ACCOUNT_MAX_LENGTHS[field as keyof typeof FOREIGN_MIN_LENGTHS]).toBeGreaterThanOrEqual(min)
  })

  it("requires a known country and an account type", () => {
    const known = new Set(["USA", "GBR"])
    expect(validateForeignBankAccount({ ...foreign, bankCountryCode: "XYZ" }, (c) => known.has(c)).bankCountryCode).toEqual({ code: C.bankCountry })
    expect(validateForeignBankAccount({ ...foreign, bankCountryCode: "GBR" }, (c) => known.has(c))).toEqual({})
    expect(validateForeignBankAccount({ ...foreign, bankCountryCode: null, accountType: null, bankAddress: "" })).toEqual({
      bankCountryCode: { code: C.bankCountry },
      accountType: { code: C.accountType },
      bankAddress: { code: C.bankAddress },
    })
  })
})

describe("uploads", () => {
  it("allows jpg, jpeg and png in any case", () => {
    expect(ALLOWED_UPLOAD_EXTENSIONS).toEqual(["jpg", "jpeg", "png"])
    expect(fileExtension("scan.final.JPG")).toBe("jpg")
    expect(fileExtension("noext")).toBe("")
    expect(fileExtension(".png")).toBe("")
    expect(validateUploadFile({ name: "id.PNG", size: 10 })).toBeNull()
    expect(validateUploadFile({ name: "id.jpeg", size: 10 })).toBeNull()
    expect(validateUploadFile({ name: "id.gif", size: 10 })).toEqual({ code: C.invalidFile })
    expect(validateUploadFile({ name: "id.png.exe", size: 10 })).toEqual({ code: C.invalidFile })
  })

  it("accepts exactly 10,000,000 bytes and refuses one more", () => {
    expect(MAX_UPLOAD_BYTES).toBe(10_000_000)
    expect(validateUploadFile({ name: "a.jpg", size: 10_000_000 })).toBeNull()
    expect(validateUploadFile({ name: "a.jpg", size: 10_000_001 })).toEqual({ code: C.fileTooLarge })
  })

  it("requires a file", () => {
    expect(validateUploadFile(null)).toEqual({ code: C.documentFile })
  })

  it("sniffs JPEG and PNG magic bytes", () => {
    expect(sniffImageKind(JPEG)).toBe("jpeg")
    expect(sniffImageKind(PNG)).toBe("png")
    expect(sniffImageKind(PNG.slice(0, 7))).toBeNull()
    expect(sniffImageKind(new Uint8Array([0xff, 0xd8]))).toBeNull()
    expect(sniffImageKind(new TextEncoder().encode("GIF89a.."))).toBeNull()
  })

  it("requires the content to match the extension when bytes are given", () => {
    expect(validateUploadFile({ name: "a.jpg", size: 8, bytes: JPEG })).toBeNull()
    expect(validateUploadFile({ name: "a.png", size: 9, bytes: PNG })).toBeNull()
    expect(validateUploadFile({ name: "a.png", size: 8, bytes: JPEG })).toEqual({ code: C.invalidFile })
    expect(validateUploadFile({ name: "a.jpg", size: 8, bytes: new TextEncoder().encode("<script>") })).toEqual({ code: C.invalidFile })
  })

  it("recognises the data URL of a JPEG or PNG: the prefix, base64 digits, at most two '=' at the end", () => {
    for (const ok of ["data:image/png;base64,iVBORw0KGgo=", "data:image/jpeg;base64,/9j/4AAQ", "data:image/jpg;base64,AA==", "data:image/png;base64,A+/z"])
      expect(isImageDataUrl(ok), ok).toBe(true)
    for (const bad of [
      "data:image/png;base64,",
      "data:image/png;base64,==",
      "data:image/png;base64,AA===",
      "data:image/png;base64,AA=A",
      "data:image/png;base64,AA AA",
      "data:image/png;base64,AA\nAA",
      "data:image/png;base64,AAé",
      "data:image/gif;base64,R0lGODlh",
      "data:text/plain;base64,aGVsbG8=",
      "DATA:image/png;base64,AAAA",
      "data:image/png,AAAA",
      "",
    ])
      expect(isImageDataUrl(bad), bad).toBe(false)
    expect(isImageDataUrl(`data:image/png;base64,${"A".repeat(13_000_000)}=`)).toBe(true)
  })

  it("validates the document form", () => {
    expect(validateDocumentUpload({ category: "TAX", file: { name: "a.jpg", size: 1 } })).toEqual({})
    expect(validateDocumentUpload({ category: "OTHER", file: null })).toEqual({ category: { code: C.documentCategory }, file: { code: C.documentFile } })
  })
})

describe("portfolio and order rules", () => {
  it("lets only verified profiles create portfolios", () => {
    expect(canCreatePortfolio("Verified")).toBe(true)
    expect(canCreatePortfolio("VERIFIED")).toBe(true)
    expect(canCreatePortfolio("pending")).toBe(false)
    expect(canCreatePortfolio(undefined)).toBe(false)
  })

  it("requires a custodian", () => {
    expect(validateCreatePortfolio({ partner: "Alpaca" })).toEqual({})
    expect(validateCreatePortfolio({ partner: null })).toEqual({ partner: { code: C.custodianRequired } })
  })

  it("cancels only pending and processing orders", () => {
    expect(isOrderCancellable("PENDING")).toBe(true)
    expect(isOrderCancellable("PROCESSING")).toBe(true)
    expect(isOrderCancellable("FILLED")).toBe(false)
    expect(isOrderCancellable("REJECTED")).toBe(false)
    expect(isOrderCancellable("CANCELLED")).toBe(false)
  })

  it("requires an instant-deposit choice that differs from the current one", () => {
    expect(validateInstantDeposit({ instantDeposit: null })).toEqual({ instantDeposit: { code: C.instantDepositStatus } })
    expect(validateInstantDeposit({ instantDeposit: false })).toEqual({})
    expect(canUpdateInstantDeposit(true, true)).toBe(false)
    expect(canUpdateInstantDeposit(true, false)).toBe(true)
    expect(canUpdateInstantDeposit(false, undefined)).toBe(false)
  })
})
