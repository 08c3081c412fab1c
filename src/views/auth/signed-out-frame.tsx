import { useSelector } from "@xstate/react"
import { useRef, type ReactNode } from "react"
import { useAppActors } from "../app-actors"
import { AuthLayout } from "./auth-layout"
import { SignInProvider } from "./sign-in-context"

/**
 * The signed-out area's frame: the login side panel and a sign-in chart that lives across /login
 * and /2fa-otp. Each time the session returns to signed out (logout, "use another account", a
 * forced logout) the sign-in chart starts afresh.
 */
export function SignedOutFrame({ children, year }: { children: ReactNode; year: number }) {
  const { session } = useAppActors()
  const signedOut = useSelector(session, (s) => s.hasTag("signedOut"))
  const epoch = useRef({ signedOut, count: 0 })
  if (signedOut && !epoch.current.signedOut) epoch.current.count += 1
  epoch.current.signedOut = signedOut
  return (
    <SignInProvider key={epoch.current.count}>
      <AuthLayout year={year}>{children}</AuthLayout>
    </SignInProvider>
  )
}
