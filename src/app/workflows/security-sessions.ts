import { securitySessionsMachine } from "../../machines/security-sessions.machine"
import { defineWorkflow } from "../workflow"

/** The Security page: the customer's sessions and trusted devices, ending sessions and forgetting devices. */
export default defineWorkflow({
  chart: securitySessionsMachine,
  texts: ["account"],
  calls: {
    loadSecurity:
      ({ Security, all }) =>
      () =>
        all({ sessions: Security.use((s) => s.sessions()), devices: Security.use((s) => s.trustedDevices()) }, { concurrency: 2 }),
    endSession:
      ({ Security }) =>
      (input) =>
        Security.use((s) => s.endSession(input.id)),
    endOtherSessions:
      ({ Security }) =>
      () =>
        Security.use((s) => s.endOtherSessions()),
    forgetDevice:
      ({ Security }) =>
      (input) =>
        Security.use((s) => s.forgetTrustedDevice(input.id)),
  },
  effects: ({ notify }) => ({ notify: (_, notice) => notify(notice) }),
})
