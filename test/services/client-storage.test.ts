import { Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { ClientStorage, memoryStorage, storageKey, type WebStorage } from "../../src/services/client-storage"
import { DeviceId } from "../../src/services/device-id"
import { SessionPort } from "../../src/services/session-port"

const run = <A>(effect: Effect.Effect<A, never, ClientStorage>, layer: Layer.Layer<ClientStorage>) => Effect.runPromise(Effect.provide(effect, layer))

const storageWith = (entries: Record<string, string>): WebStorage => {
  const storage = memoryStorage()
  for (const [key, value] of Object.entries(entries)) storage.setItem(key, value)
  return storage
}

describe("ClientStorage", () => {
  it("round-trips JSON values under the versioned key family", async () => {
    const web = memoryStorage()
    const value = await run(
      Effect.gen(function* () {
        const storage = yield* ClientStorage
        yield* storage.set("prefs.instrumentChart", { type: "candles", range: "1y" })
        return yield* storage.get("prefs.instrumentChart")
      }),
      ClientStorage.layerWeb(() => web),
    )
    expect(value).toEqual({ type: "candles", range: "1y" })
    expect(web.getItem("chartfolio.v1.prefs.instrumentChart")).toBe('{"type":"candles","range":"1y"}')
  })

  it("reads corrupt JSON and missing values as undefined", async () => {
    const layer = ClientStorage.layerWeb(() => storageWith({ [storageKey("user")]: "{not json" }))
    const [user, session] = await run(
      Effect.gen(function* () {
        const storage = yield* ClientStorage
        return [yield* storage.get("user"), yield* storage.get("session")] as const
      }),
      layer,
    )
    expect(user).toBeUndefined()
    expect(session).toBeUndefined()
  })

  it("keeps working in memory when storage is unavailable or refuses writes", async () => {
    const refusing: WebStorage = {
      ...memoryStorage(),
      length: 0,
      key: () => null,
      getItem: () => null,
      setItem: () => {
        throw new DOMException("quota", "QuotaExceededError")
      },
      removeItem: () => {},
    }
    for (const layer of [
      ClientStorage.layerWeb(() => {
        throw new DOMException("denied", "SecurityError")
      }),
      ClientStorage.layerWeb(() => null),
      ClientStorage.layerWeb(() => refusing),
    ]) {
      const value = await run(
        Effect.gen(function* () {
          const storage = yield* ClientStorage
          yield* storage.set("language", "fr")
          return yield* storage.get("language")
        }),
        layer,
      )
      expect(value).toBe("fr")
    }
  })

  it("clears everything on logout except the device id and the language, leaving other apps' keys alone", async () => {
    const web = storageWith({
      "chartfolio.v1.session": '{"token":"t"}',
      "chartfolio.v1.user": "{}",
      "chartfolio.v1.deviceId": '"dev-1"',
      "chartfolio.v1.language": '"de"',
      "chartfolio.v1.prefs.portfolioRange": '"1y"',
      "chartfolio.v1.prefs.instrumentChart": "{}",
      "chartfolio.v1.somethingOld": "1",
      "other-app": "keep",
    })
    await run(
      ClientStorage.use((s) => s.clearOnLogout()),
      ClientStorage.layerWeb(() => web),
    )
    const left = Array.from({ length: web.length }, (_, i) => web.key(i)).sort()
    expect(left).toEqual(["chartfolio.v1.deviceId", "chartfolio.v1.language", "other-app"])
  })
})

describe("DeviceId", () => {
  it("creates a UUID on first use, stores it and returns the same one after", async () => {
    const web = memoryStorage()
    const layer = DeviceId.layer.pipe(Layer.provideMerge(ClientStorage.layerWeb(() => web)))
    const [first, second] = await Effect.runPromise(
      Effect.provide(
        Effect.gen(function* () {
          const ids = yield* DeviceId
          return [yield* ids.get(), yield* ids.get()] as const
        }),
        layer,
      ),
    )
    expect(first).toMatch(/^[0-9a-f-]{36}$/)
    expect(second).toBe(first)
    expect(JSON.parse(web.getItem(storageKey("deviceId"))!)).toBe(first)
  })

  it("reuses the identifier already kept on this device", async () => {
    const layer = DeviceId.layer.pipe(Layer.provide(ClientStorage.layerMemory({ deviceId: "kept-id" })))
    expect(
      await Effect.runPromise(
        Effect.provide(
          DeviceId.use((d) => d.get()),
          layer,
        ),
      ),
    ).toBe("kept-id")
  })
})

describe("SessionPort.layerMemory", () => {
  const session = { token: "t", active: true, expiresAt: 1_000, validityMinutes: 30 }

  it("starts from what is stored when no initial session is given, ignoring a malformed one", async () => {
    const read = (stored: unknown) =>
      Effect.runPromise(
        Effect.provide(
          SessionPort.use((s) => s.current()),
          SessionPort.layerMemory().pipe(Layer.provide(ClientStorage.layerMemory({ session: stored }))),
        ),
      )
    expect(await read(session)).toEqual(session)
    expect(await read({ token: 5 })).toBeNull()
  })

  it("extends and expires the stored session, telling the owner on expiry", async () => {
    let told = 0
    const layer = SessionPort.layerMemory(session, { onExpire: () => void told++ }).pipe(Layer.provideMerge(ClientStorage.layerMemory()))
    const [extended, expired] = await Effect.runPromise(
      Effect.provide(
        Effect.gen(function* () {
          const port = yield* SessionPort
          const storage = yield* ClientStorage
          yield* port.extend(5_000)
          const extended = yield* storage.get("session")
          yield* port.expire()
          return [extended, yield* storage.get("session")] as const
        }),
        layer,
      ),
    )
    expect(extended).toEqual({ ...session, expiresAt: 5_000 })
    expect(expired).toEqual({ ...session, expiresAt: 5_000, active: false, token: null })
    expect(told).toBe(1)
  })
})
