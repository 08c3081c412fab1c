import { MailboxQuery, type Mailbox } from "../../src/contract/dev"
import { listMailbox, MAILBOX_MAX } from "../mail/outbox"
import type { ApiRoutes } from "./context"
import { decodeOrBadRequest } from "./body"

/**
 * GET /api/dev/mailbox?to=ADDRESS (demo mode only; signed like every API call): the newest
 * outbox messages to demo (*.test) addresses first, at most MAILBOX_MAX, for one address
 * (case-insensitive) or all of them; mail to any other address is never shown.
 * `createApp` mounts it when `config.demoMode` is on; off, the path is a 404.
 */
export const devMailboxRoutes: ApiRoutes = {
  name: "dev-mailbox",
  mount: (api, { database }) => {
    api.get("/dev/mailbox", async (c) => {
      const to = c.req.query("to")
      const raw = decodeOrBadRequest(MailboxQuery, to === undefined ? {} : { to }).to?.trim()
      const messages: Mailbox = await listMailbox(database.db, raw === "" ? undefined : raw, MAILBOX_MAX)
      return c.json(messages)
    })
  },
}
