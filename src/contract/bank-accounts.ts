/**
 * The customer's withdrawal bank accounts, the bank list, the account-name lookup and the
 * add-bank-account body (spec part 2 sections 2, 3, 5 and 7).
 */
import { Schema } from "effect"
import { BANK_ACCOUNT_TYPES, FOREIGN_BANK_CURRENCY, FOREIGN_MIN_LENGTHS, LOCAL_BANK_CURRENCY, tooLongBankAccountFields } from "../domain/bank-account"
import { isLocalAccountNumber, textLength } from "../domain/validation"
import { CurrencyCode, IsoDate, requiredLiterals, requiredString } from "./common"
import { isCountryCode } from "./countries"

export { FOREIGN_BANK_CURRENCY, LOCAL_BANK_CURRENCY }

/** Saving or Checking. */
export const BankAccountType = Schema.Literals(BANK_ACCOUNT_TYPES)
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

const length = (text: string | undefined): number => (text === undefined ? 0 : textLength(text.trim()))

/** The text of a field longer than its maximum (the forms say it as `validation.max-characters`). */
export const maxCharactersText = (max: number): string => `Maximum ${max} Characters`

/**
 * POST /users/bank-account body (send an Idempotency-Key). Every text field, local or foreign, is
 * at most its `BANK_ACCOUNT_MAX_LENGTHS` long, trimmed ('Maximum {n} Characters'). `currency` says
 * which other rules apply: NGN (local) needs an account number of exactly 10 digits ('Enter a
 * valid Account Number') and the looked-up account name; USD (foreign) needs the minimum lengths
 * of spec part 2 section 9 ('Minimum {n} Characters'; bank address 'Enter a valid Bank Address'),
 * an ISO alpha-3 `bankCountryCode` ('Select Bank Country') and the typed `bankName`. `bankRef` is
 * the chosen bank-list entry ("Foreign" for foreign). Answer: `Message`.
 */
export const AddBankAccountRequest = Schema.Struct({
  bankRef: requiredString("Select Bank"),
  bankName: requiredString(),
  accountNumber: requiredString("Enter a valid Account Number"),
  accountName: requiredString(),
  accountType: requiredLiterals(BANK_ACCOUNT_TYPES, "Select Account Type"),
  currency: requiredLiterals([LOCAL_BANK_CURRENCY, FOREIGN_BANK_CURRENCY], "Currency must be NGN (local bank) or USD (foreign bank)"),
  bankAddress: Schema.optionalKey(Schema.String),
  bankCity: Schema.optionalKey(Schema.String),
  bankProvince: Schema.optionalKey(Schema.String),
  bankZipCode: Schema.optionalKey(Schema.String),
  bankCountryCode: Schema.optionalKey(Schema.String),
  swiftAba: Schema.optionalKey(Schema.String),
}).check(
  Schema.makeFilter((b) => {
    const tooLong = tooLongBankAccountFields(b)
    const issues: Array<Schema.FilterIssue> = tooLong.map(({ field, max }) => ({ path: [field], issue: maxCharactersText(max) }))
    const reported = new Set<string>(tooLong.map((t) => t.field))
    if (b.currency === LOCAL_BANK_CURRENCY) {
      if (!reported.has("accountNumber") && !isLocalAccountNumber(b.accountNumber))
        issues.push({ path: ["accountNumber"], issue: "Enter a valid Account Number" })
      return issues
    }
    for (const [field, min] of Object.entries(FOREIGN_MIN_LENGTHS) as Array<[keyof typeof FOREIGN_MIN_LENGTHS, number]>) {
      if (reported.has(field) || length(b[field]) >= min) continue
      const issue = field === "bankAddress" ? "Enter a valid Bank Address" : `Minimum ${min} Characters`
      issues.push({ path: [field], issue })
    }
    if (!reported.has("bankCountryCode") && (b.bankCountryCode === undefined || !isCountryCode(b.bankCountryCode))) {
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
