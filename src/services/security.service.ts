import { Context, Effect, Layer } from "effect"
import type { Message } from "../contract/common"
import type { EndedSessions, RecoveryCodeSet, RecoveryCodesRequest, RecoveryCodeStatus, SessionList, TrustedDeviceList } from "../contract/security"
import type { ApiClient } from "./api-client"
import type { ApiFailure } from "./api-errors"
import { lazyLayer } from "./lazy-service"

type Call<A> = Effect.Effect<A, ApiFailure>

interface SecurityShape {
  /** GET /users/sessions: the customer's sessions, most recently used first, the caller's marked `current`. */
  sessions(): Call<SessionList>
  /** DELETE /users/sessions/:sessionId: ends one session (all its tokens at once). */
  endSession(sessionId: string): Call<Message>
  /** POST /users/sessions/end-others: ends every session but the caller's. */
  endOtherSessions(): Call<EndedSessions>
  /** GET /users/trusted-devices: the devices that skip the one-time code. */
  trustedDevices(): Call<TrustedDeviceList>
  /** DELETE /users/trusted-devices/:deviceId: the code is asked for on that device again. */
  forgetTrustedDevice(deviceId: string): Call<Message>
  /** GET /users/recovery-codes: how many of the caller's recovery codes are left. */
  recoveryCodes(): Call<RecoveryCodeStatus>
  /** POST /users/recovery-codes: a new set after a fresh password and app code; the old set stops working. */
  regenerateRecoveryCodes(body: RecoveryCodesRequest): Call<RecoveryCodeSet>
}

/**
 * The customer's safety controls of the Security page (issue 35): sessions, trusted devices and
 * recovery codes.
 * Layers: `layer` (through the ApiClient).
 */
export class Security extends Context.Service<Security, SecurityShape>()("chartfolio/services/Security") {
  static readonly layer: Layer.Layer<Security, never, ApiClient> = lazyLayer(Security, () => import("./security.live"))
}
