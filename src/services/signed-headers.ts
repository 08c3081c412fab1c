import { newNonce, sign, SignatureHeaders } from "../contract/signature"

/** What a request's headers are made of (architecture.md, "The request pipeline"). */
export interface SignedRequestParts {
  readonly method: string
  /** Path and query as sent, after the origin. */
  readonly target: string
  /** The exact body text sent ("" for none). */
  readonly body: string
  readonly timestamp: number
  /** The access token while signed in (it signs, and goes as the bearer token), else null. */
  readonly token: string | null
  /** The public client key: it signs while there is no token. */
  readonly clientKey: string
  readonly deviceId: string
  /** A file download accepts anything; every other answer is JSON. */
  readonly acceptsFile?: boolean
}

/**
 * The headers every request carries: Accept, the signature's four (timestamp, nonce, device id,
 * signature) and, while signed in, the bearer token. The request pipeline (`ApiClient`) adds its
 * own (If-None-Match, Idempotency-Key, Content-Type) to these; the first answers of a signed-in
 * visit (`./early-answers.ts`) are sent with exactly these. Effect-free: the signed-in start's rules
 * chunk carries it for them, ahead of the API runtime (vite.config.ts, SIGNED_IN_START.early).
 */
export const signedHeaders = async (parts: SignedRequestParts): Promise<Record<string, string>> => {
  const nonce = newNonce()
  const signature = await sign(parts.token ?? parts.clientKey, {
    method: parts.method,
    target: parts.target,
    timestamp: parts.timestamp,
    nonce,
    body: parts.body,
  })
  const headers: Record<string, string> = {
    Accept: parts.acceptsFile ? "*/*" : "application/json",
    [SignatureHeaders.timestamp]: String(parts.timestamp),
    [SignatureHeaders.nonce]: nonce,
    [SignatureHeaders.deviceId]: parts.deviceId,
    [SignatureHeaders.signature]: signature,
  }
  if (parts.token) headers["Authorization"] = `Bearer ${parts.token}`
  return headers
}
