import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from "react"
import { useHasDraft } from "../workflows"
import { OrderTicketProvider, type OrderTicketRequest } from "./order-ticket-context"

// The modal, its chart and its workflow load on the first BUY / SELL: no page's bundle carries them.
const OrderTicketModal = lazy(() => import("./order-ticket-modal").then((m) => ({ default: m.OrderTicketModal })))

/** The ticket mounted now: open, or playing its closing animation once its chart ended. */
interface MountedTicket {
  /** A new chart per opening: each opening is a fresh ticket. */
  readonly seq: number
  readonly request: OrderTicketRequest
  /** Reopened from the user's unsent draft (the chart takes side, instrument and fields from it). */
  readonly restore: boolean
}

/**
 * Provides `useOrderTicket().open` to everything below it (BUY / SELL on the instrument page and
 * in the /portfolio subheader) and mounts the create-order modal for each request. The ticket's
 * chart owns its lifecycle: the dialog is open while the chart is in its open states and closes
 * when the chart ends (created or cancelled); the host unmounts it when the closing animation is
 * over (focus then returns to BUY / SELL). Mounted by the signed-in frame inside the
 * PortfoliosProvider, whose actor the ticket reads (accounts, selected account) and tells to
 * refetch after an order is created.
 */
export function OrderTicketHost({ children }: { children: ReactNode }) {
  // A ticket left unsent in this tab (before a reload) reopens at once, with its draft.
  const drafted = useHasDraft("orderTicket")
  const [ticket, setTicket] = useState<MountedTicket | null>(() => (drafted ? { seq: 0, request: { side: "BUY" }, restore: true } : null))
  // A request while a ticket is still mounted (closing) replaces it with a fresh chart.
  const open = useCallback((request: OrderTicketRequest) => setTicket((t) => ({ seq: (t?.seq ?? 0) + 1, request, restore: false })), [])
  const exited = useCallback(() => setTicket(null), [])
  const value = useMemo(() => ({ open }), [open])
  return (
    <OrderTicketProvider value={value}>
      {children}
      {/* The ticket's workflow module loads on the first BUY / SELL (it is in no page's bundle). */}
      <Suspense fallback={null}>
        {ticket && <OrderTicketModal key={ticket.seq} request={ticket.request} restore={ticket.restore} onExitComplete={exited} />}
      </Suspense>
    </OrderTicketProvider>
  )
}
