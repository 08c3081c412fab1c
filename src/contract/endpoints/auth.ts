import {
  AdminUser,
  AuthUser,
  ForgotPasswordRequest,
  LoginAnswer,
  LoginRequest,
  OtpRequest,
  ReauthQuery,
  ReauthRequest,
  RecoveryCodeRequest,
  RecoverySignInAnswer,
  RegisterAnswer,
  RegisterRequest,
  ResetPasswordRequest,
} from "../auth"
import { Message } from "../common"
import { endpoint } from "../endpoint"

/** The sign-in, registration, password and one-time-code calls (spec part 1), and logout. */
export const AuthEndpoints = {
  login: endpoint({ name: "login", method: "POST", path: "/auth/login", request: LoginRequest, response: LoginAnswer, auth: "public" }),
  reauth: endpoint({
    name: "reauth",
    method: "POST",
    path: "/auth/login",
    query: ReauthQuery,
    request: ReauthRequest,
    response: LoginAnswer,
    auth: "public",
  }),
  // The spec's extra prefix is real: on the wire this is /api/api/auth/register.
  register: endpoint({ name: "register", method: "POST", path: "/api/auth/register", request: RegisterRequest, response: RegisterAnswer, auth: "public" }),
  forgotPassword: endpoint({
    name: "forgotPassword",
    method: "POST",
    path: "/auth/forgot-password",
    request: ForgotPasswordRequest,
    response: Message,
    auth: "public",
  }),
  resetPassword: endpoint({
    name: "resetPassword",
    method: "POST",
    path: "/auth/reset-password",
    request: ResetPasswordRequest,
    response: Message,
    auth: "public",
  }),
  verifyOtp: endpoint({ name: "verifyOtp", method: "POST", path: "/auth/2fa-otp", request: OtpRequest, response: AuthUser }),
  /** Not in the spec (issue 35): a recovery code in place of the authenticator app's code; it works once. */
  verifyRecoveryCode: endpoint({
    name: "verifyRecoveryCode",
    method: "POST",
    path: "/auth/2fa-otp/recovery",
    request: RecoveryCodeRequest,
    response: RecoverySignInAnswer,
  }),
  /** Not in the spec: sends a fresh e-mailed code, replacing the previous one. */
  resendOtp: endpoint({ name: "resendOtp", method: "POST", path: "/auth/2fa-otp/resend", response: Message }),
  /** Not in the spec: invalidates the access token server-side before the client clears its state. */
  logout: endpoint({ name: "logout", method: "POST", path: "/auth/logout", response: Message }),
  currentAdmin: endpoint({ name: "currentAdmin", method: "GET", path: "/admins/me", response: AdminUser }),
} as const
