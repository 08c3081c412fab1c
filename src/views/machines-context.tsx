import { createContext, useContext, type ReactNode } from "react"
import type { devMailboxMachine } from "../machines/dev-mailbox.machine"
import type { forgotPasswordMachine } from "../machines/forgot-password.machine"
import type { InstrumentChartPrefs, instrumentDetailMachine } from "../machines/instrument-detail.machine"
import type { instrumentSearchMachine } from "../machines/instrument-search.machine"
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
  /** Cancelling an order from the orders page; the page provides `refetchAccount`. */
  readonly orderCancel: typeof orderCancelMachine
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
