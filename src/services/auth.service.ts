import { Context, Effect, Layer } from "effect"
import type {
  AdminUser,
  AuthUser,
  ForgotPasswordRequest,
  LoginAnswer,
  LoginRequest,
  RecoverySignInAnswer,
  RegisterAnswer,
  RegisterRequest,
  ResetPasswordRequest,
} from "../contract/auth"
import type { Message } from "../contract/common"
import { AuthEndpoints as Endpoints } from "../contract/endpoints/auth"
import { ApiClient } from "./api-client"
import type { ApiFailure } from "./api-errors"

type Call<A> = Effect.Effect<A, ApiFailure>

interface AuthShape {
  logIn(body: LoginRequest): Call<LoginAnswer>
  reauthenticate(body: LoginRequest & { readonly userId: string }): Call<LoginAnswer>
  register(body: RegisterRequest): Call<RegisterAnswer>
  forgotPassword(body: ForgotPasswordRequest): Call<Message>
  resetPassword(body: ResetPasswordRequest): Call<Message>
  verifyCode(body: { readonly otp: string; readonly trusted: boolean }): Call<AuthUser>
  /** POST /auth/2fa-otp/recovery: a recovery code in place of the app's code (it works once). */
  verifyRecoveryCode(body: { readonly code: string; readonly trusted: boolean }): Call<RecoverySignInAnswer>
  resendCode(): Call<Message>
  logOut(): Call<Message>
  currentAdmin(): Call<AdminUser>
}

/**
 * The authentication calls of spec part 1 section 7 (plus logout and code resend, which the
 * security targets need). Each method is one endpoint of the contract through the ApiClient; the
 * app wiring provides them to the session and sign-in charts as actors, e.g.
 * `logIn: bridge.fromEffect((input: LoginRequest) => Auth.use((a) => a.logIn(input)))`.
 *
 * Layers: `layer` (through the ApiClient).
 */
export class Auth extends Context.Service<Auth, AuthShape>()("chartfolio/services/Auth") {
  static readonly layer: Layer.Layer<Auth, never, ApiClient> = Layer.effect(
    Auth,
    Effect.gen(function* () {
      const api = yield* ApiClient
      return Auth.of({
        logIn: Effect.fn("Auth.logIn")(function* (body: LoginRequest) {
          return yield* api.call(Endpoints.login, { body })
        }),
        reauthenticate: Effect.fn("Auth.reauthenticate")(function* ({ userId, ...body }: LoginRequest & { readonly userId: string }) {
          return yield* api.call(Endpoints.reauth, { body, query: { action: "reauth", userId } })
        }),
        register: Effect.fn("Auth.register")(function* (body: RegisterRequest) {
          return yield* api.call(Endpoints.register, { body })
        }),
        forgotPassword: Effect.fn("Auth.forgotPassword")(function* (body: ForgotPasswordRequest) {
          return yield* api.call(Endpoints.forgotPassword, { body })
        }),
        resetPassword: Effect.fn("Auth.resetPassword")(function* (body: ResetPasswordRequest) {
          return yield* api.call(Endpoints.resetPassword, { body })
        }),
        verifyCode: Effect.fn("Auth.verifyCode")(function* (body: { readonly otp: string; readonly trusted: boolean }) {
          return yield* api.call(Endpoints.verifyOtp, { body })
        }),
        verifyRecoveryCode: Effect.fn("Auth.verifyRecoveryCode")(function* (body: { readonly code: string; readonly trusted: boolean }) {
          return yield* api.call(Endpoints.verifyRecoveryCode, { body })
        }),
        resendCode: Effect.fn("Auth.resendCode")(function* () {
          return yield* api.call(Endpoints.resendOtp)
        }),
        logOut: Effect.fn("Auth.logOut")(function* () {
          return yield* api.call(Endpoints.logout)
        }),
        currentAdmin: Effect.fn("Auth.currentAdmin")(function* () {
          return yield* api.call(Endpoints.currentAdmin)
        }),
      })
    }),
  )
}
