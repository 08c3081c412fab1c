import { useNavigate } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import type { ReactNode } from "react"
import type { AuthUser } from "../../contract/auth"
import { signInMachine } from "../../machines/sign-in.machine"
import { useAppActors } from "../app-actors"
import { createWorkflowContext } from "../workflows"

const SignIn = createWorkflowContext(signInMachine)

/**
 * Runs the sign-in chart for the whole signed-out area, so it lives on from /login to /2fa-otp.
 * A session whose code is still pending (a reload on /2fa-otp) resumes at the code step.
 */
export function SignInProvider({ children }: { children: ReactNode }) {
  const { session } = useAppActors()
  const navigate = useNavigate()
  const pendingUser = useSelector(session, (s) => {
    const user = s.context.user
    return s.hasTag("codePending") && user && !("userId" in user) ? (user as AuthUser) : null
  })
  return (
    <SignIn.Provider
      input={{ session, pendingUser, now: () => Date.now() }}
      view={{
        actions: {
          goToCode: () => void navigate({ to: "/2fa-otp" }),
          goToDashboard: () => void navigate({ to: "/dashboard", replace: true }),
        },
      }}
    >
      {children}
    </SignIn.Provider>
  )
}

/** The signed-out area's sign-in actor. */
export const useSignIn = SignIn.useActorRef
