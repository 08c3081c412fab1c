/**
 * The customer's sessions and trusted devices (issue 35, the Security page of /user-account). A
 * session is one sign-in and the reauths that renewed it; ending it revokes all its tokens at once.
 * The browser, OS and kind of device are read from `userAgent` by src/domain/user-agent.ts.
 */
import { Schema } from "effect"
import { IsoDate } from "./common"

/**
 * A session that can still be used or renewed. `place` is the approximate place of `address`, or
 * null when unknown (the reference server has no location source, decision 0220). `current` is
 * the caller's own session.
 */
export const SessionInfo = Schema.Struct({
  id: Schema.String,
  userAgent: Schema.String,
  address: Schema.String,
  place: Schema.NullOr(Schema.String),
  firstSeen: IsoDate,
  lastSeen: IsoDate,
  current: Schema.Boolean,
})
export type SessionInfo = typeof SessionInfo.Type

/** The answer of GET /users/sessions: most recently used first. */
export const SessionList = Schema.Array(SessionInfo)
export type SessionList = typeof SessionList.Type

/** The answer of POST /users/sessions/end-others: how many sessions ended. */
export const EndedSessions = Schema.Struct({ ended: Schema.Number })
export type EndedSessions = typeof EndedSessions.Type

/**
 * A device on which the one-time code is skipped until `expiresAt` (30 days from when it was
 * trusted). `current` is the caller's device.
 */
export const TrustedDevice = Schema.Struct({
  id: Schema.String,
  userAgent: Schema.String,
  trustedAt: IsoDate,
  expiresAt: IsoDate,
  current: Schema.Boolean,
})
export type TrustedDevice = typeof TrustedDevice.Type

/** The answer of GET /users/trusted-devices: most recently trusted first. */
export const TrustedDeviceList = Schema.Array(TrustedDevice)
export type TrustedDeviceList = typeof TrustedDeviceList.Type
