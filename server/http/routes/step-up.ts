/**
 * The step-up before money leaves to a new place (issue 35; server/auth/step-up.ts), signed-in
 * sessions only:
 *   POST /auth/step-up         StepUpStart: an e-mailed code for this token (any earlier e-mailed
 *                              code of the user dies); an authenticator-app user is told to read the app
 *   POST /auth/step-up/verify  OtpRequest -> Message: the code checked as at sign-in (a wrong one
 *                              400 otp.invalid, a dead one 400 otp.expired, the account-wide lock
 *                              423); on success this session's step-up holds for 5 minutes
 * Both are limited per user and address like the sign-in code step. Mounted by `authRoutes`.
 */
import type { Hono } from "hono"
import { OtpRequest } from "../../../src/contract/auth"
import type { Message } from "../../../src/contract/common"
import type { StepUpStart } from "../../../src/contract/step-up"
import { AuthErrors } from "../../auth/errors"
import { issueEmailCode, verifyCode } from "../../auth/otp"
import { decodeBody, limitAttempt, type AuthDeps } from "../../auth/request"
import { requireSession } from "../../auth/session"
import { recordStepUp } from "../../auth/step-up"
import { findUserById } from "../../auth/users"
import type { AppEnv } from "../context"

export const STEP_UP_MAILED_MESSAGE = "A code was sent to your e-mail."
export const STEP_UP_APP_MESSAGE = "Enter the code from your authenticator app."
export const STEP_UP_CONFIRMED_MESSAGE = "Code confirmed."

/** Registers the step-up routes on the /api sub-app. */
export const mountStepUpRoutes = (api: Hono<AppEnv>, deps: AuthDeps): void => {
  const { db } = deps.database
  const signedIn = requireSession(deps, { satisfied: true })

  api.post("/auth/step-up", signedIn, async (c) => {
    const session = c.get("session")
    await limitAttempt(c, deps, "resend", session.userId)
    const user = await findUserById(db, session.userId)
    if (!user) throw AuthErrors.unauthorized()
    if (user.otpMethod === "APP") {
      const answer: StepUpStart = { method: "APP", message: STEP_UP_APP_MESSAGE }
      return c.json(answer)
    }
    const now = deps.now()
    await db.transaction().execute((trx) => issueEmailCode(trx, { user, tokenId: session.tokenId, now }))
    const answer: StepUpStart = { method: "EMAIL", message: STEP_UP_MAILED_MESSAGE }
    return c.json(answer)
  })

  api.post("/auth/step-up/verify", signedIn, async (c) => {
    const session = c.get("session")
    const body = await decodeBody(c, OtpRequest)
    await limitAttempt(c, deps, "code", session.userId)
    const user = await findUserById(db, session.userId)
    if (!user) throw AuthErrors.unauthorized()
    const now = deps.now()
    const outcome = await verifyCode(db, { user, tokenId: session.tokenId, code: body.otp, now, lockAfter: deps.settings.codeEntryLockAfter })
    if (outcome === "invalid") throw AuthErrors.otpInvalid()
    if (outcome === "expired") throw AuthErrors.otpExpired()
    if (outcome === "locked") throw AuthErrors.otpLocked()
    await recordStepUp(db, { userId: user.id, tokenId: session.tokenId, now })
    const answer: Message = { message: STEP_UP_CONFIRMED_MESSAGE }
    return c.json(answer)
  })
}
