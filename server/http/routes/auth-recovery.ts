/**
 * Recovery codes (issue 35; server/auth/recovery-codes.ts, decision 0221). Mounted by `authRoutes`
 * (auth.ts), beside the code step they stand in for:
 *   POST /auth/2fa-otp/recovery    a recovery code in place of the app's code (code-pending token):
 *                                  the code step's answer plus `recoveryCodesLeft`; the user is mailed
 *   GET  /users/recovery-codes     RecoveryCodeStatus of the caller's own set
 *   POST /users/recovery-codes     a new set (RecoveryCodeSet) after a fresh password and app code;
 *                                  the old set stops working. No Idempotency-Key: a stored answer
 *                                  would keep the codes in clear.
 * Every call acts on the session's own user only; no id is taken from the request.
 */
import type { Hono } from "hono"
import { RecoveryCodeRequest, type RecoverySignInAnswer } from "../../../src/contract/auth"
import { ErrorCodes } from "../../../src/contract/errors"
import { RecoveryCodesRequest, type RecoveryCodeSet, type RecoveryCodeStatus } from "../../../src/contract/security"
import { formatRecoveryCode, RECOVERY_CODE_COUNT } from "../../../src/domain/recovery-codes"
import { AuthErrors } from "../../auth/errors"
import { trustDevice, verifyCode } from "../../auth/otp"
import { recoveryCodeState, replaceRecoveryCodes, useRecoveryCode } from "../../auth/recovery-codes"
import { clientAddress, decodeBody, limitAttempt, type AuthDeps } from "../../auth/request"
import { requireSession } from "../../auth/session"
import { markSatisfied } from "../../auth/tokens"
import { findUserById, toAuthUser, userGroupOf } from "../../auth/users"
import { verifyPassword } from "../../db/passwords"
import type { AppEnv } from "../context"
import { ApiError } from "../errors"

/** The texts of the recovery-code refusals (clients say them by `code` in the user's language). */
export const RecoveryTexts = {
  notApp: "Recovery codes are for sign-in with an authenticator app; your code comes by e-mail.",
  passwordInvalid: "The password is not correct.",
} as const

/** Registers the recovery-code routes on the /api sub-app. */
export const mountRecoveryRoutes = (api: Hono<AppEnv>, deps: AuthDeps): void => {
  const { db } = deps.database
  const pending = requireSession(deps, { satisfied: false })
  const signedIn = requireSession(deps, { satisfied: true })

  api.post("/auth/2fa-otp/recovery", pending, async (c) => {
    const session = c.get("session")
    const body = await decodeBody(c, RecoveryCodeRequest)
    // The same counters as the app's codes: a recovery code is one more way to pass the code step.
    await limitAttempt(c, deps, "code", session.userId ?? `token:${session.tokenId}`)
    const user = session.userId === null ? undefined : await findUserById(db, session.userId)
    if (!user) throw AuthErrors.otpInvalid()
    const now = deps.now()
    const from = `${clientAddress(c)} (${(c.req.header("user-agent") ?? "unknown browser").slice(0, 200)})`
    const result = await useRecoveryCode(db, { user, code: body.code, now, lockAfter: deps.settings.codeEntryLockAfter, from })
    if (result.outcome !== "ok") throw result.outcome === "locked" ? AuthErrors.otpLocked() : AuthErrors.otpInvalid()
    await markSatisfied(db, session.tokenId)
    if (body.trusted === true) await trustDevice(db, user.id, session.deviceHash, now, c.req.header("user-agent"))
    const answer: RecoverySignInAnswer = { ...toAuthUser(user, await userGroupOf(db, user.userGroupId), true), recoveryCodesLeft: result.left }
    return c.json(answer)
  })

  api.get("/users/recovery-codes", signedIn, async (c) => {
    const { userId } = c.get("session")
    const user = await findUserById(db, userId)
    if (!user) throw AuthErrors.unauthorized()
    const state = await recoveryCodeState(db, userId)
    const answer: RecoveryCodeStatus = { available: user.otpMethod === "APP", total: RECOVERY_CODE_COUNT, ...state }
    return c.json(answer)
  })

  api.post("/users/recovery-codes", signedIn, async (c) => {
    const session = c.get("session")
    const body = await decodeBody(c, RecoveryCodesRequest)
    await limitAttempt(c, deps, "recovery-codes", session.userId)
    const user = await findUserById(db, session.userId)
    if (!user) throw AuthErrors.unauthorized()
    if (user.otpMethod !== "APP") throw new ApiError(409, ErrorCodes.recoveryNotApp, RecoveryTexts.notApp)
    // The password first: a wrong one does not spend the app's code.
    if (!(await verifyPassword(user.passwordHash, body.password)))
      throw new ApiError(400, ErrorCodes.recoveryPasswordInvalid, RecoveryTexts.passwordInvalid, { password: RecoveryTexts.passwordInvalid })
    const now = deps.now()
    const outcome = await verifyCode(db, { user, tokenId: session.tokenId, code: body.otp, now, lockAfter: deps.settings.codeEntryLockAfter })
    if (outcome === "invalid") throw AuthErrors.otpInvalid()
    if (outcome === "expired") throw AuthErrors.otpExpired()
    if (outcome === "locked") throw AuthErrors.otpLocked()
    const codes = await replaceRecoveryCodes(db, user.id, now)
    const answer: RecoveryCodeSet = { codes: codes.map(formatRecoveryCode), generatedAt: new Date(now).toISOString() }
    return c.json(answer)
  })
}
