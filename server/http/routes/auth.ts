/**
 * The authentication API (spec part 1 section 7; security rows of design/targets.md):
 *   POST /auth/login                        sign in (and ?action=reauth&userId=ID: renew the session)
 *   POST /api/auth/register                 registration (wire path /api/api/auth/register)
 *   POST /auth/logout                       revoke the token
 *   POST /auth/2fa-otp, /auth/2fa-otp/resend, GET /admins/me      (auth-code.ts)
 *   POST /auth/forgot-password, /auth/reset-password               (auth-password.ts)
 *   POST /auth/2fa-otp/recovery, GET and POST /users/recovery-codes (auth-recovery.ts)
 *   POST /auth/step-up, /auth/step-up/verify                       (step-up.ts)
 * `createApp` mounts `authRoutes(options.auth)`; tests pass small rate limits there.
 */
import type { Hono } from "hono"
import { LoginRequest, ReauthQuery, ReauthRequest, RegisterRequest, type LoginAnswer, type RegisterAnswer } from "../../../src/contract/auth"
import type { Message } from "../../../src/contract/common"
import { AuthErrors } from "../../auth/errors"
import { mailRegistrationNotice } from "../../auth/mails"
import { issueEmailCode, isTrustedDevice } from "../../auth/otp"
import { createRateLimiter } from "../../auth/rate-limit"
import { checkCredentials, clientAddress, decodeBody, decodeOr400, limitAttempt, seenFrom, type AuthDeps } from "../../auth/request"
import { requireSession } from "../../auth/session"
import { authSettings, type AuthSettingsOverrides } from "../../auth/settings"
import { deviceHashOf, issueToken, renewableChain, revokeToken, revokeUserDevice } from "../../auth/tokens"
import { createRegisteredUser, findUserByEmail, normalEmail, toAuthUser, userGroupOf, usernameTaken } from "../../auth/users"
import { hashPassword } from "../../db/passwords"
import type { ApiRoutes, AppEnv } from "../context"
import { mountCodeRoutes } from "./auth-code"
import { mountPasswordRoutes } from "./auth-password"
import { mountRecoveryRoutes } from "./auth-recovery"
import { mountStepUpRoutes } from "./step-up"

/** The answer of POST /auth/logout. */
export const SIGNED_OUT_MESSAGE = "Signed out."

/**
 * The auth API area. `overrides` changes the rate limits or the code-entry lock (tests); each
 * mounted app gets its own rate limiter over the database's auth_rate_limit_hits table (shared by
 * every process on one PostgreSQL).
 */
export const authRoutes = (overrides?: AuthSettingsOverrides): ApiRoutes => ({
  name: "auth",
  mount: (api, appDeps) => {
    const deps: AuthDeps = { ...appDeps, settings: authSettings(overrides), limiter: createRateLimiter(appDeps.database.db) }
    mountSignInRoutes(api, deps)
    mountCodeRoutes(api, deps)
    mountPasswordRoutes(api, deps)
    mountRecoveryRoutes(api, deps)
    mountStepUpRoutes(api, deps)
  },
})

const mountSignInRoutes = (api: Hono<AppEnv>, deps: AuthDeps): void => {
  const { db } = deps.database

  api.post("/auth/login", async (c) => {
    if (c.req.query("action") !== undefined || c.req.query("userId") !== undefined) {
      const query = decodeOr400(ReauthQuery, { action: c.req.query("action"), userId: c.req.query("userId") })
      const body = await decodeBody(c, ReauthRequest)
      await limitAttempt(c, deps, "sign-in", normalEmail(body.email))
      const user = await checkCredentials(db, body.email, body.password)
      if (!user) throw AuthErrors.invalidCredentials()
      const now = deps.now()
      const deviceHash = deviceHashOf(c.get("deviceId"))
      const chain = user.id === query.userId ? await renewableChain(db, user.id, deviceHash, now) : null
      if (chain === null) {
        // Refused: the caller's own tokens on this device end; never another user's (a caller
        // must not end someone else's session by naming them with that user's device id).
        await revokeUserDevice(db, user.id, deviceHash, now)
        throw AuthErrors.reauthForbidden()
      }
      const issued = await db.transaction().execute(async (trx) => {
        await revokeUserDevice(trx, user.id, deviceHash, now)
        return issueToken(trx, { userId: user.id, deviceHash, satisfied: true, now, chain, ...seenFrom(c) })
      })
      const answer: LoginAnswer = { access_token: issued.token, user: toAuthUser(user, await userGroupOf(db, user.userGroupId), true) }
      return c.json(answer)
    }

    const body = await decodeBody(c, LoginRequest)
    await limitAttempt(c, deps, "sign-in", normalEmail(body.email))
    const user = await checkCredentials(db, body.email, body.password)
    if (!user) throw AuthErrors.invalidCredentials()
    const now = deps.now()
    const deviceHash = deviceHashOf(c.get("deviceId"))
    const trusted = await isTrustedDevice(db, user.id, deviceHash, now)
    const issued = await db.transaction().execute(async (trx) => {
      const token = await issueToken(trx, { userId: user.id, deviceHash, satisfied: trusted, now, ...seenFrom(c) })
      if (!trusted && user.otpMethod === "EMAIL") await issueEmailCode(trx, { user, tokenId: token.id, now })
      return token
    })
    const answer: LoginAnswer = { access_token: issued.token, user: toAuthUser(user, await userGroupOf(db, user.userGroupId), trusted) }
    return c.json(answer)
  })

  // Relative to /api: on the wire this is /api/api/auth/register (the spec's extra prefix).
  api.post("/api/auth/register", async (c) => {
    const body = await decodeBody(c, RegisterRequest)
    await limitAttempt(c, deps, "register", normalEmail(body.email))
    // Hashed on both branches, so a known and an unknown e-mail take about as long.
    const passwordHash = await hashPassword(body.password)
    // A taken username fails whatever the e-mail, so the answer says nothing about the e-mail.
    if (await usernameTaken(db, body.username)) throw AuthErrors.registrationFailed()
    const now = deps.now()
    const deviceHash = deviceHashOf(c.get("deviceId"))
    const existing = await findUserByEmail(db, body.email)
    let token: string
    try {
      token = await db.transaction().execute(async (trx) => {
        if (existing) {
          // A code-pending token bound to no user: its code step can never succeed.
          const issued = await issueToken(trx, { userId: null, deviceHash, satisfied: false, now })
          await mailRegistrationNotice(trx, existing.email, new Date(now))
          return issued.token
        }
        const user = await createRegisteredUser(trx, { ...body, passwordHash, now, address: clientAddress(c) })
        const issued = await issueToken(trx, { userId: user.id, deviceHash, satisfied: false, now, ...seenFrom(c) })
        await issueEmailCode(trx, { user, tokenId: issued.id, now })
        return issued.token
      })
    } catch (error) {
      // Two registrations racing for one e-mail or username: the unique index refused the second.
      if ((error as { code?: unknown }).code === "23505") throw AuthErrors.registrationFailed()
      throw error
    }
    const answer: RegisterAnswer = { accessToken: token }
    return c.json(answer, 201)
  })

  api.post("/auth/logout", requireSession(deps, { satisfied: false }), async (c) => {
    await revokeToken(db, c.get("session").tokenId, deps.now())
    const answer: Message = { message: SIGNED_OUT_MESSAGE }
    return c.json(answer)
  })
}
