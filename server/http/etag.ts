import { createHash } from "node:crypto"
import type { Context, MiddlewareHandler } from "hono"
import type { PendingSession } from "../auth/session"
import type { AppEnv } from "./context"
import { jsonBodyOf, keptEtag } from "./json-text"

/**
 * ETags for the API's GET answers: a 200 JSON answer gets a weak ETag, the hash of its body and of
 * the bearer token that asked (so a tag never matches across sessions, and says nothing of another
 * user's data); a request whose If-None-Match holds that tag is answered 304 with no body. The
 * answer is still computed on every request, so a 304 is never stale: it means the data the caller
 * holds is exactly what it would receive now (an order, a withdrawal or a cancel changes the body,
 * hence the tag). What the 304 saves is the transfer and the client's decoding. A route that can
 * name its answer by a version the database keeps (an account's details) tags it with
 * `versionEtag` instead and answers an unchanged poll 304 before building anything; this middleware
 * leaves an answer that already has an ETag alone.
 * Mount it before the signature check: a replayed or unsigned request never reaches the route.
 */
export const jsonEtag = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  await next()
  if (c.req.method !== "GET" || c.res.status !== 200 || !(c.res.headers.get("Content-Type") ?? "").startsWith("application/json")) return
  // A route that tags its answer by a version (versionEtag) answered the 304 itself.
  if (c.res.headers.has("ETag")) return
  const caller = c.get("bearerToken") ?? ""
  const body = await jsonBodyOf(c.res)
  const make = () => `W/"${createHash("sha256").update(caller).update("\n").update(body).digest("base64url").slice(0, 27)}"`
  // A kept answer keeps its tags by the session's token row, which names one bearer token (the
  // token itself is not kept); an answer without a session is tagged each time.
  const tokenId = (c as unknown as Context<{ Variables: { session?: PendingSession } }>).get("session")?.tokenId
  const etag = tokenId === undefined ? make() : keptEtag(c.res, tokenId, make)
  if (ifNoneMatch(c.req.header("If-None-Match"), etag)) {
    const headers = new Headers(c.res.headers)
    headers.delete("Content-Type")
    headers.delete("Content-Length")
    headers.set("ETag", etag)
    c.res = undefined as unknown as Response
    c.res = new Response(null, { status: 304, headers })
    return
  }
  c.res.headers.set("ETag", etag)
}

/** Whether an If-None-Match header holds `etag`. */
export const ifNoneMatch = (asked: string | undefined, etag: string): boolean => asked !== undefined && asked.split(",").some((tag) => tag.trim() === etag)

/**
 * The weak ETag of an answer named by a version the database gives (`stamp`: what the answer is
 * built from, e.g. an account's id, version and the market moment) for the bearer token that asks:
 * a route that reads the stamp first answers an unchanged poll 304 without building the answer
 * (issue 33). Per token, as the body-hash tags above, so a tag never matches across sessions.
 */
export const versionEtag = (caller: string, stamp: string): string =>
  `W/"v${createHash("sha256").update(caller).update("\n").update(stamp).digest("base64url").slice(0, 26)}"`
