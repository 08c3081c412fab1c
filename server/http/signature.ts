import type { MiddlewareHandler } from "hono"
import { ErrorCodes } from "../../src/contract/errors"
import { createHash, createHmac, timingSafeEqual } from "node:crypto"
import { canonicalText, PUBLIC_CLIENT_KEY, SIGNATURE_VERSION, SIGNATURE_WINDOW_MS, SignatureHeaders, type SignatureInput } from "../../src/contract/signature"
import { sha256Hex } from "../auth/crypto"
import { deviceHashOf } from "../auth/tokens"
import { yieldIfLarge } from "./yield"
import type { AppEnv } from "./context"
import { ApiError, errorResponse } from "./errors"
import type { NonceStore } from "./nonce-store"

const EXACT_UTF8 = new TextDecoder("utf-8", { ignoreBOM: true })

const refuse = (code: (typeof ErrorCodes)[keyof typeof ErrorCodes], text: string) => new ApiError(401, code, text)

/** The refusals of `verifySignature`, by cause. */
export const SignatureErrors = {
  missing: () => refuse(ErrorCodes.signatureMissing, `This request is not signed: the ${Object.values(SignatureHeaders).join(", ")} headers are required.`),
  stale: () => refuse(ErrorCodes.signatureStale, "The request timestamp is too far from the server's clock. Check your device's date and time."),
  invalid: () => refuse(ErrorCodes.signatureInvalid, "The request signature does not match the request."),
  replayed: () => refuse(ErrorCodes.signatureReplayed, "This request was already received once and cannot be repeated."),
} as const

/**
 * The token of an `Authorization: Bearer <token>` header, or null when there is none (any other
 * scheme counts as none).
 */
export const bearerTokenOf = (authorization: string | undefined): string | null => {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization ?? "")
  return match?.[1] ?? null
}

/** The signed target of a request URL: its path and query exactly as sent after the origin. */
export const targetOf = (url: string): string => {
  const parsed = new URL(url)
  return parsed.pathname + parsed.search
}

/**
 * The contract's `verify` (src/contract/signature.ts) with Node's synchronous crypto: the same
 * canonical string and HMAC-SHA256, compared in constant time, without WebCrypto's per-call key
 * import and thread-pool round trips (a few hundred microseconds a request under load).
 */
export const verifyHmac = (key: string, input: SignatureInput, header: string): boolean => {
  const prefix = `${SIGNATURE_VERSION}=`
  if (!header.startsWith(prefix)) return false
  const text = header.slice(prefix.length)
  if (!/^[A-Za-z0-9_-]{43}$/.test(text)) return false
  const mac = Buffer.from(text, "base64url")
  if (mac.length !== 32) return false
  return timingSafeEqual(hmacOf(key, input), mac)
}

/** The contract's HMAC-SHA256 of the canonical text, with Node's synchronous crypto. */
const hmacOf = (key: string, input: SignatureInput): Buffer =>
  createHmac("sha256", key)
    .update(canonicalText(input, bodyHashOf(input.body)), "utf8")
    .digest()

/** SHA-256 of the empty body (every GET's), computed once. */
const EMPTY_BODY_HASH = createHash("sha256").update("", "utf8").digest("hex")
const bodyHashOf = (body: string): string => (body === "" ? EMPTY_BODY_HASH : createHash("sha256").update(body, "utf8").digest("hex"))

/** The contract's `sign` with Node's synchronous crypto (the bench's load client signs with it). */
export const signHmac = (key: string, input: SignatureInput): string => `${SIGNATURE_VERSION}=${hmacOf(key, input).toString("base64url")}`

/**
 * Middleware that checks the request signature of architecture.md before any business logic:
 * missing header -> 401 signature.missing; timestamp more than SIGNATURE_WINDOW_MS from `now()`
 * -> 401 signature.stale; HMAC not matching method, path, query, timestamp, nonce and body ->
 * 401 signature.invalid; a nonce already seen -> 401 signature.replayed. The key is the bearer
 * token when present, else PUBLIC_CLIENT_KEY (whether that token is a live session is for the
 * routes to decide). On success sets `rawBody`, `bearerToken` and `deviceId`; the body stays
 * readable with `c.req.json()`.
 */
export const verifySignature =
  (options: { nonces: NonceStore; now: () => number }): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const timestampText = c.req.header(SignatureHeaders.timestamp)?.trim()
    const nonce = c.req.header(SignatureHeaders.nonce)?.trim()
    const deviceId = c.req.header(SignatureHeaders.deviceId)?.trim()
    const signature = c.req.header(SignatureHeaders.signature)?.trim()
    if (!timestampText || !nonce || !deviceId || !signature) return errorResponse(c, SignatureErrors.missing())

    if (!/^\d{1,16}$/.test(timestampText) || !/^[A-Za-z0-9_-]{16,128}$/.test(nonce)) return errorResponse(c, SignatureErrors.invalid())
    const timestamp = Number(timestampText)
    const now = options.now()
    if (Math.abs(now - timestamp) > SIGNATURE_WINDOW_MS) return errorResponse(c, SignatureErrors.stale())

    const bearerToken = bearerTokenOf(c.req.header("Authorization"))
    const method = c.req.method.toUpperCase()
    // The exact text sent: a leading byte-order mark is kept (Request.text() would drop it, and
    // the signature the client made over it would not match).
    const body = method === "GET" || method === "HEAD" ? "" : EXACT_UTF8.decode(await c.req.arrayBuffer())
    await yieldIfLarge(body)
    const input = { method, target: targetOf(c.req.url), timestamp, nonce, body }
    if (!verifyHmac(bearerToken ?? PUBLIC_CLIENT_KEY, input, signature)) return errorResponse(c, SignatureErrors.invalid())

    if (bearerToken !== null && options.nonces.rememberReading) {
      // The token's row comes with the nonce (one round trip); requireSession uses it.
      const lookup = { tokenHash: sha256Hex(bearerToken), deviceHash: deviceHashOf(deviceId) }
      const { fresh, token } = await options.nonces.rememberReading(nonce, now, lookup)
      if (!fresh) return errorResponse(c, SignatureErrors.replayed())
      c.set("prefetchedToken", { ...lookup, row: token })
    } else if (!(await options.nonces.remember(nonce, now))) return errorResponse(c, SignatureErrors.replayed())

    c.set("rawBody", body)
    c.set("bearerToken", bearerToken)
    c.set("deviceId", deviceId)
    await next()
  }
