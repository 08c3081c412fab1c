import { Context, Effect, Layer } from "effect"
import { makeJsonStorage, memoryStorage, storageKey, type JsonStorage, type StorageName, type WebStorage } from "./json-storage"

export { KEPT_ON_LOGOUT, STORAGE_PREFIX, memoryStorage, storageKey, type StorageName, type WebStorage } from "./json-storage"

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
    Layer.sync(ClientStorage, () => fromJsonStorage(makeJsonStorage(getStorage)))

  /** Over an existing JSON storage, so code that runs before the runtime shares the same values. */
  static readonly layerFrom = (storage: JsonStorage): Layer.Layer<ClientStorage> => Layer.succeed(ClientStorage, fromJsonStorage(storage))

  /** Live: window.localStorage, tolerant of private modes and of running outside a browser. */
  static readonly layer: Layer.Layer<ClientStorage> = ClientStorage.layerWeb(() => (typeof window === "undefined" ? null : window.localStorage))

  /** In memory only, optionally pre-filled (values are stored as JSON text, like the live layer). */
  static readonly layerMemory = (initial: Partial<Record<StorageName, unknown>> = {}): Layer.Layer<ClientStorage> =>
    ClientStorage.layerWeb(() => {
      const storage = memoryStorage()
      for (const [name, value] of Object.entries(initial)) storage.setItem(storageKey(name as StorageName), JSON.stringify(value))
      return storage
    })
}

const fromJsonStorage = (storage: JsonStorage): ClientStorage["Service"] =>
  ClientStorage.of({
    get: Effect.fn("ClientStorage.get")(function* (name: StorageName) {
      return storage.get(name)
    }),
    set: Effect.fn("ClientStorage.set")(function* (name: StorageName, value: unknown) {
      storage.set(name, value)
    }),
    remove: Effect.fn("ClientStorage.remove")(function* (name: StorageName) {
      storage.remove(name)
    }),
    clearOnLogout: Effect.fn("ClientStorage.clearOnLogout")(function* () {
      storage.clearOnLogout()
    }),
  })
