import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from "react"
import { useHasDraft } from "../workflows"
import { OrderTicketProvider, type OrderTicketRequest } from "./order-ticket-context"

// The modal, its chart and its workflow load on the first BUY / SELL: no page's bundle carries them.
const OrderTicketModal = lazy(() => import("./order-ticket-modal").then((m) => ({ default: m.OrderTicketModal })))

interface OpenTicket {
  /** A new chart per opening: each opening is a fresh ticket. */
  readonly seq: number
  readonly request: OrderTicketRequest
  /** Reopened from the user's unsent draft (the chart takes side, instrument and fields from it). */
  readonly restore: boolean
  /** False while the dialog plays its closing animation (focus then returns to BUY / SELL). */
  readonly open: boolean
}

/**
 * Provides `useOrderTicket().open` to everything below it (BUY / SELL on the instrument page and
 * in the /portfolio subheader) and renders the create-order modal while a ticket is open. Mounted
 * by the signed-in frame inside the PortfoliosProvider, whose actor the ticket reads (accounts,
 * selected account) and tells to refetch after an order is created.
 */
export function OrderTicketHost({ children }: { children: ReactNode }) {
  // A ticket left unsent in this tab (before a reload) reopens at once, with its draft.
  const drafted = useHasDraft("orderTicket")
  const [ticket, setTicket] = useState<OpenTicket | null>(() => (drafted ? { seq: 0, request: { side: "BUY" }, restore: true, open: true } : null))
  const seq = useRef(0)
  const open = useCallback((request: OrderTicketRequest) => {
    seq.current += 1
    setTicket({ seq: seq.current, request, restore: false, open: true })
  }, [])
  const close = useCallback(() => setTicket((t) => (t ? { ...t, open: false } : t)), [])
  const exited = useCallback(() => setTicket((t) => (t && !t.open ? null : t)), [])
  const value = useMemo(() => ({ open }), [open])
  return (
    <OrderTicketProvider value={value}>
      {children}
      {/* The ticket's workflow module loads on the first BUY / SELL (it is in no page's bundle). */}
      <Suspense fallback={null}>
        {ticket && (
          <OrderTicketModal key={ticket.seq} request={ticket.request} restore={ticket.restore} open={ticket.open} onClose={close} onExitComplete={exited} />
        )}
      </Suspense>
    </OrderTicketProvider>
  )
}
