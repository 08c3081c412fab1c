import type { ReactNode } from "react"
import { AuthLayout } from "./auth-layout"
import { SignInProvider } from "./sign-in-context"

/**
 * The signed-out area's frame: the login side panel and a sign-in chart that lives across /login
 * and /2fa-otp. Each time the session returns to signed out (logout, "use another account", a
 * forced logout) the sign-in chart starts afresh by itself (it follows the session), without
 * remounting the pages: a form typed meanwhile (forgot password) keeps what was typed.
 */
export function SignedOutFrame({ children, year }: { children: ReactNode; year: number }) {
  return (
    <SignInProvider>
      <AuthLayout year={year}>{children}</AuthLayout>
    </SignInProvider>
  )
}
