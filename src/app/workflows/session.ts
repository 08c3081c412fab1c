import { sessionMachine, type StoredSession } from "../../machines/session.machine"
import { defineWorkflow } from "../workflow"

/** The root actor: sign-in standing, expiry and reauth, persisted session (started by `../wiring.ts`). */
export default defineWorkflow({
  chart: sessionMachine,
  texts: ["auth"],
  calls: {
    reauthenticate:
      ({ Auth }) =>
      (input) =>
        Auth.use((a) => a.reauthenticate(input)),
    endSession:
      ({ Auth }) =>
      () =>
        Auth.use((a) => a.logOut()),
  },
  effects: ({ notify, storage, drafts }) => ({
    persist: (_, s: StoredSession) => {
      storage.set("session", { token: s.token, active: s.active, expiresAt: s.expire, validityMinutes: s.validity })
      storage.set("user", s.user)
    },
    // The spec's logout clears all persisted state: this tab's unsent drafts too.
    purge: () => {
      storage.clearOnLogout()
      drafts.clear()
    },
    notify: (_, notice) => notify(notice),
  }),
})
