/**
 * Sign-in, registration, password recovery, the one-time code, the current admin and the
 * persisted auth state (spec part 1 sections 3, 4, 5 and 7).
 */
import { Schema } from "effect"
import { isRecoveryCode } from "../domain/recovery-codes"
import { boundedString, emailField, requiredString } from "./common"

/** A partner (custodian) of a user group; its `name` is what instrument search and portfolio creation use. */
export const Partner = Schema.Struct({ name: Schema.String })
export type Partner = typeof Partner.Type

/** The group a user belongs to: the company shown in the quick user panel and the allowed partners. */
export const UserGroup = Schema.Struct({
  companyName: Schema.String,
  partner: Schema.Array(Partner),
})
export type UserGroup = typeof UserGroup.Type

/** How the one-time code reaches the user: APP is an authenticator app (TOTP); EMAIL is a mailed code. */
export const OtpMethod = Schema.Literals(["APP", "EMAIL"])
export type OtpMethod = typeof OtpMethod.Type

/**
 * The user as sign-in and the one-time code step know it. `otpSatisfied` is true once the code
 * was accepted (or the device is trusted); only then may the app enter the signed-in area.
 * The code step's answer may carry `userGroup: null`: keep the group from sign-in then.
 */
export const AuthUser = Schema.Struct({
  id: Schema.String,
  userGroup: Schema.NullOr(UserGroup),
  otpMethod: OtpMethod,
  otpSatisfied: Schema.Boolean,
})
export type AuthUser = typeof AuthUser.Type

/**
 * The signed-in admin from GET /admins/me. `adminLevel` is a display label only
 * (1 Admin, 2 Super Admin, 3 Admin); `userId` is the id the reauth call sends. `reviewer` is the
 * compliance reviewer permission (issue 13): the workflow explorer and its approval calls exist
 * only for an admin who has it.
 */
export const AdminUser = Schema.Struct({
  userId: Schema.String,
  firstName: Schema.String,
  lastName: Schema.String,
  fullname: Schema.String,
  email: Schema.String,
  adminLevel: Schema.Number,
  otpSatisfied: Schema.Boolean,
  userGroup: UserGroup,
  reviewer: Schema.Boolean,
})
export type AdminUser = typeof AdminUser.Type

/**
 * Session timing as the client keeps it: `expire` is milliseconds since the epoch, `validity`
 * the sliding validity in minutes (30); `active` turns false when a request finds it expired.
 */
export const Session = Schema.Struct({
  active: Schema.Boolean,
  expire: Schema.Number,
  validity: Schema.Number,
})
export type Session = typeof Session.Type

/**
 * The persisted auth state (localStorage): the loaded user (the admin once loaded, the auth user
 * during the code step), the access token and the session. Decode it on start; a value that
 * does not decode is treated as signed out.
 */
export const AuthState = Schema.Struct({
  user: Schema.NullOr(Schema.Union([AdminUser, AuthUser])),
  authToken: Schema.NullOr(Schema.String),
  session: Session,
})
export type AuthState = typeof AuthState.Type

const signInEmail = emailField({ min: 8, max: 50, minMessage: "Minimum 8 Characters", maxMessage: "Maximum 50 Characters" })

/**
 * POST /auth/login body. Bounds of spec part 1 section 5: e-mail valid, 8 to 50 characters;
 * password 3 to 50.
 */
export const LoginRequest = Schema.Struct({
  email: signInEmail,
  password: boundedString({ min: 3, max: 50, minMessage: "Minimum 3 Characters", maxMessage: "Maximum 50 Characters" }),
})
export type LoginRequest = typeof LoginRequest.Type

/**
 * Sign-in answer. `access_token` starts the session (snake case, as the spec names it); `user`
 * says whether the code step follows (`otpSatisfied`, already true on a trusted device) and how
 * the code arrives (`otpMethod`).
 */
export const LoginAnswer = Schema.Struct({
  access_token: Schema.String,
  user: AuthUser,
})
export type LoginAnswer = typeof LoginAnswer.Type

/**
 * Body of the session re-authentication (POST /auth/login?action=reauth&userId=...), with the
 * dialog's rules: e-mail valid ('Kindly provide a valid email'), password 8 to 50 characters
 * ('Kindly provide your password'). The answer is a `LoginAnswer` with a fresh token.
 */
export const ReauthRequest = Schema.Struct({
  email: emailField(
    { min: 1, max: 50, minMessage: "Kindly provide a valid email", maxMessage: "Kindly provide a valid email" },
    "Kindly provide a valid email",
    "Kindly provide a valid email",
  ),
  password: boundedString(
    { min: 8, max: 50, minMessage: "Kindly provide your password", maxMessage: "Kindly provide your password" },
    "Kindly provide your password",
  ),
})
export type ReauthRequest = typeof ReauthRequest.Type

/** Query of the reauth call: `action=reauth` and the signed-in admin's `userId`. */
export const ReauthQuery = Schema.Struct({
  action: Schema.Literal("reauth"),
  userId: requiredString(),
})
export type ReauthQuery = typeof ReauthQuery.Type

const symbols = { min: 3, max: 50, minMessage: "Minimum 3 symbols", maxMessage: "Maximum 50 symbols" } as const

/**
 * POST /api/auth/register body: each field 3 to 50 characters, e-mail of valid format. Confirm
 * password and the terms checkbox are form-only rules and do not travel.
 */
export const RegisterRequest = Schema.Struct({
  email: emailField(symbols),
  fullname: boundedString(symbols),
  username: boundedString(symbols),
  password: boundedString(symbols),
})
export type RegisterRequest = typeof RegisterRequest.Type

/** Registration answer: `accessToken` (camel case, unlike sign-in) starts the session; then load the user. */
export const RegisterAnswer = Schema.Struct({ accessToken: Schema.String })
export type RegisterAnswer = typeof RegisterAnswer.Type

/** POST /auth/forgot-password body: e-mail valid, 3 to 50 characters. Answer: `Message`. */
export const ForgotPasswordRequest = Schema.Struct({ email: emailField(symbols) })
export type ForgotPasswordRequest = typeof ForgotPasswordRequest.Type

/** The spec's text for a password that fails the reset rules. */
export const STRONG_PASSWORD_MESSAGE = "Must Contain 8 Characters, One Uppercase, One Lowercase, One Number and one special case Character"

const isStrongPassword = (text: string): boolean => /\p{Lu}/u.test(text) && /\p{Ll}/u.test(text) && /\p{Nd}/u.test(text) && /[^\p{L}\p{N}\s]/u.test(text)

/**
 * POST /auth/reset-password body: `ref` from the /reset-password/:ref route, and a password of 8
 * to 50 characters with an upper-case letter, a lower-case letter, a digit and a special
 * character. Answer: `Message`.
 */
export const ResetPasswordRequest = Schema.Struct({
  ref: requiredString(),
  password: boundedString({ min: 8, max: 50, minMessage: STRONG_PASSWORD_MESSAGE, maxMessage: STRONG_PASSWORD_MESSAGE }).check(
    Schema.makeFilter<string>((s) => isStrongPassword(s) || STRONG_PASSWORD_MESSAGE),
  ),
})
export type ResetPasswordRequest = typeof ResetPasswordRequest.Type

/**
 * POST /auth/2fa-otp body: the 6-digit code ('Only numbers allowed', 'Six Digit') and whether to
 * trust this device for 30 days (absent means false). Answer: `AuthUser`.
 */
export const OtpRequest = Schema.Struct({
  otp: requiredString().check(Schema.isPattern(/^\d+$/, { message: "Only numbers allowed" }), Schema.isPattern(/^\d{6}$/, { message: "Six Digit" })),
  trusted: Schema.optionalKey(Schema.Boolean),
})
export type OtpRequest = typeof OtpRequest.Type

/**
 * POST /auth/2fa-otp/recovery body: a recovery code in place of the authenticator app's code
 * (ten letters and digits; case, spaces and hyphens do not matter) and the trusted-device choice.
 */
export const RecoveryCodeRequest = Schema.Struct({
  code: requiredString().check(Schema.makeFilter<string>((s) => isRecoveryCode(s) || "A recovery code has ten letters and digits")),
  trusted: Schema.optionalKey(Schema.Boolean),
})
export type RecoveryCodeRequest = typeof RecoveryCodeRequest.Type

/** The answer of POST /auth/2fa-otp/recovery: the user, as the code step answers, and how many recovery codes are left. */
export const RecoverySignInAnswer = Schema.Struct({ ...AuthUser.fields, recoveryCodesLeft: Schema.Number })
export type RecoverySignInAnswer = typeof RecoverySignInAnswer.Type
