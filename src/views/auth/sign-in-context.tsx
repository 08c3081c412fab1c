import { useNavigate } from "@tanstack/react-router"
import { useActorRef, useSelector } from "@xstate/react"
import { createContext, useContext, type ReactNode } from "react"
import type { ActorRefFrom } from "xstate"
import type { AuthUser } from "../../contract/auth"
import { signInMachine } from "../../machines/sign-in.machine"
import { useAppActors } from "../app-actors"
import { useWorkflow } from "../workflows"

type SignInActor = ActorRefFrom<typeof signInMachine>
const SignInContext = createContext<SignInActor | null>(null)

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
  const machine = useWorkflow(signInMachine).machine.provide({
    actions: {
      goToCode: () => void navigate({ to: "/2fa-otp" }),
      goToDashboard: () => void navigate({ to: "/dashboard", replace: true }),
    },
  })
  const actor = useActorRef(machine, { input: { session, pendingUser, now: () => Date.now() } })
  return <SignInContext.Provider value={actor}>{children}</SignInContext.Provider>
}

/** The signed-out area's sign-in actor. */
export const useSignIn = (): SignInActor => {
  const actor = useContext(SignInContext)
  if (!actor) throw new Error("useSignIn needs a SignInProvider above it")
  return actor
}
