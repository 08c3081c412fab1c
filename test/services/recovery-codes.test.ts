import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import type { RecoverySignInAnswer } from "../../src/contract/auth"
import type { RecoveryCodeSet, RecoveryCodeStatus } from "../../src/contract/security"
import { Auth } from "../../src/services/auth.service"
import { Security } from "../../src/services/security.service"
import { header, json } from "./test-server"
import { useTestRuntime } from "./test-runtime"

const { setup } = useTestRuntime()
const set: RecoveryCodeSet = { codes: ["7kq2m-x9d4p", "0a1b2-c3d4e"], generatedAt: "2026-03-03T10:00:00.000Z" }
const status: RecoveryCodeStatus = { available: true, left: 9, total: 10, generatedAt: "2026-03-03T10:00:00.000Z", lastUsedAt: null }

describe("recovery codes (issue 35)", () => {
  it("reads the count with GET /api/users/recovery-codes", async () => {
    const { server, runtime } = await setup({ "/api/users/recovery-codes": () => json(200, status) })
    expect(await runtime.runPromise(Security.use((s) => s.recoveryCodes()))).toEqual(status)
    expect(server.requests[0]!.method).toBe("GET")
  })

  it("makes a new set with the password and app code, without an Idempotency-Key (the answer holds the codes)", async () => {
    const { server, runtime } = await setup({ "/api/users/recovery-codes": () => json(200, set) })
    const body = { password: "Chartfolio#2026", otp: "123456" }
    expect(await runtime.runPromise(Security.use((s) => s.regenerateRecoveryCodes(body)))).toEqual(set)
    const [request] = server.requests
    expect([request!.method, JSON.parse(request!.body)]).toEqual(["POST", body])
    expect(header(request!, "idempotency-key")).toBeUndefined()
  })

  it("fails with the server's code when the password is wrong, for the form to say it in the user's language", async () => {
    const refusal = { statusCode: 400, code: "recovery.password_invalid", error: "The password is not correct." }
    const { runtime } = await setup({ "/api/users/recovery-codes": () => json(400, refusal) })
    const failure = await runtime.runPromise(Effect.flip(Security.use((s) => s.regenerateRecoveryCodes({ password: "x", otp: "123456" }))))
    expect(failure).toMatchObject({ _tag: "ApiError", status: 400, code: "recovery.password_invalid" })
  })

  it("sends a recovery code at the code step to POST /api/auth/2fa-otp/recovery and decodes the count left", async () => {
    const answer: RecoverySignInAnswer = { id: "u1", userGroup: null, otpMethod: "APP", otpSatisfied: true, recoveryCodesLeft: 9 }
    const { server, runtime } = await setup({ "/api/auth/2fa-otp/recovery": () => json(200, answer) })
    expect(await runtime.runPromise(Auth.use((a) => a.verifyRecoveryCode({ code: "7KQ2M X9D4P", trusted: false })))).toEqual(answer)
    expect([server.requests[0]!.method, JSON.parse(server.requests[0]!.body)]).toEqual(["POST", { code: "7KQ2M X9D4P", trusted: false }])
  })
})
