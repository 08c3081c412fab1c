/**
 * `idempotent(deps)`: the middleware of POST endpoints that create something (orders, portfolios,
 * withdrawals, ...). The client sends an `Idempotency-Key` header: one value (a UUID) per user
 * intent, reused when it retries the same request (src/services/api-client.ts). Put it AFTER
 * `requireSession` (keys are per user):
 *
 *   const signedIn = requireSession(deps, { satisfied: true })
 *   const once = idempotent(deps)
 *   api.post("/users/order", signedIn, once, async (c) => { ... })
 *
 * Semantics, for one user and key:
 * - no key (or a blank or over-long one)            -> 400, the handler does not run;
 * - first use: the key is claimed atomically (a row `in_progress`), the handler runs, and its
 *   status and JSON body are stored (`done`);
 * - the same key while the first request still runs -> 409 conflict, the handler does not run;
 * - the same key with another method, path or body  -> 422 idempotency.mismatch;
 * - the same key and request after it was answered  -> the stored answer again (same status and
 *   body, header `Idempotent-Replayed: true`), the handler does not run.
 * Only successful answers (below 400) are stored: a refused request (bad input, not found, 5xx)
 * created nothing, so it releases the key and the corrected or retried request runs normally.
 * Bodies are compared as canonical JSON (key order and spacing do not matter). A key answered
 * more than `IDEMPOTENCY_KEY_TTL_MS` ago may be used for a new request. A key whose request never
 * finished (the process stopped in the middle) keeps answering 409: a retry can never run the
 * request twice; the client starts a new intent with a new key.
 */
import { createHash } from "node:crypto"
import type { MiddlewareHandler } from "hono"
import type { ContentfulStatusCode } from "hono/utils/http-status"
import { signedInSessionOf, type SessionEnv, type SignedInSession } from "../auth/session"
import { json } from "../db/schema"
import type { AppDeps, AppEnv } from "./context"
import { ApiErrors } from "./errors"
import { jsonDepthExceeds } from "./safe-text"
import { yieldIfLarge } from "./yield"

/** The request header carrying the key (the client's `IDEMPOTENCY_HEADER`). */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key"

/** The answer header set on a replayed answer. */
export const IDEMPOTENT_REPLAYED_HEADER = "Idempotent-Replayed"

/** How long an answered key is kept for replay: 24 hours. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000

/** Longest key accepted, in characters. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255

const KEY_PATTERN = /^[\x21-\x7e]+$/

/** What the middleware needs of the app's dependencies. */
export type IdempotencyDeps = Pick<AppDeps, "database" | "now">

/** Stable JSON text of a value: object keys sorted at every level. */
const canonicalJson = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`
  }
  return JSON.stringify(value) ?? "null"
}

/** The fingerprint of a request: method, path and the body (canonical JSON when it parses). */
export const requestHash = (method: string, path: string, body: string): string => {
  let canonical = body
  // A body nested too deeply is not parsed here (the handler answers 400 for it).
  if (body.trim() !== "" && !jsonDepthExceeds(body)) {
    try {
      canonical = canonicalJson(JSON.parse(body) as unknown)
    } catch {
      // not JSON: compare the exact text (the handler answers 400 for it anyway)
    }
  }
  return createHash("sha256").update(`${method.toUpperCase()}\n${path}\n${canonical}`).digest("hex")
}

const missingKey = () =>
  ApiErrors.badRequest(
    `This request needs an ${IDEMPOTENCY_KEY_HEADER} header: one unique value (such as a UUID) per request, sent again unchanged when the same request is retried.`,
  )

const badKey = () =>
  ApiErrors.badRequest(`The ${IDEMPOTENCY_KEY_HEADER} header must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible characters without spaces (a UUID is best).`)

const stillRunning = () => ApiErrors.conflict("A request with this Idempotency-Key is still being processed. Wait for its answer instead of sending it again.")

const mismatch = () => ApiErrors.idempotencyMismatch("This Idempotency-Key was already used for a different request. Use a new key for a new request.")

/** See the module comment. */
export const idempotent = (deps: IdempotencyDeps): MiddlewareHandler<AppEnv & SessionEnv<SignedInSession>> => {
  const db = deps.database.db
  return async (c, next) => {
    const { userId } = signedInSessionOf(c)
    const header = c.req.header(IDEMPOTENCY_KEY_HEADER)
    if (header === undefined || header.trim() === "") throw missingKey()
    const key = header.trim()
    if (key.length > IDEMPOTENCY_KEY_MAX_LENGTH || !KEY_PATTERN.test(key)) throw badKey()

    const method = c.req.method.toUpperCase()
    const path = c.req.path
    const body = c.get("rawBody") ?? (await c.req.text())
    await yieldIfLarge(body)
    const hash = requestHash(method, path, body)
    const now = deps.now()
    const claim = {
      userId,
      key,
      requestMethod: method,
      requestPath: path,
      requestHash: hash,
      state: "in_progress" as const,
      statusCode: null,
      responseBody: null,
      createdAt: new Date(now),
      completedAt: null,
    }

    // Claim the key. Two tries: a key released by a failed first request between our insert and
    // our read is claimed on the second.
    let claimed = false
    for (let attempt = 0; attempt < 2 && !claimed; attempt++) {
      const inserted = await db
        .insertInto("idempotencyKeys")
        .values(claim)
        .onConflict((oc) => oc.columns(["userId", "key"]).doNothing())
        .returning("key")
        .executeTakeFirst()
      if (inserted) {
        claimed = true
        break
      }
      const existing = await db.selectFrom("idempotencyKeys").selectAll().where("userId", "=", userId).where("key", "=", key).executeTakeFirst()
      if (!existing) continue
      const expired = existing.state === "done" && Date.parse(existing.createdAt) <= now - IDEMPOTENCY_KEY_TTL_MS
      if (expired) {
        // An old answered key starts over; only one of several racing requests takes it.
        const retaken = await db
          .updateTable("idempotencyKeys")
          .set({ ...claim })
          .where("userId", "=", userId)
          .where("key", "=", key)
          .where("state", "=", "done")
          .where("createdAt", "=", existing.createdAt)
          .returning("key")
          .executeTakeFirst()
        if (retaken) {
          claimed = true
          break
        }
        throw stillRunning()
      }
      if (existing.requestHash !== hash) throw mismatch()
      if (existing.state === "in_progress") throw stillRunning()
      const replay = c.json(existing.responseBody ?? null, (existing.statusCode ?? 200) as ContentfulStatusCode)
      replay.headers.set(IDEMPOTENT_REPLAYED_HEADER, "true")
      return replay
    }
    if (!claimed) throw stillRunning()

    const release = () => db.deleteFrom("idempotencyKeys").where("userId", "=", userId).where("key", "=", key).where("state", "=", "in_progress").execute()
    try {
      await next()
    } catch (error) {
      await release()
      throw error
    }

    const status = c.res.status
    let answer: unknown
    try {
      const text = await c.res.clone().text()
      answer = text === "" ? null : (JSON.parse(text) as unknown)
    } catch {
      answer = undefined
    }
    if (status >= 400 || answer === undefined) {
      await release()
      return
    }
    await db
      .updateTable("idempotencyKeys")
      .set({ state: "done", statusCode: status, responseBody: json(answer), completedAt: new Date(deps.now()) })
      .where("userId", "=", userId)
      .where("key", "=", key)
      .execute()
  }
}
