import { Context, Effect, Layer, Option, Schema } from "effect"
import { ClientStorage } from "./client-storage"

/**
 * The session as the request pipeline sees it, and as it is persisted under ClientStorage
 * "session": the bearer token, whether the session is active, when it expires (ms since the
 * epoch) and the validity each request extends it by.
 */
export const SessionSnapshot = Schema.Struct({
  token: Schema.NullOr(Schema.String),
  active: Schema.Boolean,
  expiresAt: Schema.Number,
  validityMinutes: Schema.Number,
})
export type SessionSnapshot = typeof SessionSnapshot.Type

const decodeStored = Schema.decodeUnknownOption(SessionSnapshot)

/** Reads a persisted session; anything malformed counts as no session. */
export const readStoredSession = (value: unknown): SessionSnapshot | null => Option.getOrNull(decodeStored(value))

/** Options of the memory implementation. */
export interface SessionMemoryOptions {
  /** Called after `expire()`, so whoever owns the session can open the reauth dialog. */
  readonly onExpire?: () => void
}

/**
 * The pipeline's view of the session, implemented by the session actor. `current()` is null when
 * nobody ever signed in; `extend(expiresAt)` moves the expiry (each request while active and
 * unexpired); `expire()` marks the session inactive, clears the token and tells the session actor,
 * which opens the reauth dialog.
 *
 * `awaitRenewal()` lets a request that met expiry wait for re-authentication and be retried once
 * with the same options (and idempotency key), so nothing the user typed is lost.
 *
 * `layerMemory(initial?, options?)` keeps the session in ClientStorage "session" (so a reload keeps
 * it); with `initial` it starts from that value, otherwise from what is stored. Whoever signs in
 * writes the snapshot to ClientStorage "session"; the port reads it on every call.
 */
export class SessionPort extends Context.Service<
  SessionPort,
  {
    current(): Effect.Effect<SessionSnapshot | null>
    extend(expiresAt: number): Effect.Effect<void>
    expire(): Effect.Effect<void>
    /**
     * After `expire()`: waits until the session is renewed (reauth succeeded: true) or ended
     * (logout: false). The pipeline then retries the request once. Interruptible.
     */
    awaitRenewal(): Effect.Effect<boolean>
  }
>()("chartfolio/services/SessionPort") {
  static readonly layerMemory = (initial?: SessionSnapshot | null, options: SessionMemoryOptions = {}): Layer.Layer<SessionPort, never, ClientStorage> =>
    Layer.effect(
      SessionPort,
      Effect.gen(function* () {
        const storage = yield* ClientStorage
        if (initial === null) yield* storage.remove("session")
        else if (initial !== undefined) yield* storage.set("session", initial)

        const current = Effect.fn("SessionPort.current")(function* () {
          return readStoredSession(yield* storage.get("session"))
        })
        const extend = Effect.fn("SessionPort.extend")(function* (expiresAt: number) {
          const session = yield* current()
          if (session) yield* storage.set("session", { ...session, expiresAt })
        })
        const expire = Effect.fn("SessionPort.expire")(function* () {
          const session = yield* current()
          if (session) yield* storage.set("session", { ...session, active: false, token: null })
          options.onExpire?.()
        })
        // Nothing renews a memory session: a request that met expiry fails as it is.
        return SessionPort.of({ current, extend, expire, awaitRenewal: () => Effect.succeed(false) })
      }),
    )
}
