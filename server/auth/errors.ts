/**
 * The authentication failures, each an `ApiError` with the contract's `ErrorBody` shape. Throw
 * them from routes: `throw AuthErrors.invalidCredentials()`. The `code`s are stable; clients may
 * translate them (`errors.<code>`).
 */
import { ErrorCodes, type ErrorCode } from "../../src/contract/errors"
import { ApiError } from "../http/errors"

/**
 * Codes of the authentication answers. The ones missing from the contract's `ErrorCodes` are
 * listed here until the contract carries them (the client translates `errors.<code>`).
 */
export const AuthErrorCodes = {
  unauthorized: ErrorCodes.unauthorized,
  forbidden: ErrorCodes.forbidden,
  rateLimited: ErrorCodes.rateLimited,
  invalidCredentials: "auth.invalid_credentials",
  otpRequired: "otp.required",
  otpInvalid: "otp.invalid",
  otpExpired: "otp.expired",
  otpLocked: "otp.locked",
  otpNotEmailed: "otp.not_emailed",
  resetInvalid: "reset.invalid",
} as const
export type AuthErrorCode = (typeof AuthErrorCodes)[keyof typeof AuthErrorCodes]

// The one place an auth code meets ApiError's ErrorCode type (see AuthErrorCodes).
const fail = (status: 400 | 401 | 403 | 423 | 429, code: AuthErrorCode, text: string) => new ApiError(status, code as ErrorCode, text)

/** The texts of the authentication answers. */
export const AuthTexts = {
  sessionExpired: "Your session has expired. Sign in again.",
  invalidCredentials: "The login detail is incorrect",
  signInAgain: "Sign in again.",
  otpRequired: "Enter the one-time code first.",
  otpInvalid: "The code is not valid.",
  otpExpired: "This code has expired. Ask for a new one.",
  otpLocked: "Code entry is locked. Contact support.",
  otpNotEmailed: "Your code comes from your authenticator app; it is not sent by e-mail.",
  resetInvalid: "This reset link is invalid or has expired.",
  rateLimited: "Too many attempts. Wait a few minutes and try again.",
} as const

/** Constructors of every authentication failure (status, code and text fixed here). */
export const AuthErrors = {
  /** 401: no bearer token, or a revoked or expired one. */
  unauthorized: () => fail(401, AuthErrorCodes.unauthorized, AuthTexts.sessionExpired),
  /** 401: unknown e-mail or wrong password (one answer for both). */
  invalidCredentials: () => fail(401, AuthErrorCodes.invalidCredentials, AuthTexts.invalidCredentials),
  /** 400: a registration that cannot go ahead for a reason other than field validation. */
  registrationFailed: () => fail(400, AuthErrorCodes.invalidCredentials, AuthTexts.invalidCredentials),
  /** 403: reauth with no renewable session; the client signs out. */
  reauthForbidden: () => fail(403, AuthErrorCodes.forbidden, AuthTexts.signInAgain),
  /** 403: a code-pending token on an endpoint that needs the code step done. */
  otpRequired: () => fail(403, AuthErrorCodes.otpRequired, AuthTexts.otpRequired),
  otpInvalid: () => fail(400, AuthErrorCodes.otpInvalid, AuthTexts.otpInvalid),
  otpExpired: () => fail(400, AuthErrorCodes.otpExpired, AuthTexts.otpExpired),
  /** 423: too many consecutive failed code entries on the account. */
  otpLocked: () => fail(423, AuthErrorCodes.otpLocked, AuthTexts.otpLocked),
  otpNotEmailed: () => fail(400, AuthErrorCodes.otpNotEmailed, AuthTexts.otpNotEmailed),
  resetInvalid: () => fail(400, AuthErrorCodes.resetInvalid, AuthTexts.resetInvalid),
} as const

/** 429 with the seconds to wait; the route sets the Retry-After header from `retryAfterSeconds`. */
export class RateLimitedError extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, AuthErrorCodes.rateLimited, AuthTexts.rateLimited)
    this.name = "RateLimitedError"
  }
}
