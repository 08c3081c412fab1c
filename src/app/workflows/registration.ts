import { registrationMachine } from "../../machines/registration.machine"
import { defineWorkflow } from "../workflow"

/** /auth/registration: the sign-up form and its call. */
export default defineWorkflow({
  chart: registrationMachine,
  texts: ["auth", "forms", "errors"],
  calls: {
    register:
      ({ Auth }) =>
      (input) =>
        Auth.use((a) => a.register(input)),
  },
})
