import { createContext, useContext, type ReactNode } from "react"
import type { ActorRefFrom } from "xstate"
import type { routeProgressMachine } from "../machines/route-progress.machine"
import type { sessionMachine } from "../machines/session.machine"
import type { splashMachine } from "../machines/splash.machine"

/** The app-wide actors the shell reads: the session, the route-change progress bar and the splash. */
export interface AppActors {
  readonly session: ActorRefFrom<typeof sessionMachine>
  readonly routeProgress: ActorRefFrom<typeof routeProgressMachine>
  readonly splash: ActorRefFrom<typeof splashMachine>
}

const AppActorsContext = createContext<AppActors | null>(null)

export function AppActorsProvider({ actors, children }: { actors: AppActors; children: ReactNode }) {
  return <AppActorsContext.Provider value={actors}>{children}</AppActorsContext.Provider>
}

/** The app-wide actors; throws when no AppActorsProvider is mounted above. */
export const useAppActors = (): AppActors => {
  const actors = useContext(AppActorsContext)
  if (!actors) throw new Error("useAppActors needs an AppActorsProvider above it")
  return actors
}
