import { forgotPasswordMachine } from "../../machines/forgot-password.machine"
import { defineWorkflow } from "../workflow"

/** /forgot-password: the e-mail form and the reset request. */
export default defineWorkflow({
  chart: forgotPasswordMachine,
  texts: ["auth", "forms", "errors"],
  calls: {
    requestReset:
      ({ Auth }) =>
      (input) =>
        Auth.use((a) => a.forgotPassword(input)),
  },
  effects: ({ notify }) => ({ notify: (_, notice) => notify(notice) }),
})
