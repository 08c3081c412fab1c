import { isFilled, isLocalAccountNumber, issue, textLength, ValidationCodes as C, type FormIssues, type ValidationIssue } from "./validation"

/** The account types, in display order. */
export const BANK_ACCOUNT_TYPES = ["Saving", "Checking"] as const

/** Bank account types the forms offer. */
export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number]

/** The fixed currency of a local bank account. */
export const LOCAL_BANK_CURRENCY = "NGN"

/** The fixed currency of a foreign bank account. */
export const FOREIGN_BANK_CURRENCY = "USD"

/** Minimum lengths of the foreign bank fields (spec part 2 section 9). */
export const FOREIGN_MIN_LENGTHS = {
  accountNumber: 8,
  accountName: 4,
  bankAddress: 6,
  bankCity: 4,
  bankName: 4,
  bankZipCode: 4,
  bankProvince: 4,
  swiftAba: 4,
} as const

/**
 * Maximum lengths of every text field of a bank account (local and foreign), in code points of the
 * trimmed text (what is stored). The spec gives only minimums; these follow the field sizes of
 * ISO 20022 payment messages, which a payout to the account would carry: names 140
 * (Max140Text), an account number 34 (the longest IBAN), a BIC 11 (an ABA routing number is 9),
 * town and country subdivision 35, postcode 16, an address of two 70-character lines, an ISO
 * alpha-3 country 3. A bank-list ref is ours, at most 32.
 */
export const BANK_ACCOUNT_MAX_LENGTHS = {
  bankRef: 32,
  bankName: 140,
  accountNumber: 34,
  accountName: 140,
  bankAddress: 140,
  bankCity: 35,
  bankProvince: 35,
  bankZipCode: 16,
  bankCountryCode: 3,
  swiftAba: 11,
} as const

/** A text field of a bank account (the request's fields besides the account type and currency). */
export type BankAccountTextField = keyof typeof BANK_ACCOUNT_MAX_LENGTHS

/** A field longer than its maximum. */
export interface TooLongField {
  readonly field: BankAccountTextField
  readonly max: number
}

/** True when `text` (trimmed, in code points) is longer than `max`. */
export const isTooLong = (text: string, max: number): boolean => textLength(text.trim()) > max

/**
 * The text fields of a bank account body (local or foreign; absent and non-text fields are left to
 * the other rules) longer than their `BANK_ACCOUNT_MAX_LENGTHS`, in that table's order.
 */
export const tooLongBankAccountFields = (body: Readonly<Partial<Record<BankAccountTextField, unknown>>>): ReadonlyArray<TooLongField> =>
  (Object.entries(BANK_ACCOUNT_MAX_LENGTHS) as Array<[BankAccountTextField, number]>).flatMap(([field, max]) => {
    const value = body[field]
    return typeof value === "string" && isTooLong(value, max) ? [{ field, max }] : []
  })

/** True when the chosen bank is the 'Foreign' entry of the bank list (case-insensitive), which switches the form to foreign fields. */
export const isForeignBank = (bank: { readonly bankName?: string | null } | null | undefined): boolean => bank?.bankName?.trim().toLowerCase() === "foreign"

/** True once the typed local account number is complete (10 digits): the moment to look up the account name. */
export const shouldLookUpAccountName = (accountNumber: string): boolean => isLocalAccountNumber(accountNumber.trim())

const isAccountType = (value: unknown): value is BankAccountType => (BANK_ACCOUNT_TYPES as ReadonlyArray<unknown>).includes(value)

/** Local bank account fields. */
export interface LocalBankAccountForm {
  readonly bankRef: string | null
  readonly accountNumber: string
  readonly accountName: string
  readonly accountType: BankAccountType | "" | null
}

/**
 * Local bank rules: a bank chosen; account number exactly 10 digits ('Enter a valid Account
 * Number'); the looked-up account name present (required); account type Saving or Checking
 * ('Select Account Type'). Currency is fixed as NGN.
 */
export const validateLocalBankAccount = (form: LocalBankAccountForm): FormIssues<keyof LocalBankAccountForm> => {
  const issues: FormIssues<keyof LocalBankAccountForm> = {}
  if (!isFilled(form.bankRef)) issues.bankRef = issue(C.bankRequired)
  if (!isLocalAccountNumber(form.accountNumber.trim())) issues.accountNumber = issue(C.accountNumber)
  if (!isFilled(form.accountName)) issues.accountName = issue(C.required)
  if (!isAccountType(form.accountType)) issues.accountType = issue(C.accountType)
  return issues
}

/** Foreign bank account fields. */
export interface ForeignBankAccountForm {
  readonly bankRef: string | null
  readonly accountNumber: string
  readonly accountName: string
  readonly bankAddress: string
  readonly bankCity: string
  readonly bankName: string
  readonly bankZipCode: string
  readonly bankProvince: string
  readonly swiftAba: string
  readonly bankCountryCode: string | null
  readonly accountType: BankAccountType | "" | null
}

// A field with its own message (bank address) reports it whether empty or short; too long is
// 'Maximum {max} Characters' for every field.
const lengthIssue = (text: string, field: keyof typeof FOREIGN_MIN_LENGTHS, own?: ValidationIssue["code"]): ValidationIssue | undefined => {
  const min = FOREIGN_MIN_LENGTHS[field]
  const max = BANK_ACCOUNT_MAX_LENGTHS[field]
  if (isTooLong(text, max)) return issue(C.maxCharacters, { max })
  const short = !isFilled(text) || textLength(text.trim()) < min
  if (!short) return undefined
  if (own) return issue(own)
  return isFilled(text) ? issue(C.minCharacters, { min }) : issue(C.required)
}

/**
 * Foreign bank rules: minimum lengths of `FOREIGN_MIN_LENGTHS` (bank address reports 'Enter a
 * valid Bank Address' whether empty or short; the others 'Required field' when empty and 'Minimum
 * {min} Characters' when short), maximum lengths of `BANK_ACCOUNT_MAX_LENGTHS` ('Maximum {max}
 * Characters'), a country accepted by `isCountryCode` ('Select Bank Country'; by
 * default any three capital letters: pass the membership test of the ISO 3166-1 alpha-3 list the
 * form offers), an account type ('Select Account Type'). Currency is fixed as USD.
 */
export const validateForeignBankAccount = (
  form: ForeignBankAccountForm,
  isCountryCode: (code: string) => boolean = (code) => /^[A-Z]{3}$/.test(code),
): FormIssues<keyof ForeignBankAccountForm> => {
  const issues: FormIssues<keyof ForeignBankAccountForm> = {}
  const found: FormIssues<keyof ForeignBankAccountForm> = {
    bankRef: isFilled(form.bankRef) ? undefined : issue(C.bankRequired),
    accountNumber: lengthIssue(form.accountNumber, "accountNumber"),
    accountName: lengthIssue(form.accountName, "accountName"),
    bankAddress: lengthIssue(form.bankAddress, "bankAddress", C.bankAddress),
    bankCity: lengthIssue(form.bankCity, "bankCity"),
    bankName: lengthIssue(form.bankName, "bankName"),
    bankZipCode: lengthIssue(form.bankZipCode, "bankZipCode"),
    bankProvince: lengthIssue(form.bankProvince, "bankProvince"),
    swiftAba: lengthIssue(form.swiftAba, "swiftAba"),
    bankCountryCode: form.bankCountryCode && isCountryCode(form.bankCountryCode) ? undefined : issue(C.bankCountry),
    accountType: isAccountType(form.accountType) ? undefined : issue(C.accountType),
  }
  for (const [field, fieldIssue] of Object.entries(found) as Array<[keyof ForeignBankAccountForm, ValidationIssue | undefined]>) {
    if (fieldIssue) issues[field] = fieldIssue
  }
  return issues
}

/**
 * What the typed text of a local (NUBAN) account number may be: digits only. A letter or sign is
 * refused as it is typed and the field keeps its text. A foreign account number may hold letters
 * (an IBAN), so it is not filtered.
 */
export const isDigitsDraft = (text: string): boolean => /^\d*$/.test(text)
