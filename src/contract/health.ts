/**
 * The reference server's liveness answer (GET /health, public). Not part of the upstream spec.
 */
import { Schema } from "effect"
import { IsoDate } from "./common"

/** GET /health answer: `status` "ok" once the server and its database answer; `time` is the server clock. */
export const Health = Schema.Struct({
  status: Schema.Literal("ok"),
  time: IsoDate,
})
export type Health = typeof Health.Type
