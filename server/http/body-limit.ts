import type { MiddlewareHandler } from "hono"
import { bodyLimit } from "hono/body-limit"
import type { BodyLimitRule } from "./context"
import { ApiErrors, errorResponse } from "./errors"

/** The request body limit of every /api route unless a `BodyLimitRule` raises it. */
export const DEFAULT_BODY_LIMIT = 1_000_000

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
  const limiter = (maxBytes: number) => bodyLimit({ maxSize: maxBytes, onError: (c) => errorResponse(c, ApiErrors.payloadTooLarge(maxBytes)) })
  const compiled = rules.map((rule) => ({ method: rule.method.toUpperCase(), path: templateRegExp(apiBase, rule.path), limit: limiter(rule.maxBytes) }))
  const fallback = limiter(DEFAULT_BODY_LIMIT)
  return (c, next) => {
    const rule = compiled.find((r) => r.method === c.req.method && r.path.test(c.req.path))
    return (rule?.limit ?? fallback)(c, next)
  }
}
