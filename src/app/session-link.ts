import { Effect, Layer } from "effect"
import { waitFor, type ActorRefFrom } from "xstate"
import type { sessionMachine } from "../machines/session.machine"
import { SessionPort } from "../services/session-port"

type SessionActor = ActorRefFrom<typeof sessionMachine>

/** Where the port finds the session actor once the wiring has started it. */
export interface SessionLink {
  actor: SessionActor | null
}

/**
 * The SessionPort backed by the session chart: the request pipeline reads the chart's snapshot,
 * extends the expiry through `session.extend`, reports an expired session with `session.expired`
 * (the reauth dialog opens) and waits for the chart to be active again (reauth) or signed out.
 *
 * The runtime needs the port before the chart exists (the chart's actors run on the runtime), so
 * the port reads the actor from `link` once the wiring has set it.
 */
export const sessionPortLayer = (link: SessionLink): Layer.Layer<SessionPort> =>
  Layer.succeed(
    SessionPort,
    SessionPort.of({
      current: () =>
        Effect.sync(() => {
          const context = link.actor?.getSnapshot().context
          if (!context || (context.token === null && context.user === null)) return null
          return { token: context.token, active: context.active, expiresAt: context.expire, validityMinutes: context.validity }
        }),
      extend: (expiresAt) => Effect.sync(() => link.actor?.send({ type: "session.extend", expire: expiresAt })),
      expire: () => Effect.sync(() => link.actor?.send({ type: "session.expired" })),
      awaitRenewal: () =>
        Effect.promise((signal) => {
          const actor = link.actor
          if (!actor) return Promise.resolve(false)
          return waitFor(actor, (s) => s.matches("active") || s.matches("signedOut"), { signal }).then(
            (s) => s.matches("active"),
            () => false,
          )
        }),
    }),
  )
