/**
 * Password recovery: POST /auth/forgot-password e-mails a one-time reset link (same answer for
 * known and unknown e-mails); POST /auth/reset-password sets the new password with it and signs
 * the user out everywhere. Mounted by `authRoutes` (auth.ts).
 */
import type { Hono } from "hono"
import { ForgotPasswordRequest, ResetPasswordRequest } from "../../../src/contract/auth"
import type { Message } from "../../../src/contract/common"
import { AuthErrors } from "../../auth/errors"
import { mailPasswordChanged, mailResetLink } from "../../auth/mails"
import { forgetTrustedDevices } from "../../auth/otp"
import { consumeResetRef, issueResetRef, resetLink } from "../../auth/password-reset"
import { decodeBody, limitAttempt, type AuthDeps } from "../../auth/request"
import { revokeUser } from "../../auth/tokens"
import { findUserByEmail, findUserById, normalEmail } from "../../auth/users"
import { hashPassword } from "../../db/passwords"
import type { AppEnv } from "../context"

/** The answer of POST /auth/forgot-password, whether or not the e-mail has an account. */
export const FORGOT_PASSWORD_MESSAGE = "If an account exists for that e-mail, we have sent a link to reset the password."
/** The answer of a successful POST /auth/reset-password. */
export const PASSWORD_RESET_MESSAGE = "Your password has been reset. Sign in with your new password."

/** Registers the password-recovery routes on the /api sub-app. */
export const mountPasswordRoutes = (api: Hono<AppEnv>, deps: AuthDeps): void => {
  const { db } = deps.database
  const baseUrl = deps.config.publicUrl ?? `http://localhost:${deps.config.port}`

  /** Looks the e-mail up and, for an account, issues a ref and mails the link. */
  const sendResetLink = async (email: string, now: number): Promise<void> => {
    const user = await findUserByEmail(db, email)
    if (!user) return
    await db.transaction().execute(async (trx) => {
      const ref = await issueResetRef(trx, user.id, now)
      await mailResetLink(trx, user.email, resetLink(baseUrl, ref), new Date(now))
    })
  }

  api.post("/auth/forgot-password", async (c) => {
    const body = await decodeBody(c, ForgotPasswordRequest)
    await limitAttempt(c, deps, "forgot-password", normalEmail(body.email))
    // Off the request path: the lookup and the mail happen after the answer, so the answer takes
    // the same time whether or not the e-mail has an account (no enumeration by timing).
    const now = deps.now()
    deps.afterAnswer(() => sendResetLink(body.email, now))
    const answer: Message = { message: FORGOT_PASSWORD_MESSAGE }
    return c.json(answer)
  })

  api.post("/auth/reset-password", async (c) => {
    const body = await decodeBody(c, ResetPasswordRequest)
    await limitAttempt(c, deps, "reset-password", null)
    const passwordHash = await hashPassword(body.password)
    const now = deps.now()
    const userId = await db.transaction().execute(async (trx) => {
      const id = await consumeResetRef(trx, body.ref, now)
      if (id === null) return null
      await trx
        .updateTable("users")
        .set({ passwordHash, updatedAt: new Date(now) })
        .where("id", "=", id)
        .execute()
      await revokeUser(trx, id, now)
      // Whoever reset the password may not be whoever trusted those devices: each asks for the code again.
      await forgetTrustedDevices(trx, id)
      const user = await findUserById(trx, id)
      if (user) await mailPasswordChanged(trx, user.email, new Date(now))
      return id
    })
    if (userId === null) throw AuthErrors.resetInvalid()
    const answer: Message = { message: PASSWORD_RESET_MESSAGE }
    return c.json(answer)
  })
}
