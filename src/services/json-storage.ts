/**
 * Persisted client state without Effect: the same JSON values under the versioned key family that
 * the ClientStorage service exposes, for code that must run before the Effect runtime is loaded
 * (the app's boot reads the stored session synchronously). ClientStorage wraps one of these.
 */

/** The prefix of every key the app keeps in localStorage; bump the version to orphan old data. */
export const STORAGE_PREFIX = "chartfolio.v1."

/** The values the app persists (architecture.md, "Persisted client state"). */
export type StorageName =
  "session" | "user" | "deviceId" | "language" | "colorMode" | "prefs.portfolioRange" | "prefs.instrumentChart" | "hint.portfolioSelection"

/** Names that survive logout: the device stays the same device and keeps its language and colour mode. */
export const KEPT_ON_LOGOUT: ReadonlyArray<StorageName> = ["deviceId", "language", "colorMode"]

/** The full localStorage key of a name, e.g. `chartfolio.v1.session`. */
export const storageKey = (name: StorageName): string => `${STORAGE_PREFIX}${name}`

/** The subset of the Web Storage API the live layer needs (window.localStorage satisfies it). */
export type WebStorage = Pick<Storage, "getItem" | "setItem" | "removeItem" | "key" | "length">

/** Synchronous JSON storage; never throws (see ClientStorage for the semantics). */
export interface JsonStorage {
  get(name: StorageName): unknown
  set(name: StorageName, value: unknown): void
  remove(name: StorageName): void
  clearOnLogout(): void
}

/** JSON storage over any Storage-like object; `getStorage` may throw or return null when storage is unavailable. */
export const makeJsonStorage = (getStorage: () => WebStorage | null): JsonStorage => {
  let storage: WebStorage | null
  try {
    storage = getStorage()
  } catch {
    storage = null
  }
  // When the real storage refuses a write (quota, private mode) the value still lives for this page.
  const fallback = memoryStorage()
  const attempt = <A>(f: (s: WebStorage) => A): A | undefined => {
    if (!storage) return undefined
    try {
      return f(storage)
    } catch {
      return undefined
    }
  }
  const read = (key: string): string | null => attempt((s) => s.getItem(key)) ?? fallback.getItem(key)
  const removeKey = (key: string): void => {
    attempt((s) => s.removeItem(key))
    fallback.removeItem(key)
  }
  return {
    get: (name) => {
      const raw = read(storageKey(name))
      if (raw === null) return undefined
      try {
        return JSON.parse(raw) as unknown
      } catch {
        return undefined
      }
    },
    set: (name, value) => {
      const key = storageKey(name)
      const text = JSON.stringify(value)
      if (text === undefined) return removeKey(key)
      const stored = attempt((s) => {
        s.setItem(key, text)
        return true
      })
      if (stored) fallback.removeItem(key)
      else fallback.setItem(key, text)
    },
    remove: (name) => removeKey(storageKey(name)),
    clearOnLogout: () => {
      const kept = new Set(KEPT_ON_LOGOUT.map(storageKey))
      const keys = new Set<string>([...familyKeys(fallback), ...(attempt(familyKeys) ?? [])])
      for (const key of keys) if (!kept.has(key)) removeKey(key)
    },
  }
}

/** The browser's localStorage as JSON storage (memory-only outside a browser or when refused). */
export const browserJsonStorage = (): JsonStorage => makeJsonStorage(() => (typeof window === "undefined" ? null : window.localStorage))

const familyKeys = (storage: WebStorage): Array<string> => {
  const keys: Array<string> = []
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i)
    if (key !== null && key.startsWith(STORAGE_PREFIX)) keys.push(key)
  }
  return keys
}

/** A Storage-like map, for tests and as the fallback when the browser refuses localStorage. */
export const memoryStorage = (): WebStorage => {
  const map = new Map<string, string>()
  return {
    get length() {
      return map.size
    },
    key: (index) => [...map.keys()][index] ?? null,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, String(value)),
    removeItem: (key) => void map.delete(key),
  }
}
