import type { AdminUser, AuthUser } from "../contract/auth"
import type { SessionUser, StoredSession } from "../machines/session.machine"
import type { JsonStorage } from "../services/json-storage"

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null

/** The stored user, if it has the shape the session relies on (storage is untrusted input). */
export const storedUser = (v: unknown): SessionUser | null => {
  if (!isObject(v) || typeof v.otpSatisfied !== "boolean") return null
  if (typeof v.userId === "string" && typeof v.email === "string" && isObject(v.userGroup)) return v as unknown as AdminUser
  if (typeof v.id === "string" && (v.otpMethod === "APP" || v.otpMethod === "EMAIL")) return v as unknown as AuthUser
  return null
}

/** What local storage held for the session at start-up (anything malformed counts as none). */
export const restoreSession = (storage: JsonStorage): StoredSession | null => {
  const s = storage.get("session")
  if (!isObject(s) || typeof s.active !== "boolean" || typeof s.expiresAt !== "number" || typeof s.validityMinutes !== "number") return null
  if (s.token !== null && typeof s.token !== "string") return null
  return { token: s.token, user: storedUser(storage.get("user")), active: s.active, expire: s.expiresAt, validity: s.validityMinutes }
}
