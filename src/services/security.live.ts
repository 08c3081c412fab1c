import { Effect } from "effect"
import { SecurityEndpoints as Endpoints } from "../contract/endpoints/security"
import type { RecoveryCodesRequest } from "../contract/security"
import type { ApiClient } from "./api-client"

/** The live Security service: its calls through the ApiClient (loaded with its first call, `lazyLayer`, which checks it against the service's shape). */
export default (api: ApiClient["Service"]) => {
  return {
    sessions: Effect.fn("Security.sessions")(function* () {
      return yield* api.call(Endpoints.listSessions)
    }),
    endSession: Effect.fn("Security.endSession")(function* (sessionId: string) {
      return yield* api.call(Endpoints.endSession, { params: { sessionId } })
    }),
    endOtherSessions: Effect.fn("Security.endOtherSessions")(function* () {
      return yield* api.call(Endpoints.endOtherSessions)
    }),
    trustedDevices: Effect.fn("Security.trustedDevices")(function* () {
      return yield* api.call(Endpoints.listTrustedDevices)
    }),
    forgetTrustedDevice: Effect.fn("Security.forgetTrustedDevice")(function* (deviceId: string) {
      return yield* api.call(Endpoints.forgetTrustedDevice, { params: { deviceId } })
    }),
    recoveryCodes: Effect.fn("Security.recoveryCodes")(function* () {
      return yield* api.call(Endpoints.recoveryCodeStatus)
    }),
    regenerateRecoveryCodes: Effect.fn("Security.regenerateRecoveryCodes")(function* (body: RecoveryCodesRequest) {
      return yield* api.call(Endpoints.regenerateRecoveryCodes, { body })
    }),
  }
}
