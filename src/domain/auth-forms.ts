import {
  isEmail,
  isFilled,
  isStrongPassword,
  isDigitsOnly,
  isSixDigitCode,
  issue,
  textLength,
  ValidationCodes as C,
  type FormIssues,
  type ValidationIssue,
} from "./validation"

const lengthIssue = (text: string, min: number, max: number, unit: "characters" | "symbols"): ValidationIssue | undefined => {
  const n = textLength(text)
  if (n < min) return issue(unit === "characters" ? C.minCharacters : C.minSymbols, { min })
  if (n > max) return issue(unit === "characters" ? C.maxCharacters : C.maxSymbols, { max })
  return undefined
}

const textIssue = (text: string | null | undefined, min: number, max: number, unit: "characters" | "symbols"): ValidationIssue | undefined =>
  isFilled(text) ? lengthIssue(text, min, max, unit) : issue(C.required)

const emailIssue = (text: string | null | undefined, min: number, max: number, unit: "characters" | "symbols"): ValidationIssue | undefined =>
  !isFilled(text) ? issue(C.required) : !isEmail(text.trim()) ? issue(C.emailFormat) : lengthIssue(text.trim(), min, max, unit)

const put = <F extends string>(issues: FormIssues<F>, field: F, found: ValidationIssue | undefined): void => {
  if (found) issues[field] = found
}

/** Sign-in fields. */
export interface SignInForm {
  readonly email: string
  readonly password: string
}

/**
 * Sign-in rules (spec part 1 section 5): e-mail required, valid format, 8 to 50 characters;
 * password required, 3 to 50 characters. The first failing rule of each field is reported.
 */
export const validateSignIn = (form: SignInForm): FormIssues<keyof SignInForm> => {
  const issues: FormIssues<keyof SignInForm> = {}
  put(issues, "email", emailIssue(form.email, 8, 50, "characters"))
  put(issues, "password", form.password ? lengthIssue(form.password, 3, 50, "characters") : issue(C.required))
  return issues
}

/** Registration fields. */
export interface RegistrationForm {
  readonly fullname: string
  readonly email: string
  readonly username: string
  readonly password: string
  readonly confirmPassword: string
  readonly acceptTerms: boolean
}

/**
 * Registration rules: fullname, e-mail, username and password each required and 3 to 50 symbols
 * (e-mail also a valid format); confirmation required and equal to the password; terms accepted.
 * Submit stays disabled until `isFormValid` of the result.
 */
export const validateRegistration = (form: RegistrationForm): FormIssues<keyof RegistrationForm> => {
  const issues: FormIssues<keyof RegistrationForm> = {}
  put(issues, "fullname", textIssue(form.fullname, 3, 50, "symbols"))
  put(issues, "email", emailIssue(form.email, 3, 50, "symbols"))
  put(issues, "username", textIssue(form.username, 3, 50, "symbols"))
  put(issues, "password", form.password ? lengthIssue(form.password, 3, 50, "symbols") : issue(C.required))
  put(
    issues,
    "confirmPassword",
    !form.confirmPassword ? issue(C.required) : form.confirmPassword !== form.password ? issue(C.passwordConfirmMismatch) : undefined,
  )
  put(issues, "acceptTerms", form.acceptTerms ? undefined : issue(C.termsRequired))
  return issues
}

/** Forgot-password rules: e-mail required, valid format, 3 to 50 characters. */
export const validateForgotPassword = (form: { readonly email: string }): FormIssues<"email"> => {
  const issues: FormIssues<"email"> = {}
  put(issues, "email", emailIssue(form.email, 3, 50, "characters"))
  return issues
}

/** Reset-password fields. */
export interface ResetPasswordForm {
  readonly password: string
  readonly confirmPassword: string
}

/**
 * Reset-password rules: password required, 8 to 50 characters with upper, lower, digit and
 * special (one complexity message covers all of it); confirmation required and matching.
 */
export const validateResetPassword = (form: ResetPasswordForm): FormIssues<keyof ResetPasswordForm> => {
  const issues: FormIssues<keyof ResetPasswordForm> = {}
  put(issues, "password", !form.password ? issue(C.required) : isStrongPassword(form.password) ? undefined : issue(C.passwordComplexity))
  put(issues, "confirmPassword", !form.confirmPassword ? issue(C.required) : form.confirmPassword !== form.password ? issue(C.passwordsMustMatch) : undefined)
  return issues
}

/** One-time code rules: required, digits only, exactly 6. */
export const validateOtp = (form: { readonly otp: string }): FormIssues<"otp"> => {
  const issues: FormIssues<"otp"> = {}
  put(issues, "otp", !form.otp ? issue(C.required) : !isDigitsOnly(form.otp) ? issue(C.digitsOnly) : !isSixDigitCode(form.otp) ? issue(C.sixDigits) : undefined)
  return issues
}

/**
 * Re-authentication dialog rules: e-mail required and valid ('Kindly provide a valid email');
 * password required and 8 to 50 characters ('Kindly provide your password').
 */
export const validateReauth = (form: SignInForm): FormIssues<keyof SignInForm> => {
  const issues: FormIssues<keyof SignInForm> = {}
  put(issues, "email", isFilled(form.email) && isEmail(form.email.trim()) ? undefined : issue(C.reauthEmail))
  put(issues, "password", form.password && lengthIssue(form.password, 8, 50, "characters") === undefined ? undefined : issue(C.reauthPassword))
  return issues
}
