import { useSelector } from "@xstate/react"
import { createContext, useContext, type ReactNode } from "react"
import type { ActorRefFrom, SnapshotFrom } from "xstate"
import { portfoliosMachine } from "../../machines/portfolios.machine"
import { useWorkflowActor } from "../workflows"

type PortfoliosActor = ActorRefFrom<typeof portfoliosMachine>

const PortfoliosContext = createContext<PortfoliosActor | null>(null)

/**
 * Starts the signed-in user's portfolios chart (profile, accounts, selected account) for
 * everything under it: the dashboard, the portfolio area and the order ticket share one actor.
 * Mounted by the signed-in frame, so it starts after sign-in and stops on sign-out.
 */
export function PortfoliosProvider({ children }: { children: ReactNode }) {
  const actor = useWorkflowActor(portfoliosMachine, { input: {} })
  return <PortfoliosContext.Provider value={actor}>{children}</PortfoliosContext.Provider>
}

/** The shared portfolios actor; send it `portfolio.select`, `accounts.reload`, `account.refetch`. */
export const usePortfoliosActor = (): PortfoliosActor => {
  const actor = useContext(PortfoliosContext)
  if (!actor) throw new Error("usePortfoliosActor needs a PortfoliosProvider above it")
  return actor
}

/** Reads part of the portfolios snapshot: `usePortfolios((s) => s.context.accounts)`. */
export const usePortfolios = <T,>(select: (snapshot: SnapshotFrom<typeof portfoliosMachine>) => T, compare?: (a: T, b: T) => boolean): T =>
  useSelector(usePortfoliosActor(), select, compare)
