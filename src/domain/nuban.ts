/**
 * The NUBAN check digit of the CBN standard (Nigeria Uniform Bank Account Number): a local account
 * number is 9 serial digits and a check digit. The check digit is computed over the bank's
 * 3-digit code followed by the 9 serial digits, weighted 3,7,3,3,7,3,3,7,3,3,7,3:
 * check = (10 - sum mod 10) mod 10, compared with the 10th digit of the account number.
 */
import { isLocalAccountNumber } from "./validation"

const WEIGHTS = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3] as const

/** True for a bank code the NUBAN rule takes: exactly 3 ASCII digits. */
export const isNubanBankCode = (code: string): boolean => /^\d{3}$/.test(code)

/** The check digit of a 3-digit bank code and a 9-digit serial; null when either is malformed. */
export const nubanCheckDigit = (bankCode: string, serial: string): number | null => {
  if (!isNubanBankCode(bankCode) || !/^\d{9}$/.test(serial)) return null
  const digits = `${bankCode}${serial}`
  let sum = 0
  for (let i = 0; i < WEIGHTS.length; i++) sum += Number(digits[i]) * WEIGHTS[i]!
  return (10 - (sum % 10)) % 10
}

/** True when `accountNumber` is 10 digits whose last digit is the NUBAN check digit for `bankCode`. */
export const isValidNuban = (bankCode: string, accountNumber: string): boolean => {
  if (!isLocalAccountNumber(accountNumber)) return false
  const check = nubanCheckDigit(bankCode, accountNumber.slice(0, 9))
  return check !== null && check === Number(accountNumber[9])
}

/** The 10-digit account number of a 9-digit serial at a bank (serial plus check digit); null when malformed. */
export const nubanFor = (bankCode: string, serial: string): string | null => {
  const check = nubanCheckDigit(bankCode, serial)
  return check === null ? null : `${serial}${check}`
}
