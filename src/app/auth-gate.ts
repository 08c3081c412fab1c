/**
 * What the route guards ask before entering a route (spec part 1 section 2): signed out, signed in
 * with the one-time code still pending, or satisfied. Guards await it, never a timer; the session
 * chart answers it (its snapshot, awaited with `waitFor` until it is no longer restoring).
 */
export type AccessLevel = "signedOut" | "codePending" | "satisfied"

export interface AuthGate {
  /** Resolves once the session knows where the user stands. */
  access(): Promise<AccessLevel>
  /** Ends the session (the server kills the token; persisted state is cleared) and resolves when signed out. */
  logOut(): Promise<void>
}
