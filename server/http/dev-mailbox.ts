import type { Mailbox } from "../../src/contract/dev"
import { listMailbox, MAILBOX_MAX } from "../mail/outbox"
import type { ApiRoutes } from "./context"
import { ApiErrors } from "./errors"

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
      const raw = c.req.query("to")?.trim()
      if (raw !== undefined && raw.length > 320) throw ApiErrors.badRequest("The address to filter by is too long.", { to: "Enter an e-mail address of at most 320 characters." })
      const messages: Mailbox = await listMailbox(database.db, raw === "" ? undefined : raw, MAILBOX_MAX)
      return c.json(messages)
    })
  },
}
