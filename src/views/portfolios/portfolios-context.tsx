import { useSelector } from "@xstate/react"
import { createContext, useContext, type ReactNode } from "react"
import type { ActorRefFrom, SnapshotFrom } from "xstate"
import type { portfoliosMachine } from "../../machines/portfolios.machine"

type PortfoliosActor = ActorRefFrom<typeof portfoliosMachine>

const Portfolios = createContext<PortfoliosActor | null>(null)

/**
 * Hands the signed-in user's portfolios actor (profile, accounts, selected account) to everything
 * under it: the dashboard, the portfolio area and the order ticket share it. The signed-in route
 * starts it in its loader, beside the frame's code, so its first calls do not wait for the frame's
 * first render, and stops it when the signed-in area is left (sign-out).
 */
export function PortfoliosProvider({ actor, children }: { actor: PortfoliosActor; children: ReactNode }) {
  return <Portfolios.Provider value={actor}>{children}</Portfolios.Provider>
}

/** The shared portfolios actor; send it `portfolio.select`, `accounts.reload`, `account.refetch`. */
export const usePortfoliosActor = (): PortfoliosActor => {
  const actor = useContext(Portfolios)
  if (!actor) throw new Error("usePortfoliosActor needs a PortfoliosProvider above it")
  return actor
}

/** Reads part of the portfolios snapshot: `usePortfolios((s) => s.context.accounts)`. */
export const usePortfolios = <T,>(select: (snapshot: SnapshotFrom<typeof portfoliosMachine>) => T, compare?: (a: T, b: T) => boolean): T =>
  useSelector(usePortfoliosActor(), select, compare)
