/**
 * The approval trail of the workflow explorer (issue 13; table chart_approvals, migration 0006):
 * a reviewer approves a chart's fingerprint with a note; the trail lists every approval, newest
 * first. The server vouches for what is approved (issue 34): only a chart of the build it serves,
 * in the version it serves (the build's charts file, `loadBuildCharts`), whose canonical definition
 * it keeps (chart_versions, migration 0013) so the explorer can show what changed since; a
 * reviewer's approval of one version is one record (a repeat answers the first). Only signed-in admins with the reviewer permission may read or write it: for anyone else
 * (no token, a bad or expired one, a code still pending, a customer) the calls do not exist, so
 * `reviewersOnly` answers exactly what an unknown endpoint answers (404, same body).
 */
import { createHash } from "node:crypto"
import { readFile } from "node:fs/promises"
import { Schema } from "effect"
import type { MiddlewareHandler } from "hono"
import type { Kysely } from "kysely"
import {
  APPROVAL_UNKNOWN_CHART,
  APPROVAL_UNKNOWN_VERSION,
  ChartManifest,
  type ApproveChartRequest,
  type Approval,
  type ApprovalList,
} from "../../src/contract/workflows"
import type { DB, Row } from "../db/schema"
import { requireSession, type SessionDeps, type SessionEnv, type SignedInSession } from "../auth/session"
import { findUserById, type UserRow } from "../auth/users"
import type { AppEnv } from "../http/context"
import { ErrorCodes } from "../../src/contract/errors"
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

/** The charts of the build the server serves, by id (its fingerprint and canonical definition). */
export type BuildCharts = ChartManifest["charts"]

type Warn = (message: string) => void

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex")

/**
 * The build's charts file (`dist/charts.json`, CHARTS_FILE), read once at start-up. A missing or
 * unreadable file means no charts (every approval is refused), said once on the console; a chart
 * whose fingerprint is not the SHA-256 of its definition is left out, so only what the build says
 * can be approved.
 */
export const loadBuildCharts = async (file: string, warn: Warn = (m) => console.warn(m)): Promise<BuildCharts> => {
  let text: string
  try {
    text = await readFile(file, "utf8")
  } catch {
    warn(`No charts file at ${file}: the workflow explorer's approvals are refused until the build writes it (npm run build).`)
    return {}
  }
  const decoded = Schema.decodeUnknownExit(Schema.fromJsonString(ChartManifest))(text)
  if (decoded._tag === "Failure") {
    warn(`${file} is not a charts file: the workflow explorer's approvals are refused.`)
    return {}
  }
  const charts: Record<string, BuildCharts[string]> = {}
  for (const [id, chart] of Object.entries(decoded.value.charts)) {
    if (sha256(chart.definition) === chart.fingerprint) charts[id] = chart
    else warn(`${file}: the fingerprint of ${id} is not its definition's; it cannot be approved.`)
  }
  return charts
}

/**
 * Every approval, newest first (ties by id, so the order is stable), and the definitions of the
 * versions the charts' latest approvals approved, by fingerprint (a version approved before the
 * server kept definitions has none).
 */
export const listApprovals = async (db: Kysely<DB>): Promise<ApprovalList> => {
  const approvals = (await db.selectFrom("chartApprovals").selectAll().orderBy("approvedAt", "desc").orderBy("id", "desc").execute()).map(toApproval)
  const latest = new Map<string, string>()
  for (const a of approvals) if (!latest.has(a.chart)) latest.set(a.chart, a.fingerprint)
  const definitions: Record<string, string> = {}
  if (latest.size > 0) {
    const rows = await db
      .selectFrom("chartVersions")
      .select(["chart", "fingerprint", "definition"])
      .where("fingerprint", "in", [...latest.values()])
      .execute()
    for (const row of rows) if (latest.get(row.chart) === row.fingerprint) definitions[row.fingerprint] = row.definition
  }
  return { approvals, definitions }
}

/**
 * Records `reviewer`'s approval of a chart's fingerprint at `now`, the note trimmed, with the
 * version's definition; `created` false when the reviewer had approved this version already (the
 * answer is that approval, unchanged). Refuses a chart the build does not have (400) and a version
 * that is not the build's (409).
 */
export const approveChart = async (
  db: Kysely<DB>,
  charts: BuildCharts,
  reviewer: UserRow,
  request: ApproveChartRequest,
  now: Date,
): Promise<{ readonly approval: Approval; readonly created: boolean }> => {
  const built = Object.hasOwn(charts, request.chart) ? charts[request.chart] : undefined
  if (!built)
    throw new ApiError(
      400,
      ErrorCodes.badRequest,
      `There is no chart ${request.chart} in the build this server runs.`,
      undefined,
      APPROVAL_UNKNOWN_CHART(request.chart),
    )
  if (built.fingerprint !== request.fingerprint)
    throw new ApiError(
      409,
      ErrorCodes.conflict,
      `Fingerprint ${request.fingerprint} is not the version of ${request.chart} this server runs: reload the page.`,
      undefined,
      APPROVAL_UNKNOWN_VERSION,
    )
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto("chartVersions")
      .values({ chart: request.chart, fingerprint: built.fingerprint, definition: built.definition })
      .onConflict((oc) => oc.columns(["chart", "fingerprint"]).doNothing())
      .execute()
    const row = await trx
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
      .onConflict((oc) => oc.columns(["chart", "fingerprint", "reviewerId"]).doNothing())
      .returningAll()
      .executeTakeFirst()
    if (row) return { approval: toApproval(row), created: true }
    const earlier = await trx
      .selectFrom("chartApprovals")
      .selectAll()
      .where("chart", "=", request.chart)
      .where("fingerprint", "=", request.fingerprint)
      .where("reviewerId", "=", reviewer.id)
      .executeTakeFirstOrThrow()
    return { approval: toApproval(earlier), created: false }
  })
}
