import { signInMachine } from "../../machines/sign-in.machine"
import { defineWorkflow } from "../workflow"

/** Sign-in for the whole signed-out area: credentials, the one-time code, the admin. */
export default defineWorkflow({
  chart: signInMachine,
  texts: ["auth", "forms", "errors"],
  calls: {
    logIn:
      ({ Auth }) =>
      (input) =>
        Auth.use((a) => a.logIn(input)),
    verifyCode:
      ({ Auth }) =>
      (input) =>
        input.recovery
          ? Auth.use((a) => a.verifyRecoveryCode({ code: input.otp, trusted: input.trusted }))
          : Auth.use((a) => a.verifyCode({ otp: input.otp, trusted: input.trusted })),
    resendCode:
      ({ Auth }) =>
      () =>
        Auth.use((a) => a.resendCode()),
    loadAdmin:
      ({ Auth }) =>
      () =>
        Auth.use((a) => a.currentAdmin()),
  },
  effects: ({ notify }) => ({ notify: (_, notice) => notify(notice) }),
})
