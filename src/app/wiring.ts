import { createActor, waitFor, type ActorRefFrom } from "xstate"
import { preferredLanguage, type LanguageCode } from "../i18n/languages"
import { accessOf, sessionMachine, sessionUserId } from "../machines/session.machine"
import { browserDraftStore } from "../services/draft-storage"
import { browserJsonStorage, storageKey } from "../services/json-storage"
import type { Api } from "./api"
import type { AuthGate } from "./auth-gate"
import { showNotice } from "./notify"
import { restoreSession } from "./session-restore"
import type { SessionLink } from "./session-link"
import { inspectActors } from "../views/inspection"
import { makeWorkflows, type AppWorkflows } from "./workflow-source"

/** Session validity in minutes (spec part 1 section 9: 30, from an environment setting). */
const SESSION_VALIDITY_MINUTES = Number(import.meta.env.VITE_SESSION_VALIDITY_MINUTES ?? 30)

export interface StartedApp {
  /** Every workflow of the registry, provided with the app's calls and effects. */
  readonly workflows: AppWorkflows
  readonly auth: AuthGate
  readonly session: ActorRefFrom<typeof sessionMachine>
  /** The interface language: the stored choice, else the browser's preference, else English. */
  readonly language: LanguageCode
  /** Sends the signed-in frame's first GETs ahead of the API runtime (./first-answers.ts). */
  readonly askFirstAnswers: () => void
}

/**
 * Starts the app: the workflow source over the registry (`./registry.ts`), whose charts run their
 * calls on the API runtime of `./api.ts`, loaded on first use (and prefetched, `workflows.prefetchApi`, after
 * the first render) so Effect, the contract's schemas and the services stay out of the JavaScript needed to
 * render a page; then the session chart from what local storage holds.
 */
export const startApp = (): StartedApp => {
  const storage = browserJsonStorage()
  const link: SessionLink = { actor: null }
  let api: Promise<Api> | null = null
  const loadApi = () => (api ??= import("./api").then((m) => m.makeApi(link, storage)))
  // Drafts are kept for the user the session holds now (none while signed out).
  const drafts = browserDraftStore(() => (link.actor ? sessionUserId(link.actor.getSnapshot().context.user) : null))
  const workflows = makeWorkflows({ notify: showNotice, storage, drafts, newKey: () => crypto.randomUUID() }, loadApi)

  const provided = workflows.now(sessionMachine)
  const session = createActor(provided.machine, {
    inspect: inspectActors,
    input: { stored: restoreSession(storage), now: Date.now(), validityMinutes: SESSION_VALIDITY_MINUTES },
  })
  link.actor = session
  session.start()
  // A sign-out in another tab of this browser removes the persisted session (the spec's logout
  // clears all persisted state): this tab ends its session too and the guards send it to /login,
  // instead of the next request finding the token dead ("Your session has expired").
  if (typeof window !== "undefined") {
    window.addEventListener("storage", (event) => {
      const removed = event.key === null || (event.key === storageKey("session") && event.newValue === null)
      const snapshot = session.getSnapshot()
      if (removed && (snapshot.matches("active") || snapshot.matches("expired"))) session.send({ type: "session.endedElsewhere" })
    })
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
  const language = preferredLanguage(storage.get("language"), typeof navigator === "undefined" ? [] : (navigator.languages ?? [navigator.language]))
  // Loaded with the signed-in start (vite.config.ts, SIGNED_IN_START.early), not on signed-out pages.
  const askFirstAnswers = () => {
    const token = session.getSnapshot().context.token
    const now = Date.now()
    import("./first-answers").then((m) => m.askFirstAnswers(storage, token, now)).catch(() => undefined)
  }
  return { workflows, auth, session, language, askFirstAnswers }
}
