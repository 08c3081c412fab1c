/**
 * The customer's sessions and trusted devices (issue 35, the Security page of /user-account). A
 * session is one sign-in and the reauths that renewed it; ending it revokes all its tokens at once.
 * The browser, OS and kind of device are read from `userAgent` by src/domain/user-agent.ts.
 */
import { Schema } from "effect"
import { boundedString, IsoDate, requiredString } from "./common"

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

/**
 * The user's recovery codes as the Security page shows them (GET /users/recovery-codes; decision
 * 0221). `available` is false for a user whose code comes by e-mail (codes stand in for the
 * authenticator app only). `left` counts the unused codes of the current set; `generatedAt` is
 * null when the user never made one.
 */
export const RecoveryCodeStatus = Schema.Struct({
  available: Schema.Boolean,
  left: Schema.Number,
  total: Schema.Number,
  generatedAt: Schema.NullOr(IsoDate),
  lastUsedAt: Schema.NullOr(IsoDate),
})
export type RecoveryCodeStatus = typeof RecoveryCodeStatus.Type

/**
 * POST /users/recovery-codes body: a fresh password and the authenticator app's current code,
 * asked inside the flow even though the session is signed in (ASVS 5.0 7.5.1).
 */
export const RecoveryCodesRequest = Schema.Struct({
  password: boundedString({ min: 1, max: 50, minMessage: "Required field", maxMessage: "Maximum 50 Characters" }),
  otp: requiredString().check(Schema.isPattern(/^\d+$/, { message: "Only numbers allowed" }), Schema.isPattern(/^\d{6}$/, { message: "Six Digit" })),
})
export type RecoveryCodesRequest = typeof RecoveryCodesRequest.Type

/** The answer of POST /users/recovery-codes: the new set, shown once ("7kq2m-x9d4p"); the old set no longer works. */
export const RecoveryCodeSet = Schema.Struct({
  codes: Schema.Array(Schema.String),
  generatedAt: IsoDate,
})
export type RecoveryCodeSet = typeof RecoveryCodeSet.Type
