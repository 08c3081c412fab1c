/**
 * The approval trail of the workflow explorer (issue 13; table chart_approvals, migration 0006):
 * a reviewer approves a chart's fingerprint with a note; the trail lists every approval, newest
 * first. Only signed-in admins with the reviewer permission may read or write it: for anyone else
 * (no token, a bad or expired one, a code still pending, a customer) the calls do not exist, so
 * `reviewersOnly` answers exactly what an unknown endpoint answers (404, same body).
 */
import type { MiddlewareHandler } from "hono"
import type { Kysely } from "kysely"
import type { ApproveChartRequest, Approval } from "../../src/contract/workflows"
import type { DB, Row } from "../db/schema"
import { requireSession, type SessionDeps, type SessionEnv, type SignedInSession } from "../auth/session"
import { findUserById, type UserRow } from "../auth/users"
import type { AppEnv } from "../http/context"
import { ApiError, ApiErrors } from "../http/errors"

/** The context variables `reviewersOnly` adds: the session and `c.get("reviewer")`. */
export type ReviewerEnv = AppEnv & SessionEnv<SignedInSession> & { Variables: { reviewer: UserRow } }

/**
 * Middleware of a reviewer-only endpoint: the signed-in session of a reviewer passes (the session
 * and the reviewer on the context); anyone else gets the unknown-endpoint 404, whatever made the
 * session check fail (401, 403), so the endpoint does not reveal itself.
 */
export const reviewersOnly = (deps: SessionDeps): MiddlewareHandler<ReviewerEnv> => {
  const signedIn = requireSession(deps, { satisfied: true })
  return async (c, next) => {
    const unknown = () => ApiErrors.unknownEndpoint(c.req.method, c.req.path)
    try {
      // The session check alone (its `next` does nothing); this middleware decides what follows.
      await signedIn(c as unknown as Parameters<typeof signedIn>[0], async () => {})
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) throw unknown()
      throw error
    }
    const user = await findUserById(deps.database.db, c.get("session").userId)
    if (!user?.reviewer) throw unknown()
    c.set("reviewer", user)
    await next()
  }
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
