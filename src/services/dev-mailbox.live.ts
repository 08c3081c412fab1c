import { Effect } from "effect"
import { ReferenceEndpoints as Endpoints } from "../contract/endpoints/reference"
import type { ApiClient } from "./api-client"

/** The live DevMailbox service: its calls through the ApiClient (loaded with its first call, `lazyLayer`, which checks it against the service's shape). */
export default (api: ApiClient["Service"]) => {
  const list = Effect.fn("DevMailbox.list")(function* (to?: string) {
    const address = to?.trim()
    return yield* api.call(Endpoints.devMailbox, { query: address ? { to: address } : {} })
  })
  return { list }
}
