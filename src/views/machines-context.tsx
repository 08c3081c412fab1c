import { createContext, useContext, type ReactNode } from "react"
import type { ChartRange } from "../domain/chart-range"
import type { devMailboxMachine } from "../machines/dev-mailbox.machine"
import type { businessNewsMachine } from "../machines/business-news.machine"
import type { createPortfolioMachine } from "../machines/create-portfolio.machine"
import type { carouselMachine } from "../machines/dashboard-carousel.machine"
import type { dashboardMachine } from "../machines/dashboard.machine"
import type { forgotPasswordMachine } from "../machines/forgot-password.machine"
import type { InstrumentChartPrefs, instrumentDetailMachine } from "../machines/instrument-detail.machine"
import type { instrumentSearchMachine } from "../machines/instrument-search.machine"
import type { orderTicketMachine } from "../machines/order-ticket.machine"
import type { orderCancelMachine } from "../machines/order-cancel.machine"
import type { portfoliosMachine } from "../machines/portfolios.machine"
import type { registrationMachine } from "../machines/registration.machine"
import type { resetPasswordMachine } from "../machines/reset-password.machine"
import type { signInMachine } from "../machines/sign-in.machine"

/**
 * The workflow charts with their I/O actors already provided. The app wiring builds them once
 * (`machine.provide({ actors })` with the service bridge) and hands them down, so views start and
 * read actors without ever touching services. Tests can hand in charts with stub actors.
 */
export interface ProvidedMachines {
  readonly devMailbox: typeof devMailboxMachine
  readonly signIn: typeof signInMachine
  readonly registration: typeof registrationMachine
  readonly forgotPassword: typeof forgotPasswordMachine
  readonly resetPassword: typeof resetPasswordMachine
  readonly instrumentSearch: typeof instrumentSearchMachine
  readonly instrumentDetail: typeof instrumentDetailMachine
  /** The stored instrument chart preferences (type and range), the instrument page's input. */
  readonly instrumentChartPrefs: () => InstrumentChartPrefs
  readonly portfolios: typeof portfoliosMachine
  /** The dashboard's suggestions, latest news and performance-chart range. */
  readonly dashboard: typeof dashboardMachine
  /** The stored performance-chart range (3m when none), the dashboard chart's input. */
  readonly dashboardRange: () => ChartRange
  /** The dashboard's suggestions carousel (autoplay, pause on hover and focus). */
  readonly carousel: typeof carouselMachine
  /** The create-portfolio modal; the view provides `accountsChanged` (it holds the portfolios actor). */
  readonly createPortfolio: typeof createPortfolioMachine
  /** A fresh Idempotency-Key (a UUID) for a new user intent. */
  readonly newIdempotencyKey: () => string
  /** The create-order modal (its `refetchAccount` action is provided by the view, which holds the portfolios actor). */
  readonly orderTicket: typeof orderTicketMachine
  /** Cancelling an order from the orders page; the page provides `refetchAccount`. */
  readonly orderCancel: typeof orderCancelMachine
  /** The business news page (/business-news). */
  readonly businessNews: typeof businessNewsMachine
}

const MachinesContext = createContext<ProvidedMachines | null>(null)

export function MachinesProvider({ machines, children }: { machines: ProvidedMachines; children: ReactNode }) {
  return <MachinesContext.Provider value={machines}>{children}</MachinesContext.Provider>
}

/** The provided charts; throws when no MachinesProvider is mounted above. */
export const useMachines = (): ProvidedMachines => {
  const machines = useContext(MachinesContext)
  if (!machines) throw new Error("useMachines needs a MachinesProvider above it")
  return machines
}
