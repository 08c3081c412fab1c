import { Context, Effect, Layer } from "effect"

/** The prefix of every key the app keeps in localStorage; bump the version to orphan old data. */
export const STORAGE_PREFIX = "chartfolio.v1."

/** The values the app persists (architecture.md, "Persisted client state"). */
export type StorageName =
  | "session"
  | "user"
  | "deviceId"
  | "language"
  | "prefs.portfolioRange"
  | "prefs.instrumentChart"

/** Names that survive logout: the device stays the same device and keeps its language. */
export const KEPT_ON_LOGOUT: ReadonlyArray<StorageName> = ["deviceId", "language"]

/** The full localStorage key of a name, e.g. `chartfolio.v1.session`. */
export const storageKey = (name: StorageName): string => `${STORAGE_PREFIX}${name}`

/** The subset of the Web Storage API the live layer needs (window.localStorage satisfies it). */
export type WebStorage = Pick<Storage, "getItem" | "setItem" | "removeItem" | "key" | "length">

/**
 * Persisted client state as JSON values under one versioned key family (`chartfolio.v1.<name>`).
 * `get` yields `undefined` for a missing or unreadable value (corrupt JSON is treated as missing),
 * never fails; `set` and `remove` never fail either (a full or blocked storage is ignored, the
 * value then lives only in memory for this page). `clearOnLogout` removes every value of the
 * family except the device identifier and the language.
 *
 * Layers: `layer` (window.localStorage, falling back to memory when unavailable),
 * `layerWeb(storage)` (any Storage-like object), `layerMemory(initial)` (tests).
 * Callers decode what they read with their own schema: storage is untrusted input.
 */
export class ClientStorage extends Context.Service<
  ClientStorage,
  {
    get(name: StorageName): Effect.Effect<unknown>
    set(name: StorageName, value: unknown): Effect.Effect<void>
    remove(name: StorageName): Effect.Effect<void>
    clearOnLogout(): Effect.Effect<void>
  }
>()("chartfolio/services/ClientStorage") {
  /** Backed by any Storage-like object; `getStorage` may throw or return null when storage is unavailable. */
  static readonly layerWeb = (getStorage: () => WebStorage | null): Layer.Layer<ClientStorage> =>
    Layer.sync(ClientStorage, () => makeWebStorage(getStorage))

  /** Live: window.localStorage, tolerant of private modes and of running outside a browser. */
  static readonly layer: Layer.Layer<ClientStorage> = ClientStorage.layerWeb(() =>
    typeof window === "undefined" ? null : window.localStorage,
  )

  /** In memory only, optionally pre-filled (values are stored as JSON text, like the live layer). */
  static readonly layerMemory = (initial: Partial<Record<StorageName, unknown>> = {}): Layer.Layer<ClientStorage> =>
    ClientStorage.layerWeb(() => {
      const storage = memoryStorage()
      for (const [name, value] of Object.entries(initial)) storage.setItem(storageKey(name as StorageName), JSON.stringify(value))
      return storage
    })
}

const makeWebStorage = (getStorage: () => WebStorage | null): ClientStorage["Service"] => {
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

  const read = (key: string): string | null => {
    const fromStorage = attempt((s) => s.getItem(key))
    return fromStorage ?? fallback.getItem(key)
  }

  const get = Effect.fn("ClientStorage.get")(function* (name: StorageName) {
    const raw = read(storageKey(name))
    if (raw === null) return undefined
    try {
      return JSON.parse(raw) as unknown
    } catch {
      return undefined
    }
  })

  const set = Effect.fn("ClientStorage.set")(function* (name: StorageName, value: unknown) {
    const key = storageKey(name)
    const text = JSON.stringify(value)
    if (text === undefined) {
      removeKey(key)
      return
    }
    const stored = attempt((s) => {
      s.setItem(key, text)
      return true
    })
    if (stored) fallback.removeItem(key)
    else fallback.setItem(key, text)
  })

  const removeKey = (key: string): void => {
    attempt((s) => s.removeItem(key))
    fallback.removeItem(key)
  }

  const remove = Effect.fn("ClientStorage.remove")(function* (name: StorageName) {
    removeKey(storageKey(name))
  })

  const clearOnLogout = Effect.fn("ClientStorage.clearOnLogout")(function* () {
    const kept = new Set(KEPT_ON_LOGOUT.map(storageKey))
    const keys = new Set<string>([...familyKeys(fallback), ...(attempt(familyKeys) ?? [])])
    for (const key of keys) if (!kept.has(key)) removeKey(key)
  })

  return ClientStorage.of({ get, set, remove, clearOnLogout })
}

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
