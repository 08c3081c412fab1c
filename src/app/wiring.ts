import { Effect, Option, Schema } from "effect"
import { createActor, waitFor, type ActorRefFrom } from "xstate"
import { AdminUser, AuthUser, type ForgotPasswordRequest, type RegisterRequest, type ResetPasswordRequest } from "../contract/auth"
import { devMailboxMachine } from "../machines/dev-mailbox.machine"
import { accessOf, sessionMachine, type StoredSession } from "../machines/session.machine"
import { forgotPasswordMachine } from "../machines/forgot-password.machine"
import { registrationMachine } from "../machines/registration.machine"
import { resetPasswordMachine } from "../machines/reset-password.machine"
import { signInMachine } from "../machines/sign-in.machine"
import { makeAppLayer } from "../services/app-layer"
import { Auth } from "../services/auth.service"
import { makeActorBridge, makeAppRuntime } from "../services/bridge"
import { ClientStorage } from "../services/client-storage"
import { DevMailbox } from "../services/dev-mailbox.service"
import { readStoredSession } from "../services/session-port"
import type { ProvidedMachines } from "../views/machines-context"
import type { AuthGate } from "./auth-gate"
import { showNotice } from "./notify"
import { sessionPortLayer } from "./session-link"

/** Session validity in minutes (spec part 1 section 9: 30, from an environment setting). */
const SESSION_VALIDITY_MINUTES = Number(import.meta.env.VITE_SESSION_VALIDITY_MINUTES ?? 30)

const decodeUser = Schema.decodeUnknownOption(Schema.Union([AdminUser, AuthUser]))

export interface StartedApp {
  readonly machines: ProvidedMachines
  readonly auth: AuthGate
  readonly session: ActorRefFrom<typeof sessionMachine>
}

/**
 * The one place where services meet charts: builds the Effect runtime once, starts the session
 * chart from what local storage holds (the pipeline reads and extends it through the SessionPort),
 * and provides every chart's I/O actors from the runtime. Returns what the views and router need.
 */
export const startApp = (): StartedApp => {
  const link: { actor: ActorRefFrom<typeof sessionMachine> | null } = { actor: null }
  const runtime = makeAppRuntime(makeAppLayer({ session: sessionPortLayer(link) }))
  const bridge = makeActorBridge(runtime)
  const storage = <A>(f: (s: ClientStorage["Service"]) => Effect.Effect<A>) => runtime.runSync(ClientStorage.use(f))

  const stored = storage((s) => Effect.all([s.get("session"), s.get("user")]))
  const snapshot = readStoredSession(stored[0])
  const user = Option.getOrNull(decodeUser(stored[1]))
  const restored: StoredSession | null = snapshot
    ? { token: snapshot.token, user, active: snapshot.active, expire: snapshot.expiresAt, validity: snapshot.validityMinutes }
    : null

  const session = createActor(
    sessionMachine.provide({
      actors: {
        reauthenticate: bridge.fromEffect((input: { email: string; password: string; userId: string }) => Auth.use((a) => a.reauthenticate(input))),
        endSession: bridge.fromEffect((_: { token: string }) => Auth.use((a) => a.logOut())),
      },
      actions: {
        persist: (_, s: StoredSession) =>
          storage((st) =>
            Effect.all([
              st.set("session", { token: s.token, active: s.active, expiresAt: s.expire, validityMinutes: s.validity }),
              st.set("user", s.user),
            ]),
          ),
        purge: () => storage((st) => st.clearOnLogout()),
        notify: (_, notice) => showNotice(notice),
      },
    }),
    { input: { stored: restored, now: Date.now(), validityMinutes: SESSION_VALIDITY_MINUTES } },
  )
  link.actor = session
  session.start()

  const machines: ProvidedMachines = {
    devMailbox: devMailboxMachine.provide({
      actors: { listMailbox: bridge.fromEffect((input: { to?: string }) => DevMailbox.list(input.to)) },
    }),
    signIn: signInMachine.provide({
      actors: {
        logIn: bridge.fromEffect((input: { email: string; password: string }) => Auth.use((a) => a.logIn(input))),
        verifyCode: bridge.fromEffect((input: { otp: string; trusted: boolean }) => Auth.use((a) => a.verifyCode(input))),
        resendCode: bridge.fromEffect(() => Auth.use((a) => a.resendCode())),
        loadAdmin: bridge.fromEffect(() => Auth.use((a) => a.currentAdmin())),
      },
      actions: { notify: (_, notice) => showNotice(notice) },
    }),
    registration: registrationMachine.provide({
      actors: { register: bridge.fromEffect((input: RegisterRequest) => Auth.use((a) => a.register(input))) },
    }),
    forgotPassword: forgotPasswordMachine.provide({
      actors: { requestReset: bridge.fromEffect((input: ForgotPasswordRequest) => Auth.use((a) => a.forgotPassword(input))) },
      actions: { notify: (_, notice) => showNotice(notice) },
    }),
    resetPassword: resetPasswordMachine.provide({
      actors: { resetPassword: bridge.fromEffect((input: ResetPasswordRequest) => Auth.use((a) => a.resetPassword(input))) },
      actions: { notify: (_, notice) => showNotice(notice) },
    }),
  }

  const auth: AuthGate = {
    access: async () => {
      const access = accessOf(session.getSnapshot())
      return access === "restoring" ? "signedOut" : access
    },
    logOut: async () => {
      if (!session.getSnapshot().matches("signedOut")) session.send({ type: "session.logout" })
      await waitFor(session, (s) => s.matches("signedOut"))
    },
  }
  return { machines, auth, session }
}
