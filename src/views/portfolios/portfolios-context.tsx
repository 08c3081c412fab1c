import type { ReactNode } from "react"
import type { SnapshotFrom } from "xstate"
import { portfoliosMachine } from "../../machines/portfolios.machine"
import { createWorkflowContext } from "../workflows"

const Portfolios = createWorkflowContext(portfoliosMachine)

/**
 * Starts the signed-in user's portfolios chart (profile, accounts, selected account) for
 * everything under it: the dashboard, the portfolio area and the order ticket share one actor.
 * Mounted by the signed-in frame, so it starts after sign-in and stops on sign-out.
 */
export function PortfoliosProvider({ children }: { children: ReactNode }) {
  return <Portfolios.Provider input={{}}>{children}</Portfolios.Provider>
}

/** The shared portfolios actor; send it `portfolio.select`, `accounts.reload`, `account.refetch`. */
export const usePortfoliosActor = Portfolios.useActorRef

/** Reads part of the portfolios snapshot: `usePortfolios((s) => s.context.accounts)`. */
export const usePortfolios = <T,>(select: (snapshot: SnapshotFrom<typeof portfoliosMachine>) => T, compare?: (a: T, b: T) => boolean): T =>
  Portfolios.useSelector(select, compare)
