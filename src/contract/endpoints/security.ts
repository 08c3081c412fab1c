import { Message } from "../common"
import { EndedSessions, RecoveryCodeSet, RecoveryCodesRequest, RecoveryCodeStatus, SessionList, TrustedDeviceList } from "../security"
import { endpoint, pathParams } from "../endpoint"

/** Sessions, trusted devices and recovery codes (issue 35; the caller's own only, another user's id: 404). */
export const SecurityEndpoints = {
  listSessions: endpoint({ name: "listSessions", method: "GET", path: "/users/sessions", response: SessionList }),
  endSession: endpoint({ name: "endSession", method: "DELETE", path: "/users/sessions/:sessionId", params: pathParams("sessionId"), response: Message }),
  endOtherSessions: endpoint({ name: "endOtherSessions", method: "POST", path: "/users/sessions/end-others", response: EndedSessions }),
  listTrustedDevices: endpoint({ name: "listTrustedDevices", method: "GET", path: "/users/trusted-devices", response: TrustedDeviceList }),
  forgetTrustedDevice: endpoint({
    name: "forgetTrustedDevice",
    method: "DELETE",
    path: "/users/trusted-devices/:deviceId",
    params: pathParams("deviceId"),
    response: Message,
  }),
  recoveryCodeStatus: endpoint({ name: "recoveryCodeStatus", method: "GET", path: "/users/recovery-codes", response: RecoveryCodeStatus }),
  /** A new set replacing the old; no Idempotency-Key: a stored answer would keep the codes in clear (decision 0221). */
  regenerateRecoveryCodes: endpoint({
    name: "regenerateRecoveryCodes",
    method: "POST",
    path: "/users/recovery-codes",
    request: RecoveryCodesRequest,
    response: RecoveryCodeSet,
  }),
} as const
