import { createContext, useContext } from "react"
import type { OrderSide } from "../../contract/orders"

/**
 * What opens the create-order modal (spec part 1 section 4 "Order form"): a side and the
 * instrument. Without `instrumentId` (BUY / SELL in the /portfolio subheader) the user picks the
 * instrument by search inside the modal. `symbol` and `name` are shown when given.
 */
export interface OrderTicketRequest {
  readonly instrumentId?: string
  readonly symbol?: string
  readonly name?: string
  readonly side: OrderSide
}

export interface OrderTicketLauncher {
  /** Opens the ticket for the instrument and side; null while the ticket is not mounted. */
  readonly open: ((request: OrderTicketRequest) => void) | null
}

const OrderTicketContext = createContext<OrderTicketLauncher>({ open: null })

/** Provided by the order ticket host (issue 5); BUY / SELL buttons call `open`. */
export const OrderTicketProvider = OrderTicketContext.Provider

/** The launcher of the create-order modal. `open` is null where no ticket host is mounted: hide or disable BUY / SELL then. */
export const useOrderTicket = (): OrderTicketLauncher => useContext(OrderTicketContext)
