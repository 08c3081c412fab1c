/**
 * The approval trail of the workflow explorer (issue 13; table chart_approvals, migration 0006):
 * a reviewer approves a chart's fingerprint with a note; the trail lists every approval, newest
 * first. Only admins with the reviewer permission may read or write it: for anyone else the calls
 * do not exist, so `requireReviewer` answers exactly what an unknown endpoint answers (404).
 */
import type { Context } from "hono"
import type { Kysely } from "kysely"
import type { ApproveChartRequest, Approval } from "../../src/contract/workflows"
import type { DB, Row } from "../db/schema"
import { findUserById, type UserRow } from "../auth/users"
import { ApiErrors } from "../http/errors"

/** The signed-in user when they are a reviewer; otherwise the 404 an unknown endpoint answers. */
export const requireReviewer = async (db: Kysely<DB>, userId: string, c: Context): Promise<UserRow> => {
  const user = await findUserById(db, userId)
  if (!user?.reviewer) throw ApiErrors.notFound(`There is no API endpoint ${c.req.method} ${c.req.path}.`)
  return user
}

const toApproval = (row: Row<"chartApprovals">): Approval => ({
  id: row.id,
  chart: row.chart,
  fingerprint: row.fingerprint,
  note: row.note,
  reviewer: { id: row.reviewerId, email: row.reviewerEmail, name: row.reviewerName },
  approvedAt: new Date(row.approvedAt).toISOString(),
})

/** Every approval, newest first (ties by id, so the order is stable). */
export const listApprovals = async (db: Kysely<DB>): Promise<ReadonlyArray<Approval>> =>
  (await db.selectFrom("chartApprovals").selectAll().orderBy("approvedAt", "desc").orderBy("id", "desc").execute()).map(toApproval)

/** Records `reviewer`'s approval of a chart's fingerprint at `now`, the note trimmed. */
export const approveChart = async (db: Kysely<DB>, reviewer: UserRow, request: ApproveChartRequest, now: Date): Promise<Approval> => {
  const row = await db
    .insertInto("chartApprovals")
    .values({
      chart: request.chart,
      fingerprint: request.fingerprint,
      note: request.note.trim(),
      reviewerId: reviewer.id,
      reviewerEmail: reviewer.email,
      reviewerName: reviewer.fullName,
      approvedAt: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  return toApproval(row)
}
