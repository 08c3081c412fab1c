import type { Context, MiddlewareHandler } from "hono"
import { bodyLimit } from "hono/body-limit"
import type { BodyLimitRule } from "./context"
import { ApiErrors, errorResponse } from "./errors"

/**
 * The request body limit of every /api route unless a `BodyLimitRule` raises it: every JSON body
 * of the contract is a few hundred bytes, so 64 kB leaves room without letting a large body cost
 * parsing time (uploads raise their own limit).
 */
export const DEFAULT_BODY_LIMIT = 64_000

/**
 * A 413 answer. The body was not read, so the connection cannot be reused for another request:
 * the answer says `Connection: close` and a pooled client opens a new one.
 */
export const tooLarge = (c: Context, maxBytes: number): Response => {
  const res = errorResponse(c, ApiErrors.payloadTooLarge(maxBytes))
  res.headers.set("Connection", "close")
  return res
}

const templateRegExp = (apiBase: string, template: string): RegExp =>
  new RegExp(
    `^${(apiBase + template)
      .split(/(:[A-Za-z_][A-Za-z0-9_]*)/)
      .map((part) => (part.startsWith(":") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
      .join("")}/?$`,
  )

/**
 * Middleware refusing /api bodies over the limit with 413 and the contract's error body, before
 * anything reads them. The first rule whose method and path (relative to `apiBase`) match the
 * request sets its limit; otherwise `DEFAULT_BODY_LIMIT`.
 */
export const apiBodyLimit = (apiBase: string, rules: ReadonlyArray<BodyLimitRule>): MiddlewareHandler => {
  const limiter = (maxBytes: number) => bodyLimit({ maxSize: maxBytes, onError: (c) => tooLarge(c, maxBytes) })
  const compiled = rules.map((rule) => ({ method: rule.method.toUpperCase(), path: templateRegExp(apiBase, rule.path), limit: limiter(rule.maxBytes) }))
  const fallback = limiter(DEFAULT_BODY_LIMIT)
  return (c, next) => {
    // A GET or HEAD has no body here (the Node adapter never gives them one, as fetch's Request
    // does not): the limiter would only build the full Request object to find that out.
    if (c.req.method === "GET" || c.req.method === "HEAD") return next()
    const rule = compiled.find((r) => r.method === c.req.method && r.path.test(c.req.path))
    return (rule?.limit ?? fallback)(c, next)
  }
}
