/**
 * Recovery codes (issue 35, decision 0221): ten single-use codes that stand in for the
 * authenticator app's code at sign-in. A code is ten characters of Crockford's base32 (50 bits),
 * shown as two groups of five ("7kq2m-x9d4p"). Typing is forgiving: case, spaces and hyphens do
 * not matter, and the letters Crockford reads as digits (o as 0, i and l as 1) are read so.
 */
import { validateOtp } from "./auth-forms"
import { issue, isFilled, ValidationCodes as C, type FormIssues } from "./validation"

/** How many codes one set has. */
export const RECOVERY_CODE_COUNT = 10

/** Crockford's base32 alphabet in lower case (no i, l, o, u). */
export const RECOVERY_CODE_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"

/** Characters of a code, without its hyphen. */
export const RECOVERY_CODE_LENGTH = 10

const READ_AS: Readonly<Record<string, string>> = { o: "0", i: "1", l: "1" }

/**
 * The canonical form of a typed code (ten alphabet characters, no hyphen), or null when the text
 * is not one. The server hashes and compares this form.
 */
export const normalRecoveryCode = (text: string): string | null => {
  const plain = [...text.toLowerCase().replace(/[\s-]/g, "")].map((ch) => READ_AS[ch] ?? ch).join("")
  if (plain.length !== RECOVERY_CODE_LENGTH) return null
  return [...plain].every((ch) => RECOVERY_CODE_ALPHABET.includes(ch)) ? plain : null
}

/** Whether the text is a recovery code's shape (not whether it is valid for anyone). */
export const isRecoveryCode = (text: string): boolean => normalRecoveryCode(text) !== null

/** How a code is shown and written to the file: two groups of five ("7kq2m-x9d4p"). */
export const formatRecoveryCode = (code: string): string => {
  const plain = normalRecoveryCode(code) ?? code
  return `${plain.slice(0, 5)}-${plain.slice(5)}`
}

/** The recovery code field at sign-in: required, ten letters and digits. */
export const validateRecoveryCode = (form: { readonly code: string }): FormIssues<"code"> =>
  !isFilled(form.code) ? { code: issue(C.required) } : isRecoveryCode(form.code) ? {} : { code: issue(C.recoveryCodeFormat) }

/** The downloaded file's name: "chartfolio-recovery-codes-2026-11-28.txt" (the day in UTC). */
export const recoveryCodesFileName = (generatedAt: string): string => `chartfolio-recovery-codes-${generatedAt.slice(0, 10)}.txt`

/**
 * The downloaded file's text: the lines the caller gives (already in the user's language: what the
 * codes are, for which account, when made), a blank line, then one code a line. CRLF line ends, so
 * every editor shows the lines.
 */
export const recoveryCodesFileText = (headLines: ReadonlyArray<string>, codes: ReadonlyArray<string>): string =>
  [...headLines, "", ...codes.map(formatRecoveryCode), ""].join("\r\n")

/** The fresh password and app code asked before a new set is made. */
export interface RecoveryConfirmForm {
  readonly password: string
  readonly otp: string
}

/** Password required; the app's code required, digits only, six of them. */
export const validateRecoveryConfirm = (form: RecoveryConfirmForm): FormIssues<keyof RecoveryConfirmForm> => {
  const issues: FormIssues<keyof RecoveryConfirmForm> = { ...validateOtp({ otp: form.otp }) }
  if (!form.password) issues.password = issue(C.required)
  return issues
}
