/**
 * Order rejections in codes (issue 12): beside the English `response_error`, a REJECTED order keeps
 * why it was refused and the figures of that sentence (`OrderRejection` of src/domain), so clients
 * can say it in the user's language. Orders rejected before this migration keep their text only.
 */
import type { Kysely, Migration } from "kysely"

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>

const up = async (db: AnyDb): Promise<void> => {
  await db.schema.alterTable("orders").addColumn("response_reason", "jsonb").execute()
}

const down = async (db: AnyDb): Promise<void> => {
  await db.schema.alterTable("orders").dropColumn("response_reason").execute()
}

/** Migration 0005: a rejected order's reason in codes and figures. */
export const migration0005: Migration = { up, down }
