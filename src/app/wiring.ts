import { createActor, fromPromise, waitFor, type ActorRefFrom } from "xstate"
import type { AdminUser, AuthUser } from "../contract/auth"
import { devMailboxMachine } from "../machines/dev-mailbox.machine"
import { businessNewsMachine } from "../machines/business-news.machine"
import { createPortfolioMachine } from "../machines/create-portfolio.machine"
import { carouselMachine } from "../machines/dashboard-carousel.machine"
import { dashboardMachine, storedPortfolioRange } from "../machines/dashboard.machine"
import { forgotPasswordMachine } from "../machines/forgot-password.machine"
import { instrumentChartPrefs, instrumentDetailMachine } from "../machines/instrument-detail.machine"
import { instrumentSearchMachine } from "../machines/instrument-search.machine"
import { orderTicketMachine } from "../machines/order-ticket.machine"
import { orderCancelMachine } from "../machines/order-cancel.machine"
import { portfoliosMachine } from "../machines/portfolios.machine"
import { registrationMachine } from "../machines/registration.machine"
import { resetPasswordMachine } from "../machines/reset-password.machine"
import { accessOf, sessionMachine, type SessionUser, type StoredSession } from "../machines/session.machine"
import { signInMachine } from "../machines/sign-in.machine"
import { browserJsonStorage, type JsonStorage } from "../services/json-storage"
import type { ProvidedMachines } from "../views/machines-context"
import type { AuthGate } from "./auth-gate"
import type { Calls } from "./calls"
import { showNotice } from "./notify"
import type { SessionLink } from "./session-link"

/** Session validity in minutes (spec part 1 section 9: 30, from an environment setting). */
const SESSION_VALIDITY_MINUTES = Number(import.meta.env.VITE_SESSION_VALIDITY_MINUTES ?? 30)

export interface StartedApp {
  readonly machines: ProvidedMachines
  readonly auth: AuthGate
  readonly session: ActorRefFrom<typeof sessionMachine>
  /** Starts loading the API runtime in the background (call once the first page has rendered). */
  readonly prefetch: () => void
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null

/** The stored user, if it has the shape the session relies on (storage is untrusted input). */
const storedUser = (v: unknown): SessionUser | null => {
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

/**
 * The one place where services meet charts. It starts the session chart from what local storage
 * holds and provides every chart's I/O actors. The actors run on the Effect runtime of
 * `./calls`, loaded on first use (and prefetched after the first render), so Effect, the
 * contract's schemas and the services stay out of the JavaScript needed to render a page.
 */
export const startApp = (): StartedApp => {
  const storage = browserJsonStorage()
  const link: SessionLink = { actor: null }
  let calls: Promise<Calls> | null = null
  const loadCalls = () => (calls ??= import("./calls").then((m) => m.makeCalls(link, storage)))
  /** An actor whose work is one call of the API runtime, aborted when the actor stops. */
  const api = <In, Out>(pick: (calls: Calls) => (input: In, signal: AbortSignal) => Promise<Out>) =>
    fromPromise<Out, In>(async ({ input, signal }) => pick(await loadCalls())(input, signal))

  const session = createActor(
    sessionMachine.provide({
      actors: { reauthenticate: api((c) => c.reauthenticate), endSession: api((c) => c.logOut) },
      actions: {
        persist: (_, s: StoredSession) => {
          storage.set("session", { token: s.token, active: s.active, expiresAt: s.expire, validityMinutes: s.validity })
          storage.set("user", s.user)
        },
        purge: () => storage.clearOnLogout(),
        notify: (_, notice) => showNotice(notice),
      },
    }),
    { input: { stored: restoreSession(storage), now: Date.now(), validityMinutes: SESSION_VALIDITY_MINUTES } },
  )
  link.actor = session
  session.start()

  const notify = { notify: (_: unknown, notice: Parameters<typeof showNotice>[0]) => showNotice(notice) }
  const machines: ProvidedMachines = {
    devMailbox: devMailboxMachine.provide({ actors: { listMailbox: api((c) => c.listMailbox) } }),
    signIn: signInMachine.provide({
      actors: { logIn: api((c) => c.logIn), verifyCode: api((c) => c.verifyCode), resendCode: api((c) => c.resendCode), loadAdmin: api((c) => c.currentAdmin) },
      actions: notify,
    }),
    registration: registrationMachine.provide({ actors: { register: api((c) => c.register) } }),
    forgotPassword: forgotPasswordMachine.provide({ actors: { requestReset: api((c) => c.forgotPassword) }, actions: notify }),
    resetPassword: resetPasswordMachine.provide({ actors: { resetPassword: api((c) => c.resetPassword) }, actions: notify }),
    instrumentSearch: instrumentSearchMachine.provide({ actors: { searchInstruments: api((c) => c.searchInstruments) }, actions: notify }),
    instrumentDetail: instrumentDetailMachine.provide({
      actors: { loadInstrument: api((c) => c.loadInstrument) },
      actions: { ...notify, persistChartPrefs: (_, prefs) => storage.set("prefs.instrumentChart", prefs) },
    }),
    instrumentChartPrefs: () => instrumentChartPrefs(storage.get("prefs.instrumentChart")),
    orderCancel: orderCancelMachine.provide({ actors: { cancelOrder: api((c) => c.cancelOrder) }, actions: notify }),
    portfolios: portfoliosMachine.provide({
      actors: { loadPortfolios: api((c) => c.loadPortfolios), loadAccounts: api((c) => c.loadAccounts), loadAccount: api((c) => c.loadAccount) },
      actions: notify,
    }),
    // Dashboard (issue 4): suggestions, latest news and the stored performance-chart range; the
    // suggestions carousel; the create-portfolio modal (its `accountsChanged` comes from the view).
    dashboard: dashboardMachine.provide({
      actors: { loadSuggestions: api((c) => c.loadSuggestions), loadNews: api((c) => c.businessNews) },
      actions: { ...notify, persistRange: (_, { range }) => storage.set("prefs.portfolioRange", range) },
    }),
    dashboardRange: () => storedPortfolioRange(storage.get("prefs.portfolioRange")),
    carousel: carouselMachine,
    createPortfolio: createPortfolioMachine.provide({ actors: { createAccount: api((c) => c.createAccount) }, actions: notify }),
    newIdempotencyKey: () => crypto.randomUUID(),
    businessNews: businessNewsMachine.provide({ actors: { loadNews: api((c) => c.businessNews) }, actions: notify }),
    orderTicket: orderTicketMachine.provide({ actors: { loadQuote: api((c) => c.loadQuote), placeOrder: api((c) => c.placeOrder) }, actions: notify }),
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
  return { machines, auth, session, prefetch: () => void loadCalls() }
}
