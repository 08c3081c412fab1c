/**
 * The customer's withdrawal bank accounts, the bank list, the account-name lookup and the
 * add-bank-account body (spec part 2 sections 2, 3, 5 and 7).
 */
import { Schema } from "effect"
import { CurrencyCode, IsoDate, requiredLiterals, requiredString } from "./common"
import { isCountryCode } from "./countries"

/** Saving or Checking. */
export const BankAccountType = Schema.Literals(["Saving", "Checking"])
export type BankAccountType = typeof BankAccountType.Type

/**
 * A saved bank account. Local (NGN) accounts have the foreign fields null; foreign (USD) ones
 * carry SWIFT/ABA, bank address and ISO alpha-3 country. `ref` is the `:ref` of the delete call
 * and the `bankAccountRef` of a withdrawal.
 */
export const BankAccount = Schema.Struct({
  ref: Schema.String,
  bankName: Schema.String,
  accountNumber: Schema.String,
  accountName: Schema.String,
  accountType: BankAccountType,
  currency: CurrencyCode,
  status: Schema.String,
  swiftAba: Schema.NullOr(Schema.String),
  bankAddress: Schema.NullOr(Schema.String),
  bankCity: Schema.NullOr(Schema.String),
  bankProvince: Schema.NullOr(Schema.String),
  bankZipCode: Schema.NullOr(Schema.String),
  bankCountryCode: Schema.NullOr(Schema.String),
  createdAt: IsoDate,
})
export type BankAccount = typeof BankAccount.Type

/**
 * An entry of GET /users/banks. The entry named "Foreign" (case-insensitive) switches the add
 * form to foreign fields; every other entry is a local bank.
 */
export const Bank = Schema.Struct({
  ref: Schema.String,
  bankName: Schema.String,
})
export type Bank = typeof Bank.Type

/** The answer of GET /users/bank-account/:bankRef/:accountNumber: the holder's name, shown read-only. */
export const AccountNameAnswer = Schema.Struct({ accountName: Schema.String })
export type AccountNameAnswer = typeof AccountNameAnswer.Type

/** The fixed currency of a local bank account. */
export const LOCAL_BANK_CURRENCY = "NGN"
/** The fixed currency of a foreign bank account. */
export const FOREIGN_BANK_CURRENCY = "USD"

const FOREIGN_MIN = {
  accountNumber: 8,
  accountName: 4,
  bankAddress: 6,
  bankCity: 4,
  bankName: 4,
  bankZipCode: 4,
  bankProvince: 4,
  swiftAba: 4,
} as const

const length = (text: string | undefined): number => (text === undefined ? 0 : Array.from(text.trim()).length)

/**
 * POST /users/bank-account body (send an Idempotency-Key). `currency` says which rules apply:
 * NGN (local) needs an account number of exactly 10 digits ('Enter a valid Account Number') and
 * the looked-up account name; USD (foreign) needs the minimum lengths of spec part 2 section 9
 * ('Minimum {n} Characters'; bank address 'Enter a valid Bank Address'), an ISO alpha-3
 * `bankCountryCode` ('Select Bank Country') and the typed `bankName`. `bankRef` is the chosen
 * bank-list entry ("Foreign" for foreign). Answer: `Message`.
 */
export const AddBankAccountRequest = Schema.Struct({
  bankRef: requiredString("Select Bank"),
  bankName: requiredString(),
  accountNumber: requiredString("Enter a valid Account Number"),
  accountName: requiredString(),
  accountType: requiredLiterals(["Saving", "Checking"], "Select Account Type"),
  currency: requiredLiterals([LOCAL_BANK_CURRENCY, FOREIGN_BANK_CURRENCY], "Currency must be NGN (local bank) or USD (foreign bank)"),
  bankAddress: Schema.optionalKey(Schema.String),
  bankCity: Schema.optionalKey(Schema.String),
  bankProvince: Schema.optionalKey(Schema.String),
  bankZipCode: Schema.optionalKey(Schema.String),
  bankCountryCode: Schema.optionalKey(Schema.String),
  swiftAba: Schema.optionalKey(Schema.String),
}).check(
  Schema.makeFilter((b) => {
    if (b.currency === LOCAL_BANK_CURRENCY) {
      return /^\d{10}$/.test(b.accountNumber) || { path: ["accountNumber"], issue: "Enter a valid Account Number" }
    }
    const issues: Array<Schema.FilterIssue> = []
    for (const [field, min] of Object.entries(FOREIGN_MIN) as Array<[keyof typeof FOREIGN_MIN, number]>) {
      if (length(b[field]) >= min) continue
      const issue = field === "bankAddress" ? "Enter a valid Bank Address" : `Minimum ${min} Characters`
      issues.push({ path: [field], issue })
    }
    if (b.bankCountryCode === undefined || !isCountryCode(b.bankCountryCode)) {
      issues.push({ path: ["bankCountryCode"], issue: "Select Bank Country" })
    }
    return issues
  }),
)
export type AddBankAccountRequest = typeof AddBankAccountRequest.Type

/** The answer of GET /users/banks. */
export const BankList = Schema.Array(Bank)
export type BankList = typeof BankList.Type

/** The answer of GET /users/bank-account, newest first. */
export const BankAccountList = Schema.Array(BankAccount)
export type BankAccountList = typeof BankAccountList.Type
