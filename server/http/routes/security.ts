/**
 * The customer's sessions and trusted devices (issue 35; src/contract/security.ts):
 *   GET    /users/sessions                    SessionList (the caller's marked `current`)
 *   DELETE /users/sessions/:sessionId         Message: every token of that session revoked at once
 *                                             (another user's or an ended session: 404)
 *   POST   /users/sessions/end-others         EndedSessions: every session but the caller's ended
 *   GET    /users/trusted-devices             TrustedDeviceList (the caller's device marked `current`)
 *   DELETE /users/trusted-devices/:deviceId   Message (another user's device: 404)
 * Tokens are read from the database on every request (server/auth/tokens.ts), so an ended session's
 * tokens are refused (401) by every server process on their next request.
 */
import type { Message } from "../../../src/contract/common"
import type { EndedSessions, SessionList, TrustedDeviceList } from "../../../src/contract/security"
import { forgetTrustedDevice, listTrustedDevices } from "../../auth/otp"
import { requireSession } from "../../auth/session"
import { chainOf, listSessions, revokeChains } from "../../auth/tokens"
import type { ApiRoutes } from "../context"
import { ApiErrors } from "../errors"

export const SESSION_ENDED_MESSAGE = "The session was ended."
export const DEVICE_FORGOTTEN_MESSAGE = "The device was forgotten."
const SESSION_NOT_FOUND = "The session was not found."
const DEVICE_NOT_FOUND = "The trusted device was not found."
/** Device ids are uuids; anything else names no device (and is never sent to the database's uuid column). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const securityRoutes: ApiRoutes = {
  name: "security",
  mount: (api, deps) => {
    const { db } = deps.database
    const signedIn = requireSession(deps, { satisfied: true })

    api.get("/users/sessions", signedIn, async (c) => {
      const { userId, tokenId } = c.get("session")
      const [sessions, current] = await Promise.all([listSessions(db, userId, deps.now()), chainOf(db, tokenId)])
      const answer: SessionList = sessions.map((s) => ({
        id: s.chainId,
        userAgent: s.userAgent,
        address: s.clientAddress,
        place: null,
        firstSeen: s.startedAt,
        lastSeen: s.lastUsedAt,
        current: s.chainId === current,
      }))
      return c.json(answer)
    })

    api.delete("/users/sessions/:sessionId", signedIn, async (c) => {
      const { userId } = c.get("session")
      const id = c.req.param("sessionId")
      const now = deps.now()
      // Only a session the list would show: the user's own, still usable or renewable.
      const listed = (await listSessions(db, userId, now)).some((s) => s.chainId === id)
      if (!listed || (await revokeChains(db, userId, [id], now)) === 0) throw ApiErrors.notFound(SESSION_NOT_FOUND)
      const answer: Message = { message: SESSION_ENDED_MESSAGE }
      return c.json(answer)
    })

    api.post("/users/sessions/end-others", signedIn, async (c) => {
      const { userId, tokenId } = c.get("session")
      const now = deps.now()
      const current = await chainOf(db, tokenId)
      const others = (await listSessions(db, userId, now)).map((s) => s.chainId).filter((id) => id !== current)
      await revokeChains(db, userId, others, now)
      const answer: EndedSessions = { ended: others.length }
      return c.json(answer)
    })

    api.get("/users/trusted-devices", signedIn, async (c) => {
      const { userId, deviceHash } = c.get("session")
      const devices = await listTrustedDevices(db, userId, deps.now())
      const answer: TrustedDeviceList = devices.map((d) => ({
        id: d.id,
        userAgent: d.userAgent,
        trustedAt: d.createdAt,
        expiresAt: d.expiresAt,
        current: d.deviceHash === deviceHash,
      }))
      return c.json(answer)
    })

    api.delete("/users/trusted-devices/:deviceId", signedIn, async (c) => {
      const { userId } = c.get("session")
      const id = c.req.param("deviceId")
      if (!UUID.test(id) || !(await forgetTrustedDevice(db, userId, id))) throw ApiErrors.notFound(DEVICE_NOT_FOUND)
      const answer: Message = { message: DEVICE_FORGOTTEN_MESSAGE }
      return c.json(answer)
    })
  },
}
