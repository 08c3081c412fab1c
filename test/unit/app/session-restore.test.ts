import { describe, expect, it } from "vitest"
import { restoreSession, storedUser } from "../../../src/app/session-restore"
import { makeJsonStorage, memoryStorage, storageKey, type StorageName } from "../../../src/services/json-storage"

/** Local storage holding these raw strings (storage is untrusted: anything may be there). */
const storageWith = (raw: Partial<Record<StorageName, string>>) => {
  const web = memoryStorage()
  for (const [name, value] of Object.entries(raw)) web.setItem(storageKey(name as StorageName), value)
  return makeJsonStorage(() => web)
}

const session = { token: "t0k3n", active: true, expiresAt: 1_800_000_000_000, validityMinutes: 30 }
const admin = { userId: "U1", email: "demo@chartfolio.test", userGroup: { partner: [] }, otpSatisfied: true }
const authUser = { id: "U1", otpMethod: "EMAIL", otpSatisfied: false }

describe("restoreSession", () => {
  it("restores a stored session with its user", () => {
    const storage = storageWith({ session: JSON.stringify(session), user: JSON.stringify(admin) })
    expect(restoreSession(storage)).toEqual({ token: "t0k3n", user: admin, active: true, expire: 1_800_000_000_000, validity: 30 })
  })

  it("restores a signed-out session (no token) and a session whose user is missing or malformed, without the user", () => {
    expect(restoreSession(storageWith({ session: JSON.stringify({ ...session, token: null, active: false }) }))).toMatchObject({
      token: null,
      user: null,
      active: false,
    })
    expect(restoreSession(storageWith({ session: JSON.stringify(session), user: '{"userId": 5}' }))?.user).toBeNull()
    expect(restoreSession(storageWith({ session: JSON.stringify(session), user: "not json" }))?.user).toBeNull()
  })

  it("counts nothing, corrupt JSON, and every wrongly typed field as no session", () => {
    expect(restoreSession(storageWith({}))).toBeNull()
    expect(restoreSession(storageWith({ session: "{oops" }))).toBeNull()
    expect(restoreSession(storageWith({ session: "[]" }))).toBeNull()
    expect(restoreSession(storageWith({ session: "null" }))).toBeNull()
    for (const broken of [
      { ...session, active: "yes" },
      { ...session, expiresAt: "1800000000000" },
      { ...session, validityMinutes: null },
      { ...session, token: 42 },
      { token: "t", active: true },
    ]) {
      expect(restoreSession(storageWith({ session: JSON.stringify(broken) })), JSON.stringify(broken)).toBeNull()
    }
  })
})

describe("storedUser", () => {
  it("takes an admin (the loaded user) and a code-step user, nothing else", () => {
    expect(storedUser(admin)).toEqual(admin)
    expect(storedUser(authUser)).toEqual(authUser)
    expect(storedUser({ ...authUser, otpMethod: "SMS" })).toBeNull()
    expect(storedUser({ ...admin, otpSatisfied: "true" })).toBeNull()
    expect(storedUser({ ...admin, userGroup: null })).toBeNull()
    expect(storedUser(null)).toBeNull()
    expect(storedUser("U1")).toBeNull()
  })
})
