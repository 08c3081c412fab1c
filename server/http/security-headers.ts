import type { MiddlewareHandler } from "hono"

const directives = (frameAncestors: string): string =>
  [
    "default-src 'self'",
    "script-src 'self'",
    // Chakra UI renders through emotion, which injects <style> tags at runtime: styles need
    // 'unsafe-inline'. Scripts never do.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join("; ")

/** The Content-Security-Policy of every page and API answer. */
export const CONTENT_SECURITY_POLICY = directives("'none'")
/** The policy of pages under /embedded/, which the app itself shows in frames. */
export const EMBEDDED_CONTENT_SECURITY_POLICY = directives("'self'")

/** Pages the SPA frames (legal disclosure, market insight) may be framed by the same origin. */
export const isEmbeddedPath = (path: string): boolean => path.startsWith("/embedded/")

/**
 * Middleware setting the response headers of targets.md on every answer, errors included:
 * CSP without inline script, nosniff, Referrer-Policy no-referrer, COOP same-origin, a
 * Permissions-Policy turning off camera, microphone and geolocation, and no framing except
 * /embedded/* by the same origin. Register it first.
 */
export const securityHeaders = (): MiddlewareHandler => async (c, next) => {
  await next()
  const embedded = isEmbeddedPath(c.req.path)
  const headers = c.res.headers
  headers.set("Content-Security-Policy", embedded ? EMBEDDED_CONTENT_SECURITY_POLICY : CONTENT_SECURITY_POLICY)
  headers.set("X-Frame-Options", embedded ? "SAMEORIGIN" : "DENY")
  headers.set("X-Content-Type-Options", "nosniff")
  headers.set("Referrer-Policy", "no-referrer")
  headers.set("Cross-Origin-Opener-Policy", "same-origin")
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
}
