import { isPositive, parseDecimal } from "./decimal"

/**
 * Every form validation message as a stable code; views translate `code` with `params`. Next to
 * each code is the spec's English text (part 1 section 5, part 2 sections 5 and 8).
 */
export const ValidationCodes = {
  /** 'Required field' */
  required: "validation.required",
  /** 'Wrong email format' */
  emailFormat: "validation.email-format",
  /** 'Minimum {min} Characters' (sign-in e-mail: 'Minimum 8 Characters'; also foreign bank minimum lengths) */
  minCharacters: "validation.min-characters",
  /** 'Maximum {max} Characters' (sign-in: 'Maximum 50 Characters') */
  maxCharacters: "validation.max-characters",
  /** 'Minimum {min} symbols' (registration: 'Minimum 3 symbols') */
  minSymbols: "validation.min-symbols",
  /** 'Maximum {max} symbols' (registration: 'Maximum 50 symbols') */
  maxSymbols: "validation.max-symbols",
  /** "Password and Confirm Password didn't match" (registration) */
  passwordConfirmMismatch: "validation.password-confirm-mismatch",
  /** 'You must accept the terms and conditions' */
  termsRequired: "validation.terms-required",
  /** 'Must Contain 8 Characters, One Uppercase, One Lowercase, One Number and one special case Character' */
  passwordComplexity: "validation.password-complexity",
  /** 'Passwords must match' (reset password) */
  passwordsMustMatch: "validation.passwords-must-match",
  /** 'Only numbers allowed' (one-time code) */
  digitsOnly: "validation.digits-only",
  /** 'Six Digit' (one-time code) */
  sixDigits: "validation.six-digits",
  /** A recovery code that is not ten letters and digits (ours: 'A recovery code has ten letters and digits, e.g. 7kq2m-x9d4p.') */
  recoveryCodeFormat: "validation.recovery-code-format",
  /** 'Kindly provide a valid email' (re-authentication) */
  reauthEmail: "validation.reauth-email",
  /** 'Kindly provide your password' (re-authentication) */
  reauthPassword: "validation.reauth-password",
  /** 'Select Trading Account Partner' (create portfolio) */
  custodianRequired: "validation.custodian-required",
  /** 'Select Withdrawal Channel' */
  withdrawalChannel: "validation.withdrawal-channel",
  /** 'Select Bank Account' */
  bankAccountRequired: "validation.bank-account-required",
  /** 'Enter Valid Amount' */
  validAmount: "validation.valid-amount",
  /** 'The amount is more than the cash available' (withdrawal: checked before sending) */
  amountAboveCash: "validation.amount-above-cash",
  /** 'Select Instant Deposit Status' */
  instantDepositStatus: "validation.instant-deposit-status",
  /** 'Select Bank' (the spec only says "a bank must be chosen"; this text is ours) */
  bankRequired: "validation.bank-required",
  /** 'Enter a valid Account Number' */
  accountNumber: "validation.account-number",
  /** 'Select Account Type' */
  accountType: "validation.account-type",
  /** 'Enter a valid Bank Address' */
  bankAddress: "validation.bank-address",
  /** 'Select Bank Country' */
  bankCountry: "validation.bank-country",
  /** 'Please provide document Category' */
  documentCategory: "validation.document-category",
  /** 'Select document File' */
  documentFile: "validation.document-file",
  /** 'Invalid File Selection' */
  invalidFile: "validation.invalid-file",
  /** 'File too large (10mb Max)' */
  fileTooLarge: "validation.file-too-large",
  /** A number typed with a sign (ours: 'Type the number without a sign (+ or −).') */
  numberSign: "validation.number-sign",
  /** A number typed with an exponent (ours: 'Type the number in full: an exponent such as 1e3 is not taken.') */
  numberExponent: "validation.number-exponent",
  /** Not a number in the user's notation (ours, with `example` written in it: '… e.g. 1,234.56') */
  numberNotation: "validation.number-notation",
  /** More fraction digits than the field takes (ours: 'At most {max} decimal places.') */
  numberDecimals: "validation.number-decimals",
  /** More fraction digits than the currency has (ours: 'An amount in {currency} has at most {max} decimal places.') */
  amountDecimals: "validation.amount-decimals",
} as const

/** One of the `ValidationCodes`. */
export type ValidationCode = (typeof ValidationCodes)[keyof typeof ValidationCodes]

/** A failed rule: the message code and its parameters (`min`, `max`, an `example` number, a `currency`) for translation. */
export interface ValidationIssue {
  readonly code: ValidationCode
  readonly params?: { readonly min?: number; readonly max?: number; readonly example?: string; readonly currency?: string }
}

/** The issues of a form, by field; a field without an entry is valid. */
export type FormIssues<Field extends string> = Partial<Record<Field, ValidationIssue>>

/** True when a form's issues are empty, i.e. it may be submitted. */
export const isFormValid = (issues: Readonly<Record<string, ValidationIssue | undefined>>): boolean =>
  Object.values(issues).every((issue) => issue === undefined)

/** Builds an issue: `issue(ValidationCodes.minSymbols, { min: 3 })`. */
export const issue = (code: ValidationCode, params?: ValidationIssue["params"]): ValidationIssue => (params ? { code, params } : { code })

/** The length of `text` in code points (an emoji counts once), the unit of every length rule. */
export const textLength = (text: string): number => Array.from(text).length

/** True when `text` has something besides whitespace: the spec's "required" for text fields. */
export const isFilled = (text: string | null | undefined): text is string => typeof text === "string" && text.trim() !== ""

/** True when `text` is between `min` and `max` code points long, both inclusive. */
export const isLengthBetween = (text: string, min: number, max: number): boolean => {
  const n = textLength(text)
  return n >= min && n <= max
}

const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/

/**
 * True for a plausible e-mail address: one "@", no spaces, a dot-separated domain with no empty
 * label ("a@b.co" yes; "a@b", "a@.b", "a b@c.d", "a@b..c" no). Deliverability is the server's job.
 */
export const isEmail = (text: string): boolean => EMAIL.test(text)

/** True when `text` is non-empty and made of ASCII digits only (one-time code: 'Only numbers allowed'). */
export const isDigitsOnly = (text: string): boolean => /^\d+$/.test(text)

/** True for exactly six ASCII digits, the one-time code. */
export const isSixDigitCode = (text: string): boolean => /^\d{6}$/.test(text)

/**
 * True for a reset-password value: 8 to 50 characters with an uppercase letter, a lowercase
 * letter, a digit and a special character (anything that is not a letter, digit or whitespace;
 * letters count in any script).
 */
export const isStrongPassword = (text: string): boolean =>
  isLengthBetween(text, 8, 50) && /\p{Lu}/u.test(text) && /\p{Ll}/u.test(text) && /\p{Nd}/u.test(text) && /[^\p{L}\p{N}\s]/u.test(text)

/** True for a local (NUBAN) bank account number: exactly 10 ASCII digits. */
export const isLocalAccountNumber = (text: string): boolean => /^\d{10}$/.test(text)

/**
 * True for a typed amount that is a positive decimal: digits with an optional fraction ("100",
 * "0.5", ".5", "12."), above zero ("0", "0.00" fail), no sign, exponent, spaces or separators.
 */
export const isPositiveAmount = (text: string): boolean => {
  if (!/^(?:\d+\.?\d*|\.\d+)$/.test(text)) return false
  const d = parseDecimal(text)
  return d !== null && isPositive(d)
}
