/**
 * The one-time code step and the current admin: POST /auth/2fa-otp, POST /auth/2fa-otp/resend
 * (both with a code-pending or satisfied token) and GET /admins/me (satisfied token only).
 * Mounted by `authRoutes` (auth.ts).
 */
import type { Hono } from "hono"
import { OtpRequest, type AdminUser, type AuthUser } from "../../../src/contract/auth"
import type { Message } from "../../../src/contract/common"
import { AuthErrors } from "../../auth/errors"
import { DecoyCodes, issueEmailCode, trustDevice, verifyCode } from "../../auth/otp"
import { decodeBody, limitAttempt, type AuthDeps } from "../../auth/request"
import { requireSession } from "../../auth/session"
import { dataStampNow, markSatisfied } from "../../auth/tokens"
import { sessionAnswers } from "../../queries/answer-cache"
import { deviceParams, isNewDevice } from "../../notifications/new-device"
import { notify } from "../../notifications/notify"
import { findUserById, findUserWithGroup, toAdminUser, toAuthUser, userGroupOf } from "../../auth/users"
import type { AppEnv } from "../context"

/** The answer of POST /auth/2fa-otp/resend. */
export const CODE_RESENT_MESSAGE = "A new code was sent to your e-mail."

/** Registers the code-step routes and GET /admins/me on the /api sub-app. */
export const mountCodeRoutes = (api: Hono<AppEnv>, deps: AuthDeps): void => {
  const { db } = deps.database
  const pending = requireSession(deps, { satisfied: false })
  const decoys = new DecoyCodes()

  api.post("/auth/2fa-otp", pending, async (c) => {
    const session = c.get("session")
    const body = await decodeBody(c, OtpRequest)
    await limitAttempt(c, deps, "code", session.userId ?? `token:${session.tokenId}`)
    const user = session.userId === null ? undefined : await findUserById(db, session.userId)
    const now = deps.now()
    const lockAfter = deps.settings.codeEntryLockAfter
    const outcome = user
      ? await verifyCode(db, { user, tokenId: session.tokenId, code: body.otp, now, lockAfter })
      : decoys.verify(session.tokenId, now, lockAfter)
    if (outcome === "invalid") throw AuthErrors.otpInvalid()
    if (outcome === "expired") throw AuthErrors.otpExpired()
    if (outcome === "locked") throw AuthErrors.otpLocked()
    if (!user) throw AuthErrors.otpInvalid() // a decoy never answers "ok"
    await markSatisfied(db, session.tokenId)
    if (await isNewDevice(db, user.id, session.deviceHash, session.tokenId))
      await notify(db, {
        userId: user.id,
        kind: "new-device-sign-in",
        dedupeKey: `new-device-sign-in:${session.tokenId}`,
        subject: { type: "session", id: session.tokenId },
        params: deviceParams(c.req.header("user-agent")),
        at: new Date(now),
      })
    if (body.trusted === true) await trustDevice(db, user.id, session.deviceHash, now, c.req.header("user-agent"))
    const answer: AuthUser = toAuthUser(user, await userGroupOf(db, user.userGroupId), true)
    return c.json(answer)
  })

  api.post("/auth/2fa-otp/resend", pending, async (c) => {
    const session = c.get("session")
    await limitAttempt(c, deps, "resend", session.userId ?? `token:${session.tokenId}`)
    const answer: Message = { message: CODE_RESENT_MESSAGE }
    const user = session.userId === null ? undefined : await findUserById(db, session.userId)
    if (!user) {
      decoys.resend(session.tokenId, deps.now())
      return c.json(answer)
    }
    if (user.otpMethod !== "EMAIL") throw AuthErrors.otpNotEmailed()
    const now = deps.now()
    await db.transaction().execute((trx) => issueEmailCode(trx, { user, tokenId: session.tokenId, now }))
    return c.json(answer)
  })

  // Read on every page load and session check: kept while the user's and the catalogue's versions
  // hold (PostgreSQL) or nothing changed (embedded database); answer-cache.ts.
  const admins = sessionAnswers<AdminUser>(deps.database, dataStampNow)
  api.get("/admins/me", requireSession(deps, { satisfied: true }), async (c) => {
    const session = c.get("session")
    const { userId } = session
    const answer: AdminUser = await admins.get(userId, session, async () => {
      const found = await findUserWithGroup(db, userId)
      if (!found) throw AuthErrors.unauthorized()
      return toAdminUser(found.user, found.group)
    })
    return c.json(answer)
  })
}
