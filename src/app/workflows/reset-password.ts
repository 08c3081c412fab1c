import { resetPasswordMachine } from "../../machines/reset-password.machine"
import { defineWorkflow } from "../workflow"

/** /reset-password/{ref}: the new password and the reset call. */
export default defineWorkflow({
  chart: resetPasswordMachine,
  texts: ["auth", "forms", "errors"],
  calls: {
    resetPassword:
      ({ Auth }) =>
      (input) =>
        Auth.use((a) => a.resetPassword(input)),
  },
  effects: ({ notify }) => ({ notify: (_, notice) => notify(notice) }),
})
