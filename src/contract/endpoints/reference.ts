import { Mailbox, MailboxQuery } from "../dev"
import { MarketMoved, MarketMoveRequest } from "../price-alerts"
import { endpoint } from "../endpoint"

/** The reference server's demo-mode calls: the demo mailbox and the demo's market lever. */
export const ReferenceEndpoints = {
  devMailbox: endpoint({ name: "devMailbox", method: "GET", path: "/dev/mailbox", query: MailboxQuery, response: Mailbox, auth: "public" }),
  /** Demo mode only (decision 0260): moves an instrument's synthetic prices by a percentage, for everyone. */
  moveMarket: endpoint({ name: "moveMarket", method: "POST", path: "/dev/market/move", request: MarketMoveRequest, response: MarketMoved }),
} as const
